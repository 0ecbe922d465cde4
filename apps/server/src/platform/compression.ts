import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text answers worth compressing: HTML, CSS, JavaScript, JSON (problem+json, manifests), SVG and
 * source maps. Media (JPEG, PNG, WebP, MP4, WebM) is already compressed and never named here.
 * The type is matched on its own, before any `; charset=...`.
 */
const COMPRESSIBLE =
  /^(?:text\/(?:html|css|javascript|plain)|application\/(?:javascript|json|(?:[\w.-]+\+)json|xml)|image\/svg\+xml)\s*(?:;|$)/i;

/** Whether answers of this content type are compressed (exported for tests). */
export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Brotli or gzip for text answers of every route registered after it (the HTML, the hashed
 * assets, the API's JSON), by the request's Accept-Encoding. Media stays as it is: its types are
 * not listed, and partial answers (206, Content-Range) are never compressed by the plugin, so
 * Range requests keep their byte offsets. Request bodies are not decompressed (no client sends
 * them compressed). Must be registered before the routes.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      // (A type outside the list still falls through to mime-db's "compressible" flag inside the
      // plugin; no image or video type the uploads accept has it.)
      customTypes: COMPRESSIBLE,
      threshold: 1024,
    });
  },
  { name: 'compression' },
);

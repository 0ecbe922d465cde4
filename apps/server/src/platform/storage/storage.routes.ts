import { errorSchema } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { access } from '../openapi.js';
import { type ByteRange, isValidKey } from './storage.js';

export type RangeResult = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range of RFC 9110 (`a-b`, `a-`, `-n`). Several ranges or another unit are
 * answered whole (allowed by the RFC); a range that starts past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'none' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'none' };
  const [, a, b] = match as unknown as [string, string, string];
  if (a === '' && b === '') return { kind: 'none' };
  if (size === 0) return { kind: 'unsatisfiable' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'none' };
  return { kind: 'range', range: { start, end } };
}

// For the API document only: files are sent as streams, which Fastify never serialises.
const fileSchema = z.string().meta({ format: 'binary', description: '파일 (Range 요청이면 그 범위만 206으로)' });
const notModifiedSchema = z.null().meta({ description: 'If-None-Match의 ETag와 같아 본문 없음' });

const notFound = () => AppError.notFound('파일을 찾을 수 없습니다.', 'media_not_found');

/**
 * GET (and HEAD) /api/media/{key}: serves a stored file of the request's tenant with its type,
 * a year of caching (keys are never rewritten), validators and single-range requests (video
 * seeking). Another tenant's key answers 404 like a missing one.
 */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    {
      schema: {
        operationId: 'getMediaFile',
        security: access.public,
        tags: ['media'],
        summary: '업로드된 미디어 파일 (Range 요청 지원)',
        params: z.object({ '*': z.string() }),
        response: { 200: fileSchema, 206: fileSchema, 304: notModifiedSchema, 404: errorSchema, 416: errorSchema },
      },
    },
    async (request, typedReply) => {
      // Answers here are files (streams) or empty, outside the JSON contracts.
      const reply = typedReply as unknown as FastifyReply;
      const key = request.params['*'];
      if (!isValidKey(key) || !key.startsWith(`tenants/${request.tenant.id}/`)) throw notFound();
      const meta = await app.storage.head(key);
      if (!meta) throw notFound();

      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('etag', meta.etag);
      reply.header('last-modified', meta.lastModified.toUTCString());
      reply.header('accept-ranges', 'bytes');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-type', meta.contentType);

      const inm = request.headers['if-none-match'];
      if (inm?.split(',').some((t) => t.trim() === meta.etag || t.trim() === '*')) {
        return reply.status(304).send();
      }
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange && ifRange !== meta.etag ? undefined : request.headers.range;
      const parsed = parseRange(rangeHeader, meta.size);
      if (parsed.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${meta.size}`);
        reply.header('content-type', 'application/json; charset=utf-8');
        throw new AppError(416, 'range_not_satisfiable', '요청한 범위가 파일 크기를 벗어났습니다.');
      }
      const range = parsed.kind === 'range' ? parsed.range : undefined;
      const object = await app.storage.get(key, range);
      if (!object) throw notFound();
      if (range) {
        reply.status(206);
        reply.header('content-range', `bytes ${range.start}-${range.end}/${meta.size}`);
        reply.header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', meta.size);
      }
      if (request.method === 'HEAD') {
        object.body.destroy();
        return reply.send();
      }
      return reply.send(object.body);
    },
  );
};

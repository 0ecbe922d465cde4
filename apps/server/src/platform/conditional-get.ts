import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An opaque, strong tag of the bytes of an answer (a SHA-1 digest, base64url; not a secret). */
export function contentTag(body: string | Buffer): string {
  return hash('sha1', body, 'base64url');
}

/** The opaque part of an entity tag: `W/"abc"` and `"abc"` both give `abc`. */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
}

/**
 * Whether an If-None-Match header names the answer, by the weak comparison RFC 9110 (13.1.2)
 * prescribes for it: `W/"x"` matches `"x"`, and `*` matches any answer.
 * `sameEntity` lets a caller match tags that differ only by a suffix (a content coding).
 */
export function ifNoneMatchHits(
  header: string | undefined,
  etag: string,
  sameEntity: (a: string, b: string) => boolean = (a, b) => a === b,
): boolean {
  if (!header) return false;
  const mine = opaque(etag);
  return header.split(',').some((t) => t.trim() === '*' || sameEntity(opaque(t), mine));
}

/**
 * onSend hook of the API: a public JSON answer (a GET or HEAD without credentials, 200, neither
 * `no-store` nor `private`) gets a weak ETag of its text, and a request naming that tag in
 * If-None-Match answers 304 without a body. A request with an Authorization header is left
 * alone: its answer may carry the user's own data, and those reads are made fresh anyway.
 * Weak, because compression gives the same JSON other bytes (see docs/decisions/020-share-previews-and-http-caching.md).
 */
export async function etagPublicJson(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200 || request.headers.authorization !== undefined) return payload;
  if (typeof payload !== 'string') return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('application/json')) return payload;
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  if (/no-store|private/i.test(cacheControl) || reply.hasHeader('etag')) return payload;
  const etag = `W/"${contentTag(payload)}"`;
  reply.header('etag', etag);
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

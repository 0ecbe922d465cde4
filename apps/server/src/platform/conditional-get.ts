import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonAnswer } from './json-reply.js';

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

declare module 'fastify' {
  interface FastifyReply {
    /** The cached answer being sent (`sendJsonText`), whose tag is made once: the ETag hook need not hash it again. */
    jsonAnswer: JsonAnswer | null;
  }
}

/** The weak entity tag of a JSON text (weak: compression gives the same JSON other bytes). */
export function weakTag(text: string): string {
  return `W/"${contentTag(text)}"`;
}

/**
 * onSend hook of the API: a public JSON answer (a GET or HEAD without credentials, 200, neither
 * `no-store` nor `private`) gets a weak ETag of its text, and a request naming that tag in
 * If-None-Match answers 304 without a body. A cached answer comes with its tag made once
 * (`sendJsonText`, `reply.jsonAnswer`); any other is hashed here. A request with an Authorization header is left
 * alone: its answer may carry the user's own data, and those reads are made fresh anyway.
 * See docs/decisions/020-share-previews-and-http-caching.md. A callback hook, as it does nothing
 * asynchronous.
 */
export function etagPublicJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
) {
  if (
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    reply.statusCode !== 200 ||
    request.headers.authorization !== undefined ||
    (typeof payload !== 'string' && !reply.jsonAnswer) || // a made answer is sent as its bytes
    !String(reply.getHeader('content-type') ?? '').startsWith('application/json') ||
    /no-store|private/i.test(String(reply.getHeader('cache-control') ?? '')) ||
    reply.hasHeader('etag')
  ) {
    return done(null, payload);
  }
  const etag = reply.jsonAnswer?.etag ?? weakTag(payload as string);
  reply.header('etag', etag);
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return done(null, '');
  }
  done(null, payload);
}

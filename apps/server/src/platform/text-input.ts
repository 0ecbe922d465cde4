import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Text that no field may hold: NUL (PostgreSQL refuses it in text, so it would answer 500) and
 * unpaired UTF-16 surrogates (not encodable as UTF-8: drivers silently turn them into U+FFFD).
 * JSON (`"\u0000"`, `"\ud800"`), form and query encoding (`%00`) can all carry them.
 */
export function isAcceptableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

export function malformedText(field: string) {
  return AppError.badRequest(
    `${field || '요청'}: NUL 문자나 짝이 맞지 않는 유니코드 문자는 사용할 수 없습니다.`,
    'invalid_text',
  );
}

/** Refuses a text field (a multipart field read by hand) holding NUL or a lone surrogate. */
export function checkedText(field: string, value: string): string {
  if (!isAcceptableText(value) || !isAcceptableText(field)) throw malformedText(field.toWellFormed());
  return value;
}

const MAX_DEPTH = 32;

/** The path (`merchant.business_name`) of the first unacceptable string or key, if any. */
function findMalformed(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'string') return isAcceptableText(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findMalformed(value[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const itemPath = path ? `${path}.${key}` : key;
    if (!isAcceptableText(key)) return itemPath;
    const found = findMalformed((value as Record<string, unknown>)[key], itemPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * preHandler of the /api scope: after parsing and validation (so multipart fields attached to
 * the body are covered too), refuses NUL and lone surrogates anywhere in the path parameters,
 * the query and the body with 400 `invalid_text` naming the field. A callback hook, as it does
 * nothing asynchronous.
 */
export function refuseMalformedText(request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) {
  for (const part of [request.params, request.query, request.body]) {
    const found = findMalformed(part, '', 0);
    // a wildcard path parameter (`/media/*`) is named as the API document names it
    const field = found === '*' ? 'key' : found;
    if (field !== undefined) return done(malformedText(field.toWellFormed()));
  }
  done();
}

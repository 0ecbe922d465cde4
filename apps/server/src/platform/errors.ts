import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const HANGUL = /[\uAC00-\uD7A3]/;

/** The one error type services throw; the handler below turns it into `{ detail, code }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    /** More of the answer beside `detail` and `code` (a 409 price_changed carries the recomputed cart). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'AppError';
  }

  static badRequest(detail: string, code = 'bad_request') {
    return new AppError(400, code, detail);
  }
  static unauthorized(detail = '로그인이 필요합니다.', code = 'unauthorized') {
    return new AppError(401, code, detail);
  }
  static forbidden(detail = '권한이 없습니다.', code = 'forbidden') {
    return new AppError(403, code, detail);
  }
  static notFound(detail = '요청한 항목을 찾을 수 없습니다.', code = 'not_found') {
    return new AppError(404, code, detail);
  }
  static conflict(detail: string, code = 'conflict') {
    return new AppError(409, code, detail);
  }
}

/**
 * The framework's and its plugins' own client errors (`FST_…`), in the API's words: a stable code
 * of ours and a Korean detail. Their internal codes never reach a client (they are Fastify's
 * implementation, and change with it).
 */
const frameworkRefusals: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', detail: '요청 본문이 올바른 JSON 형식이 아닙니다.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'empty_body', detail: '요청 본문이 비어 있습니다.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', detail: '지원하지 않는 Content-Type입니다.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', detail: '요청 본문이 너무 큽니다.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_content_length',
    detail: 'Content-Length가 올바르지 않습니다.',
  },
  FST_ERR_CTP_INVALID_TYPE: { code: 'invalid_content_type', detail: 'Content-Type이 올바르지 않습니다.' },
  FST_ERR_CTP_INVALID_CONTENT_TYPE: { code: 'invalid_content_type', detail: 'Content-Type이 올바르지 않습니다.' },
  // the router (app.ts frameworkErrors)
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', detail: '요청 주소가 너무 깁니다.' },
  FST_ERR_BAD_URL: { code: 'bad_url', detail: '요청 주소가 올바르지 않습니다.' },
  // @fastify/multipart
  FST_PARTS_LIMIT: { code: 'too_many_parts', detail: '요청에 항목이 너무 많습니다.' },
  FST_FILES_LIMIT: { code: 'too_many_files', detail: '요청에 파일이 너무 많습니다.' },
  FST_FIELDS_LIMIT: { code: 'too_many_parts', detail: '요청에 항목이 너무 많습니다.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'file_too_large', detail: '파일이 너무 큽니다.' },
  FST_PROTO_VIOLATION: { code: 'bad_multipart', detail: 'multipart 요청 본문이 올바르지 않습니다.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'multipart_required',
    detail: 'multipart/form-data 형식으로 보내주세요.',
  },
  FST_INVALID_JSON_FIELD_ERROR: { code: 'invalid_json', detail: 'multipart 항목의 JSON 형식이 올바르지 않습니다.' },
  FST_MP_PREMATURE_CLOSE: { code: 'bad_multipart', detail: '요청 본문이 끝까지 전송되지 않았습니다.' },
};

/** Our code and Korean text of a client error status, for framework errors not named above. */
const statusRefusals: Record<number, { code: string; detail: string }> = {
  400: { code: 'bad_request', detail: '요청이 올바르지 않습니다.' },
  404: { code: 'not_found', detail: '요청한 항목을 찾을 수 없습니다.' },
  405: { code: 'method_not_allowed', detail: '지원하지 않는 요청 방식입니다.' },
  406: { code: 'not_acceptable', detail: '지원하지 않는 요청 형식입니다.' },
  408: { code: 'request_timeout', detail: '요청 시간이 초과되었습니다.' },
  411: { code: 'length_required', detail: 'Content-Length가 필요합니다.' },
  413: { code: 'body_too_large', detail: '요청 본문이 너무 큽니다.' },
  414: { code: 'uri_too_long', detail: '요청 주소가 너무 깁니다.' },
  415: { code: 'unsupported_media_type', detail: '지원하지 않는 Content-Type입니다.' },
  429: { code: 'rate_limited', detail: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' },
  431: { code: 'headers_too_large', detail: '요청 헤더가 너무 큽니다.' },
};

/**
 * A client error (4xx) of the framework or a plugin as the API answers it: the status, a code of
 * ours (never the framework's `FST_…`) and a Korean detail. A plugin error already written in
 * Korean keeps its text.
 */
export function frameworkRefusal(error: { code?: string; message?: string; statusCode?: number }): {
  status: number;
  code: string;
  detail: string;
} {
  const known = error.code ? frameworkRefusals[error.code] : undefined;
  const status = error.statusCode ?? 400;
  if (known) return { status, ...known };
  const byStatus = statusRefusals[status] ?? { code: 'bad_request', detail: '요청이 올바르지 않습니다.' };
  const ours = error.code && /^[a-z][a-z0-9_]*$/.test(error.code) ? error.code : byStatus.code;
  const detail = error.message && HANGUL.test(error.message) ? error.message : byStatus.detail;
  return { status, code: ours, detail };
}

/**
 * busboy (under @fastify/multipart) reports a malformed multipart body (no boundary, a body
 * that ends mid-part, a boundary over 70 characters) with plain `Error`s without a status, which
 * would answer 500. These are its messages (busboy 3: lib/types/multipart.js, deps/dicer,
 * deps/streamsearch); every one of them is the client's doing.
 */
const BUSBOY_PARSE_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot be an empty String\/Buffer\.|The needle cannot have a length bigger than 256\.|Unsupported Content-Type\.|Missing Content-Type-header\.)$/;

/** A malformed multipart body (busboy's parse errors), wherever it is read. */
export function isMalformedMultipart(error: unknown): boolean {
  return (
    error instanceof Error && !(error as { statusCode?: number }).statusCode && BUSBOY_PARSE_ERROR.test(error.message)
  );
}

export const malformedMultipart = () =>
  AppError.badRequest('multipart 요청 본문이 올바르지 않습니다.', 'bad_multipart');

function describeValidation(error: FastifyError): string {
  const context = (error as { validationContext?: string }).validationContext;
  const items = error.validation ?? [];
  const parts = items.slice(0, 5).map((item) => {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const missing = (item.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = path || missing || context || '요청';
    return `${field}: ${item.message ?? '올바르지 않은 값입니다.'}`;
  });
  return parts.join('; ') || '요청 값이 올바르지 않습니다.';
}

/**
 * A write that lost a race with another one (its row was deleted under it, a deadlock, a
 * serialization failure), by PostgreSQL SQLSTATE; drizzle wraps the driver's error, so the code
 * may sit on `cause`. Services lock the parent row first so this is a safety net: 409, never 500.
 */
const RACE_SQLSTATES = new Set(['23503', '40P01', '40001']);
export function isLostRace(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && RACE_SQLSTATES.has(state);
}

/** The PostgreSQL SQLSTATE of a database error, on the error or one of its causes (drizzle wraps them). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * The constraint a database error broke (a unique index, a foreign key), on the error or one of its
 * causes. Citus relays a worker's error without its fields, naming the shard's constraint in the
 * message (`"users_email_key_102040"`): read it there and drop the shard's number.
 */
export function violatedConstraint(error: unknown): string | undefined {
  for (
    let e = error as { constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as never
  ) {
    if (typeof e.constraint === 'string') return e.constraint;
    const named = typeof e.message === 'string' ? /constraint "([^"]+?)(?:_\d+)?"/.exec(e.message) : null;
    if (named && sqlState(e) !== undefined) return named[1];
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ ...error.extra, detail: error.detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send({ detail: describeValidation(error), code: 'validation_error' });
    }
    if (isMalformedMultipart(error)) {
      const { status, code, detail } = malformedMultipart();
      return reply.status(status).send({ detail, code });
    }
    if (isLostRace(error)) {
      request.log.warn({ err: error }, 'write lost a race');
      return reply
        .status(409)
        .send({ detail: '다른 요청과 동시에 처리되어 완료하지 못했습니다. 다시 시도해 주세요.', code: 'conflict' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Every refusal in the API's words: our code, a Korean detail.
      const { code, detail } = frameworkRefusal(error);
      return reply.status(status).send({ detail, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: '서버 내부 오류가 발생했습니다.', code: 'internal_error' });
  });
}

export const notFoundBody = { detail: '요청한 API를 찾을 수 없습니다.', code: 'not_found' } as const;

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type services throw; the handler below turns it into `{ detail, code }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
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

// Korean texts for the framework's own client errors; anything else under 500 keeps its message.
const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '요청 본문이 올바른 JSON 형식이 아닙니다.',
  FST_ERR_CTP_EMPTY_JSON_BODY: '요청 본문이 비어 있습니다.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '지원하지 않는 Content-Type입니다.',
  FST_ERR_CTP_BODY_TOO_LARGE: '요청 본문이 너무 큽니다.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length가 올바르지 않습니다.',
  FST_ERR_CTP_INVALID_TYPE: 'Content-Type이 올바르지 않습니다.',
  // @fastify/multipart
  FST_PARTS_LIMIT: '요청에 항목이 너무 많습니다.',
  FST_FILES_LIMIT: '요청에 파일이 너무 많습니다.',
  FST_FIELDS_LIMIT: '요청에 항목이 너무 많습니다.',
  FST_REQ_FILE_TOO_LARGE: '파일이 너무 큽니다.',
  FST_PROTO_VIOLATION: 'multipart 요청 본문이 올바르지 않습니다.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'multipart/form-data 형식으로 보내주세요.',
  FST_INVALID_JSON_FIELD_ERROR: 'multipart 항목의 JSON 형식이 올바르지 않습니다.',
  FST_MP_PREMATURE_CLOSE: '요청 본문이 끝까지 전송되지 않았습니다.',
};

/** Korean text of a client error status, for framework errors that only have an English message. */
const statusTexts: Record<number, string> = {
  400: '요청이 올바르지 않습니다.',
  404: '요청한 항목을 찾을 수 없습니다.',
  405: '지원하지 않는 요청 방식입니다.',
  406: '지원하지 않는 요청 형식입니다.',
  408: '요청 시간이 초과되었습니다.',
  411: 'Content-Length가 필요합니다.',
  413: '요청 본문이 너무 큽니다.',
  414: '요청 주소가 너무 깁니다.',
  415: '지원하지 않는 Content-Type입니다.',
  431: '요청 헤더가 너무 큽니다.',
};

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

const HANGUL = /[\uAC00-\uD7A3]/;

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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ detail: error.detail, code: error.code });
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
      // Every detail is Korean: a framework or plugin error with an English message gets the
      // Korean text of its status.
      const detail =
        fastifyClientErrors[error.code] ??
        (HANGUL.test(error.message) ? error.message : (statusTexts[status] ?? '요청이 올바르지 않습니다.'));
      return reply.status(status).send({ detail, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: '서버 내부 오류가 발생했습니다.', code: 'internal_error' });
  });
}

export const notFoundBody = { detail: '요청한 API를 찾을 수 없습니다.', code: 'not_found' } as const;

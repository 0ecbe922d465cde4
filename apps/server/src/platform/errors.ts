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
};

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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ detail: error.detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send({ detail: describeValidation(error), code: 'validation_error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = fastifyClientErrors[error.code] ?? error.message;
      return reply.status(status).send({ detail, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: '서버 내부 오류가 발생했습니다.', code: 'internal_error' });
  });
}

export const notFoundBody = { detail: '요청한 API를 찾을 수 없습니다.', code: 'not_found' } as const;

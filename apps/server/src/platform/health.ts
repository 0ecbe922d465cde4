import { errorSchema, healthSchema } from '@app/contracts';
import type { LogLevel } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { access } from './openapi.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes hit these every few seconds: log them only at warn, but never louder than the app.
  const logLevel = (['fatal', 'error', 'silent'].includes(app.log.level) ? app.log.level : 'warn') as LogLevel;
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getLiveness',
        security: access.public,
        tags: ['health'],
        summary: '프로세스 생존 확인',
        response: { 200: healthSchema, 400: errorSchema },
      },
      logLevel,
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        security: access.public,
        tags: ['health'],
        summary: '데이터베이스 응답 확인',
        response: { 200: healthSchema, 400: errorSchema, 503: errorSchema },
      },
      logLevel,
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError(503, 'database_unavailable', '데이터베이스에 연결할 수 없습니다.');
      }
      return { status: 'ok' as const };
    },
  );
};

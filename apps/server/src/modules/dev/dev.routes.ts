import { errorSchema, outboxAnswerSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/openapi.js';

/**
 * The development outbox: mails of this tenant kept while no SMTP server is configured, so a
 * person trying the product (and the browser tests) can read codes and links. Registered only
 * when the outbox mailer is in use and DEV_OUTBOX is not false.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        operationId: 'listDevOutbox',
        security: access.public,
        tags: ['development'],
        summary: '개발용 메일함 (SMTP 미설정 시 보낸 메일, 최신순)',
        querystring: z.object({ to: z.string().trim().toLowerCase().max(254).optional() }),
        response: { 200: outboxAnswerSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Mails sent after an answer (password reset) are listed once they are out.
      await app.auth.settled();
      const mails = app.mailer.outbox?.list({ tenantId: request.tenant.id, to: request.query.to }) ?? [];
      return {
        mails: mails.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          kind: m.meta?.kind ?? null,
          code: m.meta?.code ?? null,
          link: m.meta?.link ?? null,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
};

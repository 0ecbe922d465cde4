import { errorSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFeature } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { access } from '../../platform/openapi.js';
import { WebhookRejected } from '../../platform/payments/gateway.js';

/**
 * The provider's webhook (PortOne V2, Standard Webhooks signature over the raw body, 5-minute
 * timestamp tolerance). A verified event only names a payment: the server then looks it up at the
 * gateway like any callback, so a forged or replayed event can never credit anything by itself.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes sent: keep the body as text.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/payment/webhook',
    {
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        operationId: 'receivePaymentWebhook',
        security: access.public,
        tags: ['payments'],
        summary: '결제사 웹훅 (서명 확인 후 결제를 직접 조회해 처리; 같은 이벤트를 다시 받아도 한 번만)',
        response: { 200: z.object({ ok: z.literal(true) }), 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      requireFeature(request, 'payment');
      try {
        const result = await app.payments.webhook(request.tenant.id, String(request.body ?? ''), request.headers);
        request.log.info(
          { type: result.event.type, paymentId: result.event.paymentId, outcome: result.outcome },
          'payment webhook',
        );
        return { ok: true as const };
      } catch (err) {
        if (err instanceof WebhookRejected) {
          request.log.warn({ reason: err.message }, 'payment webhook refused');
          throw AppError.badRequest('웹훅 서명을 확인할 수 없습니다.', 'webhook_invalid');
        }
        // The gateway could not be reached: 503 makes the provider send the event again later.
        if (err instanceof AppError && err.status === 502) throw new AppError(503, err.code, err.detail);
        throw err;
      }
    },
  );
};

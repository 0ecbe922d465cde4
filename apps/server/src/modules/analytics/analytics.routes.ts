import { analyticsMessages, analyticsQuerySchema, analyticsSummarySchema, errorSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFeature, requireUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { assertValid, sendJson } from '../../platform/json-reply.js';
import { access } from '../../platform/openapi.js';
import { type AnalyticsScope, paymentAnalytics } from './analytics.repository.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

/**
 * Payment analytics (spec part 3, sections 3 and 7; docs/decisions/018-dashboards.md): a merchant
 * sees the payments of orders of their own products, a platform administrator who is not a
 * merchant the whole tenant's; customers 403 `merchant_only`. Always computed fresh.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment/analytics/summary',
    {
      attachValidation: true,
      // One aggregate statement per call: generous for a dashboard, not for a loop.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        operationId: 'getPaymentAnalytics',
        security: access.signedIn,
        tags: ['payments'],
        summary:
          '결제 통계 (판매자: 내 상품의 주문 결제, 관리자: 서비스 전체; period_days 1–365, 기본 30일, 한국 시간 기준)',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      // The feature first (404), then 401, then the role (403), then bad input (400). The screen
      // is the analytics feature's (spec part 3: /payment/analytics needs analytics): with the
      // payment feature off there are no payments to count, and the figures are empty.
      requireFeature(request, 'analytics');
      const user = requireUser(request);
      let scope: AnalyticsScope;
      const none = !request.tenant.features.payment;
      if (user.merchantId !== null) scope = { tenantId: request.tenant.id, merchantId: user.merchantId, none };
      else if (user.isAdmin) scope = { tenantId: request.tenant.id, merchantId: null, none };
      else throw AppError.forbidden(analyticsMessages.merchantOnly, 'merchant_only');
      assertValid(request);
      return sendJson(reply, await paymentAnalytics(app.db, scope, request.query.period_days));
    },
  );
};

import {
  errorSchema,
  idParamsSchema,
  orderCancelSchema,
  orderConfirmSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  orderStatusUpdateSchema,
  paymentCallbackResultSchema,
  paymentCallbackSchema,
  paymentItemSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentParamsSchema,
  paymentPrepareResultSchema,
  paymentPrepareSchema,
  purchaseStatusSchema,
  shipmentUpdateSchema,
  trackingSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderNotFound } from '../modules/orders/orders.service.js';
import { requestKey } from '../modules/wallet/wallet.service.js';
import { requireFeature, requireMerchant, requireUser } from '../platform/auth.js';
import { assertValid } from '../platform/json-reply.js';
import { access } from '../platform/openapi.js';
import { hiddenKinds } from './checkout.js';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};
const paymentErrors = { ...errors, 502: errorSchema };
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * Orders are sales of the catalogue: with both the shopping and the delivery module off there are
 * none, and their calls answer 404 `feature_disabled` like the product calls.
 */
function requireShop(request: FastifyRequest) {
  if (!request.tenant.features.delivery) requireFeature(request, 'shopping');
}

/** A signed-in user; the features first (404), then 401, then bad input (400). */
function signedIn(request: FastifyRequest, ...features: ('payment' | 'shop')[]) {
  for (const feature of features) {
    if (feature === 'shop') requireShop(request);
    else requireFeature(request, feature);
  }
  const user = requireUser(request);
  assertValid(request);
  return user;
}

/**
 * Buying (spec part 3: payment and delivery calls; part 2: purchase-status). Every call names the
 * signed-in user's own orders and payments, or the orders of the merchant's products; anything else,
 * another tenant's included, is 404.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, orders, shipments } = app;

  app.post(
    '/payment/prepare',
    {
      attachValidation: true,
      config: perMinute(120),
      schema: {
        operationId: 'preparePayment',
        security: access.signedIn,
        tags: ['payments'],
        summary:
          '주문 결제 준비 (서버가 가격·배송비를 다시 계산하고 결제 시간 10분 동안 재고를 잡고 포인트를 묶음; 같은 상품의 미결제 주문은 새 주문으로 대체, 미결제 주문은 3건까지(409 too_many_open_payments); Idempotency-Key로 재시도해도 주문은 하나, 같은 키에 다른 내용은 409 idempotency_key_reused)',
        body: paymentPrepareSchema,
        response: { 200: paymentPrepareResultSchema, ...paymentErrors },
      },
    },
    async (request) => {
      const user = signedIn(request, 'payment', 'shop');
      const key =
        request.headers['idempotency-key'] === undefined ? null : requestKey(request.headers['idempotency-key']);
      return checkout.prepare(request.tenant, user, request.body, key);
    },
  );

  app.post(
    '/payment/callback',
    {
      attachValidation: true,
      config: perMinute(300),
      schema: {
        operationId: 'confirmPayment',
        security: access.signedIn,
        tags: ['payments'],
        summary: '주문 결제 확인 (결제사에서 결제를 직접 조회해 금액을 확인; 여러 번 보내도 한 번만 처리)',
        body: paymentCallbackSchema,
        response: { 200: paymentCallbackResultSchema, ...paymentErrors },
      },
    },
    async (request) => checkout.callback(request.tenant, signedIn(request, 'payment'), request.body),
  );

  app.get(
    '/payment/list',
    {
      attachValidation: true,
      schema: {
        operationId: 'listPayments',
        security: access.signedIn,
        tags: ['payments'],
        summary: '내 결제 목록 (role=merchant: 내 상품의 주문 결제)',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema, ...errors },
      },
    },
    async (request) => checkout.listPayments(request.tenant, signedIn(request, 'payment'), request.query),
  );

  app.get(
    '/payment/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'getPayment',
        security: access.signedIn,
        tags: ['payments'],
        summary: '결제 한 건 (결제한 사람 또는 주문 상품의 판매자만)',
        params: paymentParamsSchema,
        response: { 200: paymentItemSchema, ...errors },
      },
    },
    async (request) => checkout.getPayment(request.tenant, signedIn(request, 'payment'), request.params.id),
  );

  app.put(
    '/delivery/status',
    {
      attachValidation: true,
      schema: {
        operationId: 'updateOrderStatus',
        security: access.signedIn,
        tags: ['orders'],
        summary: '주문 상태 변경 (판매자; 앞 단계로만, 취소·환불은 포인트와 카드 결제를 돌려줌)',
        body: orderStatusUpdateSchema,
        response: { 200: orderSchema, ...paymentErrors },
      },
    },
    async (request) => {
      requireShop(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      const order = await checkout.changeStatus(request.tenant, merchant, request.body);
      if (!request.body.tracking_number) return order;
      // The parcel's first reading (and its webhook) once the move committed.
      await shipments.afterShipment(request.tenant, order.id);
      return orders.get(request.tenant.id, order.id, { userId: merchant.id, merchantId: merchant.merchantId });
    },
  );

  app.put(
    '/delivery/orders/:id/shipment',
    {
      attachValidation: true,
      schema: {
        operationId: 'setOrderShipment',
        security: access.signedIn,
        tags: ['orders'],
        summary: '송장 등록·수정 (판매자; 택배 주문, 배송완료 전까지; 택배사 형식에 맞지 않는 번호는 400)',
        params: idParamsSchema,
        body: shipmentUpdateSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      requireShop(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return shipments.setShipment(
        request.tenant,
        { userId: merchant.id, merchantId: merchant.merchantId },
        request.params.id,
        request.body,
        hiddenKinds(request.tenant),
      );
    },
  );

  app.get(
    '/delivery/orders/:id/tracking',
    {
      attachValidation: true,
      config: perMinute(120),
      schema: {
        operationId: 'getOrderTracking',
        security: access.signedIn,
        tags: ['orders'],
        summary: '배송조회 (구매자 또는 판매자만; 택배사 기록, 오래됐으면 다시 조회)',
        params: idParamsSchema,
        response: { 200: trackingSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request, 'shop');
      return shipments.tracking(
        request.tenant,
        { userId: user.id, merchantId: user.merchantId },
        request.params.id,
        hiddenKinds(request.tenant),
      );
    },
  );

  app.post(
    '/delivery/tracking-webhook/:token',
    {
      config: perMinute(600),
      schema: {
        operationId: 'receiveTrackingWebhook',
        security: access.public,
        tags: ['orders'],
        summary:
          '배송조회 서비스 웹훅 (테넌트 주소와 서명된 토큰; 택배사와 송장번호만 받고 배송 기록은 직접 다시 조회)',
        params: z.object({ token: z.string().max(64) }),
        body: z.object({ carrierId: z.string().max(40), trackingNumber: z.string().max(40) }),
        response: { 202: z.object({ ok: z.literal(true) }), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireShop(request);
      await shipments.webhook(request.tenant, request.params.token, request.body);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.get(
    '/delivery/merchant/orders',
    {
      attachValidation: true,
      schema: {
        operationId: 'listMerchantOrders',
        security: access.signedIn,
        tags: ['orders'],
        summary: '내 상품의 주문 (판매자; order_type delivery 또는 pickup, 20개씩)',
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
    },
    async (request) => {
      requireShop(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return orders.merchantOrders(
        request.tenant.id,
        { userId: merchant.id, merchantId: merchant.merchantId },
        request.query,
        hiddenKinds(request.tenant),
      );
    },
  );

  app.get(
    '/delivery/user/orders',
    {
      attachValidation: true,
      schema: {
        operationId: 'listMyOrders',
        security: access.signedIn,
        tags: ['orders'],
        summary: '내 주문 내역 (상태·유형 필터, 20개씩)',
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request, 'shop');
      return orders.buyerOrders(
        request.tenant.id,
        { userId: user.id, merchantId: user.merchantId },
        request.query,
        hiddenKinds(request.tenant),
      );
    },
  );

  app.post(
    '/delivery/confirm',
    {
      attachValidation: true,
      schema: {
        operationId: 'confirmPurchase',
        security: access.signedIn,
        tags: ['orders'],
        summary: '구매확정 (구매자; 배송중이면 배송완료로 바뀜; 여러 번 보내도 한 번만)',
        body: orderConfirmSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => checkout.confirmReceipt(request.tenant, signedIn(request, 'shop'), request.body.order_id),
  );

  app.post(
    '/delivery/orders/:id/cancel',
    {
      attachValidation: true,
      schema: {
        operationId: 'cancelOrder',
        security: access.signedIn,
        tags: ['orders'],
        summary: '주문 취소 (구매자; 판매자가 준비를 시작하기 전까지; 포인트와 카드 결제를 돌려줌)',
        params: idParamsSchema,
        body: orderCancelSchema,
        response: { 200: orderSchema, ...paymentErrors },
      },
    },
    async (request) =>
      checkout.cancelByBuyer(request.tenant, signedIn(request, 'shop'), request.params.id, request.body.reason),
  );

  app.get(
    '/delivery/orders/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'getOrder',
        security: access.signedIn,
        tags: ['orders'],
        summary: '주문 한 건과 상태 이력 (구매자 또는 판매자만)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request, 'shop');
      const order = await orders.get(request.tenant.id, request.params.id, {
        userId: user.id,
        merchantId: user.merchantId,
      });
      if (hiddenKinds(request.tenant).includes(order.category_type)) throw orderNotFound();
      return order;
    },
  );

  app.get(
    '/products/:id/purchase-status',
    {
      attachValidation: true,
      schema: {
        operationId: 'getPurchaseStatus',
        security: access.optional,
        tags: ['products'],
        summary: '이 상품을 구매했는지 (결제되고 취소·환불되지 않은 주문; 로그인하지 않았으면 false)',
        params: idParamsSchema,
        response: { 200: purchaseStatusSchema, ...errors },
      },
    },
    async (request) => {
      requireShop(request);
      assertValid(request);
      if (!request.user) return { has_purchased: false };
      return { has_purchased: await orders.hasPurchased(request.tenant.id, request.user.id, request.params.id) };
    },
  );
};

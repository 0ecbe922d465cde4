import {
  cartCheckoutResultSchema,
  cartCheckoutSchema,
  cartItemAddSchema,
  cartItemUpdateSchema,
  cartMergeSchema,
  cartPriceChangedSchema,
  cartQuerySchema,
  cartSchema,
  errorSchema,
  idParamsSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestKey } from '../modules/wallet/wallet.service.js';
import { requireFeature, requireUser } from '../platform/auth.js';
import { assertValid } from '../platform/json-reply.js';
import { access } from '../platform/openapi.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** The cart is for goods: with both the shopping and the delivery module off it is 404 feature_disabled. */
function cartUser(request: FastifyRequest, ...also: 'payment'[]) {
  if (!request.tenant.features.delivery) requireFeature(request, 'shopping');
  for (const feature of also) requireFeature(request, feature);
  const user = requireUser(request);
  assertValid(request);
  return user;
}

/**
 * The buyer's cart (issue 40, docs/decisions/039): its own lines only (another user's line is 404),
 * every change answering the whole cart; its checkout is one payment of one order per merchant.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart, checkout } = app;

  app.get(
    '/cart',
    {
      attachValidation: true,
      schema: {
        operationId: 'getCart',
        security: access.signedIn,
        tags: ['cart'],
        summary:
          '장바구니 (판매자·유형별 묶음, 배송비와 무료배송까지 남은 금액; 살 수 없게 된 상품은 표시만 하고 합계에서 뺌)',
        querystring: cartQuerySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.view(request.tenant, cartUser(request), request.query),
  );

  app.post(
    '/cart/items',
    {
      attachValidation: true,
      config: perMinute(120),
      schema: {
        operationId: 'addCartItem',
        security: access.signedIn,
        tags: ['cart'],
        summary: '장바구니 담기 (같은 상품·옵션은 수량을 더함; 50개 상품까지)',
        body: cartItemAddSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.add(request.tenant, cartUser(request), request.body),
  );

  app.post(
    '/cart/merge',
    {
      attachValidation: true,
      config: perMinute(30),
      schema: {
        operationId: 'mergeCart',
        security: access.signedIn,
        tags: ['cart'],
        summary: '로그인 전 담은 장바구니 합치기 (살 수 없는 상품은 건너뜀)',
        body: cartMergeSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.merge(request.tenant, cartUser(request), request.body.items),
  );

  app.patch(
    '/cart/items/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'updateCartItem',
        security: access.signedIn,
        tags: ['cart'],
        summary: '장바구니 수량 변경 (바뀐 가격도 이때 확인한 것으로 봄)',
        params: idParamsSchema,
        body: cartItemUpdateSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.update(request.tenant, cartUser(request), request.params.id, request.body.qty),
  );

  app.delete(
    '/cart/items/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'removeCartItem',
        security: access.signedIn,
        tags: ['cart'],
        summary: '장바구니에서 빼기',
        params: idParamsSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.remove(request.tenant, cartUser(request), request.params.id),
  );

  app.post(
    '/cart/checkout',
    {
      attachValidation: true,
      config: perMinute(60),
      schema: {
        operationId: 'checkoutCart',
        security: access.signedIn,
        tags: ['cart'],
        summary:
          '장바구니 결제 준비 (선택한 상품을 한 번에 결제, 판매자·유형별로 주문 하나씩; 금액이 바뀌었으면 409 price_changed와 새 장바구니; Idempotency-Key로 재시도해도 결제는 하나)',
        body: cartCheckoutSchema,
        response: {
          200: cartCheckoutResultSchema,
          ...errors,
          400: cartPriceChangedSchema,
          409: cartPriceChangedSchema,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const user = cartUser(request, 'payment');
      const key =
        request.headers['idempotency-key'] === undefined ? null : requestKey(request.headers['idempotency-key']);
      return checkout.checkoutCart(request.tenant, user, request.body, key);
    },
  );
};

import {
  categoryListSchema,
  deliveryCategories,
  errorSchema,
  mainDeliveryQuerySchema,
  mainDeliverySchema,
  mainShoppingQuerySchema,
  mainShoppingSchema,
  shoppingCategories,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFeature } from '../../platform/auth.js';
import { sendJsonText } from '../../platform/json-reply.js';
import { access } from '../../platform/openapi.js';

// Made once: the category lists never change at run time.
const shoppingCategoriesJson = JSON.stringify({ categories: shoppingCategories });
const deliveryCategoriesJson = JSON.stringify({ categories: deliveryCategories });

/** The main page's catalogue tabs (spec part 2, section 7, main feed calls). */
export const mainFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, answers, counts } = app.catalogue;
  const tags = ['main'];

  app.get(
    '/main/delivery',
    {
      schema: {
        operationId: 'getDeliveryTab',
        security: access.public,
        tags,
        summary: '배달 주문 탭: 픽업/배달 상품 랭킹 (category, q, is_delivery, page, size)',
        querystring: mainDeliveryQuerySchema,
        response: { 200: mainDeliverySchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'delivery');
      if (request.query.q && request.query.page === 1) counts.addSearch(request.tenant.id, request.query.q);
      const answer = await answers.get(request.tenant.id, request.url, () =>
        products.listProducts(request.tenant, { ...request.query, category_type: 'pickup' }, { sort: 'popular' }),
      );
      return sendJsonText(reply, answer);
    },
  );

  app.get(
    '/main/shopping',
    {
      schema: {
        operationId: 'getShoppingTab',
        security: access.public,
        tags,
        summary: '쇼핑몰 탭: categories.all(BEST) 또는 category의 상품 한 페이지(size개), q가 있으면 search_results',
        querystring: mainShoppingQuerySchema,
        response: { 200: mainShoppingSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'shopping');
      if (request.query.q) counts.addSearch(request.tenant.id, request.query.q);
      const answer = await answers.get(request.tenant.id, request.url, () =>
        products.shoppingFeed(request.tenant, request.query),
      );
      return sendJsonText(reply, answer);
    },
  );

  app.get(
    '/main/categories/delivery',
    {
      schema: {
        operationId: 'listDeliveryCategories',
        security: access.public,
        tags,
        summary: '배달 카테고리 (value, label, emoji)',
        response: { 200: categoryListSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'delivery');
      return reply.type('application/json; charset=utf-8').send(deliveryCategoriesJson as never);
    },
  );

  app.get(
    '/main/categories/shopping',
    {
      schema: {
        operationId: 'listShoppingCategories',
        security: access.public,
        tags,
        summary: '쇼핑 카테고리 (value, label)',
        response: { 200: categoryListSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'shopping');
      return reply.type('application/json; charset=utf-8').send(shoppingCategoriesJson as never);
    },
  );
};

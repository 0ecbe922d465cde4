import {
  bannerListSchema,
  catalogueCategoryListSchema,
  catalogueCategorySchema,
  errorSchema,
  eventListSchema,
  idParamsSchema,
  keywordSuggestionsSchema,
  keywordSuggestQuerySchema,
  merchantListQuerySchema,
  merchantListSchema,
  merchantSummarySchema,
  merchantsOnlySchema,
  nearbyQuerySchema,
  noticeListSchema,
  pageQuerySchema,
  popularKeywordsSchema,
  regionListSchema,
  searchQuerySchema,
  searchResultSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJson } from '../../platform/json-reply.js';
import { access } from '../../platform/openapi.js';

const errors = { 400: errorSchema, 404: errorSchema };

/** The catalogue client calls of spec part 2, section 7: merchants, categories, site lists, search. */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { directory } = app.catalogue;

  for (const [path, operationId, summary] of [
    ['/merchants', 'listMerchants', '판매자 목록 (page, size, search, category, location)'],
    ['/merchants/search', 'searchMerchants', '판매자 검색 (q, page, size, category, location)'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          operationId,
          security: access.public,
          tags: ['merchants'],
          summary,
          querystring: merchantListQuerySchema,
          response: { 200: merchantListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { page, size, search, q, category, location } = request.query;
        const filter = {
          search: (path === '/merchants/search' ? (q ?? search) : (search ?? q)) || undefined,
          category: category && category !== 'all' ? category : undefined,
          location: location?.trim() || undefined,
        };
        return sendJson(reply, await directory.merchants(request.tenant, filter, page, size));
      },
    );
  }

  app.get(
    '/merchants/featured',
    {
      schema: {
        operationId: 'listFeaturedMerchants',
        security: access.public,
        tags: ['merchants'],
        summary: '추천 판매자',
        response: { 200: merchantsOnlySchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, { merchants: await directory.featuredMerchants(request.tenant) }),
  );

  app.get(
    '/merchants/nearby',
    {
      schema: {
        operationId: 'listNearbyMerchants',
        security: access.public,
        tags: ['merchants'],
        summary: '가까운 판매자 (lat, lng, radius km 기본 5)',
        querystring: nearbyQuerySchema,
        response: { 200: merchantsOnlySchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, { merchants: await directory.nearbyMerchants(request.tenant, request.query) }),
  );

  app.get(
    '/merchants/:id',
    {
      schema: {
        operationId: 'getMerchant',
        security: access.public,
        tags: ['merchants'],
        summary: '판매자 정보',
        params: idParamsSchema,
        response: { 200: merchantSummarySchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await directory.merchant(request.tenant, request.params.id)),
  );

  app.get(
    '/categories',
    {
      schema: {
        operationId: 'listCategories',
        security: access.public,
        tags: ['categories'],
        summary: '쇼핑과 배달 카테고리 (상품 수 포함)',
        response: { 200: catalogueCategoryListSchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, { categories: await directory.allCategories(request.tenant) }),
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        operationId: 'getCategory',
        security: access.public,
        tags: ['categories'],
        summary: '카테고리 하나 (value로 찾음)',
        params: z.object({ id: z.string().max(50) }),
        response: { 200: catalogueCategorySchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await directory.category(request.tenant, request.params.id)),
  );

  app.get(
    '/banners',
    {
      schema: {
        operationId: 'listBanners',
        security: access.public,
        tags: ['site'],
        summary: '배너',
        response: { 200: bannerListSchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, { banners: await directory.banners(request.tenant) }),
  );

  app.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        security: access.public,
        tags: ['site'],
        summary: '진행 중인 이벤트',
        response: { 200: eventListSchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, { events: await directory.events(request.tenant) }),
  );

  app.get(
    '/notices',
    {
      schema: {
        operationId: 'listNotices',
        security: access.public,
        tags: ['site'],
        summary: '공지사항 (page, size)',
        querystring: pageQuerySchema,
        response: { 200: noticeListSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await directory.notices(request.tenant, request.query.page, request.query.size)),
  );

  app.get(
    '/regions',
    {
      schema: {
        operationId: 'listRegions',
        security: access.public,
        tags: ['site'],
        summary: '지역 (시·도)과 판매자 수',
        response: { 200: regionListSchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, { regions: await directory.regions(request.tenant) }),
  );

  app.get(
    '/search/keywords/popular',
    {
      schema: {
        operationId: 'listPopularKeywords',
        security: access.public,
        tags: ['search'],
        summary: '인기 검색어',
        response: { 200: popularKeywordsSchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, { keywords: await directory.popularKeywords(request.tenant) }),
  );

  app.get(
    '/search/keywords/suggest',
    {
      schema: {
        operationId: 'suggestKeywords',
        security: access.public,
        tags: ['search'],
        summary: '검색어 자동완성 (q)',
        querystring: keywordSuggestQuerySchema,
        response: { 200: keywordSuggestionsSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, { suggestions: await directory.suggest(request.tenant, request.query.q) }),
  );

  app.get(
    '/search',
    {
      schema: {
        operationId: 'search',
        security: access.public,
        tags: ['search'],
        summary: '통합 검색 (q, type=all|products|merchants, page, size)',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await directory.search(request.tenant, request.query)),
  );
};

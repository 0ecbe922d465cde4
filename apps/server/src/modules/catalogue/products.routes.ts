import {
  deletedProductsQuerySchema,
  deliveryTermsSchema,
  deliveryTermsUpdateSchema,
  errorSchema,
  idParamsSchema,
  idSchema,
  mediaBulkDeleteSchema,
  mediaListSchema,
  mediaOrderSchema,
  PRODUCT_IMAGE_BYTES_MAX,
  type ProductListQuery,
  productDetailSchema,
  productImageFormSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productMediaSchema,
  productMessages,
  productSchema,
  productStockUpdateSchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMerchant } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { assertValid, sendJson, sendJsonText } from '../../platform/json-reply.js';
import { readImageUpload } from '../../platform/media/upload.js';
import { access } from '../../platform/openapi.js';
import { kindsOf } from './products.service.js';

const id = idSchema;
const idParams = idParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Catalogue calls need the shopping or the delivery feature of the tenant. */
function requireCatalogue(request: FastifyRequest) {
  if (kindsOf(request.tenant).length === 0) {
    throw AppError.notFound('이 서비스에서 제공하지 않는 기능입니다.', 'feature_disabled');
  }
}

const uploadMessages = {
  missing: productMessages.imageMissing,
  tooLarge: productMessages.imageTooLarge,
  heic: productMessages.imageHeic,
  imageOnly: productMessages.imageOnly,
};

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only in this scope, with the product image limits enforced while reading.
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_BYTES_MAX, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const { products, answers, counts } = app.catalogue;
  const tags = ['products'];

  /** A public list: counted search text, then the (briefly cached) answer for this URL. */
  const publicList = (request: FastifyRequest, query: ProductListQuery, make: () => Promise<unknown>) => {
    if (query.q && query.page === 1) counts.addSearch(request.tenant.id, query.q);
    return answers.get(request.tenant.id, request.url, make);
  };

  for (const path of ['/products', '/products/']) {
    app.get(
      path,
      {
        schema: {
          hide: path.endsWith('/'),
          operationId: 'listProducts',
          security: access.optional,
          tags,
          summary: '상품 목록 (page, size, merchant_id, category, min_price, max_price, q, sort)',
          querystring: productListQuerySchema,
          response: { 200: productListSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        requireCatalogue(request);
        const viewerMerchantId = request.user?.merchantId;
        if (viewerMerchantId && request.query.merchant_id === viewerMerchantId) {
          // The owner's own list (with its unavailable products) is never shared.
          return sendJson(reply, await products.listProducts(request.tenant, request.query, { viewerMerchantId }));
        }
        return sendJsonText(
          reply,
          await publicList(request, request.query, () => products.listProducts(request.tenant, request.query)),
        );
      },
    );
    app.post(
      path,
      {
        attachValidation: true,
        schema: {
          hide: path.endsWith('/'),
          operationId: 'createProduct',
          security: access.signedIn,
          tags,
          summary: '상품 등록 (판매자)',
          body: productInputSchema,
          response: { 201: productDetailSchema, ...errors },
        },
      },
      async (request, reply) => {
        requireCatalogue(request);
        const merchant = requireMerchant(request);
        assertValid(request);
        return sendJson(reply, await products.createProduct(request.tenant, merchant, request.body), 201);
      },
    );
  }

  const lists = [
    ['/products/search', 'searchProducts', '상품 검색 (q와 목록 필터)', 'popular', false],
    ['/products/popular', 'listPopularProducts', '인기 상품 (주문, 조회 순)', 'popular', false],
    ['/products/latest', 'listLatestProducts', '최신 상품', 'latest', false],
    ['/products/discount', 'listDiscountedProducts', '할인 상품 (할인율 순)', 'discount', true],
  ] as const;
  for (const [path, operationId, summary, sort, discountedOnly] of lists) {
    app.get(
      path,
      {
        schema: {
          operationId,
          security: access.public,
          tags,
          summary,
          querystring: productListQuerySchema,
          response: { 200: productListSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        requireCatalogue(request);
        const answer = await publicList(request, request.query, () =>
          products.listProducts(request.tenant, request.query, { sort, discountedOnly }),
        );
        return sendJsonText(reply, answer);
      },
    );
  }

  app.get(
    '/products/category/:category',
    {
      schema: {
        operationId: 'listProductsByCategory',
        security: access.public,
        tags,
        summary: '카테고리별 상품 (쇼핑 또는 배달 카테고리 값)',
        params: z.object({ category: z.string().max(50) }),
        querystring: productListQuerySchema.omit({ category: true }),
        response: { 200: productListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const answer = await answers.get(request.tenant.id, request.url, () =>
        products.listProducts(
          request.tenant,
          { ...request.query, category: request.params.category },
          { sort: 'popular' },
        ),
      );
      return sendJsonText(reply, answer);
    },
  );

  app.get(
    '/products/deleted',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDeletedProducts',
        security: access.signedIn,
        tags,
        summary: '삭제된 내 상품 (판매자)',
        querystring: deletedProductsQuerySchema,
        response: { 200: productListSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return sendJson(reply, await products.listDeleted(request.tenant, merchant, request.query));
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getProduct',
        security: access.public,
        tags,
        summary: '상품 상세 (이미지 포함)',
        params: idParams,
        response: { 200: productDetailSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const { id } = request.params;
      const answer = await answers.get(request.tenant.id, `product:${id}`, () =>
        products.getProduct(request.tenant, id),
      );
      counts.addView(request.tenant.id, id);
      return sendJsonText(reply, answer);
    },
  );

  app.put(
    '/products/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'updateProduct',
        security: access.signedIn,
        tags,
        summary: '상품 수정 (소유 판매자; 상품 유형은 바꿀 수 없음)',
        params: idParams,
        body: productInputSchema,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return sendJson(reply, await products.updateProduct(request.tenant, merchant, request.params.id, request.body));
    },
  );

  app.put(
    '/products/:id/stock',
    {
      attachValidation: true,
      schema: {
        operationId: 'updateProductStock',
        security: access.signedIn,
        tags,
        summary: '재고 수정 (소유 판매자; 옵션이 있으면 옵션별, null은 무제한)',
        params: idParams,
        body: productStockUpdateSchema,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return sendJson(reply, await products.updateStock(request.tenant, merchant, request.params.id, request.body));
    },
  );

  // --- the merchant's delivery terms (docs/decisions/038) --------------------------------------

  app.get(
    '/dashboard/delivery-terms',
    {
      attachValidation: true,
      schema: {
        operationId: 'getDeliveryTerms',
        security: access.signedIn,
        tags,
        summary: '내 배송 조건 (판매자)',
        response: { 200: deliveryTermsSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      reply.header('cache-control', 'no-store');
      return sendJson(reply, await products.deliveryTerms(request.tenant, merchant));
    },
  );

  app.put(
    '/dashboard/delivery-terms',
    {
      attachValidation: true,
      schema: {
        operationId: 'updateDeliveryTerms',
        security: access.signedIn,
        tags,
        summary: '배송 조건 수정 (판매자; 보낸 항목만 변경, 배달·픽업은 delivery, 택배는 shopping 기능)',
        body: deliveryTermsUpdateSchema,
        response: { 200: deliveryTermsSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return sendJson(reply, await products.updateDeliveryTerms(request.tenant, merchant, request.body));
    },
  );

  app.delete(
    '/products/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'deleteProduct',
        security: access.signedIn,
        tags,
        summary: '상품 삭제 (소프트 삭제, 소유 판매자)',
        params: idParams,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return sendJson(reply, await products.deleteProduct(request.tenant, merchant, request.params.id));
    },
  );

  app.post(
    '/products/:id/restore',
    {
      attachValidation: true,
      schema: {
        operationId: 'restoreProduct',
        security: access.signedIn,
        tags,
        summary: '삭제된 상품 복구 (소유 판매자)',
        params: idParams,
        response: { 200: productDetailSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      return sendJson(reply, await products.restoreProduct(request.tenant, merchant, request.params.id));
    },
  );

  // --- media -----------------------------------------------------------------------------------

  app.get(
    '/products/:id/media',
    {
      schema: {
        operationId: 'listProductMedia',
        security: access.public,
        tags,
        summary: '상품 이미지 목록 (순서대로, 첫 이미지가 대표)',
        params: idParams,
        response: { 200: mediaListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      return sendJson(reply, { media: await products.listMedia(request.tenant, request.params.id) });
    },
  );

  app.post(
    '/products/:id/media',
    {
      attachValidation: true,
      config: { multipartForm: productImageFormSchema },
      schema: {
        operationId: 'uploadProductMedia',
        security: access.signedIn,
        tags,
        summary: '상품 이미지 업로드 (multipart: file, is_thumbnail; JPG/PNG/GIF/WebP, 20MB 이하, 최대 10개)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: productMediaSchema, 413: errorSchema, 415: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      await products.assertCanAddMedia(request.tenant, merchant, request.params.id);
      const upload = await readImageUpload(request, uploadMessages);
      const asThumbnail = ['true', '1', 'on'].includes((upload.fields.is_thumbnail ?? '').toLowerCase());
      const media = await products.addMedia(request.tenant, merchant, request.params.id, upload, asThumbnail);
      return sendJson(reply, media, 201);
    },
  );

  app.delete(
    '/products/:id/media/:mediaId',
    {
      attachValidation: true,
      schema: {
        operationId: 'deleteProductMedia',
        security: access.signedIn,
        tags,
        summary: '상품 이미지 삭제',
        params: z.object({ id, mediaId: id }),
        response: { 200: mediaListSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      const media = await products.deleteMedia(request.tenant, merchant, request.params.id, [request.params.mediaId]);
      return sendJson(reply, { media });
    },
  );

  app.delete(
    '/products/:id/media',
    {
      attachValidation: true,
      schema: {
        operationId: 'deleteProductMediaItems',
        security: access.signedIn,
        tags,
        summary: '상품 이미지 여러 개 삭제 (본문 ids)',
        params: idParams,
        body: mediaBulkDeleteSchema,
        response: { 200: mediaListSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      const media = await products.deleteMedia(request.tenant, merchant, request.params.id, request.body.ids);
      return sendJson(reply, { media });
    },
  );

  app.put(
    '/products/:id/media/order',
    {
      attachValidation: true,
      schema: {
        operationId: 'reorderProductMedia',
        security: access.signedIn,
        tags,
        summary: '상품 이미지 순서 저장 (첫 항목이 대표 이미지)',
        params: idParams,
        body: mediaOrderSchema,
        response: { 200: mediaListSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogue(request);
      const merchant = requireMerchant(request);
      assertValid(request);
      const media = await products.orderMedia(request.tenant, merchant, request.params.id, request.body);
      return sendJson(reply, { media });
    },
  );
};

import {
  errorSchema,
  idParamsSchema,
  REVIEW_IMAGE_BYTES_MAX,
  reviewDeleteResultSchema,
  reviewEligibilitySchema,
  reviewHelpfulSchema,
  reviewImageFormSchema,
  reviewImageParamsSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewMediaSchema,
  reviewMessages,
  reviewPageQuerySchema,
  reviewSchema,
  reviewStatsSchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFeature, requireUser } from '../../platform/auth.js';
import { assertValid, sendJson, sendJsonText } from '../../platform/json-reply.js';
import { readImageUpload } from '../../platform/media/upload.js';
import { access } from '../../platform/openapi.js';

const idParams = idParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const writeErrors = { ...errors, 429: errorSchema };
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

const uploadMessages = {
  missing: reviewMessages.imageMissing,
  tooLarge: reviewMessages.imageTooLarge,
  heic: reviewMessages.imageHeic,
  imageOnly: reviewMessages.imageOnly,
};

/** Every review call answers 404 `feature_disabled` while the tenant's reviews are off. */
const feature = (request: FastifyRequest) => requireFeature(request, 'reviews');

/** A signed-in user: the feature first (404), then 401, then bad input (400). */
function signedIn(request: FastifyRequest) {
  feature(request);
  const user = requireUser(request);
  assertValid(request);
  return user;
}

/**
 * The review calls of spec part 2, section 7 (both spellings of the product's list and of
 * writing). Anonymous lists and statistics are served from the short answer cache; signed-in
 * reads are made fresh (they carry is_helpful_by_current_user).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // One image per request, its size limit enforced while reading.
  await app.register(multipart, {
    limits: { fileSize: REVIEW_IMAGE_BYTES_MAX, files: 1, fields: 5, fieldSize: 1024, parts: 7, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const { reviews, reviewAnswers: answers } = app;
  const tags = ['reviews'];

  /** Signed out: the cached answer for this URL; signed in: a fresh one. */
  const read = (request: FastifyRequest, reply: object, make: () => Promise<unknown>) =>
    request.user
      ? make().then((answer) => sendJson(reply, answer))
      : answers.get(request.tenant.id, request.url, make).then((answer) => sendJsonText(reply, answer));

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        operationId: 'listProductReviewsNewest',
        security: access.optional,
        tags,
        summary: '상품 리뷰 목록 (skip, limit: 기본 0, 10; 최신순)',
        params: idParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      feature(request);
      const query = { ...request.query, sort_by: 'newest' as const };
      return read(request, reply, () => reviews.listForProduct(request.tenant, request.params.id, query, request.user));
    },
  );

  app.get(
    '/reviews/product/:id',
    {
      schema: {
        operationId: 'listProductReviews',
        security: access.optional,
        tags,
        summary: '상품 리뷰 목록 (skip, limit, sort_by: newest, oldest, highest_rating, lowest_rating, most_helpful)',
        params: idParams,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      feature(request);
      return read(request, reply, () =>
        reviews.listForProduct(request.tenant, request.params.id, request.query, request.user),
      );
    },
  );

  app.get(
    '/reviews/product/:id/stats',
    {
      schema: {
        operationId: 'getReviewStats',
        security: access.public,
        tags,
        summary: '상품 리뷰 통계 (전체 수, 평균 별점, 별점별 개수)',
        params: idParams,
        response: { 200: reviewStatsSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      feature(request);
      return answers
        .get(request.tenant.id, `stats:${request.params.id}`, () => reviews.stats(request.tenant, request.params.id))
        .then((answer) => sendJsonText(reply, answer));
    },
  );

  app.get(
    '/reviews/product/:id/eligibility',
    {
      attachValidation: true,
      schema: {
        operationId: 'getReviewEligibility',
        security: access.signedIn,
        tags,
        summary: '이 상품에 리뷰를 쓸 수 있는지 (구매 여부와 내가 쓴 리뷰)',
        params: idParams,
        response: { 200: reviewEligibilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      return sendJson(reply, await reviews.eligibility(request.tenant, user, request.params.id));
    },
  );

  for (const [path, operationId, summary] of [
    [
      '/reviews/product/:id',
      'createReview',
      '리뷰 작성 (결제 완료된 구매자, 상품당 한 번; 본문 rating, title, content)',
    ],
    ['/products/:id/reviews', 'createProductReview', '리뷰 작성 (/reviews/product/{id}와 같음)'],
  ] as const) {
    app.post(
      path,
      {
        attachValidation: true,
        config: perMinute(20),
        schema: {
          operationId,
          security: access.signedIn,
          tags,
          summary,
          params: idParams,
          body: reviewInputSchema,
          response: { 201: reviewSchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const user = signedIn(request);
        return sendJson(reply, await reviews.create(request.tenant, user, request.params.id, request.body), 201);
      },
    );
  }

  app.put(
    '/reviews/:id',
    {
      attachValidation: true,
      config: perMinute(30),
      schema: {
        operationId: 'updateReview',
        security: access.signedIn,
        tags,
        summary: '리뷰 수정 (작성자; rating, title, content)',
        params: idParams,
        body: reviewInputSchema,
        response: { 200: reviewSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      return sendJson(reply, await reviews.update(request.tenant, user, request.params.id, request.body));
    },
  );

  app.delete(
    '/reviews/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'deleteReview',
        security: access.signedIn,
        tags,
        summary: '리뷰 삭제 (작성자; 이미지와 도움돼요 함께 삭제)',
        params: idParams,
        response: { 200: reviewDeleteResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      return sendJson(reply, await reviews.remove(request.tenant, user, request.params.id));
    },
  );

  app.post(
    '/reviews/:id/helpful',
    {
      attachValidation: true,
      config: perMinute(120),
      schema: {
        operationId: 'toggleReviewHelpful',
        security: access.signedIn,
        tags,
        summary: '도움돼요 전환 (사용자당 한 표; 내 리뷰에는 누를 수 없음)',
        params: idParams,
        response: { 200: reviewHelpfulSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      return sendJson(reply, await reviews.toggleHelpful(request.tenant, user, request.params.id));
    },
  );

  app.get(
    '/reviews/:id/helpful/status',
    {
      schema: {
        operationId: 'getReviewHelpfulStatus',
        security: access.optional,
        tags,
        summary: '도움돼요 상태 (로그인하지 않았으면 is_helpful은 false)',
        params: idParams,
        response: { 200: reviewHelpfulSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      feature(request);
      return sendJson(reply, await reviews.helpfulStatus(request.tenant, request.user, request.params.id));
    },
  );

  app.post(
    '/reviews/:id/images',
    {
      attachValidation: true,
      config: { ...perMinute(60), multipartForm: reviewImageFormSchema },
      schema: {
        operationId: 'uploadReviewImage',
        security: access.signedIn,
        tags,
        summary: '리뷰 이미지 업로드 (작성자; multipart file; JPG/PNG/GIF/WebP, 5MB 이하, 리뷰당 5개까지)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: reviewMediaSchema, 413: errorSchema, 415: errorSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      await reviews.assertCanAddImage(request.tenant, user, request.params.id);
      const upload = await readImageUpload(request, uploadMessages);
      return sendJson(reply, await reviews.addImage(request.tenant, user, request.params.id, upload), 201);
    },
  );

  app.delete(
    '/reviews/:id/images/:mediaId',
    {
      attachValidation: true,
      schema: {
        operationId: 'deleteReviewImage',
        security: access.signedIn,
        tags,
        summary: '리뷰 이미지 삭제 (작성자)',
        params: reviewImageParamsSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { id, mediaId } = request.params;
      return sendJson(reply, await reviews.deleteImage(request.tenant, user, id, mediaId));
    },
  );

  app.get(
    '/reviews/user/:id',
    {
      schema: {
        operationId: 'listUserReviews',
        security: access.optional,
        tags,
        summary: '사용자가 쓴 리뷰 (skip, limit; 최신순)',
        params: idParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      feature(request);
      return read(request, reply, () =>
        reviews.listByUser(request.tenant, request.params.id, request.query, request.user),
      );
    },
  );

  app.get(
    '/reviews/my-reviews',
    {
      attachValidation: true,
      schema: {
        operationId: 'listMyReviews',
        security: access.signedIn,
        tags,
        summary: '내가 쓴 리뷰 (skip, limit; 최신순)',
        querystring: reviewPageQuerySchema,
        response: { 200: reviewListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      return sendJson(reply, await reviews.listByUser(request.tenant, user.id, request.query, user));
    },
  );
};

import {
  commentGroupsSchema,
  dashboardAnnouncementsSchema,
  dashboardCommentsSchema,
  dashboardContentsQuerySchema,
  dashboardContentsSchema,
  dashboardListQuerySchema,
  dashboardMessages,
  dashboardProductsQuerySchema,
  dashboardProductsSchema,
  dashboardProfileAnswerSchema,
  dashboardProfileUpdateAnswerSchema,
  dashboardProfileUpdateSchema,
  dashboardReviewsSchema,
  dashboardStatsSchema,
  dashboardSummarySchema,
  errorSchema,
  PROFILE_IMAGE_BYTES_MAX,
  productMessages,
  profileImageAnswerSchema,
  profileImageFormSchema,
  recentActivitySchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CurrentUser, requireFeature, requireUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { assertValid, sendJson } from '../../platform/json-reply.js';
import { readImageUpload } from '../../platform/media/upload.js';
import { access } from '../../platform/openapi.js';
import { presentProfile } from './dashboard.presenter.js';
import { merchantOnly } from './dashboard.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
const tags = ['dashboard'];

const uploadMessages = {
  missing: dashboardMessages.imageMissing,
  tooLarge: dashboardMessages.imageTooLarge,
  heic: productMessages.imageHeic,
  imageOnly: dashboardMessages.imageOnly,
};

type Feature = 'content' | 'reviews' | 'products' | 'merchant';

/**
 * The guards of every dashboard call, in one order: the features (404 feature_disabled), the
 * session (401), then bad input (400).
 */
function signedIn(request: FastifyRequest, ...features: Feature[]): CurrentUser {
  for (const feature of features) {
    if (feature === 'products') {
      if (!request.tenant.features.delivery) requireFeature(request, 'shopping');
    } else {
      requireFeature(request, feature);
    }
  }
  const user = requireUser(request);
  assertValid(request);
  return user;
}

/** A picture that is not an image is bad input (400) with the screen's text. */
function asBadRequest(err: unknown): unknown {
  if (err instanceof AppError && err.status === 415) return AppError.badRequest(err.detail, err.code);
  return err;
}

/** The dashboard calls of spec part 3, section 7 (docs/decisions/018-dashboards.md). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // The profile image: one file of at most 30 MB, its size limit enforced while reading.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_BYTES_MAX, files: 1, fields: 5, fieldSize: 1024, parts: 7, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const { dashboard } = app;

  app.get(
    '/dashboard/profile',
    {
      attachValidation: true,
      schema: {
        operationId: 'getDashboardProfile',
        security: access.signedIn,
        tags,
        summary: '내 프로필 (가맹점주는 사업자 정보 포함)',
        response: { 200: dashboardProfileAnswerSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      reply.header('cache-control', 'no-store');
      return sendJson(reply, { profile: presentProfile(user.account) });
    },
  );

  app.put(
    '/dashboard/profile',
    {
      attachValidation: true,
      config: perMinute(30),
      schema: {
        operationId: 'updateDashboardProfile',
        security: access.signedIn,
        tags,
        summary: '프로필 수정 (보낸 항목만 변경; 사업자 항목은 가맹점주만)',
        body: dashboardProfileUpdateSchema,
        response: { 200: dashboardProfileUpdateAnswerSchema, ...errors, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const account = await dashboard.updateProfile(user, request.body);
      return sendJson(reply, {
        message: dashboardMessages.profileSaved,
        profile: presentProfile(account),
        user: app.auth.presentUser(account),
      });
    },
  );

  app.post(
    '/dashboard/profile/image',
    {
      attachValidation: true,
      config: { ...perMinute(20), multipartForm: profileImageFormSchema },
      schema: {
        operationId: 'uploadProfileImage',
        security: access.signedIn,
        tags,
        summary: '프로필 이미지 업로드 (multipart profile_image; 이미지, 30MB 이하; 300×300 WebP로 저장)',
        consumes: ['multipart/form-data'],
        response: { 200: profileImageAnswerSchema, ...errors, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const upload = await readImageUpload(request, uploadMessages, 'profile_image').catch((err) => {
        throw asBadRequest(err);
      });
      const { image } = await dashboard.setProfileImage(user, upload.data);
      return sendJson(reply, {
        message: dashboardMessages.imageUploaded,
        profile_image: image,
        user: app.auth.presentUser(await dashboard.account(user)),
      });
    },
  );

  app.delete(
    '/dashboard/profile/image',
    {
      attachValidation: true,
      config: perMinute(30),
      schema: {
        operationId: 'deleteProfileImage',
        security: access.signedIn,
        tags,
        summary: '프로필 이미지 삭제',
        response: { 200: profileImageAnswerSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      await dashboard.deleteProfileImage(user);
      return sendJson(reply, {
        message: dashboardMessages.imageDeleted,
        profile_image: null,
        user: app.auth.presentUser(await dashboard.account(user)),
      });
    },
  );

  app.get(
    '/dashboard/stats',
    {
      attachValidation: true,
      schema: {
        operationId: 'getDashboardStats',
        security: access.signedIn,
        tags,
        summary: '내 게시글 수, 받은 좋아요와 댓글, 최근 7일 게시글 수',
        response: { 200: dashboardStatsSchema, 401: errorSchema },
      },
    },
    async (request, reply) => sendJson(reply, await dashboard.stats(signedIn(request))),
  );

  app.get(
    '/dashboard/summary',
    {
      attachValidation: true,
      schema: {
        operationId: 'getDashboardSummary',
        security: access.signedIn,
        tags,
        summary: '통계와 최근 7일 게시글 (최대 5개)',
        response: { 200: dashboardSummarySchema, 401: errorSchema },
      },
    },
    async (request, reply) => sendJson(reply, await dashboard.summary(signedIn(request))),
  );

  app.get(
    '/dashboard/recent-activity',
    {
      attachValidation: true,
      schema: {
        operationId: 'getDashboardRecentActivity',
        security: access.signedIn,
        tags,
        summary: '최근 7일 활동 (게시글, 댓글, 리뷰, 주문; 최신순 20개)',
        response: { 200: recentActivitySchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      return sendJson(reply, await dashboard.recentActivity(request.tenant, user));
    },
  );

  app.get(
    '/dashboard/contents',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDashboardContents',
        security: access.signedIn,
        tags,
        summary: '내 게시글 (limit 기본 6, offset, content_type image|video, sort latest|popular|oldest)',
        querystring: dashboardContentsQuerySchema,
        response: { 200: dashboardContentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request, 'content');
      return sendJson(reply, await dashboard.contents(user, request.query));
    },
  );

  app.get(
    '/dashboard/comments',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDashboardComments',
        security: access.signedIn,
        tags,
        summary: '내가 쓴 댓글 (limit 기본 10, offset; 최신순)',
        querystring: dashboardListQuerySchema,
        response: { 200: dashboardCommentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request, 'content');
      return sendJson(reply, await dashboard.comments(user, request.query));
    },
  );

  app.get(
    '/dashboard/my-comments',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDashboardCommentGroups',
        security: access.signedIn,
        tags,
        summary: '내 게시글에 달린 댓글 (게시글별, 최근 활동순; limit 기본 10, offset)',
        querystring: dashboardListQuerySchema,
        response: { 200: commentGroupsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request, 'content');
      return sendJson(reply, await dashboard.commentGroups(user, request.query));
    },
  );

  app.get(
    '/dashboard/announcements',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDashboardAnnouncements',
        security: access.signedIn,
        tags,
        summary: '공지사항 (limit 기본 10, offset; 최신순)',
        querystring: dashboardListQuerySchema,
        response: { 200: dashboardAnnouncementsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request, 'content');
      return sendJson(reply, await dashboard.announcements(user, request.query, false));
    },
  );

  app.get(
    '/dashboard/my-announcements',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDashboardMyAnnouncements',
        security: access.signedIn,
        tags,
        summary: '내 공지사항 (가맹점주; limit 기본 10, offset)',
        querystring: dashboardListQuerySchema,
        response: { 200: dashboardAnnouncementsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request, 'content');
      merchantOnly(user);
      return sendJson(reply, await dashboard.announcements(user, request.query, true));
    },
  );

  app.get(
    '/dashboard/reviews',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDashboardReviews',
        security: access.signedIn,
        tags,
        summary: '내가 쓴 리뷰와 전체 통계 (limit 기본 10, offset; 최신순)',
        querystring: dashboardListQuerySchema,
        response: { 200: dashboardReviewsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request, 'reviews');
      return sendJson(reply, await dashboard.reviews(request.tenant, user, request.query));
    },
  );

  app.get(
    '/dashboard/products',
    {
      attachValidation: true,
      schema: {
        operationId: 'listDashboardProducts',
        security: access.signedIn,
        tags,
        summary: '내 상품 (가맹점주; 삭제되지 않은 상품, 판매중지 포함; limit 기본 100, offset)',
        querystring: dashboardProductsQuerySchema,
        response: { 200: dashboardProductsSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The merchant dashboard's products tab: the merchant switch turns it off with the dashboard.
      const user = signedIn(request, 'products', 'merchant');
      merchantOnly(user);
      return sendJson(reply, await dashboard.products(request.tenant, user, request.query));
    },
  );
};

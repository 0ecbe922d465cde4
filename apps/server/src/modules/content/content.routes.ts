import {
  commentDeleteResultSchema,
  commentInputSchema,
  commentListQuerySchema,
  commentListSchema,
  commentSchema,
  contentStatsSchema,
  creatorListSchema,
  errorSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  likeStateSchema,
  merchantChannelSchema,
  postBulkDeleteResultSchema,
  postBulkDeleteSchema,
  postFormSchema,
  postListQuerySchema,
  postListSchema,
  postSchema,
  postSearchQuerySchema,
  publicUserSchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFeature, requireMerchant, requireUser } from '../../platform/auth.js';
import { assertValid, sendJson, sendJsonText } from '../../platform/json-reply.js';
import { access } from '../../platform/openapi.js';
import { postMultipartLimits, readPostForm } from './post-upload.js';

const idParams = idParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const uploadErrors = { ...errors, 413: errorSchema, 415: errorSchema };

const content = (request: FastifyRequest) => requireFeature(request, 'content');

/**
 * The content and main-feed post calls of spec part 2, section 7, and the channel page's user
 * and merchant lookups. Anonymous reads of lists and posts are served from the short answer
 * cache; signed-in reads are made fresh (they carry is_liked).
 */
export const contentRoutes: FastifyPluginAsyncZod<{ fileBytesMax: number }> = async (app, opts) => {
  await app.register(multipart, { limits: postMultipartLimits(opts.fileBytesMax), throwFileSizeLimit: true });
  const service = app.content;
  const answers = app.contentAnswers;
  const tags = ['content'];

  const listPosts = async (request: FastifyRequest, query: z.output<typeof postSearchQuerySchema>, reply: object) => {
    if (request.user) return sendJson(reply, await service.listPosts(request.tenant, query, request.user));
    return answers
      .get(request.tenant.id, request.url, () => service.listPosts(request.tenant, query, null))
      .then((answer) => sendJsonText(reply, answer));
  };
  const showPost = async (request: FastifyRequest, postId: number, reply: object) => {
    const viewer = request.user;
    const sent = viewer
      ? await service.getPost(request.tenant, postId, viewer).then((p) => sendJson(reply, p))
      : await answers
          .get(request.tenant.id, `post:${postId}`, () => service.getPost(request.tenant, postId, null))
          .then((answer) => sendJsonText(reply, answer));
    service.countView(request.tenant.id, postId, { userId: viewer?.id, address: request.ip });
    return sent;
  };

  for (const [path, operationId, summary] of [
    ['/content/posts', 'listPosts', '게시글 목록 (page, size, author_id, is_announcement, media_type, sort)'],
    ['/main/posts', 'listFeedPosts', '메인 피드 게시글 (page, size, is_announcement, media_type: 숏츠는 video)'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          operationId,
          security: access.optional,
          tags,
          summary,
          querystring: postListQuerySchema,
          response: { 200: postListSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        content(request);
        return listPosts(request, request.query, reply);
      },
    );
  }

  app.get(
    '/content/posts/search',
    {
      schema: {
        operationId: 'searchPosts',
        security: access.optional,
        tags,
        summary: '게시글 검색 (q: 제목 또는 내용의 부분 문자열, page, size, author_id)',
        querystring: postSearchQuerySchema,
        response: { 200: postListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      content(request);
      return listPosts(request, request.query, reply);
    },
  );

  app.post(
    '/content/posts',
    {
      config: { multipartForm: postFormSchema },
      schema: {
        operationId: 'createPost',
        security: access.signedIn,
        tags,
        summary:
          '게시글 작성 (판매자; multipart: title, content, is_announcement, custom_thumbnails, files 최대 10개, 각 50MB; Idempotency-Key로 다시 보내도 글은 하나)',
        consumes: ['multipart/form-data'],
        headers: idempotencyHeadersSchema,
        response: { 201: postSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      content(request);
      const user = requireMerchant(request);
      const form = await readPostForm(request, opts.fileBytesMax);
      try {
        const key = request.headers['idempotency-key'] ?? null;
        return sendJson(reply, await service.createPost(request.tenant, user, form, key), 201);
      } finally {
        await form.cleanup();
      }
    },
  );

  app.delete(
    '/content/posts',
    {
      attachValidation: true,
      schema: {
        operationId: 'deletePosts',
        security: access.signedIn,
        tags,
        summary: '내 게시글 여러 개 삭제 (본문 ids; 하나라도 남의 글이면 아무것도 지우지 않음)',
        body: postBulkDeleteSchema,
        response: { 200: postBulkDeleteResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      content(request);
      const user = requireUser(request);
      assertValid(request);
      return sendJson(reply, { deleted: await service.deletePosts(request.tenant, user, request.body.ids) });
    },
  );

  for (const [path, operationId, summary] of [
    ['/content/posts/:id', 'getPost', '게시글 상세 (조회수는 보는 사람마다 기간당 한 번)'],
    ['/main/posts/:id', 'getFeedPost', '메인 피드 게시글 상세'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          operationId,
          security: access.optional,
          tags,
          summary,
          params: idParams,
          response: { 200: postSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        content(request);
        return showPost(request, request.params.id, reply);
      },
    );
  }

  app.put(
    '/content/posts/:id',
    {
      attachValidation: true,
      config: { multipartForm: postFormSchema },
      schema: {
        operationId: 'updatePost',
        security: access.signedIn,
        tags,
        summary:
          '게시글 수정 (작성자; multipart: title, content, is_announcement, custom_thumbnails, existing_media_thumbnails, remove_media_ids, files)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: postSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      content(request);
      const user = requireUser(request);
      assertValid(request);
      // Refuse a stranger before reading any upload.
      await service.assertAuthor(request.tenant, user, request.params.id);
      const form = await readPostForm(request, opts.fileBytesMax);
      try {
        return sendJson(reply, await service.updatePost(request.tenant, user, request.params.id, form));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.delete(
    '/content/posts/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'deletePost',
        security: access.signedIn,
        tags,
        summary: '게시글 삭제 (작성자; 댓글, 좋아요, 미디어 파일 함께 삭제)',
        params: idParams,
        response: { 200: postBulkDeleteResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      content(request);
      const user = requireUser(request);
      assertValid(request);
      return sendJson(reply, { deleted: await service.deletePosts(request.tenant, user, [request.params.id]) });
    },
  );

  // --- likes -----------------------------------------------------------------------------------

  for (const [method, want, path, operationId, summary] of [
    ['POST', true, '/content/posts/:id/like', 'likePost', '좋아요 (사용자당 한 번; 반복해도 같음)'],
    ['DELETE', false, '/content/posts/:id/like', 'unlikePost', '좋아요 취소 (반복해도 같음)'],
    ['POST', undefined, '/main/posts/:id/like', 'togglePostLike', '좋아요 전환 (토글)'],
  ] as const) {
    app.route({
      method,
      url: path,
      attachValidation: true,
      schema: {
        operationId,
        security: access.signedIn,
        tags,
        summary,
        params: idParams,
        response: { 200: likeStateSchema, ...errors },
      },
      handler: async (request, reply) => {
        content(request);
        const user = requireUser(request);
        assertValid(request);
        return sendJson(reply, await service.setLike(request.tenant, user, request.params.id, want));
      },
    });
  }

  // --- comments --------------------------------------------------------------------------------

  for (const [path, operationId] of [
    ['/content/posts/:id/comments', 'listComments'],
    ['/main/posts/:id/comments', 'listFeedComments'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          operationId,
          security: access.public,
          tags,
          summary: '댓글 목록 (최상위 댓글 page/size, 답글 포함, 읽는 순서)',
          params: idParams,
          querystring: commentListQuerySchema,
          response: { 200: commentListSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        content(request);
        const { page, size } = request.query;
        return sendJson(reply, await service.listComments(request.tenant, request.params.id, page, size));
      },
    );
  }

  app.post(
    '/content/posts/:id/comments',
    {
      attachValidation: true,
      schema: {
        operationId: 'createComment',
        security: access.signedIn,
        tags,
        summary: '댓글 또는 답글 작성 (본문 content, parent_id; 깊이 5까지; Idempotency-Key로 다시 보내도 댓글은 하나)',
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: commentInputSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      content(request);
      const user = requireUser(request);
      assertValid(request);
      const key = request.headers['idempotency-key'] ?? null;
      return sendJson(
        reply,
        await service.createComment(request.tenant, user, request.params.id, request.body, key),
        201,
      );
    },
  );

  app.post(
    '/main/posts/:id/comments',
    {
      attachValidation: true,
      schema: {
        operationId: 'createCommentFromQuery',
        security: access.signedIn,
        tags,
        summary: '댓글 또는 답글 작성 (쿼리 content, parent_id; Idempotency-Key로 다시 보내도 댓글은 하나)',
        params: idParams,
        headers: idempotencyHeadersSchema,
        querystring: commentInputSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      content(request);
      const user = requireUser(request);
      assertValid(request);
      const key = request.headers['idempotency-key'] ?? null;
      return sendJson(
        reply,
        await service.createComment(request.tenant, user, request.params.id, request.query, key),
        201,
      );
    },
  );

  app.delete(
    '/content/comments/:id',
    {
      attachValidation: true,
      schema: {
        operationId: 'deleteComment',
        security: access.signedIn,
        tags,
        summary: '댓글 삭제 (작성자; 답글이 있으면 "삭제된 댓글입니다."로 남음)',
        params: idParams,
        response: { 200: commentDeleteResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      content(request);
      const user = requireUser(request);
      assertValid(request);
      return sendJson(reply, await service.deleteComment(request.tenant, user, request.params.id));
    },
  );

  // --- main feed extras --------------------------------------------------------------------------

  app.get(
    '/main/creators',
    {
      schema: {
        operationId: 'listCreators',
        security: access.public,
        tags,
        summary: '크리에이터 (게시글을 쓴 판매자, 최근 활동 순)',
        querystring: z.object({ size: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: creatorListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      content(request);
      const answer = await answers.get(request.tenant.id, request.url, async () => ({
        creators: await service.creators(request.tenant, request.query.size),
      }));
      return sendJsonText(reply, answer);
    },
  );

  app.get(
    '/main/stats',
    {
      schema: {
        operationId: 'getCommunityStats',
        security: access.public,
        tags,
        summary: '커뮤니티 통계 (게시글, 영상, 크리에이터, 좋아요, 댓글, 조회 수)',
        response: { 200: contentStatsSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      content(request);
      const answer = await answers.get(request.tenant.id, 'stats', () => service.stats(request.tenant));
      return sendJsonText(reply, answer);
    },
  );

  // --- channel page lookups ----------------------------------------------------------------------

  app.get(
    '/users/merchants/:id',
    {
      schema: {
        operationId: 'getMerchantChannel',
        security: access.public,
        tags: ['users'],
        summary: '판매자 채널 정보 (판매자 id; merchant 기능)',
        params: idParams,
        response: { 200: merchantChannelSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      // The public channel (/merchant/{id}) belongs to the merchant module (spec part 1, routes).
      requireFeature(request, 'merchant');
      return sendJson(reply, await service.merchantChannel(request.tenant, request.params.id));
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        operationId: 'getUser',
        security: access.public,
        tags: ['users'],
        summary: '사용자 공개 정보 (채널 페이지)',
        params: idParams,
        response: { 200: publicUserSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => sendJson(reply, await service.publicUser(request.tenant, request.params.id)),
  );
};

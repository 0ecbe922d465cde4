import {
  COMMENT_DEPTH_MAX,
  type Comment,
  type CommentList,
  type ContentStats,
  type Creator,
  customThumbnailsSchema,
  existingMediaThumbnailsSchema,
  type LikeState,
  type MerchantChannel,
  POST_FILES_MAX,
  type Post,
  type PostList,
  type PostSearchQuery,
  type PublicUser,
  postFieldsSchema,
  postMessages,
  removeMediaIdsSchema,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AnswerCache } from '../../platform/answer-cache.js';
import type { CurrentUser } from '../../platform/auth.js';
import { createBatchedSums } from '../../platform/batched-sums.js';
import type { Bus } from '../../platform/bus.js';
import type { CounterStore } from '../../platform/counters.js';
import { type Db, type DbOrTx, lookUp } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { createTotals, paged } from '../../platform/totals.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { deliveryTermsOf } from '../users/delivery-terms.js';
import { presentComment, presentPost, threadOrder } from './content.presenter.js';
import * as repo from './content.repository.js';
import type { PostMediaRow } from './content.schema.js';
import { type StoredMedia, storeThumbnail, storeUpload } from './post-media.js';
import type { PostForm } from './post-upload.js';

/** A toggle runs again when a concurrent call of the same user moved the like under it; at most this often. */
const TOGGLE_ATTEMPTS = 10;

export const postNotFound = () => AppError.notFound(postMessages.notFound, 'post_not_found');
const commentNotFound = () => AppError.notFound(postMessages.commentNotFound, 'comment_not_found');
const requestKeyReused = () =>
  AppError.conflict('같은 요청 키로 다른 내용을 등록할 수 없습니다.', 'idempotency_key_reused');

/** A JSON text field of the form, validated; absent or empty means the default. */
function jsonField<T>(fields: Record<string, string>, name: string, schema: z.ZodType<T>, empty: T): T {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return empty;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw AppError.badRequest(postMessages.badJsonField(name), 'validation_error');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw AppError.badRequest(postMessages.badJsonField(name), 'validation_error');
  return parsed.data;
}

function parseFields(fields: Record<string, string>) {
  const parsed = postFieldsSchema.safeParse({
    title: fields.title,
    content: fields.content,
    is_announcement: fields.is_announcement?.toLowerCase(),
  });
  if (!parsed.success) {
    throw AppError.badRequest(parsed.error.issues[0]?.message ?? postMessages.titleRequired, 'validation_error');
  }
  return parsed.data;
}

export interface ViewerKey {
  userId?: number | null;
  address: string;
}

export function createContentService(deps: {
  db: Db;
  storage: Storage;
  answers: AnswerCache;
  log: FastifyBaseLogger;
  bus: Bus;
  counters: CounterStore;
  counterFlushMs: number;
  /** How long one viewer's repeated opens of a post count once. */
  viewPeriodMs: number;
}) {
  const { db, storage, answers } = deps;

  // Views: once per viewer and post per period (marks in the counter store, shared by the nodes
  // with Redis), written in batches.
  const views = createBatchedSums<{ tenantId: number; id: number }>({
    flushMs: deps.counterFlushMs,
    log: deps.log,
    what: 'post views',
    write: (tenantId, v) => repo.addPostViews(db, tenantId, v),
  });
  // Views whose mark is being claimed: the answer does not wait for them, a flush does.
  const claiming = new Set<Promise<void>>();

  const changed = (tenantId: number) => answers.invalidate(tenantId);
  /** Drops cached answers again once the write is committed (a read in between may have cached the old state). */
  const afterCommit = <T>(tenantId: number, write: Promise<T>) => write.finally(() => changed(tenantId));
  // Feed totals, kept a few seconds (a count walks every post of the tenant); dropped on every
  // node when a post is made, changed or deleted.
  const totals = createTotals(deps.bus, 'post-totals');
  const reads = repo.createPostReads(db);
  const afterPostsCommit = <T>(tenantId: number, write: Promise<T>) =>
    afterCommit(tenantId, write).finally(() => totals.drop(tenantId));

  /**
   * Likes, unlikes (`want`) or toggles: one statement (repo.changeLike). A toggle that neither
   * added nor removed met a like committed by a concurrent call of the same user after its
   * statement began: it runs again, now seeing it, so that concurrent toggles behave as if one
   * after the other (a double-click likes, then unlikes). It runs again only when another call
   * made progress.
   */
  async function writeLike(tenantId: number, userId: number, id: number, want?: boolean): Promise<LikeState> {
    const change = want === undefined ? 'toggle' : want ? 'like' : 'unlike';
    for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt++) {
      const moved = await repo.changeLike(db, tenantId, id, userId, change);
      if (!moved) throw postNotFound();
      if (want !== undefined) return { post_id: id, is_liked: want, likes_count: moved.count };
      if (moved.added || moved.removed) return { post_id: id, is_liked: moved.added, likes_count: moved.count };
    }
    throw AppError.conflict('다른 요청과 동시에 처리되어 완료하지 못했습니다. 다시 시도해 주세요.', 'conflict');
  }

  /** Rows with their media and the viewer's likes (inside a transaction, on its connection). */
  async function present(tenantId: number, rows: repo.PostWithAuthor[], viewer: CurrentUser | null, tx: DbOrTx = db) {
    const ids = rows.map((r) => r.id);
    const [media, liked] = await lookUp(tx, [
      () => (tx === db ? reads.media(tenantId, ids) : repo.listMediaOf(tx, tenantId, ids)),
      async () =>
        !viewer
          ? new Set<number>()
          : tx === db
            ? reads.liked(tenantId, viewer.id, ids)
            : repo.likedAmong(tx, tenantId, viewer.id, ids),
    ] as const);
    const byPost = new Map<number, PostMediaRow[]>();
    for (const m of media) {
      const list = byPost.get(m.postId) ?? [];
      list.push(m);
      byPost.set(m.postId, list);
    }
    return rows.map((r) => presentPost(r, byPost.get(r.id) ?? [], liked.has(r.id), storage));
  }

  async function detail(tenantId: number, id: number, viewer: CurrentUser | null, tx: DbOrTx = db): Promise<Post> {
    const row = tx === db ? await reads.find(tenantId, id) : await repo.findPost(tx, tenantId, id);
    if (!row) throw postNotFound();
    return (await present(tenantId, [row], viewer, tx))[0] as Post;
  }

  async function findOwn(tx: DbOrTx, tenantId: number, user: CurrentUser, id: number, forbidden: string) {
    const row = await repo.findPost(tx, tenantId, id, { forUpdate: true });
    if (!row) throw postNotFound();
    if (row.authorId !== user.id) throw AppError.forbidden(forbidden, 'not_post_author');
    return row;
  }

  /** Stores the uploads (thumbnails matched by file name); on failure removes what was stored. */
  async function storeAll(tenantId: number, form: PostForm, thumbs: Map<string, string>) {
    const written: string[] = [];
    try {
      const stored: StoredMedia[] = [];
      for (const file of form.files) {
        stored.push(await storeUpload(storage, tenantId, file, thumbs.get(file.fileName), written));
      }
      return { stored, written };
    } catch (err) {
      await storage.delete(written).catch(() => undefined);
      throw err;
    }
  }

  function mediaRows(tenantId: number, postId: number, stored: StoredMedia[], from: number) {
    return stored.map((s, i) => ({ tenantId, postId, ...s, sortOrder: from + i }));
  }

  return {
    /** Writes the views counted so far (those still being claimed included). */
    async flushViews() {
      await Promise.all(claiming);
      await views.flush();
    },

    /** Counts a view unless this viewer opened the post within the period (no write per read). */
    countView(tenantId: number, id: number, viewer: ViewerKey): void {
      const key = `seen:${tenantId}:${id}:${viewer.userId ? `u${viewer.userId}` : `a${viewer.address}`}`;
      const claim = deps.counters.claim(key, deps.viewPeriodMs).then(
        (first) => {
          if (first) views.add(`${tenantId}:${id}`, { tenantId, id });
        },
        (err: unknown) => deps.log.warn({ err }, 'view not counted (counter store unavailable)'),
      );
      claiming.add(claim);
      void claim.finally(() => claiming.delete(claim));
    },

    async listPosts(tenant: TenantRow, query: PostSearchQuery, viewer: CurrentUser | null): Promise<PostList> {
      const filter: repo.PostFilter = {
        tenantId: tenant.id,
        authorId: query.author_id,
        isAnnouncement: query.is_announcement,
        hasVideo: query.media_type === undefined ? undefined : query.media_type === 'video',
        q: query.q?.trim() || undefined,
      };
      const [rows, total] = await Promise.all([
        reads.list(filter, query.sort ?? 'latest', query.size, (query.page - 1) * query.size),
        totals.get(tenant.id, JSON.stringify(filter), () => reads.count(filter)),
      ]);
      return { posts: await present(tenant.id, rows, viewer), ...paged(query.page, query.size, total) };
    },

    /**
     * A window of posts by offset (the dashboard's lists): `limit` rows from `offset` along the
     * ordering index, presented with their media (one query for the page), without a count.
     */
    async postWindow(
      tenantId: number,
      filter: { authorId?: number; isAnnouncement?: boolean; hasVideo?: boolean },
      sort: repo.PostSort,
      limit: number,
      offset: number,
      viewer: CurrentUser | null,
    ): Promise<Post[]> {
      const rows = await reads.list({ tenantId, ...filter }, sort, limit, offset);
      return present(tenantId, rows, viewer);
    },

    getPost: (tenant: TenantRow, id: number, viewer: CurrentUser | null) => detail(tenant.id, id, viewer),

    /**
     * A new post. With a request key (the Idempotency-Key header) a repeated create answers the
     * post the first one made and stores nothing; the same key with another title or content is 409.
     */
    async createPost(
      tenant: TenantRow,
      user: CurrentUser,
      form: PostForm,
      requestKey: string | null = null,
    ): Promise<Post> {
      const fields = parseFields(form.fields);
      if (fields.is_announcement && user.userType !== 'merchant') {
        throw AppError.forbidden(postMessages.announcementMerchantsOnly, 'announcement_merchants_only');
      }
      const thumbs = jsonField(form.fields, 'custom_thumbnails', customThumbnailsSchema, []);
      if (form.files.length > POST_FILES_MAX) throw AppError.badRequest(postMessages.filesMax, 'too_many_files');
      const replay = async (tx: DbOrTx) => {
        if (requestKey === null) return undefined;
        const earlier = await repo.findPostByRequestKey(tx, tenant.id, user.id, requestKey);
        if (!earlier) return undefined;
        if (earlier.title !== fields.title || earlier.content !== fields.content) throw requestKeyReused();
        return detail(tenant.id, earlier.id, user, tx);
      };
      // A retry after a lost answer usually finds its post here, before its files are stored again.
      const earlier = await replay(db);
      if (earlier) return earlier;
      const { stored, written } = await storeAll(
        tenant.id,
        form,
        new Map(thumbs.map((t) => [t.fileName, t.thumbnailData])),
      );
      try {
        const answer = await afterPostsCommit(
          tenant.id,
          db.transaction(async (tx) => {
            const post = await repo.insertPost(tx, {
              tenantId: tenant.id,
              authorId: user.id,
              title: fields.title,
              content: fields.content,
              isAnnouncement: fields.is_announcement,
              hasVideo: stored.some((s) => s.mediaType === 'video'),
              requestKey,
            });
            // A twin request committed the post first: answer it; this one's files are not needed.
            if (!post) return { post: (await replay(tx)) as Post, replayed: true };
            await repo.insertMedia(tx, mediaRows(tenant.id, post.id, stored, 0));
            return { post: await detail(tenant.id, post.id, user, tx), replayed: false };
          }),
        );
        if (answer.replayed) await storage.delete(written).catch(() => undefined);
        return answer.post;
      } catch (err) {
        await storage.delete(written).catch(() => undefined);
        throw err;
      }
    },

    /** Author only; 404 before 403 so another tenant's post never shows it exists. */
    async assertAuthor(tenant: TenantRow, user: CurrentUser, id: number) {
      await findOwn(db, tenant.id, user, id, postMessages.editForbidden);
    },

    async updatePost(tenant: TenantRow, user: CurrentUser, id: number, form: PostForm): Promise<Post> {
      const fields = parseFields(form.fields);
      if (fields.is_announcement && user.userType !== 'merchant') {
        throw AppError.forbidden(postMessages.announcementMerchantsOnly, 'announcement_merchants_only');
      }
      const thumbs = jsonField(form.fields, 'custom_thumbnails', customThumbnailsSchema, []);
      const existingThumbs = jsonField(form.fields, 'existing_media_thumbnails', existingMediaThumbnailsSchema, []);
      const removeIds = new Set(jsonField(form.fields, 'remove_media_ids', removeMediaIdsSchema, []));

      // Checked before anything is stored, then again under the row lock.
      const before = await repo.findPost(db, tenant.id, id);
      if (!before) throw postNotFound();
      if (before.authorId !== user.id) throw AppError.forbidden(postMessages.editForbidden, 'not_post_author');
      const current = await repo.listMediaOf(db, tenant.id, [id]);
      const known = new Set(current.map((m) => m.id));
      if ([...removeIds].some((m) => !known.has(m)) || existingThumbs.some((t) => !known.has(t.mediaId))) {
        throw AppError.notFound('미디어를 찾을 수 없습니다.', 'media_not_found');
      }
      if (current.length - removeIds.size + form.files.length > POST_FILES_MAX) {
        throw AppError.badRequest(postMessages.filesMax, 'too_many_files');
      }

      const { stored, written } = await storeAll(
        tenant.id,
        form,
        new Map(thumbs.map((t) => [t.fileName, t.thumbnailData])),
      );
      const replacedThumbs: { mediaId: number; key: string }[] = [];
      try {
        for (const t of existingThumbs) {
          if (removeIds.has(t.mediaId)) continue;
          const key = await storeThumbnail(storage, tenant.id, t.thumbnailData);
          written.push(key);
          replacedThumbs.push({ mediaId: t.mediaId, key });
        }
        const { post, dropped } = await afterPostsCommit(
          tenant.id,
          db.transaction(async (tx) => {
            await findOwn(tx, tenant.id, user, id, postMessages.editForbidden);
            const media = await repo.listMediaOf(tx, tenant.id, [id]);
            const kept = media.filter((m) => !removeIds.has(m.id));
            if (kept.length + stored.length > POST_FILES_MAX) {
              throw AppError.badRequest(postMessages.filesMax, 'too_many_files');
            }
            const removed = media.filter((m) => removeIds.has(m.id));
            await repo.deleteMedia(tx, tenant.id, id, [...removeIds]);
            const oldThumbs: string[] = [];
            for (const r of replacedThumbs) {
              const m = media.find((x) => x.id === r.mediaId);
              if (m?.thumbnailKey) oldThumbs.push(m.thumbnailKey);
              await repo.setMediaThumbnail(tx, tenant.id, r.mediaId, r.key);
            }
            for (const [i, m] of kept.entries()) {
              if (m.sortOrder !== i) await repo.setMediaOrder(tx, tenant.id, m.id, i);
            }
            await repo.insertMedia(tx, mediaRows(tenant.id, id, stored, kept.length));
            await repo.updatePost(tx, tenant.id, id, {
              title: fields.title,
              content: fields.content,
              isAnnouncement: fields.is_announcement,
              hasVideo: [...kept, ...stored].some((m) => m.mediaType === 'video'),
              updatedAt: new Date(),
            });
            return {
              post: await detail(tenant.id, id, user, tx),
              dropped: [...removed.flatMap((m) => [m.fileKey, m.thumbnailKey ?? '']), ...oldThumbs].filter(Boolean),
            };
          }),
        );
        await storage.delete(dropped).catch(() => undefined);
        return post;
      } catch (err) {
        await storage.delete(written).catch(() => undefined);
        throw err;
      }
    },

    /** Deletes the author's posts (all or nothing) with their comments, likes and media files. */
    async deletePosts(tenant: TenantRow, user: CurrentUser, ids: number[]): Promise<number[]> {
      const unique = [...new Set(ids)];
      const keys = await afterPostsCommit(
        tenant.id,
        db.transaction(async (tx) => {
          // In id order, so two bulk deletes never wait on each other crosswise.
          for (const id of [...unique].sort((a, b) => a - b)) {
            await findOwn(tx, tenant.id, user, id, postMessages.deleteForbidden);
          }
          const media = await repo.listMediaOf(tx, tenant.id, unique);
          await repo.deletePosts(tx, tenant.id, unique);
          return media.flatMap((m) => [m.fileKey, m.thumbnailKey ?? '']).filter(Boolean);
        }),
      );
      await storage.delete(keys).catch(() => undefined);
      return unique;
    },

    // --- likes -------------------------------------------------------------------------------

    /**
     * Like or unlike (`want`), or toggle (`undefined`). The likes table is the truth; the post's
     * count moves by the rows actually added or removed, in the same single statement (one round
     * trip; the post row stays locked only for it), so counts stay exact under concurrency.
     */
    async setLike(tenant: TenantRow, user: CurrentUser, id: number, want?: boolean): Promise<LikeState> {
      return afterCommit(tenant.id, writeLike(tenant.id, user.id, id, want));
    },

    // --- comments ----------------------------------------------------------------------------

    async listComments(tenant: TenantRow, postId: number, page: number, size: number): Promise<CommentList> {
      const [post, rows, total] = await Promise.all([
        reads.find(tenant.id, postId),
        reads.threads(tenant.id, postId, size, (page - 1) * size),
        reads.rootCount(tenant.id, postId),
      ]);
      if (!post) throw postNotFound();
      return {
        comments: threadOrder(rows).map(presentComment),
        comments_count: post.commentsCount,
        ...paged(page, size, total),
      };
    },

    async createComment(
      tenant: TenantRow,
      user: CurrentUser,
      postId: number,
      input: { content: string; parent_id?: number | null },
      requestKey: string | null = null,
    ): Promise<Comment> {
      /** The comment this author made with the key, if any; the same key for another comment is 409. */
      const replay = async (tx: DbOrTx) => {
        if (requestKey === null) return undefined;
        const earlier = await repo.findCommentByRequestKey(tx, tenant.id, user.id, requestKey);
        if (!earlier) return undefined;
        if (
          earlier.postId !== postId ||
          earlier.content !== input.content ||
          earlier.parentId !== (input.parent_id ?? null)
        ) {
          throw requestKeyReused();
        }
        return presentComment(earlier);
      };
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          // The post row first (see lockPost): a parent deleted by a write that held it is gone now.
          if (!(await repo.lockPost(tx, tenant.id, postId))) throw postNotFound();
          // A repeated request (double click, retry after a lost answer) answers the first comment.
          const earlier = await replay(tx);
          if (earlier) return earlier;
          let depth = 0;
          let rootId: number | null = null;
          if (input.parent_id) {
            const parent = await repo.findComment(tx, tenant.id, input.parent_id);
            if (!parent || parent.postId !== postId) throw commentNotFound();
            // 409: the comment exists as a placeholder (also what a reply that lost a race to its deletion sees).
            if (parent.deletedAt) throw AppError.conflict(postMessages.parentCommentDeleted, 'parent_comment_deleted');
            if (parent.depth >= COMMENT_DEPTH_MAX) {
              throw AppError.badRequest(postMessages.commentDepthExceeded, 'comment_depth_exceeded');
            }
            depth = parent.depth + 1;
            rootId = parent.rootId ?? parent.id;
          }
          const row = await repo.insertComment(tx, {
            tenantId: tenant.id,
            postId,
            authorId: user.id,
            parentId: input.parent_id ?? null,
            rootId,
            depth,
            content: input.content,
            requestKey,
          });
          // Only a twin on another post can get here (the post lock orders the ones on this post).
          if (!row) return (await replay(tx)) as Comment;
          await repo.bumpComments(tx, tenant.id, postId, 1);
          return presentComment(row);
        }),
      );
    },

    /**
     * The author deletes a comment. One with replies stays as '삭제된 댓글입니다.' so the thread
     * keeps its shape; one without is removed, and so is each deleted ancestor left with no
     * replies. comments_count counts the comments not deleted.
     */
    async deleteComment(tenant: TenantRow, user: CurrentUser, id: number) {
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          // The post row first, in the order every write of its comments takes (see lockPost).
          const seen = await repo.findComment(tx, tenant.id, id);
          if (!seen || !(await repo.lockPost(tx, tenant.id, seen.postId))) throw commentNotFound();
          const row = await repo.findComment(tx, tenant.id, id, { forUpdate: true });
          if (!row || row.deletedAt) throw commentNotFound();
          if (row.authorId !== user.id)
            throw AppError.forbidden(postMessages.commentDeleteForbidden, 'not_comment_author');
          let mode: 'soft' | 'hard';
          if ((await repo.countChildren(tx, tenant.id, id)) > 0) {
            await repo.softDeleteComment(tx, tenant.id, id);
            mode = 'soft';
          } else {
            await repo.hardDeleteComment(tx, tenant.id, id);
            mode = 'hard';
            let parentId = row.parentId;
            while (parentId) {
              const parent = await repo.findComment(tx, tenant.id, parentId, { forUpdate: true });
              if (!parent?.deletedAt || (await repo.countChildren(tx, tenant.id, parent.id)) > 0) break;
              await repo.hardDeleteComment(tx, tenant.id, parent.id);
              parentId = parent.parentId;
            }
          }
          const count = await repo.bumpComments(tx, tenant.id, row.postId, -1);
          return { id, mode, comments_count: count };
        }),
      );
    },

    // --- main feed extras and channel lookups --------------------------------------------------

    async creators(tenant: TenantRow, limit: number): Promise<Creator[]> {
      const rows = await repo.listCreators(db, tenant.id, limit);
      return rows
        .filter((r) => r.person)
        .map((r) => ({
          id: r.authorId,
          merchant_id: r.person?.merchantId ?? null,
          username: r.person?.username ?? '',
          business_name: r.person?.businessName ?? null,
          profile_image: r.person?.profileImage ?? null,
          posts_count: r.postsCount,
          likes_count: r.likesCount,
          latest_post_at: r.latest.toISOString(),
        }));
    },

    async stats(tenant: TenantRow): Promise<ContentStats> {
      const s = await repo.contentStats(db, tenant.id);
      return {
        posts_count: s.posts,
        videos_count: s.videos,
        creators_count: s.creators,
        likes_count: s.likes,
        comments_count: s.comments,
        views_count: s.views,
      };
    },

    async publicUser(tenant: TenantRow, userId: number): Promise<PublicUser> {
      const row = await repo.findPublicUser(db, tenant.id, { userId });
      if (!row) throw AppError.notFound('사용자를 찾을 수 없습니다.', 'user_not_found');
      const counts = await repo.authorCounts(db, tenant.id, row.id);
      return {
        id: row.id,
        username: row.username,
        user_type: row.userType,
        profile_image: row.profileImage,
        merchant_id: row.merchantId,
        business_name: row.businessName,
        business_description: row.businessDescription,
        posts_count: counts.posts,
        counts,
        created_at: row.createdAt.toISOString(),
      };
    },

    async merchantChannel(tenant: TenantRow, merchantId: number): Promise<MerchantChannel> {
      const row = await repo.findPublicUser(db, tenant.id, { merchantId });
      if (!row?.merchantId) throw AppError.notFound('채널을 찾을 수 없습니다.', 'merchant_not_found');
      const [counts, terms] = await Promise.all([
        repo.authorCounts(db, tenant.id, row.id),
        deliveryTermsOf(db, tenant.id, row.merchantId),
      ]);
      return {
        id: row.merchantId,
        user_id: row.id,
        owner_id: row.id,
        business_name: row.businessName ?? row.username,
        business_description: row.businessDescription,
        username: row.username,
        profile_image: row.profileImage,
        delivery_terms: terms,
        counts,
      };
    },

    async close() {
      await Promise.all(claiming);
      await views.close();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../platform/db/columns.js';
import { users } from '../users/users.schema.js';

/**
 * A post of the community (written by merchants). The three counters are kept exact in the
 * transaction that changes the likes or comments (views are added in batches; see
 * docs/decisions/012-content.md). `has_video` and the card image keys are copied from the media
 * so that lists never join it to filter or draw a card. The trigram search index is created by
 * the migration (it needs pg_trgm).
 */
export const posts = pgTable(
  'posts',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    authorId: integer('author_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isAnnouncement: boolean('is_announcement').notNull().default(false),
    hasVideo: boolean('has_video').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    /** The author's Idempotency-Key of the create call: a repeated create answers this post. */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey('posts_author_fk', t.tenantId, t.authorId, users),
    index('posts_latest_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_announcement_idx').on(
      t.tenantId,
      t.isAnnouncement,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('posts_video_idx').on(t.tenantId, t.hasVideo, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_author_idx').on(t.tenantId, t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_popular_idx').on(t.tenantId, t.likesCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('posts_request_key').on(t.tenantId, t.authorId, t.requestKey),
    check('posts_counts_check', sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0 and ${t.viewsCount} >= 0`),
  ],
);

/** An image (re-encoded WebP) or a video (stored as uploaded) of a post, with its thumbnail. */
export const postMedia = pgTable(
  'post_media',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    postId: integer('post_id').notNull(),
    mediaType: text('media_type', { enum: ['image', 'video'] }).notNull(),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey('post_media_post_fk', t.tenantId, t.postId, posts).onDelete('cascade'),
    index('post_media_post_idx').on(t.tenantId, t.postId, t.sortOrder, t.id),
    check('post_media_type_check', sql`${t.mediaType} in ('image', 'video')`),
  ],
);

/** Who likes which post: the source of truth of `posts.likes_count` (one row per user and post). */
export const postLikes = pgTable(
  'post_likes',
  {
    tenantId: integer('tenant_id').notNull(),
    postId: integer('post_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.postId, t.userId] }),
    tenantForeignKey('post_likes_post_fk', t.tenantId, t.postId, posts).onDelete('cascade'),
    tenantForeignKey('post_likes_user_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);

/**
 * A comment or a reply (`parent_id`, `depth` 0..5). `root_id` is the top-level comment of the
 * thread, so a page of threads loads its replies by one indexed query. A deleted comment that
 * still has replies keeps its row with `deleted_at` set (shown as '삭제된 댓글입니다.').
 */
export const comments = pgTable(
  'comments',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    postId: integer('post_id').notNull(),
    authorId: integer('author_id').notNull(),
    parentId: integer('parent_id'),
    rootId: integer('root_id'),
    depth: integer('depth').notNull().default(0),
    content: text('content').notNull(),
    /** The author's Idempotency-Key of the create call: a repeated create answers this comment. */
    requestKey: text('request_key'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey('comments_post_fk', t.tenantId, t.postId, posts).onDelete('cascade'),
    tenantForeignKey('comments_author_fk', t.tenantId, t.authorId, users),
    tenantForeignKey('comments_parent_fk', t.tenantId, t.parentId, t).onDelete('cascade'),
    index('comments_roots_idx').on(t.tenantId, t.postId, t.createdAt, t.id).where(sql`parent_id is null`),
    index('comments_thread_idx').on(t.tenantId, t.rootId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.tenantId, t.parentId),
    // The dashboard: comments a user wrote (newest first), and the activity of the comments on a
    // user's posts (my-comments groups).
    index('comments_author_idx').on(t.tenantId, t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('comments_post_activity_idx').on(t.tenantId, t.postId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('comments_request_key').on(t.tenantId, t.authorId, t.requestKey),
    check('comments_depth_check', sql`${t.depth} between 0 and 5`),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;
export type PostMediaRow = typeof postMedia.$inferSelect;
export type NewPostMediaRow = typeof postMedia.$inferInsert;
export type CommentRow = typeof comments.$inferSelect;

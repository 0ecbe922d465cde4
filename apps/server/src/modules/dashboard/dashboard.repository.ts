import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { products } from '../catalogue/catalogue.schema.js';
import { comments, posts } from '../content/content.schema.js';
import { orderItems, orders } from '../orders/orders.schema.js';
import { reviewMedia, reviews } from '../reviews/reviews.schema.js';
import { users } from '../users/users.schema.js';

// The dashboard's own reads. Every query starts with the tenant and the owner column, along the
// indexes named beside it; lists take `limit + 1` rows so that has_more needs no count.

const n = (expr: SQL) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

/** The user's posts and what they received (posts_author_idx). */
export async function postStats(db: DbOrTx, tenantId: number, userId: number, since: Date) {
  const [row] = await db
    .select({
      total: n(sql`count(*)`),
      likes: n(sql`sum(${posts.likesCount})`),
      comments: n(sql`sum(${posts.commentsCount})`),
      recent: n(sql`count(*) filter (where ${posts.createdAt} >= ${since.toISOString()}::timestamptz)`),
    })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.authorId, userId)));
  return row ?? { total: 0, likes: 0, comments: 0, recent: 0 };
}

export interface ActivityRow {
  id: number;
  title: string;
  createdAt: Date;
  /** The product of a review. */
  productId?: number;
}

/** The user's newest posts since `since` (posts_author_idx). */
export function recentPosts(db: DbOrTx, tenantId: number, userId: number, since: Date, limit: number) {
  return db
    .select({ id: posts.id, title: posts.title, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.authorId, userId), gte(posts.createdAt, since)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/** The user's newest comments since `since`, with the post they are on (comments_author_idx). */
export function recentComments(db: DbOrTx, tenantId: number, userId: number, since: Date, limit: number) {
  return db
    .select({ id: comments.id, content: comments.content, postId: comments.postId, createdAt: comments.createdAt })
    .from(comments)
    .where(
      and(
        eq(comments.tenantId, tenantId),
        eq(comments.authorId, userId),
        isNull(comments.deletedAt),
        gte(comments.createdAt, since),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

/** The user's newest reviews since `since` (reviews_user_idx). */
export function recentReviews(db: DbOrTx, tenantId: number, userId: number, since: Date, limit: number) {
  return db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      title: reviews.title,
      content: reviews.content,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.userId, userId), gte(reviews.createdAt, since)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** The user's newest paid orders since `since` (orders_buyer_idx), each with its first item's title and item count. */
export async function recentOrders(db: DbOrTx, tenantId: number, userId: number, since: Date, limit: number) {
  const rows = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.buyerId, userId),
        isNotNull(orders.paidAt),
        gte(orders.createdAt, since),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await db
    .select({ orderId: orderItems.orderId, title: orderItems.productTitle })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.tenantId, tenantId),
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const byOrder = new Map<number, string[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item.title]);
  return rows.map((r) => ({ ...r, titles: byOrder.get(r.id) ?? [] }));
}

/** Titles of posts by id (one bounded batch). */
export async function postTitles(db: DbOrTx, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), inArray(posts.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Titles of products by id, deleted ones included (one bounded batch). */
export async function productTitles(db: DbOrTx, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** A page of the comments the user wrote, newest first, with their post's title (comments_author_idx). */
export function commentsBy(db: DbOrTx, tenantId: number, userId: number, limit: number, offset: number) {
  return db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      postId: comments.postId,
      postTitle: posts.title,
    })
    .from(comments)
    .innerJoin(posts, and(eq(posts.tenantId, comments.tenantId), eq(posts.id, comments.postId)))
    .where(and(eq(comments.tenantId, tenantId), eq(comments.authorId, userId), isNull(comments.deletedAt)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A page of the user's posts that have comments, newest comment activity first, with the count
 * of live comments (posts_author_idx, then comments_post_activity_idx per post).
 */
export function commentGroups(db: DbOrTx, tenantId: number, userId: number, limit: number, offset: number) {
  const latest = sql<Date>`max(${comments.createdAt})`.mapWith((v) => new Date(v));
  return db
    .select({
      postId: posts.id,
      title: posts.title,
      commentCount: n(sql`count(*) filter (where ${comments.deletedAt} is null)`),
      latest,
    })
    .from(posts)
    .innerJoin(comments, and(eq(comments.tenantId, posts.tenantId), eq(comments.postId, posts.id)))
    .where(and(eq(posts.tenantId, tenantId), eq(posts.authorId, userId)))
    .groupBy(posts.id, posts.title)
    .orderBy(desc(sql`max(${comments.createdAt})`), desc(posts.id))
    .limit(limit)
    .offset(offset);
}

export interface ThreadRow {
  id: number;
  postId: number;
  parentId: number | null;
  rootId: number | null;
  depth: number;
  content: string;
  deletedAt: Date | null;
  createdAt: Date;
  authorId: number;
}

const threadColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  rootId: comments.rootId,
  depth: comments.depth,
  content: comments.content,
  deletedAt: comments.deletedAt,
  createdAt: comments.createdAt,
  authorId: comments.authorId,
};

/**
 * The `perPost` newest threads of each of the posts (comments_roots_idx) and every reply of
 * those threads (comments_thread_idx): two queries for a page of groups.
 */
export async function threadsOf(
  db: DbOrTx,
  tenantId: number,
  postIds: number[],
  perPost: number,
): Promise<ThreadRow[]> {
  if (postIds.length === 0) return [];
  const ranked = db
    .select({
      ...threadColumns,
      rank: sql<number>`row_number() over (partition by ${comments.postId} order by ${comments.createdAt} desc, ${comments.id} desc)`.as(
        'rank',
      ),
    })
    .from(comments)
    .where(and(eq(comments.tenantId, tenantId), inArray(comments.postId, postIds), isNull(comments.parentId)))
    .as('ranked');
  const roots = await db
    .select({
      id: ranked.id,
      postId: ranked.postId,
      parentId: ranked.parentId,
      rootId: ranked.rootId,
      depth: ranked.depth,
      content: ranked.content,
      deletedAt: ranked.deletedAt,
      createdAt: ranked.createdAt,
      authorId: ranked.authorId,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perPost}`);
  if (roots.length === 0) return [];
  const replies = await db
    .select(threadColumns)
    .from(comments)
    .where(
      and(
        eq(comments.tenantId, tenantId),
        inArray(
          comments.rootId,
          roots.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return [...roots, ...replies];
}

/** Public fields of accounts by id (one bounded batch). */
export async function peopleOf(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; username: string; profileImage: string | null }>();
  const rows = await db
    .select({ id: users.id, username: users.username, profileImage: users.profileImage })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every review of the user, summed up in one query (reviews_user_idx, review_media_review_idx). */
export async function reviewStats(db: DbOrTx, tenantId: number, userId: number) {
  const withImages = sql`exists (select 1 from ${reviewMedia} where ${reviewMedia.tenantId} = ${tenantId} and ${reviewMedia.reviewId} = ${reviews.id})`;
  const ofRating = (r: number) => n(sql`count(*) filter (where ${reviews.rating} = ${r})`);
  const [row] = await db
    .select({
      total: n(sql`count(*)`),
      ratingSum: n(sql`sum(${reviews.rating})`),
      products: n(sql`count(distinct ${reviews.productId})`),
      helpful: n(sql`sum(${reviews.helpfulCount})`),
      images: n(sql`count(*) filter (where ${withImages})`),
      r1: ofRating(1),
      r2: ofRating(2),
      r3: ofRating(3),
      r4: ofRating(4),
      r5: ofRating(5),
    })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.userId, userId)));
  return row ?? { total: 0, ratingSum: 0, products: 0, helpful: 0, images: 0, r1: 0, r2: 0, r3: 0, r4: 0, r5: 0 };
}

/**
 * Sets the user's profile image and answers the one it replaces, under the row's lock, so that
 * of two uploads at once each removes exactly the file it replaced.
 */
export function swapProfileImage(db: DbOrTx, tenantId: number, userId: number, image: string | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ old: users.profileImage })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
      .for('update');
    await tx
      .update(users)
      .set({ profileImage: image, updatedAt: new Date() })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    return row?.old ?? null;
  });
}

/** Which of the profile image addresses an account holds (the orphan sweep). */
export async function referencedProfileImages(db: DbOrTx, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.select({ url: users.profileImage }).from(users).where(inArray(users.profileImage, urls));
  return new Set(rows.map((r) => r.url ?? ''));
}

import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { inPageOrder, shapedConditions, statementsByShape } from '../../platform/db/statements.js';
import { merchants, users } from '../users/users.schema.js';
import {
  type CommentRow,
  comments,
  type NewPostMediaRow,
  type NewPostRow,
  type PostMediaRow,
  type PostRow,
  postLikes,
  postMedia,
  posts,
} from './content.schema.js';

/** A post row with its author's public fields (read-only join on the accounts' table by composite key). */
export interface PostWithAuthor extends PostRow {
  authorUsername: string;
  authorUserType: 'customer' | 'merchant';
  authorProfileImage: string | null;
  /** The merchant profile's shop name; null for customers. */
  authorBusinessName: string | null;
}

export interface PostFilter {
  tenantId: number;
  authorId?: number;
  isAnnouncement?: boolean;
  hasVideo?: boolean;
  /** Substring of title or content (trimmed, non-empty). */
  q?: string;
}

export type PostSort = 'latest' | 'oldest' | 'popular';

/** The same expression as the trigram index of the migration, so the planner can use it. */
const searchText = sql`lower(${posts.title} || ' ' || ${posts.content})`;

const value = sql.placeholder;

/** The filter's conditions with placeholders, the shape naming which there are (as the product lists). */
function conditions(f: PostFilter) {
  const c = shapedConditions([eq(posts.tenantId, value('tenantId'))], { tenantId: f.tenantId });
  if (f.authorId !== undefined) c.add('a', eq(posts.authorId, value('authorId')), { authorId: f.authorId });
  if (f.isAnnouncement !== undefined) {
    c.add('n', eq(posts.isAnnouncement, value('isAnnouncement')), { isAnnouncement: f.isAnnouncement });
  }
  if (f.hasVideo !== undefined) c.add('v', eq(posts.hasVideo, value('hasVideo')), { hasVideo: f.hasVideo });
  if (f.q) c.add('q', sql`${searchText} like ${value('pattern')}`, { pattern: containsPattern(f.q) });
  return c.done();
}

function ordering(sort: PostSort): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(posts.createdAt), asc(posts.id)];
    case 'popular':
      return [desc(posts.likesCount), desc(posts.id)];
    default:
      return [desc(posts.createdAt), desc(posts.id)];
  }
}

// The author's public fields, by read-only joins on the accounts' tables (composite keys).
const postWithAuthor = {
  ...getTableColumns(posts),
  authorUsername: sql<string>`coalesce(${users.username}, '')`,
  authorUserType: sql<'customer' | 'merchant'>`coalesce(${users.userType}, 'merchant')`,
  authorProfileImage: users.profileImage,
  authorBusinessName: merchants.businessName,
};
const authorJoin = and(eq(users.tenantId, posts.tenantId), eq(users.id, posts.authorId));
const authorMerchantJoin = and(eq(merchants.tenantId, posts.tenantId), eq(merchants.userId, posts.authorId));

function findPostQuery(db: DbOrTx, tenantId: number | Placeholder, id: number | Placeholder) {
  return db
    .select(postWithAuthor)
    .from(posts)
    .leftJoin(users, authorJoin)
    .leftJoin(merchants, authorMerchantJoin)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)));
}

/** Ids as one array parameter (`= any(…)`), so that one statement serves any number of them. */
const idArray = (ids: number[] | Placeholder) => (Array.isArray(ids) ? sql.param(ids) : ids);

const mediaOfPostsQuery = (db: DbOrTx, tenantId: number | Placeholder, postIds: number[] | Placeholder) =>
  db
    .select()
    .from(postMedia)
    .where(and(eq(postMedia.tenantId, tenantId), sql`${postMedia.postId} = any(${idArray(postIds)})`))
    .orderBy(asc(postMedia.postId), asc(postMedia.sortOrder), asc(postMedia.id));

const likedQuery = (
  db: DbOrTx,
  tenantId: number | Placeholder,
  userId: number | Placeholder,
  postIds: number[] | Placeholder,
) =>
  db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(
      and(
        eq(postLikes.tenantId, tenantId),
        sql`${postLikes.postId} = any(${idArray(postIds)})`,
        eq(postLikes.userId, userId),
      ),
    );

/**
 * The public reads of posts, each built once per shape (platform/db/statements.ts). A page is read
 * as the product lists are (decision 027): its ids from `posts` alone along an ordering index (id
 * as the stable tiebreaker; the index holds every column the page needs, so no row is read to
 * walk past the offset), then its rows by key with their authors, in a named statement.
 */
export function createPostReads(db: Db) {
  const pages = statementsByShape<{ id: number }[]>('post_page_ids', 'each-run');
  const rowsByIds = statementsByShape<PostWithAuthor[]>('post_rows', 'once');
  const counts = statementsByShape<{ n: number }[]>('post_count', 'each-run');
  const finds = statementsByShape<PostWithAuthor[]>('post_find', 'once');
  const media = statementsByShape<PostMediaRow[]>('post_media', 'once');
  const liked = statementsByShape<{ postId: number }[]>('post_liked', 'once');
  const threads = statementsByShape<CommentWithAuthor[]>('comment_threads', 'once');
  const rootsOfPost = and(
    eq(comments.tenantId, value('tenantId')),
    eq(comments.postId, value('postId')),
    isNull(comments.parentId),
  );
  const roots = statementsByShape<{ n: number }[]>('comment_roots', 'once');
  return {
    /**
     * A page of a post's top-level comments (oldest first) and every reply of those threads, with
     * their authors' names, in one statement ordered by time (each parent's replies in order).
     */
    threads(tenantId: number, postId: number, limit: number, offset: number): Promise<CommentWithAuthor[]> {
      const build = () => {
        const page = db
          .select({ rootId: comments.id })
          .from(comments)
          .where(rootsOfPost)
          .orderBy(asc(comments.createdAt), asc(comments.id))
          .limit(value('limit'))
          .offset(value('offset'))
          .as('page');
        // Each root of the page, then its replies: by the primary key or the thread index.
        return db
          .select({ ...getTableColumns(comments), authorUsername: sql<string>`coalesce(${users.username}, '')` })
          .from(page)
          .innerJoin(
            comments,
            and(
              eq(comments.tenantId, value('tenantId')),
              or(eq(comments.id, page.rootId), eq(comments.rootId, page.rootId)),
            ),
          )
          .leftJoin(users, and(eq(users.tenantId, comments.tenantId), eq(users.id, comments.authorId)))
          .orderBy(asc(comments.createdAt), asc(comments.id));
      };
      return threads('page', build, { tenantId, postId, limit, offset });
    },
    /** How many top-level comments the post has (the pages of its comment list). */
    async rootCount(tenantId: number, postId: number): Promise<number> {
      const build = () => db.select({ n: sql<number>`count(*)::int` }).from(comments).where(rootsOfPost);
      const [row] = await roots('of', build, { tenantId, postId });
      return row?.n ?? 0;
    },
    async list(filter: PostFilter, sort: PostSort, limit: number, offset: number): Promise<PostWithAuthor[]> {
      const { where, shape, values } = conditions(filter);
      const build = () =>
        db
          .select({ id: posts.id })
          .from(posts)
          .where(where)
          .orderBy(...ordering(sort))
          .limit(value('limit'))
          .offset(value('offset'));
      const page = await pages(`${shape}:${sort}`, build, { ...values, limit, offset });
      if (page.length === 0) return [];
      const ids = page.map((p) => p.id);
      const byIds = () =>
        db
          .select(postWithAuthor)
          .from(posts)
          .leftJoin(users, authorJoin)
          .leftJoin(merchants, authorMerchantJoin)
          .where(and(eq(posts.tenantId, value('tenantId')), sql`${posts.id} = any(${value('ids')})`));
      return inPageOrder(ids, await rowsByIds('of', byIds, { tenantId: filter.tenantId, ids }));
    },
    async count(filter: PostFilter): Promise<number> {
      const { where, shape, values } = conditions(filter);
      const build = () => db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where);
      const [row] = await counts(shape, build, values);
      return row?.n ?? 0;
    },
    async find(tenantId: number, id: number): Promise<PostWithAuthor | undefined> {
      const [row] = await finds('id', () => findPostQuery(db, value('tenantId'), value('id')), { tenantId, id });
      return row;
    },
    media(tenantId: number, postIds: number[]): Promise<PostMediaRow[]> {
      if (postIds.length === 0) return Promise.resolve([]);
      return media('of', () => mediaOfPostsQuery(db, value('tenantId'), value('postIds')), { tenantId, postIds });
    },
    async liked(tenantId: number, userId: number, postIds: number[]): Promise<Set<number>> {
      if (postIds.length === 0) return new Set();
      const build = () => likedQuery(db, value('tenantId'), value('userId'), value('postIds'));
      const rows = await liked('of', build, { tenantId, userId, postIds });
      return new Set(rows.map((r) => r.postId));
    },
  };
}

export type PostReads = ReturnType<typeof createPostReads>;

export async function findPost(db: DbOrTx, tenantId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = findPostQuery(db, tenantId, id);
  const [row] = opts.forUpdate ? await query.for('update', { of: posts }) : await query;
  return row;
}

/**
 * Locks the post row for a write of its likes or comments (which move its counters), or answers
 * false when the post is gone. Every such write locks the post first, so a post deleted meanwhile
 * is seen as gone (404) instead of failing a foreign key, and writes of one post never deadlock.
 */
export async function lockPost(db: DbOrTx, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)))
    .for('no key update');
  return rows.length > 0;
}

/**
 * Inserts a post, or answers undefined when the author already made one with the same request key
 * (a concurrent twin waits on the unique index until the first commits, then inserts nothing).
 */
export async function insertPost(db: DbOrTx, values: NewPostRow): Promise<PostRow | undefined> {
  const [row] = await db.insert(posts).values(values).onConflictDoNothing().returning();
  return row;
}

/** The post an author created with this Idempotency-Key, if any. */
export async function findPostByRequestKey(db: DbOrTx, tenantId: number, authorId: number, key: string) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.authorId, authorId), eq(posts.requestKey, key)));
  return row;
}

export async function updatePost(db: DbOrTx, tenantId: number, id: number, values: Partial<NewPostRow>) {
  await db
    .update(posts)
    .set(values)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)));
}

export async function deletePosts(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(posts).where(and(eq(posts.tenantId, tenantId), inArray(posts.id, ids)));
}

// --- media -----------------------------------------------------------------------------------

export async function listMediaOf(db: DbOrTx, tenantId: number, postIds: number[]): Promise<PostMediaRow[]> {
  if (postIds.length === 0) return [];
  return mediaOfPostsQuery(db, tenantId, postIds);
}

/** Which of the storage keys a post's media row names (file or thumbnail). */
export async function referencedMediaKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ fileKey: postMedia.fileKey, thumbnailKey: postMedia.thumbnailKey })
    .from(postMedia)
    .where(or(inArray(postMedia.fileKey, keys), inArray(postMedia.thumbnailKey, keys)));
  return new Set(rows.flatMap((r) => [r.fileKey, r.thumbnailKey ?? '']));
}

export async function insertMedia(db: DbOrTx, rows: NewPostMediaRow[]) {
  if (rows.length === 0) return;
  await db.insert(postMedia).values(rows);
}

export async function deleteMedia(db: DbOrTx, tenantId: number, postId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .delete(postMedia)
    .where(and(eq(postMedia.tenantId, tenantId), eq(postMedia.postId, postId), inArray(postMedia.id, ids)));
}

export async function setMediaThumbnail(db: DbOrTx, tenantId: number, id: number, thumbnailKey: string) {
  await db
    .update(postMedia)
    .set({ thumbnailKey })
    .where(and(eq(postMedia.tenantId, tenantId), eq(postMedia.id, id)));
}

export async function setMediaOrder(db: DbOrTx, tenantId: number, id: number, sortOrder: number) {
  await db
    .update(postMedia)
    .set({ sortOrder })
    .where(and(eq(postMedia.tenantId, tenantId), eq(postMedia.id, id)));
}

// --- likes -----------------------------------------------------------------------------------

/** What a like call asks: add the user's like, remove it, or flip it. */
export type LikeChange = 'like' | 'unlike' | 'toggle';

/**
 * The like statement of each change ($1 tenant, $2 post, $3 user). It locks the post row first
 * (as every write of a post's likes or comments does, see lockPost), so a post deleted meanwhile
 * is seen as gone instead of failing a foreign key, and writes of one post never deadlock with
 * its deletion; the lock lasts only this statement. It adds or removes the like row (a toggle
 * removes it if it is there, else adds it) and moves likes_count by the rows actually added or
 * removed, in the same statement, so the count stays exact under any concurrency; the post row
 * is written only when a like moved (otherwise its count as locked is the answer). No row: the
 * post is gone (or another tenant's).
 */
function likeStatement(change: LikeChange) {
  const del =
    change === 'like'
      ? 'select 1 where false'
      : `delete from post_likes where tenant_id = $1 and post_id = $2 and user_id = $3
          and exists (select 1 from post) returning 1`;
  const ins =
    change === 'unlike'
      ? 'select 1 where false'
      : `insert into post_likes (tenant_id, post_id, user_id) select $1, $2, $3::int
          where exists (select 1 from post) and not exists (select 1 from del)
          on conflict do nothing returning 1`;
  return `with post as materialized (
      select likes_count from posts where tenant_id = $1::int and id = $2::int for no key update
    ),
    del as (${del}),
    ins as (${ins}),
    moved as (select (select count(*) from ins)::int as added, (select count(*) from del)::int as removed),
    bumped as (
      update posts set likes_count = posts.likes_count + moved.added - moved.removed from moved
       where posts.tenant_id = $1 and posts.id = $2 and moved.added + moved.removed > 0
      returning posts.likes_count
    )
    select coalesce((select likes_count from bumped), post.likes_count) as count, moved.added, moved.removed
      from post, moved`;
}

const likeStatements = {
  like: likeStatement('like'),
  unlike: likeStatement('unlike'),
  toggle: likeStatement('toggle'),
} satisfies Record<LikeChange, string>;

/**
 * Adds, removes or flips (`change`) the user's like and moves the post's likes_count with it: ONE
 * statement (see likeStatement), one round trip, its own transaction unless `db` is one. Answers
 * the new count and what moved, or undefined when the post is gone (or another tenant's).
 *
 * The statement reads the likes as of its start: a like committed by a concurrent call of the
 * same user after that is not seen, so a toggle may then neither add (the insert meets the row)
 * nor remove. It answers `added` and `removed` both false; the caller runs it again.
 *
 * A named statement, so that PostgreSQL parses and plans it once per connection instead of on
 * every call (planning took about 0.3 ms of the 0.7 ms of database CPU a call cost); PGlite
 * ignores the name.
 */
export async function changeLike(
  db: DbOrTx,
  tenantId: number,
  postId: number,
  userId: number,
  change: LikeChange,
): Promise<{ count: number; added: boolean; removed: boolean } | undefined> {
  const statement = db._.session.prepareQuery(
    { sql: likeStatements[change], params: [tenantId, postId, userId] },
    undefined,
    `content_${change}_post`,
    false,
  );
  const { rows } = (await statement.execute()) as { rows: { count: number; added: number; removed: number }[] };
  const [row] = rows;
  return row && { count: row.count, added: row.added > 0, removed: row.removed > 0 };
}

/** Which of the posts the user likes (one query by the primary key). */
export async function likedAmong(db: DbOrTx, tenantId: number, userId: number, postIds: number[]) {
  if (postIds.length === 0) return new Set<number>();
  const rows = await likedQuery(db, tenantId, userId, postIds);
  return new Set(rows.map((r) => r.postId));
}

// --- views -----------------------------------------------------------------------------------

/** Adds batched view counts of one tenant: one statement for the whole batch. */
export async function addPostViews(db: DbOrTx, tenantId: number, counts: { id: number; n: number }[]) {
  if (counts.length === 0) return;
  const values = sql.join(
    counts.map((c) => sql`(${c.id}::int, ${c.n}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${posts} set views_count = ${posts.viewsCount} + v.n
    from (values ${values}) as v(id, n)
    where ${posts.tenantId} = ${tenantId} and ${posts.id} = v.id`);
}

// --- comments --------------------------------------------------------------------------------

export interface CommentWithAuthor extends CommentRow {
  authorUsername: string;
}

async function commentAuthors(db: DbOrTx, tenantId: number, rows: CommentRow[]): Promise<CommentWithAuthor[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.authorId))];
  const found = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  const byId = new Map(found.map((a) => [a.id, a.username]));
  return rows.map((r) => ({ ...r, authorUsername: byId.get(r.authorId) ?? '' }));
}

export async function findComment(db: DbOrTx, tenantId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(comments)
    .where(and(eq(comments.tenantId, tenantId), eq(comments.id, id)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Inserts a comment, or answers undefined when the author already made one with the same request key. */
export async function insertComment(db: DbOrTx, values: typeof comments.$inferInsert) {
  const [row] = await db.insert(comments).values(values).onConflictDoNothing().returning();
  if (!row) return undefined;
  return (await commentAuthors(db, values.tenantId, [row]))[0] as CommentWithAuthor;
}

/** The comment an author created with this Idempotency-Key, with its author, if any. */
export async function findCommentByRequestKey(db: DbOrTx, tenantId: number, authorId: number, key: string) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.tenantId, tenantId), eq(comments.authorId, authorId), eq(comments.requestKey, key)));
  if (!row) return undefined;
  return (await commentAuthors(db, tenantId, [row]))[0] as CommentWithAuthor;
}

export async function countChildren(db: DbOrTx, tenantId: number, commentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.tenantId, tenantId), eq(comments.parentId, commentId)));
  return row?.n ?? 0;
}

export async function softDeleteComment(db: DbOrTx, tenantId: number, id: number) {
  await db
    .update(comments)
    .set({ deletedAt: new Date(), content: '' })
    .where(and(eq(comments.tenantId, tenantId), eq(comments.id, id)));
}

export async function hardDeleteComment(db: DbOrTx, tenantId: number, id: number) {
  await db.delete(comments).where(and(eq(comments.tenantId, tenantId), eq(comments.id, id)));
}

export async function bumpComments(db: DbOrTx, tenantId: number, postId: number, delta: number) {
  const [row] = await db
    .update(posts)
    .set({ commentsCount: sql`greatest(${posts.commentsCount} + ${delta}, 0)` })
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, postId)))
    .returning({ n: posts.commentsCount });
  return row?.n ?? 0;
}

// --- creators, stats, channel ----------------------------------------------------------------

/** Authors with posts, most recently active first (grouped over the author index). */
export async function listCreators(db: DbOrTx, tenantId: number, limit: number) {
  const rows = await db
    .select({
      authorId: posts.authorId,
      postsCount: sql<number>`count(*)::int`,
      likesCount: sql<number>`coalesce(sum(${posts.likesCount}), 0)::int`,
      latest: sql<Date>`max(${posts.createdAt})`,
    })
    .from(posts)
    .where(eq(posts.tenantId, tenantId))
    .groupBy(posts.authorId)
    .orderBy(sql`max(${posts.createdAt}) desc`, desc(posts.authorId))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.authorId);
  const people = await db
    .select({
      id: users.id,
      username: users.username,
      profileImage: users.profileImage,
      merchantId: merchants.id,
      businessName: merchants.businessName,
    })
    .from(users)
    .leftJoin(merchants, and(eq(merchants.tenantId, users.tenantId), eq(merchants.userId, users.id)))
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({ ...r, latest: new Date(r.latest), person: byId.get(r.authorId) }));
}

export async function contentStats(db: DbOrTx, tenantId: number) {
  const [row] = await db
    .select({
      posts: sql<number>`count(*)::int`,
      videos: sql<number>`count(*) filter (where ${posts.hasVideo})::int`,
      creators: sql<number>`count(distinct ${posts.authorId})::int`,
      likes: sql<number>`coalesce(sum(${posts.likesCount}), 0)::int`,
      comments: sql<number>`coalesce(sum(${posts.commentsCount}), 0)::int`,
      views: sql<number>`coalesce(sum(${posts.viewsCount}), 0)::int`,
    })
    .from(posts)
    .where(eq(posts.tenantId, tenantId));
  return row ?? { posts: 0, videos: 0, creators: 0, likes: 0, comments: 0, views: 0 };
}

/** The author's post, video and like totals (the channel header). */
export async function authorCounts(db: DbOrTx, tenantId: number, authorId: number) {
  const [row] = await db
    .select({
      posts: sql<number>`count(*)::int`,
      videos: sql<number>`count(*) filter (where ${posts.hasVideo})::int`,
      likes: sql<number>`coalesce(sum(${posts.likesCount}), 0)::int`,
    })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.authorId, authorId)));
  return row ?? { posts: 0, videos: 0, likes: 0 };
}

/** A user's public fields with the merchant profile, by user id or by merchant id. */
export async function findPublicUser(db: DbOrTx, tenantId: number, by: { userId: number } | { merchantId: number }) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      userType: users.userType,
      profileImage: users.profileImage,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
      merchantId: merchants.id,
      businessName: merchants.businessName,
      businessDescription: merchants.businessDescription,
    })
    .from(users)
    .leftJoin(merchants, and(eq(merchants.tenantId, users.tenantId), eq(merchants.userId, users.id)))
    .where(
      and(
        eq(users.tenantId, tenantId),
        'userId' in by ? eq(users.id, by.userId) : eq(merchants.id, by.merchantId),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

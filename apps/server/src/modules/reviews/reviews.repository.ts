import { PRODUCT_REVIEW_RATINGS_MAX, type ReviewSort } from '@app/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../users/users.schema.js';
import {
  type NewReviewRow,
  type ReviewMediaRow,
  type ReviewRow,
  reviewHelpfulVotes,
  reviewMedia,
  reviews,
} from './reviews.schema.js';

const byTenant = (tenantId: number, id: number) => and(eq(reviews.tenantId, tenantId), eq(reviews.id, id));

/** The review, locked until the transaction ends (writes of one review, and its votes, take turns). */
export async function lockReview(tx: DbOrTx, tenantId: number, id: number): Promise<ReviewRow | undefined> {
  const [row] = await tx.select().from(reviews).where(byTenant(tenantId, id)).for('no key update');
  return row;
}

export async function findReview(db: DbOrTx, tenantId: number, id: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(byTenant(tenantId, id));
  return row;
}

/** The user's review of the product, if any. */
export async function findUserReview(db: DbOrTx, tenantId: number, productId: number, userId: number) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row?.id ?? null;
}

export async function insertReview(tx: DbOrTx, values: NewReviewRow): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert into reviews returned no row');
  return row;
}

export async function updateReview(
  tx: DbOrTx,
  tenantId: number,
  id: number,
  values: Pick<NewReviewRow, 'rating' | 'title' | 'content'>,
): Promise<ReviewRow> {
  const [row] = await tx
    .update(reviews)
    .set({ ...values, updatedAt: new Date() })
    .where(byTenant(tenantId, id))
    .returning();
  if (!row) throw new Error('update of reviews returned no row');
  return row;
}

export async function deleteReview(tx: DbOrTx, tenantId: number, id: number): Promise<void> {
  await tx.delete(reviews).where(byTenant(tenantId, id));
}

function ordering(sort: ReviewSort): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(reviews.createdAt), asc(reviews.id)];
    case 'highest_rating':
      return [desc(reviews.rating), desc(reviews.id)];
    case 'lowest_rating':
      return [asc(reviews.rating), desc(reviews.id)];
    case 'most_helpful':
      return [desc(reviews.helpfulCount), desc(reviews.id)];
    default:
      return [desc(reviews.createdAt), desc(reviews.id)];
  }
}

/** A review that counts: its author still holds a purchase of the product (or bought before the rule). */
const standing = isNull(reviews.purchaseReversedAt);

/** A page of the product's reviews in the asked order (each order has its index). */
export function listProductReviews(
  db: DbOrTx,
  tenantId: number,
  productId: number,
  sort: ReviewSort,
  limit: number,
  offset: number,
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.productId, productId), standing))
    .orderBy(...ordering(sort))
    .limit(limit)
    .offset(offset);
}

/** A page of a user's reviews, newest first; `withReversed`: also those whose purchase was reversed (the author's own list). */
export function listUserReviews(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  limit: number,
  offset: number,
  withReversed = false,
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.userId, userId), withReversed ? undefined : standing))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

export async function countUserReviews(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  withReversed = false,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.userId, userId), withReversed ? undefined : standing));
  return row?.n ?? 0;
}

/**
 * The product's figures from its reviews: the count of each rating (1..5) and the newest
 * ratings. Read under the figures' lock, inside the writing transaction.
 */
export async function productFigures(tx: DbOrTx, tenantId: number, productId: number) {
  const where = and(eq(reviews.tenantId, tenantId), eq(reviews.productId, productId), standing);
  const counts = await tx
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(where)
    .groupBy(reviews.rating);
  const recent = await tx
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PRODUCT_REVIEW_RATINGS_MAX);
  const distribution: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const c of counts) distribution[c.rating - 1] = c.n;
  return { distribution, recent: recent.map((r) => r.rating) };
}

/** Name and picture of each author. */
export async function authorsOf(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; username: string; profileImage: string | null }>();
  const rows = await db
    .select({ id: users.id, username: users.username, profileImage: users.profileImage })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether a user exists in the tenant (the public per-user list answers 404 otherwise). */
export async function userExists(db: DbOrTx, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isNull(users.deletedAt)));
  return rows.length > 0;
}

// --- media ------------------------------------------------------------------------------------

export function listMedia(db: DbOrTx, tenantId: number, reviewIds: number[]): Promise<ReviewMediaRow[]> {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reviewMedia)
    .where(and(eq(reviewMedia.tenantId, tenantId), inArray(reviewMedia.reviewId, reviewIds)))
    .orderBy(asc(reviewMedia.sortOrder), asc(reviewMedia.id));
}

export async function insertMedia(tx: DbOrTx, values: typeof reviewMedia.$inferInsert): Promise<ReviewMediaRow> {
  const [row] = await tx.insert(reviewMedia).values(values).returning();
  if (!row) throw new Error('insert into review_media returned no row');
  return row;
}

export async function deleteMedia(tx: DbOrTx, tenantId: number, reviewId: number, id: number) {
  return tx
    .delete(reviewMedia)
    .where(and(eq(reviewMedia.tenantId, tenantId), eq(reviewMedia.reviewId, reviewId), eq(reviewMedia.id, id)))
    .returning();
}

/** Which of the storage keys a review image row names (display or thumbnail). */
export async function referencedMediaKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ fileKey: reviewMedia.fileKey, thumbnailKey: reviewMedia.thumbnailKey })
    .from(reviewMedia)
    .where(or(inArray(reviewMedia.fileKey, keys), inArray(reviewMedia.thumbnailKey, keys)));
  return new Set(rows.flatMap((r) => [r.fileKey, r.thumbnailKey]));
}

// --- helpful votes ----------------------------------------------------------------------------

export async function hasVote(db: DbOrTx, tenantId: number, reviewId: number, userId: number) {
  const rows = await db
    .select({ userId: reviewHelpfulVotes.userId })
    .from(reviewHelpfulVotes)
    .where(
      and(
        eq(reviewHelpfulVotes.tenantId, tenantId),
        eq(reviewHelpfulVotes.reviewId, reviewId),
        eq(reviewHelpfulVotes.userId, userId),
      ),
    );
  return rows.length > 0;
}

/** Adds or removes the user's vote and moves the count by what changed; answers the count. */
export async function setVote(tx: DbOrTx, tenantId: number, reviewId: number, userId: number, on: boolean) {
  const changed = on
    ? await tx
        .insert(reviewHelpfulVotes)
        .values({ tenantId, reviewId, userId })
        .onConflictDoNothing()
        .returning({ userId: reviewHelpfulVotes.userId })
    : await tx
        .delete(reviewHelpfulVotes)
        .where(
          and(
            eq(reviewHelpfulVotes.tenantId, tenantId),
            eq(reviewHelpfulVotes.reviewId, reviewId),
            eq(reviewHelpfulVotes.userId, userId),
          ),
        )
        .returning({ userId: reviewHelpfulVotes.userId });
  const delta = (on ? 1 : -1) * changed.length;
  if (delta === 0) return (await findReview(tx, tenantId, reviewId))?.helpfulCount ?? 0;
  const [row] = await tx
    .update(reviews)
    .set({ helpfulCount: sql`${reviews.helpfulCount} + ${delta}` })
    .where(byTenant(tenantId, reviewId))
    .returning({ n: reviews.helpfulCount });
  return row?.n ?? 0;
}

/** Which of the reviews the user found helpful (one query by the primary key). */
export async function votedAmong(db: DbOrTx, tenantId: number, userId: number, reviewIds: number[]) {
  if (reviewIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ reviewId: reviewHelpfulVotes.reviewId })
    .from(reviewHelpfulVotes)
    .where(
      and(
        eq(reviewHelpfulVotes.tenantId, tenantId),
        eq(reviewHelpfulVotes.userId, userId),
        inArray(reviewHelpfulVotes.reviewId, reviewIds),
      ),
    );
  return new Set(rows.map((r) => r.reviewId));
}

/** Marks (a date) or clears whether the purchase behind the review was reversed; answers whether it changed. */
export async function setPurchaseReversed(
  tx: DbOrTx,
  tenantId: number,
  id: number,
  reversed: boolean,
): Promise<boolean> {
  const changed = await tx
    .update(reviews)
    .set({ purchaseReversedAt: reversed ? new Date() : null })
    .where(
      and(
        eq(reviews.tenantId, tenantId),
        eq(reviews.id, id),
        reversed ? isNull(reviews.purchaseReversedAt) : isNotNull(reviews.purchaseReversedAt),
      ),
    )
    .returning({ id: reviews.id });
  return changed.length > 0;
}

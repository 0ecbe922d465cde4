import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantForeignKey, timestamps } from '../../platform/db/columns.js';
import { products } from '../catalogue/catalogue.schema.js';
import { users } from '../users/users.schema.js';

/**
 * A buyer's review of a product: one per user and product, rating 1 to 5. `helpful_count` is kept
 * exact with `review_helpful_votes` in the transaction that toggles a vote (under this row's lock).
 * See docs/decisions/017-reviews.md.
 */
export const reviews = pgTable(
  'reviews',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    productId: integer('product_id').notNull(),
    userId: integer('user_id').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    /** The option of the purchase the review stands on, as it was named then ("구매 옵션: 5kg"). */
    optionName: text('option_name'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /**
     * Set when every purchase of the product by the author was cancelled or refunded: the review
     * then leaves the product's list and figures (docs/decisions/031-private-answers-refusals-and-reviews.md).
     */
    purchaseReversedAt: timestamp('purchase_reversed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('reviews_one_per_buyer').on(t.tenantId, t.productId, t.userId),
    tenantForeignKey('reviews_product_fk', t.tenantId, t.productId, products),
    tenantForeignKey('reviews_user_fk', t.tenantId, t.userId, users),
    // The product page's sorts (ties broken by id) and the figures' recomputation; a user's reviews.
    index('reviews_product_newest_idx').on(
      t.tenantId,
      t.productId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_product_highest_idx').on(
      t.tenantId,
      t.productId,
      t.rating.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_product_lowest_idx').on(t.tenantId, t.productId, t.rating, t.id.desc().nullsFirst()),
    index('reviews_product_helpful_idx').on(
      t.tenantId,
      t.productId,
      t.helpfulCount.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_user_idx').on(t.tenantId, t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_helpful_count_check', sql`${t.helpfulCount} >= 0`),
  ],
);

/** An image of a review, re-encoded (WebP) like product images, in a display size and a thumbnail. */
export const reviewMedia = pgTable(
  'review_media',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    reviewId: integer('review_id').notNull(),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    fileName: text('file_name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey('review_media_review_fk', t.tenantId, t.reviewId, reviews).onDelete('cascade'),
    index('review_media_review_idx').on(t.tenantId, t.reviewId, t.sortOrder, t.id),
  ],
);

/** Who found which review helpful: the source of truth of `reviews.helpful_count`. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    tenantId: integer('tenant_id').notNull(),
    reviewId: integer('review_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.reviewId, t.userId] }),
    tenantForeignKey('review_helpful_votes_review_fk', t.tenantId, t.reviewId, reviews).onDelete('cascade'),
    tenantForeignKey('review_helpful_votes_user_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;
export type ReviewMediaRow = typeof reviewMedia.$inferSelect;

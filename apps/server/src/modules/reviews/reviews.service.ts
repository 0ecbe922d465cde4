import {
  REVIEW_IMAGES_MAX,
  type Review,
  type ReviewEligibility,
  type ReviewHelpful,
  type ReviewInputParsed,
  type ReviewList,
  type ReviewListQuery,
  type ReviewMedia,
  type ReviewStats,
  reviewMessages,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerCache } from '../../platform/answer-cache.js';
import type { CurrentUser } from '../../platform/auth.js';
import { type Db, type DbOrTx, lookUp } from '../../platform/db/client.js';
import { AppError, sqlState } from '../../platform/errors.js';
import { type ImageUpload, storeImage } from '../../platform/media/upload.js';
import type { Storage } from '../../platform/storage/storage.js';
import {
  lockRatings,
  type ProductCard,
  productCards,
  ratingsOf,
  reviewedProduct,
  saveRatings,
} from '../catalogue/ratings.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { assertAuthor } from './reviews.policy.js';
import { presentReview, presentReviewMedia, presentStats, type ReviewContext } from './reviews.presenter.js';
import * as repo from './reviews.repository.js';
import type { ReviewRow } from './reviews.schema.js';

export const reviewNotFound = () => AppError.notFound(reviewMessages.notFound, 'review_not_found');

/**
 * The product's figures (count, sum, each rating's count, newest ratings) made again from its
 * reviews, under their lock, inside the transaction that wrote a review: exact whatever runs at once.
 */
export async function refreshProductFigures(tx: DbOrTx, tenantId: number, productId: number) {
  await lockRatings(tx, tenantId, productId);
  await saveRatings(tx, tenantId, productId, await repo.productFigures(tx, tenantId, productId));
}

/**
 * After a purchase of `buyerId` was cancelled or refunded (checkout's `reverse`, inside its
 * transaction): the buyer's review of each product leaves the product's list and figures unless
 * the buyer still holds another paid purchase of it (`stillPurchased`, read in the same
 * transaction). Answers the products whose figures changed. The review row is locked before the
 * figures, as every review write does.
 */
export async function reviewsAfterPurchaseReversed(
  tx: DbOrTx,
  tenantId: number,
  buyerId: number,
  productIds: number[],
  stillPurchased: (productId: number) => Promise<boolean>,
): Promise<number[]> {
  const changed: number[] = [];
  for (const productId of [...new Set(productIds)]) {
    const reviewId = await repo.findUserReview(tx, tenantId, productId, buyerId);
    if (reviewId === null || (await stillPurchased(productId))) continue;
    if (await repo.setPurchaseReversed(tx, tenantId, reviewId, true)) {
      await refreshProductFigures(tx, tenantId, productId);
      changed.push(productId);
    }
  }
  return changed;
}

export interface ReviewsDeps {
  db: Db;
  storage: Storage;
  /** Anonymous review answers (lists and statistics), per tenant, briefly. */
  answers: AnswerCache;
  /** The orders module's review gate: a paid order of the product, not cancelled or refunded. */
  hasPurchased: (tenantId: number, userId: number, productId: number, tx?: DbOrTx) => Promise<boolean>;
  /** The option the author bought (kept on the review: "구매 옵션: 5kg"). */
  purchasedOption: (tenantId: number, userId: number, productId: number) => Promise<string | null>;
  /** Product figures changed (the catalogue's cached cards show them). */
  ratingsChanged: (tenantId: number) => void;
  log: FastifyBaseLogger;
}

/**
 * Reviews of products (spec part 2; docs/decisions/017-reviews.md): written once per product by a
 * buyer, edited and deleted by the author, with up to five images and one helpful vote per user.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db, storage, answers } = deps;

  /** Drops the cached answers once the write is committed (a read in between may have cached the old state). */
  const afterCommit = <T>(tenantId: number, write: Promise<T>, figures = false) =>
    write.finally(() => {
      answers.invalidate(tenantId);
      if (figures) deps.ratingsChanged(tenantId);
    });

  /** Authors, products, images and the viewer's votes of a page of reviews, then the answers. */
  /** The answers for `rows`; `product`, when all are of one product already read, saves reading it again. */
  async function present(
    tenantId: number,
    rows: ReviewRow[],
    viewer: CurrentUser | null,
    tx: DbOrTx = db,
    product?: ProductCard,
  ) {
    const ids = rows.map((r) => r.id);
    const [authors, products, media, voted] = await lookUp(tx, [
      () => repo.authorsOf(tx, tenantId, [...new Set(rows.map((r) => r.userId))]),
      async () =>
        product
          ? new Map([[product.id, product]])
          : productCards(tx, tenantId, [...new Set(rows.map((r) => r.productId))]),
      () => repo.listMedia(tx, tenantId, ids),
      async () => (viewer ? repo.votedAmong(tx, tenantId, viewer.id, ids) : new Set<number>()),
    ] as const);
    const byReview = new Map<number, typeof media>();
    for (const m of media) byReview.set(m.reviewId, [...(byReview.get(m.reviewId) ?? []), m]);
    const context: ReviewContext = { authors, products, media: byReview, voted };
    return rows.map((r) => presentReview(r, context, storage));
  }

  const page = (reviews: Review[], total: number, skip: number, limit: number): ReviewList => ({
    reviews,
    total,
    skip,
    limit,
    has_more: skip + reviews.length < total,
  });

  /** A review of the tenant whose product is still live and offered; 404 otherwise. */
  async function findLive(tenant: TenantRow, id: number, tx: DbOrTx = db, lock = false) {
    const row = lock ? await repo.lockReview(tx, tenant.id, id) : await repo.findReview(tx, tenant.id, id);
    if (!row) throw reviewNotFound();
    await reviewedProduct(tx, tenant, row.productId).catch(() => {
      throw reviewNotFound();
    });
    return row;
  }

  async function one(tenant: TenantRow, id: number, viewer: CurrentUser | null, tx: DbOrTx = db): Promise<Review> {
    const row = await repo.findReview(tx, tenant.id, id);
    if (!row) throw reviewNotFound();
    return (await present(tenant.id, [row], viewer, tx))[0] as Review;
  }

  return {
    /** The product page's list: a live product's reviews in the asked order. */
    async listForProduct(
      tenant: TenantRow,
      productId: number,
      query: ReviewListQuery,
      viewer: CurrentUser | null,
    ): Promise<ReviewList> {
      const product = await reviewedProduct(db, tenant, productId);
      const [rows, figures] = await Promise.all([
        repo.listProductReviews(db, tenant.id, productId, query.sort_by, query.limit, query.skip),
        ratingsOf(db, tenant.id, productId),
      ]);
      const total = figures.distribution.reduce((a, b) => a + b, 0);
      return page(await present(tenant.id, rows, viewer, db, product), total, query.skip, query.limit);
    },

    async stats(tenant: TenantRow, productId: number): Promise<ReviewStats> {
      await reviewedProduct(db, tenant, productId);
      return presentStats(await ratingsOf(db, tenant.id, productId));
    },

    /** Whether the signed-in user may write a review of the product now (the write button). */
    async eligibility(tenant: TenantRow, user: CurrentUser, productId: number): Promise<ReviewEligibility> {
      await reviewedProduct(db, tenant, productId);
      const [purchased, reviewId] = await Promise.all([
        deps.hasPurchased(tenant.id, user.id, productId),
        repo.findUserReview(db, tenant.id, productId, user.id),
      ]);
      return { has_purchased: purchased, review_id: reviewId, can_write: purchased && reviewId === null };
    },

    /** A buyer's first review of the product (403 without a paid order, 409 for a second one). */
    async create(tenant: TenantRow, user: CurrentUser, productId: number, input: ReviewInputParsed): Promise<Review> {
      await reviewedProduct(db, tenant, productId);
      if (!(await deps.hasPurchased(tenant.id, user.id, productId))) {
        throw AppError.forbidden(reviewMessages.notPurchased, 'not_purchased');
      }
      if (await repo.findUserReview(db, tenant.id, productId, user.id)) {
        throw AppError.conflict(reviewMessages.alreadyReviewed, 'already_reviewed');
      }
      const optionName = await deps.purchasedOption(tenant.id, user.id, productId);
      const write = db.transaction(async (tx) => {
        await reviewedProduct(tx, tenant, productId);
        const row = await repo.insertReview(tx, {
          tenantId: tenant.id,
          productId,
          userId: user.id,
          optionName,
          rating: input.rating,
          title: input.title,
          content: input.content,
        });
        await refreshProductFigures(tx, tenant.id, productId);
        return one(tenant, row.id, user, tx);
      });
      return afterCommit(tenant.id, write, true).catch((err) => {
        // Two submissions at once: the unique key lets one through.
        if (sqlState(err) === '23505') throw AppError.conflict(reviewMessages.alreadyReviewed, 'already_reviewed');
        throw err;
      });
    },

    async update(tenant: TenantRow, user: CurrentUser, id: number, input: ReviewInputParsed): Promise<Review> {
      const write = db.transaction(async (tx) => {
        const row = await findLive(tenant, id, tx, true);
        assertAuthor(user, row, reviewMessages.editForbidden);
        await repo.updateReview(tx, tenant.id, id, {
          rating: input.rating,
          title: input.title,
          content: input.content,
        });
        // A review whose purchase was reversed counts again once its author has bought the product again.
        const restored =
          row.purchaseReversedAt !== null &&
          (await deps.hasPurchased(tenant.id, user.id, row.productId, tx)) &&
          (await repo.setPurchaseReversed(tx, tenant.id, id, false));
        if (restored || (row.rating !== input.rating && row.purchaseReversedAt === null)) {
          await refreshProductFigures(tx, tenant.id, row.productId);
        }
        return one(tenant, id, user, tx);
      });
      return afterCommit(tenant.id, write, true);
    },

    /** Deletes the review with its images and votes (the author only). */
    async remove(tenant: TenantRow, user: CurrentUser, id: number): Promise<{ id: number; deleted: true }> {
      const keys = await afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          const row = await repo.lockReview(tx, tenant.id, id);
          if (!row) throw reviewNotFound();
          assertAuthor(user, row, reviewMessages.deleteForbidden);
          const media = await repo.listMedia(tx, tenant.id, [id]);
          await repo.deleteReview(tx, tenant.id, id);
          await refreshProductFigures(tx, tenant.id, row.productId);
          return media.flatMap((m) => [m.fileKey, m.thumbnailKey]);
        }),
        true,
      );
      await storage.delete(keys).catch((err) => deps.log.warn({ err }, 'review images left in storage'));
      return { id, deleted: true };
    },

    /**
     * Toggles the user's helpful vote under the review's lock, so that any number of toggles at
     * once leave one vote or none and the count equal to the votes. Authors cannot vote for
     * their own review (403).
     */
    async toggleHelpful(tenant: TenantRow, user: CurrentUser, id: number): Promise<ReviewHelpful> {
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          const row = await findLive(tenant, id, tx, true);
          if (row.userId === user.id) throw AppError.forbidden(reviewMessages.ownReviewHelpful, 'own_review');
          const on = !(await repo.hasVote(tx, tenant.id, id, user.id));
          const count = await repo.setVote(tx, tenant.id, id, user.id, on);
          return { review_id: id, is_helpful: on, helpful_count: count };
        }),
      );
    },

    async helpfulStatus(tenant: TenantRow, viewer: CurrentUser | null, id: number): Promise<ReviewHelpful> {
      const row = await findLive(tenant, id);
      const on = viewer ? await repo.hasVote(db, tenant.id, id, viewer.id) : false;
      return { review_id: id, is_helpful: on, helpful_count: row.helpfulCount };
    },

    /** Checked before the upload is read, so that a refused upload costs nothing. */
    async assertCanAddImage(tenant: TenantRow, user: CurrentUser, id: number): Promise<void> {
      const row = await findLive(tenant, id);
      assertAuthor(user, row, reviewMessages.editForbidden);
      const media = await repo.listMedia(db, tenant.id, [id]);
      if (media.length >= REVIEW_IMAGES_MAX) throw AppError.badRequest(reviewMessages.imagesMax, 'too_many_images');
    },

    /**
     * Re-encodes the image (WebP, metadata dropped), stores both sizes, then records it under the
     * review's lock, so that uploads at once cannot pass five. A failed insert removes the files.
     */
    async addImage(tenant: TenantRow, user: CurrentUser, id: number, upload: ImageUpload): Promise<ReviewMedia> {
      const prefix = `tenants/${tenant.id}/reviews/${id}`;
      return storeImage(storage, upload.data, { prefix, unreadable: reviewMessages.imageUnreadable }, (image) =>
        afterCommit(
          tenant.id,
          db.transaction(async (tx) => {
            const row = await findLive(tenant, id, tx, true);
            assertAuthor(user, row, reviewMessages.editForbidden);
            const existing = await repo.listMedia(tx, tenant.id, [id]);
            if (existing.length >= REVIEW_IMAGES_MAX) {
              throw AppError.badRequest(reviewMessages.imagesMax, 'too_many_images');
            }
            const inserted = await repo.insertMedia(tx, {
              tenantId: tenant.id,
              reviewId: id,
              fileKey: image.fileKey,
              thumbnailKey: image.thumbnailKey,
              width: image.width,
              height: image.height,
              sizeBytes: image.sizeBytes,
              fileName: upload.fileName,
              sortOrder: (existing.at(-1)?.sortOrder ?? -1) + 1,
            });
            return presentReviewMedia(inserted, storage);
          }),
        ),
      );
    },

    async deleteImage(tenant: TenantRow, user: CurrentUser, id: number, mediaId: number): Promise<Review> {
      const { review, removed } = await afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          const row = await findLive(tenant, id, tx, true);
          assertAuthor(user, row, reviewMessages.editForbidden);
          const [gone] = await repo.deleteMedia(tx, tenant.id, id, mediaId);
          if (!gone) throw AppError.notFound(reviewMessages.imageNotFound, 'media_not_found');
          return { review: await one(tenant, id, user, tx), removed: [gone.fileKey, gone.thumbnailKey] };
        }),
      );
      await storage.delete(removed).catch((err) => deps.log.warn({ err }, 'review image left in storage'));
      return review;
    },

    /** A user's reviews, newest first (404 for a user the tenant does not have). */
    async listByUser(
      tenant: TenantRow,
      userId: number,
      query: { skip: number; limit: number },
      viewer: CurrentUser | null,
    ): Promise<ReviewList> {
      if (!(await repo.userExists(db, tenant.id, userId))) {
        throw AppError.notFound('사용자를 찾을 수 없습니다.', 'user_not_found');
      }
      // The author sees every own review; others only those that count (decision 031).
      const own = viewer?.id === userId;
      const [rows, total] = await Promise.all([
        repo.listUserReviews(db, tenant.id, userId, query.limit, query.skip, own),
        repo.countUserReviews(db, tenant.id, userId, own),
      ]);
      return page(await present(tenant.id, rows, viewer), total, query.skip, query.limit);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

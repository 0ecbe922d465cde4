import { type Review, type ReviewMedia, type ReviewStats, ratingAverage } from '@app/contracts';
import type { Storage } from '../../platform/storage/storage.js';
import type { RatingFigures } from '../catalogue/ratings.js';
import type { ReviewMediaRow, ReviewRow } from './reviews.schema.js';

export interface ReviewContext {
  authors: Map<number, { id: number; username: string; profileImage: string | null }>;
  products: Map<number, { id: number; title: string; price: number; imageKey: string | null }>;
  media: Map<number, ReviewMediaRow[]>;
  /** Reviews the viewer found helpful (empty when signed out). */
  voted: Set<number>;
}

export function presentReviewMedia(row: ReviewMediaRow, storage: Storage): ReviewMedia {
  return {
    id: row.id,
    file_path: storage.url(row.fileKey),
    thumbnail_url: storage.url(row.thumbnailKey),
    width: row.width,
    height: row.height,
  };
}

/** Row to answer, field by field, so no column reaches the client by accident. */
export function presentReview(row: ReviewRow, context: ReviewContext, storage: Storage): Review {
  const author = context.authors.get(row.userId);
  const product = context.products.get(row.productId);
  return {
    id: row.id,
    product_id: row.productId,
    user_id: row.userId,
    user: { id: row.userId, username: author?.username ?? '', profile_image: author?.profileImage ?? null },
    rating: row.rating,
    title: row.title,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    helpful_count: row.helpfulCount,
    is_helpful_by_current_user: context.voted.has(row.id),
    media: (context.media.get(row.id) ?? []).map((m) => presentReviewMedia(m, storage)),
    product: {
      id: row.productId,
      title: product?.title ?? '',
      image_url: product?.imageKey ? storage.url(product.imageKey) : null,
      price: product?.price ?? 0,
    },
    option_name: row.optionName,
  };
}

/** The statistics of spec part 2: count, average to one decimal, the count of each rating. */
export function presentStats(figures: RatingFigures): ReviewStats {
  const [r1, r2, r3, r4, r5] = figures.distribution;
  const total = r1 + r2 + r3 + r4 + r5;
  const sum = r1 + 2 * r2 + 3 * r3 + 4 * r4 + 5 * r5;
  return {
    total_count: total,
    average_rating: ratingAverage(sum, total),
    rating_distribution: { 1: r1, 2: r2, 3: r3, 4: r4, 5: r5 },
  };
}

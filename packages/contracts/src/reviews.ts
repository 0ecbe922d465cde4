import { z } from 'zod';
import { idSchema, optionalNumber } from './common.js';
import {
  REVIEW_CONTENT_MAX,
  REVIEW_CONTENT_MIN,
  REVIEW_PAGE_SIZE,
  REVIEW_PAGE_SIZE_MAX,
  REVIEW_RATING_MAX,
  REVIEW_TITLE_MAX,
  reviewMessages,
  reviewSortValues,
} from './plain/reviews.js';
import { requiredText } from './users.js';

// The limits, sorts and texts need no zod (`@app/contracts/plain`).
export * from './plain/reviews.js';

// ---------------------------------------------------------------------------------------------
// Reviews (spec part 2, sections 2-9)
// ---------------------------------------------------------------------------------------------

const NUL_MESSAGE = '올바르지 않은 문자가 포함되어 있습니다.';
const withoutNul = (v: string) => !v.includes('\u0000');

/** POST /api/reviews/product/{id}, POST /api/products/{id}/reviews and PUT /api/reviews/{id}. */
export const reviewInputSchema = z.object({
  rating: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? reviewMessages.ratingRequired : reviewMessages.ratingRange,
    })
    .int(reviewMessages.ratingRange)
    .min(1, reviewMessages.ratingRequired)
    .max(REVIEW_RATING_MAX, reviewMessages.ratingRange),
  /** Optional; blank is no title. */
  title: z
    .string()
    .max(10_000, reviewMessages.titleTooLong)
    .refine(withoutNul, NUL_MESSAGE)
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= REVIEW_TITLE_MAX, reviewMessages.titleTooLong),
  content: requiredText(reviewMessages.contentRequired, 100_000)
    .min(REVIEW_CONTENT_MIN, reviewMessages.contentTooShort)
    .max(REVIEW_CONTENT_MAX, reviewMessages.contentTooLong)
    .refine(withoutNul, NUL_MESSAGE),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewInputParsed = z.output<typeof reviewInputSchema>;

/** skip/limit of every review list, and the product list's sort. */
export const reviewPageQuerySchema = z.object({
  skip: optionalNumber(z.number().int().min(0).max(100_000)).default(0),
  limit: optionalNumber(z.number().int().min(1).max(REVIEW_PAGE_SIZE_MAX)).default(REVIEW_PAGE_SIZE),
});
export const reviewListQuerySchema = reviewPageQuerySchema.extend({
  sort_by: z.enum(reviewSortValues).default('newest'),
});
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

/** Documents the image upload form in the OpenAPI document (the route reads the part itself). */
export const reviewImageFormSchema = z
  .object({ file: z.string().meta({ format: 'binary' }) })
  .meta({ id: 'ReviewImageForm' });

/** Path of an image of a review. */
export const reviewImageParamsSchema = z.object({ id: idSchema, mediaId: idSchema });

export const reviewMediaSchema = z
  .object({
    id: z.number().int(),
    /** The display image (WebP, at most 1280 px). */
    file_path: z.string(),
    /** A 400 px square. */
    thumbnail_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ReviewMedia' });
export type ReviewMedia = z.infer<typeof reviewMediaSchema>;

export const reviewSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    user_id: z.number().int(),
    user: z.object({ id: z.number().int(), username: z.string(), profile_image: z.string().nullable() }),
    rating: z.number().int(),
    title: z.string().nullable(),
    content: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    helpful_count: z.number().int(),
    /** False for signed-out readers. */
    is_helpful_by_current_user: z.boolean(),
    media: z.array(reviewMediaSchema),
    product: z.object({
      id: z.number().int(),
      title: z.string(),
      image_url: z.string().nullable(),
      price: z.number().int(),
    }),
    /** The option of the author's purchase ("구매 옵션: 5kg"); null without options. */
    option_name: z.string().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z
  .object({
    reviews: z.array(reviewSchema),
    /** Every review of the list (not only this page). */
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
    has_more: z.boolean(),
  })
  .meta({ id: 'ReviewList' });
export type ReviewList = z.infer<typeof reviewListSchema>;

const count = z.number().int();
export const reviewStatsSchema = z
  .object({
    total_count: count,
    /** One decimal; 0 without reviews. */
    average_rating: z.number(),
    rating_distribution: z.object({ 1: count, 2: count, 3: count, 4: count, 5: count }),
  })
  .meta({ id: 'ReviewStats' });
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

export const reviewHelpfulSchema = z
  .object({ review_id: z.number().int(), is_helpful: z.boolean(), helpful_count: z.number().int() })
  .meta({ id: 'ReviewHelpful' });
export type ReviewHelpful = z.infer<typeof reviewHelpfulSchema>;

export const reviewDeleteResultSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** The review gate of the product page: may the signed-in user write a review of this product now? */
export const reviewEligibilitySchema = z
  .object({
    has_purchased: z.boolean(),
    /** The user's own review of the product, if written. */
    review_id: z.number().int().nullable(),
    can_write: z.boolean(),
  })
  .meta({ id: 'ReviewEligibility' });
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

/** The rating average to one decimal, 0 without reviews (cards, product page and statistics alike). */
export function ratingAverage(total: number, count: number): number {
  return count > 0 ? Math.round((total / count) * 10) / 10 : 0;
}

import { z } from 'zod';
import { productMessages } from './catalogue.js';
import { idSchema, optionalNumber } from './common.js';
import { requiredText } from './users.js';

// ---------------------------------------------------------------------------------------------
// Reviews (spec part 2, sections 2-9)
// ---------------------------------------------------------------------------------------------

export const REVIEW_RATING_MAX = 5;
export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 1000;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_IMAGES_MAX = 5;
export const REVIEW_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** The product page's pages (spec: 10; more exist while a full page returns). */
export const REVIEW_PAGE_SIZE = 10;
/** The dashboard's reviews tab asks for 20 at a time; no list answers more than this. */
export const REVIEW_PAGE_SIZE_MAX = 50;
/** `reviews[rating]` of a product answer: the ratings of its newest reviews, at most this many. */
export const PRODUCT_REVIEW_RATINGS_MAX = 100;

export const reviewSortValues = ['newest', 'oldest', 'highest_rating', 'lowest_rating', 'most_helpful'] as const;
export type ReviewSort = (typeof reviewSortValues)[number];

/** The spec's texts, in Korean; the client shows `detail` of an error answer. */
export const reviewMessages = {
  ratingRequired: '별점을 선택해주세요.',
  ratingRange: `별점은 1점부터 ${REVIEW_RATING_MAX}점까지 선택할 수 있습니다.`,
  contentRequired: '리뷰 내용을 입력해주세요.',
  contentTooShort: `리뷰 내용은 최소 ${REVIEW_CONTENT_MIN}자 이상 입력해주세요.`,
  contentTooLong: `리뷰 내용은 ${REVIEW_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 입력해주세요.`,
  titleTooLong: `제목은 ${REVIEW_TITLE_MAX}자 이하로 입력해주세요.`,
  imageOnly: '이미지 파일만 업로드할 수 있습니다.',
  imageTooLarge: '파일 크기는 5MB 이하여야 합니다.',
  imagesMax: `최대 ${REVIEW_IMAGES_MAX}개의 이미지만 업로드할 수 있습니다.`,
  imageHeic: productMessages.imageHeic,
  imageUnreadable: productMessages.imageUnreadable,
  imageMissing: productMessages.imageMissing,
  imageNotFound: '이미지를 찾을 수 없습니다.',
  notFound: '리뷰를 찾을 수 없습니다.',
  notPurchased: '상품을 구매한 고객만 리뷰를 작성할 수 있습니다.',
  alreadyReviewed: '이미 이 상품에 리뷰를 작성하셨습니다.',
  editForbidden: '본인이 작성한 리뷰만 수정할 수 있습니다.',
  deleteForbidden: '본인이 작성한 리뷰만 삭제할 수 있습니다.',
  ownReviewHelpful: '내가 쓴 리뷰에는 도움돼요를 누를 수 없습니다.',
  loadFailed: '리뷰를 불러오는데 실패했습니다.',
  saveFailed: '리뷰 저장 중 오류가 발생했습니다.',
  deleteFailed: '삭제 중 오류가 발생했습니다.',
  helpfulFailed: '처리 중 오류가 발생했습니다.',
  loginRequired: '로그인이 필요합니다.',
} as const;

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

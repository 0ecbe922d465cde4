import type {
  Review,
  ReviewEligibility,
  ReviewHelpful,
  ReviewInput,
  ReviewList,
  ReviewMedia,
  ReviewSort,
  ReviewStats,
} from '@app/contracts';
import { REVIEW_PAGE_SIZE } from '@app/contracts/plain';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';

/** Everything about one product's reviews sits under `product(id)`: one invalidation after a write. */
export const reviewKeys = {
  all: ['reviews'] as const,
  product: (productId: number) => ['reviews', 'product', productId] as const,
  lists: (productId: number) => ['reviews', 'product', productId, 'list'] as const,
  list: (productId: number, sort: ReviewSort) => ['reviews', 'product', productId, 'list', sort] as const,
  stats: (productId: number) => ['reviews', 'product', productId, 'stats'] as const,
  eligibility: (productId: number, userId: number) => ['reviews', 'product', productId, 'eligibility', userId] as const,
};

/**
 * The skip of the next page, or undefined at the end. Spec 4: pages of 10 are appended while a full
 * page returns; the server's `has_more` also ends the list when the last full page was the last one.
 */
export function nextReviewSkip(page: ReviewList): number | undefined {
  return page.reviews.length >= REVIEW_PAGE_SIZE && page.has_more ? page.skip + page.reviews.length : undefined;
}

/** GET /api/reviews/product/{id}?skip&limit&sort_by, ten at a time. */
export const reviewListQuery = (productId: number, sort: ReviewSort) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(productId, sort),
    queryFn: ({ pageParam, signal }) =>
      api.get<ReviewList>(`/api/reviews/product/${productId}`, {
        query: { skip: pageParam, limit: REVIEW_PAGE_SIZE, sort_by: sort },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextReviewSkip,
  });

/** GET /api/reviews/product/{id}/stats: total, average and the count of each star. */
export const reviewStatsQuery = (productId: number) =>
  queryOptions({
    queryKey: reviewKeys.stats(productId),
    queryFn: ({ signal }) => api.get<ReviewStats>(`/api/reviews/product/${productId}/stats`, { signal }),
  });

/** GET /api/reviews/product/{id}/eligibility (signed in): may this user write a review now? */
export const reviewEligibilityQuery = (productId: number, userId: number) =>
  queryOptions({
    queryKey: reviewKeys.eligibility(productId, userId),
    queryFn: ({ signal }) => api.get<ReviewEligibility>(`/api/reviews/product/${productId}/eligibility`, { signal }),
  });

/** POST /api/reviews/product/{id} (a new review) or PUT /api/reviews/{id} (the author's own). */
export function saveReview(productId: number, reviewId: number | null, body: ReviewInput): Promise<Review> {
  return reviewId === null
    ? api.post<Review>(`/api/reviews/product/${productId}`, body)
    : api.put<Review>(`/api/reviews/${reviewId}`, body);
}

export function deleteReview(reviewId: number): Promise<{ id: number; deleted: true }> {
  return api.delete<{ id: number; deleted: true }>(`/api/reviews/${reviewId}`);
}

/** POST /api/reviews/{id}/helpful: toggles the reader's vote and answers the new state. */
export function toggleReviewHelpful(reviewId: number): Promise<ReviewHelpful> {
  return api.post<ReviewHelpful>(`/api/reviews/${reviewId}/helpful`);
}

/** POST /api/reviews/{id}/images: one image per request (field `file`). */
export function uploadReviewImage(
  reviewId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ReviewMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<ReviewMedia>(`/api/reviews/${reviewId}/images`, form, onProgress);
}

export function deleteReviewImage(reviewId: number, mediaId: number): Promise<Review> {
  return api.delete<Review>(`/api/reviews/${reviewId}/images/${mediaId}`);
}

type ReviewPatch = Partial<Pick<Review, 'is_helpful_by_current_user' | 'helpful_count'>>;

/** Changes one review in every cached list of the product (every sort), leaving the rest as is. */
export function patchCachedReview(queryClient: QueryClient, productId: number, reviewId: number, patch: ReviewPatch) {
  queryClient.setQueriesData<{ pages: ReviewList[]; pageParams: unknown[] }>(
    { queryKey: reviewKeys.lists(productId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          reviews: page.reviews.map((r) => (r.id === reviewId ? { ...r, ...patch } : r)),
        })),
      },
  );
}

import type { Review, ReviewEligibility, ReviewList, ReviewStats } from '@app/contracts';
import type { SessionUser } from '@/lib/session';
import { stubFetch } from '@/testing/app-test-support';

/** Test data of the reviews feature: the signed-in reader, reviews, and a fake reviews API. */

export const me: SessionUser = { id: 11, email: 'minji@example.com', username: '김민지', user_type: 'customer' };

let nextId = 100;

export function buildReview(over: Partial<Review> = {}): Review {
  nextId += 1;
  const id = over.id ?? nextId;
  return {
    id,
    product_id: 5,
    user_id: 40 + (id % 7),
    user: { id: 40 + (id % 7), username: `구매자${id}`, profile_image: null },
    rating: 5,
    title: `리뷰 제목 ${id}`,
    content: `정말 신선하고 맛있어요. 리뷰 번호 ${id}`,
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    updated_at: new Date().toISOString(),
    helpful_count: 2,
    is_helpful_by_current_user: false,
    media: [],
    product: { id: 5, title: '유기농 딸기 1kg', image_url: null, price: 9000 },
    option_name: null,
    ...over,
  };
}

export function statsOf(reviews: Review[]): ReviewStats {
  const dist = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of reviews) dist[r.rating as 1 | 2 | 3 | 4 | 5] += 1;
  const sum = reviews.reduce((s, r) => s + r.rating, 0);
  return {
    total_count: reviews.length,
    average_rating: reviews.length ? Math.round((sum / reviews.length) * 10) / 10 : 0,
    rating_distribution: dist,
  };
}

/** A page of `reviews` as the server answers it. */
export function pageOf(reviews: Review[], skip: number, limit: number): ReviewList {
  return {
    reviews: reviews.slice(skip, skip + limit),
    total: reviews.length,
    skip,
    limit,
    has_more: skip + limit < reviews.length,
  };
}

/** A server holding one product's reviews; answers can be replaced per test. */
export interface FakeReviewServer {
  reviews: Review[];
  eligibility: ReviewEligibility;
  /** Reorders the list for a sort (default: as stored). */
  sorted?: (sort: string, reviews: Review[]) => Review[];
  failList?: boolean;
  helpful?: (reviewId: number) => Response | Promise<Response>;
  remove?: (reviewId: number) => Response;
}

export function serveReviews(server: FakeReviewServer) {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/reviews/product/5') {
      if (server.failList) return Response.json({ detail: '서버 오류', code: 'internal' }, { status: 500 });
      const sort = url.searchParams.get('sort_by') ?? 'newest';
      const list = server.sorted ? server.sorted(sort, server.reviews) : server.reviews;
      return Response.json(pageOf(list, Number(url.searchParams.get('skip')), Number(url.searchParams.get('limit'))));
    }
    if (method === 'GET' && url.pathname === '/api/reviews/product/5/stats') {
      if (server.failList) return Response.json({ detail: '서버 오류', code: 'internal' }, { status: 500 });
      return Response.json(statsOf(server.reviews));
    }
    if (method === 'GET' && url.pathname === '/api/reviews/product/5/eligibility') {
      return Response.json(server.eligibility);
    }
    const helpful = url.pathname.match(/^\/api\/reviews\/(\d+)\/helpful$/);
    if (method === 'POST' && helpful) {
      const id = Number(helpful[1]);
      if (server.helpful) return server.helpful(id);
      const review = server.reviews.find((r) => r.id === id) as Review;
      review.is_helpful_by_current_user = !review.is_helpful_by_current_user;
      review.helpful_count += review.is_helpful_by_current_user ? 1 : -1;
      return Response.json({
        review_id: id,
        is_helpful: review.is_helpful_by_current_user,
        helpful_count: review.helpful_count,
      });
    }
    const one = url.pathname.match(/^\/api\/reviews\/(\d+)$/);
    if (method === 'DELETE' && one) {
      const id = Number(one[1]);
      if (server.remove) return server.remove(id);
      server.reviews = server.reviews.filter((r) => r.id !== id);
      return Response.json({ id, deleted: true });
    }
    return undefined;
  });
}

/** A File of `size` bytes (the content does not matter to the client checks). */
export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

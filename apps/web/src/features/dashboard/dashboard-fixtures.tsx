import type {
  CommentGroup,
  ContentItem,
  DashboardReviewStats,
  DashboardStats,
  Review,
  ThreadComment,
} from '@app/contracts';
import { vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import type { DashboardParts } from './dashboard-parts';

/** Test data and stand-ins of the dashboard's tests (no feature imports: the parts are fakes). */

export const customer: SessionUser = { id: 21, email: 'minji@example.com', username: '김민지', user_type: 'customer' };
export const merchant: SessionUser = {
  id: 3,
  email: 'farm@example.com',
  username: 'farmer',
  user_type: 'merchant',
  merchant: { id: 3, business_name: '햇살농장', business_description: '제철 채소를 키웁니다.' },
};

const at = (day: number) => new Date(2025, 2, day, 12).toISOString();

export function buildContent(id: number, overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id,
    title: `게시글 ${id}`,
    content: `본문 ${id}`,
    content_type: 'image',
    thumbnail_url: null,
    created_at: at(10),
    views_count: 10,
    likes_count: 3,
    is_liked: false,
    comments_count: 1,
    is_announcement: false,
    media: [],
    media_count: 0,
    author: { id: 3, username: 'farmer', profile_image: null },
    ...overrides,
  };
}

export function buildComment(
  id: number,
  depth: number,
  author: { id: number; username: string } | null,
  replies: ThreadComment[] = [],
): ThreadComment {
  return {
    id,
    content: `댓글 ${id}`,
    created_at: at(12),
    depth,
    is_deleted: false,
    comment_author: author ? { ...author, profile_image: null } : null,
    replies,
  };
}

export function buildGroup(postId: number, comments: ThreadComment[]): CommentGroup {
  return {
    post_info: { id: postId, title: `게시글 ${postId}` },
    comment_count: comments.length,
    latest_activity: at(12),
    comments,
  };
}

export function buildReview(id: number, productId: number, rating: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    product_id: productId,
    user_id: customer.id,
    user: { id: customer.id, username: customer.username, profile_image: null },
    rating,
    title: null,
    content: `리뷰 내용 ${id}`,
    created_at: at(11),
    updated_at: at(11),
    helpful_count: 0,
    is_helpful_by_current_user: false,
    media: [],
    product: { id: productId, title: `상품 ${productId}`, image_url: null, price: 10000 },
    option_name: null,
    ...overrides,
  };
}

export const emptyReviewStats: DashboardReviewStats = {
  total_reviews: 0,
  average_rating: 0,
  products_reviewed: 0,
  total_helpful: 0,
  image_reviews: 0,
  rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
};

/** What the fake dashboard API holds; tests change it before rendering. */
export interface FakeDashboard {
  stats: DashboardStats;
  contents: ContentItem[];
  announcements: ContentItem[];
  myAnnouncements: ContentItem[];
  groups: CommentGroup[];
  reviews: Review[];
  reviewStats: DashboardReviewStats;
  /** Paths answering 500 while listed. */
  failing: Set<string>;
}

export function fakeDashboard(): FakeDashboard {
  return {
    stats: { total_contents: 12, total_likes: 34, total_comments: 5, recent_contents: 2 },
    contents: [],
    announcements: [],
    myAnnouncements: [],
    groups: [],
    reviews: [],
    reviewStats: emptyReviewStats,
    failing: new Set(),
  };
}

function page<T>(items: T[], url: URL, fallback: number) {
  const limit = Number(url.searchParams.get('limit') ?? fallback);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return { items: items.slice(offset, offset + limit), has_more: offset + limit < items.length };
}

/** Answers the dashboard calls from `fake` like the server does (paging by limit and offset). */
export function answerDashboard(fake: FakeDashboard, url: URL, user: SessionUser): Response | undefined {
  if (fake.failing.has(url.pathname)) return Response.json({ detail: '서버 오류', code: 'x' }, { status: 500 });
  switch (url.pathname) {
    case '/api/dashboard/profile':
      return Response.json({
        profile: {
          id: user.id,
          username: user.username,
          email: user.email,
          phone: null,
          address: null,
          business_name: user.merchant?.business_name ?? null,
          business_number: null,
          business_description: user.merchant?.business_description ?? null,
          profile_image: null,
          user_type: user.user_type,
        },
      });
    case '/api/dashboard/stats':
      return Response.json(fake.stats);
    case '/api/dashboard/recent-activity':
      return Response.json({
        activities: [
          { type: 'post', id: 7, title: '봄 딸기 입고', created_at: new Date().toISOString(), link: '/content/7' },
        ],
      });
    case '/api/dashboard/contents': {
      const type = url.searchParams.get('content_type');
      const sort = url.searchParams.get('sort');
      let items = fake.contents.filter((c) => !type || c.content_type === type);
      if (sort === 'oldest') items = [...items].reverse();
      if (sort === 'popular') items = [...items].sort((a, b) => b.likes_count - a.likes_count);
      const p = page(items, url, 6);
      return Response.json({ contents: p.items, has_more: p.has_more });
    }
    case '/api/dashboard/announcements':
    case '/api/dashboard/my-announcements': {
      const mine = url.pathname.endsWith('my-announcements');
      const p = page(mine ? fake.myAnnouncements : fake.announcements, url, 10);
      return Response.json({ announcements: p.items, has_more: p.has_more });
    }
    case '/api/dashboard/my-comments': {
      const p = page(fake.groups, url, 10);
      return Response.json({ comment_groups: p.items, has_more: p.has_more });
    }
    case '/api/dashboard/reviews': {
      const p = page(fake.reviews, url, 10);
      return Response.json({ reviews: p.items, has_more: p.has_more, stats: fake.reviewStats });
    }
  }
  return undefined;
}

/** The other features' pieces as simple stand-ins, with the calls as mocks. */
export function testParts(overrides: Partial<DashboardParts> = {}): DashboardParts {
  return {
    ShareButton: () => <button type="button">공유</button>,
    setLike: vi.fn(async (postId: number, liked: boolean) => ({ post_id: postId, is_liked: liked, likes_count: 0 })),
    // The rows as the comment list receives them, and a button standing in for a reply or a delete.
    CommentList: ({ postId, comments, indentPx, onChanged, confirm }) => (
      <ul aria-label={`${postId}번 게시글의 댓글`} data-confirm={confirm?.text}>
        {comments.map((c) => (
          <li key={c.id} data-comment-id={c.id} style={{ marginLeft: c.depth * indentPx }}>
            {`${c.author?.username ?? '-'}: ${c.content}`}
          </li>
        ))}
        <li>
          <button type="button" onClick={onChanged}>
            변경 알림
          </button>
        </li>
      </ul>
    ),
    ReviewItem: ({ review }) => <p>{review.content}</p>,
    ReviewStars: ({ value }) => <span data-stars={value} />,
    merchantTabs: {
      products: <p>상품 관리 화면</p>,
      'deleted-products': <p>삭제된 상품 화면</p>,
      delivery: <p>배송 관리 화면</p>,
      'delivery-terms': <p>배송 조건 화면</p>,
      payments: <p>결제 관리 화면</p>,
    },
    ...overrides,
  };
}

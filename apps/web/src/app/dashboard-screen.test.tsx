import { DEFAULT_DELIVERY_TERMS } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildReview, emptyReviewStats } from '@/features/dashboard/dashboard-fixtures';
import { SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { callsTo, stubFetch, testSession, testTenant } from '@/testing/app-test-support';
import DashboardScreen from './dashboard-screen';

const merchant: SessionUser = {
  id: 3,
  email: 'farm@example.com',
  username: 'farmer',
  user_type: 'merchant',
  merchant: { id: 3, business_name: '햇살농장' },
};

const post = {
  id: 9,
  title: '봄 딸기 입고',
  content: '올해 첫 딸기입니다.',
  content_type: 'image',
  thumbnail_url: null,
  created_at: new Date().toISOString(),
  views_count: 1,
  likes_count: 0,
  comments_count: 0,
  is_announcement: false,
  media: [],
  media_count: 0,
  author: { id: 3, username: 'farmer', profile_image: null },
};

function open(path: string, state: unknown = null) {
  const [pathname, search = ''] = path.split('?');
  const router = createMemoryRouter([{ path: '/merchant/dashboard', element: <DashboardScreen /> }], {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state }],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TenantContext value={toTenantInfo(testTenant())}>
        <SessionContext value={testSession(merchant)}>
          <RouterProvider router={router} />
        </SessionContext>
      </TenantContext>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/merchant/dashboard with the other features plugged in', () => {
  it('opens the order management of the delivery tab with the message a saved product brings, once', async () => {
    stubFetch((url) =>
      url.pathname === '/api/delivery/merchant/orders'
        ? Response.json({ deliveries: [], page: 1, total: 0, pages: 0 })
        : undefined,
    );
    const router = open('/merchant/dashboard?tab=delivery', { message: '상품이 등록되었습니다.' });
    expect(screen.getByText('상품이 등록되었습니다.').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: '상품 등록' }).getAttribute('href')).toBe('/products/create');
    expect(screen.getByRole('link', { name: '게시글 등록' }).getAttribute('href')).toBe('/content/upload');
    expect(await screen.findByRole('heading', { name: '아직 배송 주문이 없습니다' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe('?tab=delivery');
    expect(screen.getByText('상품이 등록되었습니다.')).toBeTruthy();
  });

  it('opens the delivery terms form on ?tab=delivery-terms, next to the order management', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    stubFetch((url) =>
      url.pathname === '/api/dashboard/delivery-terms'
        ? Response.json({ ...DEFAULT_DELIVERY_TERMS, delivery_fee: 2500 })
        : undefined,
    );
    open('/merchant/dashboard?tab=delivery-terms');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.slice(tabs.indexOf('배송 관리'), tabs.indexOf('배송 관리') + 2)).toEqual(['배송 관리', '배송 조건']);
    expect(screen.getByRole('tab', { name: '배송 조건' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: '배송 조건', level: 2 })).toBeTruthy();
    expect(((await screen.findByLabelText('배달비')) as HTMLInputElement).value).toBe('2,500');
  });

  it('shows my reviews with the option I bought, as the product page does', async () => {
    stubFetch((url) =>
      url.pathname === '/api/dashboard/reviews'
        ? Response.json({
            reviews: [buildReview(1, 10, 5, { option_name: '10kg' }), buildReview(2, 20, 4)],
            has_more: false,
            stats: emptyReviewStats,
          })
        : undefined,
    );
    open('/merchant/dashboard?tab=reviews');
    fireEvent.click(await screen.findByRole('button', { name: /상품 10/ }));
    const review = await screen.findByRole('article', { name: /리뷰/ });
    expect(within(review).getByText('구매 옵션: 10kg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /상품 20/ }));
    expect(await screen.findByText('리뷰 내용 2')).toBeTruthy();
    expect(screen.getAllByText(/^구매 옵션:/)).toHaveLength(1);
  });

  it("shows a post with the content feature's share menu", async () => {
    stubFetch((url) =>
      url.pathname === '/api/dashboard/contents' ? Response.json({ contents: [post], has_more: false }) : undefined,
    );
    open('/merchant/dashboard?tab=posts');
    const article = await screen.findByRole('article', { name: '봄 딸기 입고' });
    expect(within(article).getByRole('button', { name: '공유' })).toBeTruthy();
  });

  it("threads the comments on my posts with the content feature's comment list and its own delete wording", async () => {
    const reply = (id: number, depth: number, author: { id: number; username: string }, replies: unknown[] = []) => ({
      id,
      content: `댓글 ${id}`,
      created_at: new Date().toISOString(),
      depth,
      is_deleted: false,
      comment_author: { ...author, profile_image: null },
      replies,
    });
    const group = {
      post_info: { id: 9, title: '봄 딸기 입고' },
      comment_count: 2,
      latest_activity: new Date().toISOString(),
      comments: [reply(100, 0, { id: 40, username: '이웃' }, [reply(101, 1, { id: 3, username: 'farmer' })])],
    };
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/dashboard/my-comments')
        return Response.json({ comment_groups: [group], has_more: false });
      if (url.pathname === '/api/content/comments/101' && init.method === 'DELETE') {
        return Response.json({ id: 101, mode: 'hard', comments_count: 1 });
      }
      return undefined;
    });
    open('/merchant/dashboard?tab=comments');
    await screen.findByText('댓글 101');
    const row = (id: number) => document.querySelector(`[data-comment-id="${id}"]`) as HTMLElement;
    expect(row(101).style.marginLeft).toBe('20px');
    expect(within(row(100)).queryByRole('button', { name: '삭제' })).toBeNull();
    fireEvent.click(within(row(101)).getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('정말 이 댓글을 삭제하시겠습니까? 삭제된 댓글은 복구할 수 없습니다.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/dashboard/my-comments')).toHaveLength(2));
    expect(callsTo(fetchMock, '/api/content/comments/101', 'DELETE')).toHaveLength(1);
  });
});

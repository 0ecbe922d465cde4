import type { FeatureKey } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { renderInApp, stubFetch, testSession, testTenant } from '@/testing/app-test-support';
import {
  answerDashboard,
  customer,
  type FakeDashboard,
  fakeDashboard,
  merchant,
  testParts,
} from './dashboard-fixtures';
import DashboardPage from './dashboard-page';
import { SWIPE_HINT_KEY } from './use-swipe-tabs';

let fake: FakeDashboard;

function open(path: string, user: SessionUser = customer, off: FeatureKey[] = []) {
  stubFetch((url) => answerDashboard(fake, url, user));
  const route = path.split('?')[0];
  return renderInApp(<DashboardPage parts={testParts()} />, { path, route, user, tenant: testTenant({}, off) });
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
const panel = () => screen.getByRole('tabpanel');

function swipe(fromX: number, toX: number, dy = 0) {
  fireEvent.touchStart(panel(), { touches: [{ clientX: fromX, clientY: 200 }] });
  fireEvent.touchEnd(panel(), { changedTouches: [{ clientX: toX, clientY: 200 + dy }] });
}

const desktopWidth = window.innerWidth;
beforeEach(() => {
  fake = fakeDashboard();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.innerWidth = desktopWidth;
});

describe('dashboard shell', () => {
  it('shows the site name, the profile card and, for a customer, only the user tabs', async () => {
    open('/dashboard');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('햇살마켓 마이 대시보드');
    expect(screen.getByText('@minji')).toBeTruthy();
    expect(screen.getByRole('link', { name: '소개글 작성하기' }).getAttribute('href')).toBe('/profile/edit');
    expect(screen.getByRole('link', { name: '프로필 수정' }).getAttribute('href')).toBe('/profile/edit');
    expect(screen.queryByRole('link', { name: '게시글 등록' })).toBeNull();
    expect(screen.queryByRole('link', { name: '상품 등록' })).toBeNull();
    expect(tabNames()).toEqual(['홈', '게시글', '동영상', '공지사항', '댓글', '리뷰']);
    expect(selectedTab()).toBe('홈');
    // The home tab: the stats cards and the last 7 days' activity with links.
    expect(await screen.findByText('34')).toBeTruthy();
    expect(screen.getByRole('link', { name: /봄 딸기 입고/ }).getAttribute('href')).toBe('/content/7');
  });

  it('gives merchants their description, the register buttons and the merchant tabs', async () => {
    open('/merchant/dashboard', merchant);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('햇살마켓 판매자 대시보드');
    expect(screen.getByText('제철 채소를 키웁니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '게시글 등록' }).getAttribute('href')).toBe('/content/upload');
    expect(screen.getByRole('link', { name: '상품 등록' }).getAttribute('href')).toBe('/products/create');
    expect(tabNames()).toEqual([
      '홈',
      '게시글',
      '동영상',
      '공지사항',
      '댓글',
      '리뷰',
      '상품 관리',
      '삭제된 상품',
      '배송 관리',
      '배송 조건',
      '결제 관리',
    ]);
    fireEvent.mouseDown(screen.getByRole('tab', { name: '결제 관리' }));
    expect(await screen.findByText('결제 관리 화면')).toBeTruthy();
  });

  it('opens the tab of the URL, sends unknown tabs home, and keeps the tab in the history', async () => {
    const { router } = open('/dashboard?tab=reviews');
    expect(selectedTab()).toBe('리뷰');
    const pushes: string[] = [];
    router.subscribe((st) => pushes.push(`${st.historyAction} ${st.location.search}`));
    fireEvent.mouseDown(screen.getByRole('tab', { name: '댓글' }));
    // One history entry per tab change (a press also focuses the tab, which selects it again).
    expect(pushes).toEqual(['PUSH ?tab=comments']);
    expect(router.state.location.search).toBe('?tab=comments');
    expect(selectedTab()).toBe('댓글');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(selectedTab()).toBe('리뷰'));
    await act(() => router.navigate('/dashboard?tab=nonsense'));
    expect(selectedTab()).toBe('홈');
  });

  it.each([
    ['delivery', '배송 관리는 가맹점주만 이용할 수 있습니다.'],
    ['delivery-terms', '배송 조건 설정은 가맹점주만 이용할 수 있습니다.'],
    ['deleted-products', '삭제된 상품 관리는 가맹점주만 이용할 수 있습니다.'],
    ['products', '가맹점주만 접근 가능합니다.'],
    ['payments', '가맹점주만 접근 가능합니다.'],
  ])('tells a customer who opens ?tab=%s why it is closed', (tab, reason) => {
    open(`/dashboard?tab=${tab}`);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: '접근 권한이 없습니다' })).toBeTruthy();
    expect(within(alert).getByText(reason)).toBeTruthy();
    expect(screen.queryByText(/화면$/)).toBeNull();
  });

  it('hides the tabs of features that are off, and their buttons', () => {
    open('/merchant/dashboard?tab=posts', merchant, ['content', 'reviews', 'payment']);
    expect(tabNames()).toEqual(['홈', '상품 관리', '삭제된 상품', '배송 관리', '배송 조건']);
    expect(selectedTab()).toBe('홈');
    expect(screen.queryByRole('link', { name: '게시글 등록' })).toBeNull();
    cleanup();
    open('/merchant/dashboard?tab=delivery', merchant, ['shopping', 'delivery']);
    expect(tabNames()).toEqual(['홈', '게시글', '동영상', '공지사항', '댓글', '리뷰', '결제 관리']);
    expect(selectedTab()).toBe('홈');
    expect(screen.queryByRole('link', { name: '상품 등록' })).toBeNull();
  });

  it('hides every merchant tab while the merchant switch is off, even for a merchant on /dashboard', () => {
    open('/dashboard?tab=delivery', merchant, ['merchant']);
    expect(tabNames()).toEqual(['홈', '게시글', '동영상', '공지사항', '댓글', '리뷰']);
    // A merchant tab asked for by the URL opens home, not the tab nor the "merchants only" notice.
    expect(selectedTab()).toBe('홈');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/화면$/)).toBeNull();
    cleanup();
    open('/dashboard?tab=payments', customer, ['merchant']);
    expect(selectedTab()).toBe('홈');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('swipes and the swipe hint on a phone', () => {
  it('moves to the next or previous tab only past 50 px sideways, with a 50 ms vibration', () => {
    window.innerWidth = 390;
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const { router } = open('/dashboard?tab=posts');
    swipe(300, 250); // 50 px: not enough
    expect(selectedTab()).toBe('게시글');
    swipe(300, 100, 250); // more down than sideways: a scroll
    expect(selectedTab()).toBe('게시글');
    expect(vibrate).not.toHaveBeenCalled();
    swipe(300, 240); // 60 px to the left: next tab
    expect(selectedTab()).toBe('동영상');
    expect(router.state.location.search).toBe('?tab=videos');
    expect(vibrate).toHaveBeenCalledWith(50);
    swipe(100, 200); // to the right: back
    expect(selectedTab()).toBe('게시글');
  });

  it('keeps a swipe that began on a loading placeholder the loaded list replaced', async () => {
    window.innerWidth = 390;
    open('/dashboard?tab=posts');
    const placeholder = panel().querySelector('.skeleton');
    expect(placeholder).toBeTruthy();
    fireEvent.touchStart(placeholder as Element, { touches: [{ clientX: 300, clientY: 200 }] });
    await waitFor(() => expect(placeholder?.isConnected).toBe(false));
    fireEvent.touchEnd(placeholder as Element, { changedTouches: [{ clientX: 200, clientY: 200 }] });
    expect(selectedTab()).toBe('동영상');
  });

  it('scrolls the tab bar sideways with the mouse wheel on a desktop', () => {
    window.innerWidth = desktopWidth;
    open('/dashboard');
    const bar = screen.getByRole('tablist');
    Object.defineProperty(bar, 'scrollWidth', { value: 1200, configurable: true });
    Object.defineProperty(bar, 'clientWidth', { value: 400, configurable: true });
    const notHandled = fireEvent.wheel(bar, { deltaY: 120 });
    expect(bar.scrollLeft).toBe(120);
    // The page itself does not scroll while the bar takes the wheel.
    expect(notHandled).toBe(false);
  });

  it('does nothing on a desktop', () => {
    open('/dashboard?tab=posts');
    swipe(300, 100);
    expect(selectedTab()).toBe('게시글');
  });

  it('shows the hint once, after 1 s for 2 s', () => {
    vi.useFakeTimers();
    window.innerWidth = 390;
    open('/dashboard');
    const hint = '좌우로 밀어서 다른 탭으로 이동할 수 있어요';
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByText(hint)).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText(hint)).toBeTruthy();
    expect(localStorage.getItem(SWIPE_HINT_KEY)).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText(hint)).toBeNull();
    cleanup();
    open('/dashboard');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByText(hint)).toBeNull();
  });
});

describe('the message a saved product brings', () => {
  it('shows once: the history entry no longer carries it', async () => {
    stubFetch((url) => answerDashboard(fake, url, merchant));
    const router = createMemoryRouter(
      [{ path: '/merchant/dashboard', element: <DashboardPage parts={testParts()} /> }],
      { initialEntries: [{ pathname: '/merchant/dashboard', state: { message: '상품이 등록되었습니다.' } }] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TenantContext value={toTenantInfo(testTenant())}>
          <SessionContext value={testSession(merchant)}>
            <RouterProvider router={router} />
          </SessionContext>
        </TenantContext>
      </QueryClientProvider>,
    );
    expect(screen.getByText('상품이 등록되었습니다.').closest('[role="status"]')).toBeTruthy();
    // A reload must not repeat it: the history entry no longer carries the message.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByText('상품이 등록되었습니다.')).toBeTruthy();
  });

  it('shows nothing without one', () => {
    open('/merchant/dashboard', merchant);
    expect(screen.queryByText('상품이 등록되었습니다.')).toBeNull();
  });
});

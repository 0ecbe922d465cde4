import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import { dashboardKeys } from './dashboard.api';
import {
  answerDashboard,
  buildComment,
  buildContent,
  buildGroup,
  buildReview,
  customer,
  type FakeDashboard,
  fakeDashboard,
  merchant,
  testParts,
} from './dashboard-fixtures';
import DashboardPage from './dashboard-page';
import type { DashboardParts } from './dashboard-parts';

let fake: FakeDashboard;

function open(tab: string, user: SessionUser = customer, parts: DashboardParts = testParts()) {
  const fetchMock = stubFetch((url) => answerDashboard(fake, url, user));
  const view = renderInApp(<DashboardPage parts={parts} />, {
    path: `/dashboard?tab=${tab}`,
    route: '/dashboard',
    user,
  });
  return { ...view, fetchMock, parts };
}

const postTitles = () => screen.queryAllByRole('article').map((a) => a.querySelector('h3')?.textContent);

beforeEach(() => {
  fake = fakeDashboard();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('posts and videos tabs', () => {
  beforeEach(() => {
    fake.contents = [
      ...Array.from({ length: 8 }, (_, i) => buildContent(i + 1, { likes_count: i })),
      buildContent(50, { content_type: 'video', title: '수확 영상' }),
    ];
  });

  it('shows 6 of my posts, loads more on request, and starts again after a sort change', async () => {
    const { fetchMock } = open('posts');
    await screen.findByText('게시글 1');
    expect(postTitles()).toEqual(['게시글 1', '게시글 2', '게시글 3', '게시글 4', '게시글 5', '게시글 6']);
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await screen.findByText('게시글 8');
    expect(postTitles()).toHaveLength(8);
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();
    const pages = callsTo(fetchMock, '/api/dashboard/contents').map((c) => c.query.toString());
    expect(pages).toEqual([
      'limit=6&offset=0&content_type=image&sort=latest',
      'limit=6&offset=6&content_type=image&sort=latest',
    ]);

    fireEvent.change(screen.getByRole('combobox', { name: '정렬' }), { target: { value: 'popular' } });
    await waitFor(() => expect(postTitles()[0]).toBe('게시글 8'));
    expect(postTitles()).toHaveLength(6);
    expect(callsTo(fetchMock, '/api/dashboard/contents').at(-1)?.query.get('sort')).toBe('popular');
    expect(screen.getByRole('option', { name: '날짜순' })).toBeTruthy();
  });

  it('starts at the first page again after switching tabs', async () => {
    open('posts');
    await screen.findByText('게시글 1');
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await screen.findByText('게시글 8');
    fireEvent.mouseDown(screen.getByRole('tab', { name: '동영상' }));
    expect(await screen.findByText('수확 영상')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: '게시글' }));
    await screen.findByText('게시글 1');
    expect(postTitles()).toHaveLength(6);
  });

  it('shows a post with its badge, excerpt, media marker, counts and link', async () => {
    const long = '가'.repeat(200);
    fake.contents = [
      buildContent(9, {
        is_announcement: true,
        content: long,
        views_count: 1234,
        media_count: 5,
        media: [1, 2].map((id) => ({
          id,
          file_path: `/uploads/${id}.webp`,
          thumbnail_path: null,
          thumbnail_url: null,
          media_type: 'image' as const,
          file_name: `${id}.webp`,
          is_thumbnail: false,
          content_type: 'image/webp',
          size_bytes: 10,
        })),
      }),
    ];
    open('posts');
    const post = await screen.findByRole('article', { name: '게시글 9' });
    expect(within(post).getByText('공지')).toBeTruthy();
    expect(within(post).getByText(`${'가'.repeat(150)}...`)).toBeTruthy();
    expect(within(post).getByText('자세히 보기')).toBeTruthy();
    expect(within(post).getByText('+3')).toBeTruthy();
    expect(within(post).getByText('조회 1.2천')).toBeTruthy();
    expect(within(post).getAllByRole('link')[0]?.getAttribute('href')).toBe('/content/9');
    expect(within(post).getByRole('button', { name: '공유' })).toBeTruthy();
  });

  it('likes at once and takes it back with a message when the call fails', async () => {
    fake.contents = [buildContent(1, { likes_count: 3 })];
    let fail!: (err: Error) => void;
    const setLike = vi.fn(() => new Promise<never>((_, reject) => (fail = reject)));
    open('posts', customer, testParts({ setLike }));
    const post = await screen.findByRole('article', { name: '게시글 1' });
    const like = within(post).getByRole('button', { name: /좋아요/ });
    fireEvent.click(like);
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(within(post).getByTestId('likes-count').textContent).toBe('4');
    expect(setLike).toHaveBeenCalledWith(1, true);
    fail(new Error('down'));
    expect(await screen.findByText('좋아요 처리에 실패했습니다.')).toBeTruthy();
    expect(within(post).getByTestId('likes-count').textContent).toBe('3');
    expect(like.getAttribute('aria-pressed')).toBe('false');
  });

  it('says so when there are no posts', async () => {
    fake.contents = [];
    open('videos');
    expect(await screen.findByRole('heading', { name: '아직 올린 동영상이 없습니다.' })).toBeTruthy();
  });

  it('shows the error with a retry that loads again', async () => {
    fake.contents = [buildContent(1)];
    fake.failing.add('/api/dashboard/contents');
    open('posts');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: '게시글을 불러올 수 없습니다.' })).toBeTruthy();
    fake.failing.clear();
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('게시글 1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('notices tab', () => {
  it('shows merchants their own announcements and others the general list', async () => {
    fake.announcements = [buildContent(1, { title: '전체 공지', is_announcement: true })];
    fake.myAnnouncements = [buildContent(2, { title: '우리 가게 공지', is_announcement: true })];
    open('notices', merchant);
    expect(await screen.findByText('우리 가게 공지')).toBeTruthy();
    cleanup();
    open('notices', customer);
    expect(await screen.findByText('전체 공지')).toBeTruthy();
    expect(screen.queryByText('우리 가게 공지')).toBeNull();
  });
});

describe('comments tab', () => {
  beforeEach(() => {
    const other = { id: 40, username: '이웃' };
    const me = { id: customer.id, username: customer.username };
    fake.groups = [
      buildGroup(5, [buildComment(100, 0, other, [buildComment(101, 1, me, [buildComment(102, 5, other)])])]),
    ];
  });

  const rows = () =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-comment-id]')).map(
      (li) => `${li.textContent} @${li.style.marginLeft}`,
    );

  it("hands each post's thread to the comment list in reading order, 20 px a level", async () => {
    fake.groups.push(buildGroup(6, [buildComment(200, 0, null)]));
    open('comments');
    expect(await screen.findByRole('link', { name: '게시글 5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '게시글 6' })).toBeTruthy();
    // Replies follow their parent; comment_author becomes the list's author (null when deleted).
    expect(rows()).toEqual([
      '이웃: 댓글 100 @0px',
      '김민지: 댓글 101 @20px',
      '이웃: 댓글 102 @100px',
      '-: 댓글 200 @0px',
    ]);
    const thread = screen.getByRole('list', { name: '5번 게시글의 댓글' });
    expect(thread.dataset.confirm).toBe('정말 이 댓글을 삭제하시겠습니까? 삭제된 댓글은 복구할 수 없습니다.');
  });

  it('reloads the comments and the stats after a reply or a delete', async () => {
    const { fetchMock, queryClient } = open('comments');
    await screen.findByText('이웃: 댓글 100');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const loads = callsTo(fetchMock, '/api/dashboard/my-comments').length;
    fireEvent.click(screen.getByRole('button', { name: '변경 알림' }));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([dashboardKeys.myComments, dashboardKeys.stats]);
    await waitFor(() => expect(callsTo(fetchMock, '/api/dashboard/my-comments').length).toBe(loads + 1));
  });

  it('shows the error with a retry', async () => {
    fake.failing.add('/api/dashboard/my-comments');
    open('comments');
    expect(await screen.findByRole('heading', { name: '댓글을 불러올 수 없습니다.' })).toBeTruthy();
  });
});

describe('reviews tab', () => {
  beforeEach(() => {
    fake.reviews = [buildReview(1, 10, 5), buildReview(2, 20, 3), buildReview(3, 10, 4)];
    fake.reviewStats = {
      total_reviews: 3,
      average_rating: 4,
      products_reviewed: 2,
      total_helpful: 7,
      image_reviews: 1,
      rating_distribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 },
    };
  });

  it('groups my reviews per product with count and average, opening on request', async () => {
    open('reviews');
    expect(await screen.findByRole('heading', { name: '내 리뷰 (3개 리뷰 / 2개 상품)' })).toBeTruthy();
    const first = screen.getByRole('button', { name: /상품 10/ });
    expect(first.textContent).toContain('리뷰 2개 · 평균 4.5점');
    expect(screen.getByRole('button', { name: /상품 20/ }).textContent).toContain('리뷰 1개 · 평균 3.0점');
    expect(screen.queryByText('리뷰 내용 3')).toBeNull();
    fireEvent.click(first);
    expect(screen.getByText('리뷰 내용 1')).toBeTruthy();
    expect(screen.getByText('리뷰 내용 3')).toBeTruthy();
    expect(screen.queryByText('리뷰 내용 2')).toBeNull();
    // A page of fewer than 20 is the last one.
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
  });

  it('shows the overall figures in the statistics modal', async () => {
    open('reviews');
    fireEvent.click(await screen.findByRole('button', { name: '전체 통계' }));
    const dialog = await screen.findByRole('dialog', { name: '리뷰 전체 통계' });
    const figure = (key: string) => dialog.querySelector(`[data-figure="${key}"] dd`)?.textContent;
    expect(figure('total')).toBe('3개');
    expect(figure('average')).toBe('4.0');
    expect(figure('products')).toBe('2개');
    expect(figure('helpful')).toBe('7');
    expect(figure('image')).toBe('1개');
    expect(figure('text')).toBe('2개');
    const star = (n: number) => dialog.querySelector(`[data-star="${n}"]`)?.textContent;
    expect(star(5)).toBe('5점1개33.3%');
    expect(star(1)).toBe('1점0개0.0%');
  });

  it('offers more when a page of exactly 20 came back', async () => {
    fake.reviews = Array.from({ length: 25 }, (_, i) => buildReview(i + 1, 100 + (i % 3), 5));
    const { fetchMock } = open('reviews');
    fireEvent.click(await screen.findByRole('button', { name: '더보기' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/dashboard/reviews')).toHaveLength(2));
    expect(callsTo(fetchMock, '/api/dashboard/reviews')[1]?.query.toString()).toBe('limit=20&offset=20');
    await waitFor(() => expect(screen.queryByRole('button', { name: '더보기' })).toBeNull());
  });

  it('shows the spec error with a retry', async () => {
    fake.failing.add('/api/dashboard/reviews');
    open('reviews');
    expect(await screen.findByRole('heading', { name: '리뷰를 불러오는 중 오류가 발생했습니다.' })).toBeTruthy();
    fake.failing.clear();
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '내 리뷰 (3개 리뷰 / 2개 상품)' })).toBeTruthy();
  });
});

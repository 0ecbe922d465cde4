import type { Review } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { toast } from '@/components/app-toaster';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp } from '@/testing/app-test-support';
import { ReviewSection } from './review-section';
import { buildReview, type FakeReviewServer, me, serveReviews } from './reviews-test-support';

let server: FakeReviewServer;
let fetchMock: ReturnType<typeof serveReviews>;

function serve(over: Partial<FakeReviewServer> = {}) {
  server = {
    reviews: [],
    eligibility: { has_purchased: false, review_id: null, can_write: false },
    ...over,
  };
  fetchMock = serveReviews(server);
}

/** The section on the product page, read by `me` unless a test says otherwise (null: signed out). */
function renderSection({ user = me }: { user?: SessionUser | null } = {}) {
  const onChanged = vi.fn();
  const view = renderInApp(<ReviewSection productId={5} productTitle="유기농 딸기 1kg" onChanged={onChanged} />, {
    path: '/products/5',
    user,
  });
  return { ...view, onChanged };
}

const reviewCards = () => screen.queryAllByRole('article');
const cardOf = (username: string) => screen.getByRole('article', { name: `${username}님의 리뷰` });
const listCalls = () => callsTo(fetchMock, '/api/reviews/product/5', 'GET').map((c) => c.query);

/** A deferred answer: the test decides when (and how) the server answers. */
function deferred() {
  let resolve: (r: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let toastError: MockInstance<typeof toast.error>;
let toastSuccess: MockInstance<typeof toast.success>;
beforeEach(() => {
  toastError = vi.spyOn(toast, 'error');
  toastSuccess = vi.spyOn(toast, 'success');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('review tab: statistics and list', () => {
  it('shows the average to one decimal with stars, the total and one bar per star from 5 to 1', async () => {
    const ratings = [5, 5, 5, 5, 4, 4, 3, 1];
    serve({ reviews: ratings.map((rating) => buildReview({ rating })) });
    renderSection();
    const stats = await screen.findByRole('region', { name: '리뷰 통계' });
    // 32 / 8 = 4.0: one decimal even when whole.
    expect(within(stats).getByText('4.0')).toBeTruthy();
    expect(within(stats).getByText('평균 별점 5점 만점에 4.0점')).toBeTruthy();
    expect(within(stats).getByText('리뷰 8개')).toBeTruthy();
    const bars = within(stats).getAllByRole('listitem');
    expect(bars.map((li) => li.getAttribute('data-star'))).toEqual(['5', '4', '3', '2', '1']);
    expect(bars.map((li) => li.querySelector('.review-bar-count')?.textContent)).toEqual(['4', '2', '1', '0', '1']);
    expect(bars[0]?.querySelector<HTMLElement>('.review-bar-fill')?.style.width).toBe('50%');
    expect(within(stats).getByText('2점 리뷰 0개')).toBeTruthy();
    expect(reviewCards()).toHaveLength(8);
  });

  it('shows each review with author, relative date, stars, title and text, and photos that open large', async () => {
    serve({
      reviews: [
        buildReview({
          user: { id: 41, username: '이서준', profile_image: null },
          user_id: 41,
          rating: 4,
          title: '아이들이 좋아해요',
          content: '당도가 높고 알이 굵어요.\n다음에 또 살게요.',
          media: [
            {
              id: 1,
              file_path: '/api/media/r/1.webp',
              thumbnail_url: '/api/media/r/1-t.webp',
              width: 800,
              height: 600,
            },
            {
              id: 2,
              file_path: '/api/media/r/2.webp',
              thumbnail_url: '/api/media/r/2-t.webp',
              width: 800,
              height: 600,
            },
          ],
        }),
      ],
    });
    renderSection();
    const card = await screen.findByRole('article', { name: '이서준님의 리뷰' });
    expect(within(card).getByRole('img', { name: '별점 5점 중 4점' })).toBeTruthy();
    expect(within(card).getByText('3시간 전')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: '아이들이 좋아해요' })).toBeTruthy();
    expect(within(card).getByText(/당도가 높고 알이 굵어요/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: '리뷰 사진 2장 중 2번째 크게 보기' }));
    const viewer = await screen.findByRole('dialog', { name: '리뷰 사진 보기' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/api/media/r/2.webp');
    fireEvent.click(within(viewer).getByRole('button', { name: '다음 사진' }));
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/api/media/r/1.webp');
    expect(within(viewer).getByText('1 / 2')).toBeTruthy();
  });

  it('shows the option the author bought, and nothing extra for a product without options', async () => {
    serve({
      reviews: [
        buildReview({ user: { id: 41, username: '이서준', profile_image: null }, user_id: 41, option_name: '5kg' }),
        buildReview({ user: { id: 42, username: '박하늘', profile_image: null }, user_id: 42 }),
      ],
    });
    renderSection();
    const withOption = await screen.findByRole('article', { name: '이서준님의 리뷰' });
    expect(within(withOption).getByText('구매 옵션: 5kg')).toBeTruthy();
    expect(within(cardOf('박하늘')).queryByText(/구매 옵션/)).toBeNull();
  });

  it('shows the empty state, and a loading skeleton before the answer', async () => {
    serve({ reviews: [] });
    renderSection();
    expect(screen.getByRole('status').textContent).toContain('리뷰를 불러오는 중입니다');
    expect(await screen.findByRole('heading', { name: '아직 작성된 리뷰가 없어요' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '리뷰 통계' })).toBeNull();
  });

  it('says the reviews could not load, and loads them again on retry', async () => {
    serve({ reviews: [buildReview({ title: '다시 보여요' })], failList: true });
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('리뷰를 불러오는데 실패했습니다.');
    server.failList = false;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '다시 보여요' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks the server again in the chosen order when the sort changes', async () => {
    const low = buildReview({ rating: 1, title: '별로였어요' });
    const high = buildReview({ rating: 5, title: '최고예요' });
    serve({
      reviews: [high, low],
      sorted: (sort, reviews) =>
        sort === 'lowest_rating' ? [...reviews].sort((a, b) => a.rating - b.rating) : reviews,
    });
    renderSection();
    await screen.findByRole('heading', { name: '최고예요' });
    const select = screen.getByRole('combobox', { name: '정렬' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      '최신순',
      '오래된순',
      '별점 높은순',
      '별점 낮은순',
      '도움순',
    ]);
    expect(listCalls().map((q) => q.get('sort_by'))).toEqual(['newest']);

    fireEvent.change(select, { target: { value: 'lowest_rating' } });
    await waitFor(() => expect(listCalls().map((q) => q.get('sort_by'))).toEqual(['newest', 'lowest_rating']));
    expect(listCalls()[1]?.get('skip')).toBe('0');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        '별로였어요',
        '최고예요',
      ]),
    );
  });

  it('loads 10 more with 더보기 while full pages come, and stops after a short page', async () => {
    serve({ reviews: Array.from({ length: 13 }, () => buildReview()) });
    renderSection();
    await waitFor(() => expect(reviewCards()).toHaveLength(10));
    expect(listCalls()[0]?.get('limit')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(reviewCards()).toHaveLength(13));
    expect(listCalls().map((q) => q.get('skip'))).toEqual(['0', '10']);
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
  });

  it('offers no 더보기 after a short first page', async () => {
    serve({ reviews: Array.from({ length: 4 }, () => buildReview()) });
    renderSection();
    await waitFor(() => expect(reviewCards()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
  });
});

describe('review tab: 도움돼요', () => {
  it('turns on at once, then takes the count the server answers', async () => {
    const review = buildReview({ user: { id: 42, username: '박하늘', profile_image: null }, user_id: 42 });
    review.helpful_count = 3;
    const answer = deferred();
    serve({ reviews: [review], helpful: () => answer.promise });
    renderSection();
    const card = await screen.findByRole('article', { name: '박하늘님의 리뷰' });
    const button = within(card).getByRole('button', { name: /도움돼요/ });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toContain('3');

    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toContain('4');
    expect(callsTo(fetchMock, `/api/reviews/${review.id}/helpful`, 'POST')).toHaveLength(1);

    // Someone else voted meanwhile: the server's figure wins.
    answer.resolve(Response.json({ review_id: review.id, is_helpful: true, helpful_count: 7 }));
    await waitFor(() => expect(button.textContent).toContain('7'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('goes back to what it was and says so when the call fails', async () => {
    const review = buildReview({ is_helpful_by_current_user: true, helpful_count: 5 });
    const answer = deferred();
    serve({ reviews: [review], helpful: () => answer.promise });
    renderSection();
    const card = await screen.findByRole('article', { name: `${review.user.username}님의 리뷰` });
    const button = within(card).getByRole('button', { name: /도움돼요/ });
    expect(button.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(button.textContent).toContain('4');

    answer.resolve(Response.json({ detail: '서버 오류', code: 'internal' }, { status: 500 }));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toContain('5');
    expect(toastError).toHaveBeenCalledWith('처리 중 오류가 발생했습니다.');
  });

  it('sends signed-out readers to log in, to come back to the reviews', async () => {
    serve({ reviews: [buildReview()] });
    renderSection({ user: null });
    const [card] = await waitFor(() => {
      const cards = reviewCards();
      expect(cards).toHaveLength(1);
      return cards;
    });
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: /도움돼요/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? '{}')).toEqual({
      returnUrl: '/products/5#reviews',
      message: '로그인이 필요합니다.',
    });
    expect(callsTo(fetchMock, '/api/reviews/product/5/eligibility')).toHaveLength(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('review tab: writing, editing and deleting', () => {
  function mineAndTheirs(): [Review, Review] {
    return [
      buildReview({
        user_id: me.id,
        user: { id: me.id, username: me.username, profile_image: null },
        helpful_count: 2,
      }),
      buildReview({ user_id: 77, user: { id: 77, username: '최유나', profile_image: null } }),
    ];
  }

  it('offers edit and delete on my own review only, and no 도움돼요 on it', async () => {
    const [mine] = mineAndTheirs();
    serve({ reviews: mineAndTheirs(), eligibility: { has_purchased: true, review_id: mine.id, can_write: false } });
    renderSection();
    const own = await screen.findByRole('article', { name: `${me.username}님의 리뷰` });
    const theirs = cardOf('최유나');
    expect(within(own).getByText('내 리뷰')).toBeTruthy();
    expect(within(own).getByRole('button', { name: '내 리뷰 수정' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: '내 리뷰 삭제' })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: /도움돼요/ })).toBeNull();
    expect(within(own).getByText('2명에게 도움이 됐어요')).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: '내 리뷰 수정' })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: '내 리뷰 삭제' })).toBeNull();
    expect(within(theirs).getByRole('button', { name: /도움돼요/ })).toBeTruthy();
    // Already written: no second write button.
    expect(screen.queryByRole('button', { name: '리뷰 작성하기' })).toBeNull();
  });

  it('shows nobody edit or delete when signed out', async () => {
    serve({ reviews: mineAndTheirs() });
    renderSection({ user: null });
    await waitFor(() => expect(reviewCards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /내 리뷰/ })).toBeNull();
  });

  it('shows the write button only when the server says this user may write', async () => {
    serve({ reviews: [buildReview()], eligibility: { has_purchased: true, review_id: null, can_write: true } });
    const first = renderSection();
    expect(await screen.findByRole('button', { name: '리뷰 작성하기' })).toBeTruthy();
    first.unmount();

    serve({ reviews: [buildReview()], eligibility: { has_purchased: false, review_id: null, can_write: false } });
    renderSection();
    expect(await screen.findByText('상품을 구매한 고객만 리뷰를 작성할 수 있어요.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '리뷰 작성하기' })).toBeNull();
  });

  it('opens the modal from the write button of the empty state', async () => {
    serve({ reviews: [], eligibility: { has_purchased: true, review_id: null, can_write: true } });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: '리뷰 작성하기' }));
    const dialog = await screen.findByRole('dialog', { name: '리뷰 작성' });
    expect(within(dialog).getByText('유기농 딸기 1kg')).toBeTruthy();
  });

  it('opens my review in the modal to edit it', async () => {
    const [mine, theirs] = mineAndTheirs();
    mine.title = '내가 쓴 제목';
    serve({ reviews: [mine, theirs] });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: '내 리뷰 수정' }));
    const dialog = await screen.findByRole('dialog', { name: '리뷰 수정' });
    expect((within(dialog).getByLabelText('제목 (선택)') as HTMLInputElement).value).toBe('내가 쓴 제목');
    expect((within(dialog).getByRole('radio', { name: '5점' }) as HTMLInputElement).checked).toBe(true);
  });

  it('deletes my review after confirmation and refreshes the list and the product', async () => {
    const [mine, theirs] = mineAndTheirs();
    serve({ reviews: [mine, theirs] });
    const { onChanged } = renderSection();
    fireEvent.click(await screen.findByRole('button', { name: '내 리뷰 삭제' }));
    const confirm = await screen.findByRole('alertdialog', { name: '리뷰를 삭제할까요?' });
    expect(callsTo(fetchMock, `/api/reviews/${mine.id}`, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(reviewCards()).toHaveLength(1));
    expect(callsTo(fetchMock, `/api/reviews/${mine.id}`, 'DELETE')).toHaveLength(1);
    expect(onChanged).toHaveBeenCalled();
    expect(toastSuccess).toHaveBeenCalledWith('리뷰를 삭제했어요.');
  });

  it('keeps my review and says so when the delete fails', async () => {
    const [mine, theirs] = mineAndTheirs();
    serve({
      reviews: [mine, theirs],
      remove: () => Response.json({ detail: '서버 오류', code: 'internal' }, { status: 500 }),
    });
    const { onChanged } = renderSection();
    fireEvent.click(await screen.findByRole('button', { name: '내 리뷰 삭제' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('삭제 중 오류가 발생했습니다.'));
    await waitFor(() => expect(reviewCards()).toHaveLength(2));
    expect(onChanged).not.toHaveBeenCalled();
  });
});

import type { Review, ReviewMedia } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { toast } from '@/components/app-toaster';
import { ApiError } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import ReviewFormDialog from './review-form-dialog';
import { buildReview, fileOf, me } from './reviews-test-support';

vi.mock('@/lib/upload', () => ({ uploadWithProgress: vi.fn() }));
const upload = vi.mocked(uploadWithProgress);

let fetchMock: ReturnType<typeof stubFetch>;
let created: Review;
let success: MockInstance<typeof toast.success>;

function serve({ save }: { save?: (init: RequestInit) => Response } = {}) {
  fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if ((method === 'POST' && url.pathname === '/api/reviews/product/5') || method === 'PUT') {
      if (save) return save(init);
      const body = JSON.parse(String(init.body));
      return Response.json({ ...created, ...body }, { status: method === 'POST' ? 201 : 200 });
    }
    const image = url.pathname.match(/^\/api\/reviews\/(\d+)\/images\/(\d+)$/);
    if (method === 'DELETE' && image) return Response.json(created);
    return undefined;
  });
}

function media(id: number): ReviewMedia {
  return {
    id,
    file_path: `/api/media/r/${id}.webp`,
    thumbnail_url: `/api/media/r/${id}-t.webp`,
    width: 640,
    height: 640,
  };
}

function openDialog(review: Review | null = null) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderInApp(
    <ReviewFormDialog
      productId={5}
      productTitle="유기농 딸기 1kg"
      review={review}
      onClose={onClose}
      onSaved={onSaved}
    />,
    { path: '/products/5', user: me },
  );
  return { onClose, onSaved, dialog: screen.getByRole('dialog') };
}

const content = () => screen.getByLabelText('리뷰 내용') as HTMLTextAreaElement;
const type = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /리뷰 등록하기|수정 완료/ }));
const addFiles = (files: File[]) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};
const tiles = () => screen.queryAllByTestId('review-photo-tile').map((t) => t.getAttribute('data-photo'));
const saves = () => [
  ...callsTo(fetchMock, '/api/reviews/product/5', 'POST'),
  ...callsTo(fetchMock, `/api/reviews/${created.id}`, 'PUT'),
];

beforeEach(() => {
  created = buildReview({ id: 900, user_id: me.id, rating: 4, media: [] });
  upload.mockReset();
  success = vi.spyOn(toast, 'success');
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => {
        n += 1;
        return `blob:preview-${n}`;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('review modal: validation', () => {
  it("shows the spec's messages under the fields and sends nothing while invalid", async () => {
    serve();
    openDialog();
    submit();
    expect(await screen.findByText('별점을 선택해주세요.')).toBeTruthy();
    expect(screen.getByText('리뷰 내용을 입력해주세요.')).toBeTruthy();

    type(content(), '짧아요');
    expect(await screen.findByText('리뷰 내용은 최소 10자 이상 입력해주세요.')).toBeTruthy();
    type(content(), '가'.repeat(1001));
    expect(await screen.findByText('리뷰 내용은 1,000자 이하로 입력해주세요.')).toBeTruthy();
    type(screen.getByLabelText('제목 (선택)'), '제'.repeat(101));
    expect(await screen.findByText('제목은 100자 이하로 입력해주세요.')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('counts the characters of the review as they are typed', async () => {
    serve();
    openDialog();
    const counter = screen.getByTestId('review-counter');
    expect(counter.textContent).toContain('0 / 1,000');
    fireEvent.change(content(), { target: { value: '  딸기가 달아요  ' } });
    // What will be saved: the trimmed text.
    expect(counter.textContent).toContain('7 / 1,000');
    fireEvent.change(content(), { target: { value: '가'.repeat(1234) } });
    expect(counter.textContent).toContain('1,234 / 1,000');
  });

  it('offers the rating as five radios, one per star, with the chosen one checked', async () => {
    serve();
    openDialog();
    const group = screen.getByRole('group', { name: '별점' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(within(group).getByRole('radio', { name: '4점' }));
    expect((within(group).getByRole('radio', { name: '4점' }) as HTMLInputElement).checked).toBe(true);
    expect(within(group).getByText('좋아요')).toBeTruthy();
    expect(group.querySelectorAll('.rating-star.is-on')).toHaveLength(4);
  });
});

describe('review modal: photos', () => {
  it('takes images only, each 5 MB at most, five at most', async () => {
    serve();
    openDialog();
    addFiles([fileOf('memo.pdf', 'application/pdf')]);
    expect((await screen.findByRole('alert')).textContent).toContain('이미지 파일만 업로드할 수 있습니다.');
    expect(tiles()).toEqual([]);

    addFiles([fileOf('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1), fileOf('ok.jpg', 'image/jpeg', 5 * 1024 * 1024)]);
    expect(screen.getByRole('alert').textContent).toContain('파일 크기는 5MB 이하여야 합니다.');
    expect(tiles()).toEqual(['ok.jpg']);

    addFiles(['a', 'b', 'c', 'd', 'e'].map((n) => fileOf(`${n}.png`, 'image/png')));
    expect(screen.getByRole('alert').textContent).toContain('최대 5개의 이미지만 업로드할 수 있습니다.');
    expect(tiles()).toEqual(['ok.jpg', 'a.png', 'b.png', 'c.png', 'd.png']);
    expect(screen.queryByText('사진 추가')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '2번째 사진 삭제' }));
    expect(tiles()).toEqual(['ok.jpg', 'b.png', 'c.png', 'd.png']);
    expect(screen.getByText('사진 추가')).toBeTruthy();
  });
});

describe('review modal: saving', () => {
  function fillValid() {
    fireEvent.click(screen.getByRole('radio', { name: '4점' }));
    fireEvent.change(screen.getByLabelText('제목 (선택)'), { target: { value: '  ' } });
    fireEvent.change(content(), { target: { value: '  알이 굵고 달아서 아이들이 좋아해요.  ' } });
  }

  it('creates the review, then uploads the photos one by one, and closes', async () => {
    serve();
    upload.mockImplementation(async (path) => media(path.endsWith('/images') ? 1 + upload.mock.calls.length : 0));
    const { onClose, onSaved } = openDialog();
    fillValid();
    addFiles([fileOf('one.jpg', 'image/jpeg'), fileOf('two.webp', 'image/webp')]);
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, '/api/reviews/product/5', 'POST').map((c) => c.body)).toEqual([
      { rating: 4, title: null, content: '알이 굵고 달아서 아이들이 좋아해요.' },
    ]);
    expect(upload.mock.calls.map(([path, form]) => [path, (form.get('file') as File).name])).toEqual([
      ['/api/reviews/900/images', 'one.jpg'],
      ['/api/reviews/900/images', 'two.webp'],
    ]);
    expect(onSaved).toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith('리뷰를 등록했어요. 소중한 후기 고마워요!');
  });

  it('keeps the form and shows the server message when the save is refused', async () => {
    serve({
      save: () =>
        Response.json({ detail: '이미 이 상품에 리뷰를 작성하셨습니다.', code: 'already_reviewed' }, { status: 409 }),
    });
    const { onClose, onSaved } = openDialog();
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('이미 이 상품에 리뷰를 작성하셨습니다.');
    expect(content().value).toContain('알이 굵고 달아서');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '리뷰 작성' })).toBeTruthy();
  });

  it('says the review could not be saved when the server sends no message', async () => {
    serve({ save: () => new Response('<html>bad gateway</html>', { status: 502 }) });
    openDialog();
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('리뷰 저장 중 오류가 발생했습니다.');
  });

  it('after a failed photo stays open as the editor of the created review, naming the photo', async () => {
    serve();
    upload
      .mockResolvedValueOnce(media(1))
      .mockRejectedValueOnce(new ApiError('파일 크기는 5MB 이하여야 합니다.', 413))
      .mockResolvedValueOnce(media(2));
    const { onClose, onSaved } = openDialog();
    fillValid();
    addFiles([fileOf('one.jpg', 'image/jpeg'), fileOf('two.jpg', 'image/jpeg')]);
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('"two.jpg"');
    expect(alert.textContent).toContain('파일 크기는 5MB 이하여야 합니다.');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '리뷰 수정' })).toBeTruthy();
    expect(content().value).toContain('알이 굵고 달아서');

    // Saving again updates the same review and sends only the photo that did not go.
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, '/api/reviews/product/5', 'POST')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/reviews/900', 'PUT')).toHaveLength(1);
    expect(upload.mock.calls.map(([, form]) => (form.get('file') as File).name)).toEqual([
      'one.jpg',
      'two.jpg',
      'two.jpg',
    ]);
  });

  it('edits my review: updates it and deletes the photos I removed', async () => {
    created = buildReview({ id: 900, user_id: me.id, rating: 2, media: [media(31), media(32)] });
    serve();
    const { onClose } = openDialog(created);
    expect(screen.getByRole('dialog', { name: '리뷰 수정' })).toBeTruthy();
    expect(tiles()).toEqual(['media-31', 'media-32']);
    fireEvent.click(screen.getByRole('button', { name: '1번째 사진 삭제' }));
    fireEvent.click(screen.getByRole('radio', { name: '3점' }));
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, '/api/reviews/900', 'PUT').map((c) => (c.body as { rating: number }).rating)).toEqual([
      3,
    ]);
    expect(callsTo(fetchMock, '/api/reviews/900/images/31', 'DELETE')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/reviews/900/images/32', 'DELETE')).toHaveLength(0);
    expect(upload).not.toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith('리뷰를 수정했어요.');
  });
});

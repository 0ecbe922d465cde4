import type { Comment } from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import { CommentList, CommentThread, type ListComment } from './comment-thread';

const me: SessionUser = { id: 21, email: 'minji@example.com', username: '김민지', user_type: 'customer' };
const other = { id: 40, username: '이웃' };

function comment(id: number, depth: number, author: { id: number; username: string } | null, deleted = false): Comment {
  return {
    id,
    post_id: 5,
    parent_id: depth === 0 ? null : id - 1,
    depth,
    content: deleted ? '삭제된 댓글입니다.' : `댓글 ${id}`,
    author,
    is_deleted: deleted,
    created_at: new Date().toISOString(),
  };
}

// A thread in reading order: 100 (other) > 101 (me) > 102 (other, deepest), and a deleted 103.
let thread: Comment[];
let failing: Set<string>;

function answer(url: URL, init: RequestInit) {
  const method = init.method ?? 'GET';
  if (failing.has(`${method} ${url.pathname}`)) {
    return Response.json({ detail: '서버 오류', code: 'x' }, { status: 500 });
  }
  if (url.pathname === '/api/content/posts/5/comments' && method === 'GET') {
    return Response.json({ comments: thread, total: 2, comments_count: thread.length, page: 1, size: 20, pages: 1 });
  }
  if (url.pathname === '/api/content/posts/5/comments' && method === 'POST') return Response.json({}, { status: 201 });
  if (url.pathname.startsWith('/api/content/comments/') && method === 'DELETE') {
    return Response.json({ id: 101, mode: 'hard', comments_count: 3 });
  }
  return undefined;
}

function openThread(user: SessionUser | null = me) {
  const fetchMock = stubFetch(answer);
  const view = renderInApp(<CommentThread postId={5} count={4} />, { path: '/content/5', user });
  return { ...view, fetchMock };
}

const row = (id: number) => document.querySelector<HTMLElement>(`[data-comment-id="${id}"]`) as HTMLElement;

beforeEach(() => {
  thread = [comment(100, 0, other), comment(101, 1, me), comment(102, 5, other), comment(103, 0, null, true)];
  failing = new Set();
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('comment thread', () => {
  it('indents replies 25 px a level, offers replies below depth 5 and delete to the author only', async () => {
    openThread();
    await screen.findByText('댓글 100');
    expect(row(100).style.marginLeft).toBe('0px');
    expect(row(101).style.marginLeft).toBe('25px');
    expect(row(102).style.marginLeft).toBe('125px');
    expect(within(row(100)).getByRole('button', { name: '답글' })).toBeTruthy();
    expect(within(row(102)).queryByRole('button', { name: '답글' })).toBeNull();
    expect(within(row(103)).queryByRole('button', { name: '답글' })).toBeNull();
    expect(within(row(103)).getByText('알 수 없음')).toBeTruthy();
    expect(within(row(100)).queryByRole('button', { name: '삭제' })).toBeNull();
    expect(within(row(101)).getByRole('button', { name: '삭제' })).toBeTruthy();
    expect(within(row(103)).queryByRole('button', { name: '삭제' })).toBeNull();
  });

  it('asks before deleting, deletes only after the confirmation, then reloads the thread', async () => {
    const { fetchMock } = openThread();
    await screen.findByText('댓글 101');
    fireEvent.click(within(row(101)).getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('댓글이 삭제되며 되돌릴 수 없습니다.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, '/api/content/comments/101', 'DELETE')).toHaveLength(0);

    fireEvent.click(within(row(101)).getByRole('button', { name: '삭제' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/content/comments/101', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, '/api/content/posts/5/comments', 'GET')).toHaveLength(2));
  });

  it('alerts when the delete fails', async () => {
    failing.add('DELETE /api/content/comments/101');
    openThread();
    await screen.findByText('댓글 101');
    fireEvent.click(within(row(101)).getByRole('button', { name: '삭제' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('댓글 삭제에 실패했습니다.'));
  });

  it('sends a trimmed reply to its parent, never an empty one, and closes the box on cancel', async () => {
    const { fetchMock } = openThread();
    await screen.findByText('댓글 100');
    fireEvent.click(within(row(100)).getByRole('button', { name: '답글' }));
    const box = screen.getByRole('textbox', { name: '이웃님에게 답글' });
    const submit = within(row(100)).getByRole('button', { name: '등록' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(callsTo(fetchMock, '/api/content/posts/5/comments', 'POST')).toHaveLength(0);

    fireEvent.change(box, { target: { value: '  감사합니다  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(fetchMock, '/api/content/posts/5/comments', 'POST')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/content/posts/5/comments', 'POST')[0]?.body).toEqual({
      content: '감사합니다',
      parent_id: 100,
    });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '이웃님에게 답글' })).toBeNull());

    fireEvent.click(within(row(101)).getByRole('button', { name: '답글' }));
    fireEvent.click(within(row(101)).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('textbox', { name: '김민지님에게 답글' })).toBeNull();
  });

  it('sends a double-clicked comment once, with an Idempotency-Key, and disables 등록 while it is sent', async () => {
    let release: () => void = () => {};
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/content/posts/5/comments' && init.method === 'POST') {
        return new Promise<Response>((resolve) => {
          release = () => resolve(Response.json({}, { status: 201 }));
        });
      }
      return answer(url, init);
    });
    renderInApp(<CommentThread postId={5} count={4} />, { path: '/content/5', user: me });
    await screen.findByText('댓글 100');
    const box = screen.getByRole('textbox', { name: '댓글 내용' });
    const form = box.closest('form') as HTMLFormElement;
    const submit = within(form).getByRole('button', { name: '등록' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '첫 댓글' } });
    // Two clicks in the same task: React has not re-rendered the button disabled in between.
    act(() => {
      submit.click();
      submit.click();
    });
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(submit.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(submit);
    const posts = callsTo(fetchMock, '/api/content/posts/5/comments', 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    release();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(submit.getAttribute('aria-busy')).toBeNull();

    // The next comment is a new submission: a new key.
    fireEvent.change(box, { target: { value: '둘째 댓글' } });
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(fetchMock, '/api/content/posts/5/comments', 'POST')).toHaveLength(2));
    release();
    const [first, second] = callsTo(fetchMock, '/api/content/posts/5/comments', 'POST');
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it('alerts the depth limit the server reports', async () => {
    const fetchMock = stubFetch((url, init) =>
      init.method === 'POST'
        ? Response.json({ detail: '깊이 초과', code: 'comment_depth_exceeded' }, { status: 400 })
        : answer(url, init),
    );
    renderInApp(<CommentThread postId={5} count={4} />, { path: '/content/5', user: me });
    await screen.findByText('댓글 101');
    fireEvent.click(within(row(101)).getByRole('button', { name: '답글' }));
    fireEvent.change(screen.getByRole('textbox', { name: '김민지님에게 답글' }), { target: { value: '더 깊게' } });
    fireEvent.click(within(row(101)).getByRole('button', { name: '등록' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('답글은 최대 5단계까지만 작성할 수 있습니다.'));
    expect(callsTo(fetchMock, '/api/content/posts/5/comments', 'POST')).toHaveLength(1);
  });

  it('sends a logged-out reader who wants to reply to the login page', async () => {
    const { fetchMock } = openThread(null);
    await screen.findByText('댓글 100');
    expect(within(row(101)).queryByRole('button', { name: '삭제' })).toBeNull();
    fireEvent.click(within(row(100)).getByRole('button', { name: '답글' }));
    expect(window.alert).toHaveBeenCalledWith('댓글을 작성하려면 로그인이 필요합니다.');
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(callsTo(fetchMock, '/api/content/posts/5/comments', 'POST')).toHaveLength(0);
  });
});

describe('comment list on its own', () => {
  it('shows the avatar, the confirmation a screen words its own way, and reports the change', async () => {
    const fetchMock = stubFetch(answer);
    const onChanged = vi.fn();
    const comments: ListComment[] = [
      { ...comment(101, 0, null), author: { ...me, profile_image: '/media/me.jpg' } },
      { ...comment(102, 1, null), author: { ...other, profile_image: null } },
    ];
    renderInApp(
      <CommentList
        postId={5}
        comments={comments}
        indentPx={20}
        onChanged={onChanged}
        confirm={{ title: '댓글 삭제', text: '정말 이 댓글을 삭제하시겠습니까? 삭제된 댓글은 복구할 수 없습니다.' }}
      />,
      { user: me },
    );
    expect(row(101).querySelector('img')?.getAttribute('src')).toMatch(/\/media\/me\.jpg$/);
    expect(within(row(102)).getByText('이')).toBeTruthy();
    expect(row(102).style.marginLeft).toBe('20px');
    fireEvent.click(within(row(101)).getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('정말 이 댓글을 삭제하시겠습니까? 삭제된 댓글은 복구할 수 없습니다.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, '/api/content/comments/101', 'DELETE')).toHaveLength(1);
  });
});

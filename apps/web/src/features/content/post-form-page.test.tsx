import type { Post } from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { uploadWithProgress } from '@/lib/upload';
import { renderInApp, stubFetch } from '@/testing/app-test-support';
import PostFormPage from './post-form-page';

vi.mock('@/lib/upload', () => ({ uploadWithProgress: vi.fn() }));
const upload = vi.mocked(uploadWithProgress);

const merchant: SessionUser = { id: 7, email: 'farm@example.com', username: '햇살농장', user_type: 'merchant' };

beforeEach(() => {
  stubFetch(() => undefined);
  upload.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  renderInApp(<PostFormPage />, { path: '/content/upload', user: merchant });
  return {
    title: screen.getByRole('textbox', { name: '제목' }) as HTMLInputElement,
    content: screen.getByRole('textbox', { name: '내용' }) as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: '게시글 등록' }) as HTMLButtonElement,
  };
}

/** The text of the elements an input's aria-describedby names. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('post form', () => {
  it('shows the errors on submit, tied to their fields, and drops each as soon as its field is filled', async () => {
    const { title, content, submit } = open();
    expect(title.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(submit);
    await screen.findByText('제목을 입력해주세요.');
    expect(screen.getByText('내용을 입력해주세요.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(description(title)).toBe('제목을 입력해주세요.');
    expect(description(content)).toBe('내용을 입력해주세요.');
    expect(upload).not.toHaveBeenCalled();

    fireEvent.change(title, { target: { value: '감자 캐는 날' } });
    await waitFor(() => expect(screen.queryByText('제목을 입력해주세요.')).toBeNull());
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(title.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByText('내용을 입력해주세요.')).toBeTruthy();

    fireEvent.change(content, { target: { value: '햇감자를 캤어요.' } });
    await waitFor(() => expect(screen.queryByText('내용을 입력해주세요.')).toBeNull());
    expect(content.getAttribute('aria-invalid')).toBeNull();

    // Clearing a field after the first submit brings its error back at once.
    fireEvent.change(title, { target: { value: '   ' } });
    await screen.findByText('제목을 입력해주세요.');
  });

  it('sends a double-clicked post once, trimmed, with an Idempotency-Key, the button busy meanwhile', async () => {
    let finish: (post: Post) => void = () => {};
    upload.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = resolve as (post: Post) => void;
        }),
    );
    const { title, content, submit } = open();
    fireEvent.change(title, { target: { value: '  감자 캐는 날 ' } });
    fireEvent.change(content, { target: { value: '햇감자를 캤어요.' } });
    act(() => {
      submit.click();
      submit.click();
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(submit.textContent).toBe('저장 중…');
    fireEvent.click(submit);
    expect(upload).toHaveBeenCalledTimes(1);
    const [path, body, , method, headers] = upload.mock.calls[0] ?? [];
    expect([path, method]).toEqual(['/api/content/posts', 'POST']);
    expect((body as FormData).get('title')).toBe('감자 캐는 날');
    expect(headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => finish({ id: 41 } as Post));
    await screen.findByTestId('location');
    expect(screen.getByTestId('location').textContent).toBe('/content/41');
  });
});

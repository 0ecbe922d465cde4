import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session';
import { KAKAO_STATE_KEY } from './kakao';
import KakaoCallbackPage from './kakao-callback-page';

const stateInvalid = '로그인 요청을 확인할 수 없습니다. 같은 브라우저에서 카카오 로그인을 처음부터 다시 시도해주세요.';
let fetchMock: ReturnType<typeof vi.fn>;

/** The callback calls that reached the API. */
const callbackCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/auth/kakao/callback')) as [string, RequestInit][];

function openCallback(search: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/auth/kakao/callback',
        element: (
          <SessionProvider>
            <KakaoCallbackPage />
          </SessionProvider>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/auth/kakao/callback${search}`] },
  );
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = vi.fn(async () =>
    Response.json({
      access_token: 't',
      token_type: 'bearer',
      user: { id: 1, email: 'a@kakao.com', username: '카카오', user_type: 'customer' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Kakao callback page: the state of the login this tab started (login CSRF)', () => {
  it('refuses a callback without state and does not call the server', async () => {
    sessionStorage.setItem(KAKAO_STATE_KEY, 'kept-state');
    openCallback('?code=forged-code');
    expect((await screen.findByRole('alert')).textContent).toBe(stateInvalid);
    expect(callbackCalls()).toHaveLength(0);
  });

  it('refuses a state other than the kept one, and a state when none was kept', async () => {
    sessionStorage.setItem(KAKAO_STATE_KEY, 'kept-state');
    openCallback('?code=forged-code&state=attacker-state');
    expect((await screen.findByRole('alert')).textContent).toBe(stateInvalid);
    cleanup();
    openCallback('?code=forged-code&state=attacker-state');
    expect((await screen.findByRole('alert')).textContent).toBe(stateInvalid);
    expect(callbackCalls()).toHaveLength(0);
  });

  it('sends the code with the kept state, on the same origin (the state cookie goes along)', async () => {
    sessionStorage.setItem(KAKAO_STATE_KEY, 'kept-state');
    openCallback('?code=good-code&state=kept-state');
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(callbackCalls()).toHaveLength(1);
    const [url, init] = callbackCalls()[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/kakao/callback');
    expect(init.credentials ?? 'same-origin').toBe('same-origin');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'good-code', state: 'kept-state' });
    expect(sessionStorage.getItem(KAKAO_STATE_KEY)).toBeNull();
  });
});

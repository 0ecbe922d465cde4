import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { stubFetch, testSession, testTenant } from '@/testing/app-test-support';
import LoginPage from './login-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = {
  id: 11,
  email: 'customer@example.com',
  username: '김고객',
  user_type: 'customer' as const,
  is_admin: false,
  phone: '01012345678',
  address: null,
  postcode: null,
  profile_image: null,
  merchant: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

// The next screen's code still on its way (a lazy route chunk): the app's navigations are
// transitions, which keep the screen before on show until it arrives.
const neverLoaded = new Promise<never>(() => undefined);
function NextScreen() {
  use(neverLoaded);
  return null;
}

describe('login (spec 2.8)', () => {
  it('takes the form off the screen as soon as the login succeeds, while the next screen loads', async () => {
    stubFetch((url) =>
      url.pathname === '/api/auth/login' ? Response.json({ access_token: 't', token_type: 'bearer', user }) : undefined,
    );
    const session = testSession(null);
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/main', element: <NextScreen /> },
      ],
      { initialEntries: ['/login'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TenantContext value={toTenantInfo(testTenant())}>
          <SessionContext value={session}>
            <Suspense fallback={<p>불러오는 중</p>}>
              <RouterProvider router={router} />
            </Suspense>
          </SessionContext>
        </TenantContext>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: '이메일' }), { target: { value: 'customer@example.com' } });
    fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'demo1234' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    });
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith('t', user));
    expect(router.state.location.pathname).toBe('/main');
    // No login form under the signed-in header: it says where the visitor is going instead.
    expect(screen.queryByRole('textbox', { name: '이메일' })).toBeNull();
    expect(screen.queryByRole('button', { name: '로그인' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('로그인되었습니다');
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import TermsPage from '@/features/terms/terms-page';
import { SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { testSession, testTenant } from '@/testing/app-test-support';
import { RouteGuard } from './route-guard';
import { routeTable } from './routes';

const accessOf = (path: string) => routeTable.find((r) => r.path === path)?.access ?? {};
const member: SessionUser = { id: 7, email: 'minji@example.com', username: '김민지', user_type: 'customer' };

/** /terms and the two sign-up forms with their real access rules; each form is a stand-in heading. */
function open(path: string, { state, user = null }: { state?: unknown; user?: SessionUser | null } = {}) {
  const form = (title: string, route: string) => (
    <RouteGuard access={accessOf(route)}>
      <h1>{title}</h1>
    </RouteGuard>
  );
  const router = createMemoryRouter(
    [
      { path: '/terms', element: <TermsPage /> },
      { path: '/register/customer', element: form('소비자 가입 양식', '/register/customer') },
      { path: '/register/merchant', element: form('판매자 가입 양식', '/register/merchant') },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <TenantContext value={toTenantInfo(testTenant())}>
      <SessionContext value={testSession(user)}>
        <RouterProvider router={router} />
      </SessionContext>
    </TenantContext>,
  );
  return router;
}

const agreeToRequired = () => {
  for (const name of ['개인정보 수집 및 이용 동의', '개인정보 처리 위탁 동의', '위치기반 서비스 이용약관 동의']) {
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(name) }));
  }
};

afterEach(cleanup);

describe('sign-up consent', () => {
  it('sends a visitor who opens a sign-up form directly back to the consent step of that sign-up', async () => {
    const router = open('/register/merchant');
    expect(await screen.findByRole('heading', { name: '약관 동의' })).toBeTruthy();
    expect(screen.getByText('생산자(판매자) 회원가입')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '판매자 가입 양식' })).toBeNull();
    expect(router.state.location.pathname).toBe('/terms');

    agreeToRequired();
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByRole('heading', { name: '판매자 가입 양식' })).toBeTruthy();
  });

  it('does not open a form with consents that leave a required one out', async () => {
    open('/register/customer', { state: { consents: { privacy: true, consignment: true, location: false } } });
    expect(await screen.findByRole('heading', { name: '약관 동의' })).toBeTruthy();
    expect(screen.getByText('소비자 회원가입')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '소비자 가입 양식' })).toBeNull();
  });
});

describe('/terms on its own', () => {
  it('shows the terms to read to a signed-in user, with no consent boxes and no sign-up', async () => {
    open('/terms', { user: member });
    expect(await screen.findByRole('heading', { level: 1, name: '이용약관' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /개인정보 수집 및 이용 동의/ })).toBeTruthy();
    expect(screen.getByText(/보유 기간: 회원 탈퇴 시까지/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '다음' })).toBeNull();
    expect(screen.queryByRole('link', { name: '소비자 회원가입' })).toBeNull();
  });

  it('shows the same terms to a visitor, with the way into each sign-up', async () => {
    open('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: '이용약관' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '소비자 회원가입' }));
    expect(await screen.findByRole('heading', { name: '약관 동의' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(3);
  });

  it('promises no opt-out the product does not offer in the marketing consent', async () => {
    open('/terms');
    const marketing = (await screen.findByRole('heading', { name: /마케팅 정보 수신 동의/ })).closest('section');
    const text = marketing?.textContent ?? '';
    expect(text).toContain('동의하지 않아도 서비스 이용에는 제한이 없습니다.');
    expect(text).not.toMatch(/프로필/);
    expect(text).not.toMatch(/언제든지 수신을 거부/);
  });
});

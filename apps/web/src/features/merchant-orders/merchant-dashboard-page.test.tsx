import type { FeatureKey, Tenant, TenantFeatures } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, type TenantInfo } from '@/lib/tenant';
import MerchantDashboardPage from './merchant-dashboard-page';

const merchant: SessionUser = {
  id: 3,
  email: 'farm@example.com',
  username: 'farmer',
  user_type: 'merchant',
  merchant: { id: 3, business_name: '햇살농장' },
};

function tenant(off: FeatureKey[] = []): TenantInfo {
  return {
    tenant: {} as Tenant,
    displayName: '로컬마켓',
    features: {} as TenantFeatures,
    isEnabled: (f) => !off.includes(f),
  };
}

function open(state: unknown, off: FeatureKey[] = []) {
  const session: Session = {
    token: 't',
    user: merchant,
    isSignedIn: true,
    isMember: true,
    isAdmin: false,
    leavingTo: null,
    signIn: vi.fn(),
    signOut: vi.fn(async () => undefined),
    updateUser: vi.fn(),
  };
  const router = createMemoryRouter([{ path: '/merchant/dashboard', element: <MerchantDashboardPage /> }], {
    initialEntries: [{ pathname: '/merchant/dashboard', state }],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TenantContext value={tenant(off)}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </TenantContext>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ deliveries: [], page: 1, total: 0, pages: 0 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/merchant/dashboard (interim page)', () => {
  it('shows the message a saved product brings, once, with the links and the order tab', async () => {
    const router = open({ message: '상품이 등록되었습니다.' });
    expect(screen.getByRole('heading', { level: 1, name: '판매자 대시보드' })).toBeTruthy();
    expect(screen.getByText('햇살농장님, 오늘 들어온 주문을 확인해보세요.')).toBeTruthy();
    expect(screen.getByText('상품이 등록되었습니다.').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: '상품 등록' }).getAttribute('href')).toBe('/products/create');
    expect(screen.getByRole('link', { name: '게시글 등록' }).getAttribute('href')).toBe('/content/upload');
    expect(await screen.findByRole('heading', { name: '아직 배송 주문이 없습니다' })).toBeTruthy();
    // A reload must not repeat it: the history entry no longer carries the message.
    expect(router.state.location.state).toBeNull();
    expect(screen.getByText('상품이 등록되었습니다.')).toBeTruthy();
  });

  it('shows no message without one, and only the links of the features the tenant has', () => {
    open(null, ['content']);
    expect(screen.queryByText('상품이 등록되었습니다.')).toBeNull();
    expect(screen.getByRole('link', { name: '상품 등록' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '게시글 등록' })).toBeNull();
  });
});

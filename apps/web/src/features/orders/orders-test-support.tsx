import type { FeatureKey, Order, Tenant, TenantSettings } from '@app/contracts';
import { featureKeys } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { type Session, SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';

/** Test support of the orders feature: a tenant, a signed-in buyer, and a fetch stand-in by route. */

export const buyer: SessionUser = {
  id: 11,
  email: 'minji@example.com',
  username: '김민지',
  user_type: 'customer',
  phone: '010-1234-5678',
  address: null,
};

export function testTenant(settings: TenantSettings = {}, off: FeatureKey[] = []): Tenant {
  return {
    id: 1,
    name: 'farm',
    display_name: '햇살마켓',
    domain: 'farm.localhost',
    is_active: true,
    proxy_tenant: null,
    features: Object.fromEntries(featureKeys.map((k) => [k, !off.includes(k)])) as Tenant['features'],
    settings,
  };
}

function session(user: SessionUser): Session {
  return {
    token: 'token',
    user,
    isSignedIn: true,
    isMember: true,
    isAdmin: false,
    leavingTo: null,
    signIn: vi.fn(),
    signOut: vi.fn(async () => undefined),
    updateUser: vi.fn(),
  };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `ui` at `path` with the app's contexts; every other path shows where the app went. */
export function renderScreen(
  ui: ReactNode,
  { path = '/', tenant = testTenant(), user = buyer }: { path?: string; tenant?: Tenant; user?: SessionUser } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const pathname = path.split('?')[0] ?? '/';
  const router = createMemoryRouter(
    [
      { path: pathname, element: ui },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TenantContext value={toTenantInfo(tenant)}>
        <SessionContext value={session(user)}>
          <RouterProvider router={router} />
        </SessionContext>
      </TenantContext>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export type Route = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/** A fetch stand-in answering by route; unknown calls answer 404 like a missing endpoint. */
export function stubFetch(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://farm.localhost');
    return (await route(url, init)) ?? Response.json({ detail: '없음', code: 'not_found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls that reached one path, with their method, query and body. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://farm.localhost'), init: init ?? {} }))
    .filter(({ url }) => url.pathname === pathname)
    .map(({ url, init }) => ({
      method: init.method ?? 'GET',
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

export function buildOrder(over: Partial<Order> = {}): Order {
  return {
    id: 101,
    status: 'DELIVERING',
    order_type: 'delivery',
    category_type: 'pickup',
    created_at: '2025-03-04T05:05:00.000Z',
    paid_at: '2025-03-04T05:05:30.000Z',
    delivered_at: null,
    confirmed_at: null,
    cancelled_at: null,
    buyer: { id: 11, name: '김민지' },
    merchant: { id: 3, name: '햇살농원' },
    delivery_address: '서울 중구 세종대로 110, 3층',
    delivery_postcode: null,
    delivery_phone: '01012345678',
    delivery_memo: '문 앞에 놓아주세요',
    items: [
      {
        product_id: 5,
        product_title: '유기농 딸기 1kg',
        unit_price: 9000,
        quantity: 2,
        total_price: 18_000,
        image_url: '/uploads/strawberry.webp',
      },
    ],
    items_total: 18_000,
    shipping_fee: 0,
    total_price: 18_000,
    points_used: 3000,
    card_amount: 15_000,
    earned_points: 150,
    payment_id: 'pay_101',
    can_cancel: false,
    can_confirm: true,
    next_statuses: [],
    ...over,
  };
}

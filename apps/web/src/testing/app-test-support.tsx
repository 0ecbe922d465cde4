import {
  DEFAULT_DELIVERY_TERMS,
  type FeatureKey,
  featureKeys,
  type ProductDetail,
  type Tenant,
  type TenantSettings,
} from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { type Session, SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';

/**
 * Test support shared by the tests of features and components: the app's contexts, a router and a
 * fetch stand-in, so each test file states only what is particular to it. Imports no feature.
 */

/** The tenant the tests run in: every feature on except `off`, with the given settings. */
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
    test_payments: false,
  };
}

/** A product as GET /api/products/:id answers it (a shopping product of merchant 3), with `over` applied. */
export function testProduct(over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 5,
    title: '유기농 딸기 1kg',
    name: '유기농 딸기 1kg',
    description: '아침에 딴 딸기',
    price: 9000,
    original_price: null,
    discount_rate: 0,
    is_available: true,
    category_type: 'shopping',
    category: 'food',
    delivery_category: null,
    is_delivery: false,
    display_remaining: -1,
    stock: null,
    options: [],
    image_url: null,
    thumbnail_url: null,
    merchant_id: 3,
    merchant: { id: 3, owner_id: 33, business_name: '햇살농원', delivery_terms: DEFAULT_DELIVERY_TERMS },
    rating_average: 4.5,
    rating_count: 12,
    views_count: 0,
    orders_count: 0,
    created_at: '2025-03-01T00:00:00.000Z',
    updated_at: '2025-03-01T00:00:00.000Z',
    deleted_at: null,
    media: [],
    reviews: [],
    ...over,
  } satisfies ProductDetail;
}

/** A session for `user` (null: signed out); its actions are mocks, so tests can check they were called. */
export function testSession(user: SessionUser | null): Session {
  return {
    token: user ? 'token' : null,
    user,
    isSignedIn: !!user,
    isMember: !!user && user.user_type !== 'guest',
    isAdmin: false,
    leavingTo: null,
    signIn: vi.fn(),
    signOut: vi.fn(async () => undefined),
    updateUser: vi.fn(),
  };
}

/** Shows where the app went (pathname, search, hash) and the state it carried, for tests of navigation. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>
      <p data-testid="location-state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

export interface RenderInAppOptions {
  /** The URL the app starts at. */
  path?: string;
  /** The route pattern `ui` is mounted on (default: the pathname of `path`), for screens reading params. */
  route?: string;
  tenant?: Tenant;
  /** The signed-in user; null renders signed out. */
  user?: SessionUser | null;
}

/**
 * Renders `ui` at `path` inside the app's providers; any other path shows the location probe, so a
 * test can see where the screen navigated. Queries and mutations do not retry, so errors show at once.
 */
export function renderInApp(
  ui: ReactNode,
  { path = '/', route = path.split(/[?#]/)[0] || '/', tenant = testTenant(), user = null }: RenderInAppOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TenantContext value={toTenantInfo(tenant)}>
        <SessionContext value={testSession(user)}>
          <RouterProvider router={router} />
        </SessionContext>
      </TenantContext>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export type FetchRoute = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/** Stubs the global fetch to answer by route; unknown calls answer 404 like a missing endpoint. */
export function stubFetch(route: FetchRoute) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://farm.localhost');
    return (await route(url, init)) ?? Response.json({ detail: '없음', code: 'not_found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls that reached one path (and method, if given), with their query, headers and JSON body. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, pathname: string, method?: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://farm.localhost'), init: init ?? {} }))
    .filter(({ url, init }) => url.pathname === pathname && (!method || (init.method ?? 'GET') === method))
    .map(({ url, init }) => ({
      method: init.method ?? 'GET',
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

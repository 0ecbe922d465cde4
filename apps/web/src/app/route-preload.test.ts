import type { Tenant } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { currentTenantQuery } from '@/lib/tenant';
import { mainTabScreens } from './main-tab-screens';
import { preloadOnLinkIntent, preloadRoute } from './route-preload';
import { generalLayout, landingPage, routeTable } from './routes';

// Chunks are not downloaded here: each lazy page records that its download was started.
vi.mock('./lazy-page', () => ({
  lazyPage: () => ({ Component: () => null, preload: vi.fn() }),
}));

const features = {
  content: true,
  shopping: true,
  delivery: true,
  payment: true,
  reviews: true,
  social_login: true,
  merchant: true,
  analytics: true,
  wallet: true,
};
const tenant = (overrides: Partial<typeof features> = {}) =>
  ({ id: 1, name: 'farm', features: { ...features, ...overrides }, settings: {} }) as unknown as Tenant;

const screenOf = (path: string) => {
  const screen = routeTable.find((e) => e.path === path)?.screen;
  if (!screen || !('preload' in screen)) throw new Error(`no screen for ${path}`);
  return screen.preload as ReturnType<typeof vi.fn>;
};

let client: QueryClient;
let fetchMock: ReturnType<typeof vi.fn>;
/** Paths (with query) of the API calls made so far. */
const asked = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  client = createQueryClient();
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('preloadRoute: code and data of a screen together', () => {
  it('starts a product page, its layout and its API call at once', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant());
    preloadRoute('/products/12', client);
    expect(screenOf('/products/:id')).toHaveBeenCalled();
    expect(generalLayout.preload).toHaveBeenCalled();
    expect(asked()).toEqual(['/api/products/12']);
  });

  it('starts a post with its comments', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant());
    preloadRoute('http://localhost:3000/content/7', client);
    expect(screenOf('/content/:id')).toHaveBeenCalled();
    expect(asked()).toEqual(['/api/content/posts/7', '/api/content/posts/7/comments?page=1&size=50']);
  });

  it("starts /main's open tab: its chunk, its list and its categories", () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant());
    preloadRoute('/main?tab=delivery', client);
    expect(screenOf('/main')).toHaveBeenCalled();
    expect(mainTabScreens.delivery.preload).toHaveBeenCalled();
    expect(mainTabScreens.shopping.preload).not.toHaveBeenCalled();
    expect(asked().sort()).toEqual(['/api/main/categories/delivery', '/api/main/delivery?size=30']);
  });

  it('opens /main on the first tab the tenant has', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant({ delivery: false }));
    preloadRoute('/main?tab=delivery', client);
    expect(mainTabScreens.shopping.preload).toHaveBeenCalled();
    expect(asked().sort()).toEqual(['/api/main/categories/shopping', '/api/main/shopping?size=20']);
  });

  it('never asks for what a switched-off feature would refuse', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant({ content: false }));
    preloadRoute('/content/7', client);
    expect(screenOf('/content/:id')).not.toHaveBeenCalled();
    expect(asked()).toEqual([]);
  });

  it('starts the code but waits for the tenant before asking for data', () => {
    preloadRoute('/products/12', client);
    expect(screenOf('/products/:id')).toHaveBeenCalled();
    expect(asked()).toEqual([]);
  });

  it('asks once for an answer that is still fresh', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant());
    preloadRoute('/products/12', client);
    preloadRoute('/products/12', client);
    expect(asked()).toEqual(['/api/products/12']);
  });

  it('starts the landing for a signed-out visitor at /', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant({ content: false }));
    preloadRoute('/', client);
    expect(landingPage.preload).toHaveBeenCalled();
    expect(asked()).toEqual([]);
  });

  it('ignores other origins and unknown paths', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant());
    preloadRoute('https://example.com/products/12', client);
    preloadRoute('/nowhere/12', client);
    expect(asked()).toEqual([]);
  });
});

describe('preloadOnLinkIntent', () => {
  function link(href: string) {
    const a = document.createElement('a');
    a.href = href;
    a.innerHTML = '<span>상품</span>';
    document.body.append(a);
    return a;
  }

  it('preloads on focus at once, on hover after a short pause', () => {
    vi.useFakeTimers();
    client.setQueryData(currentTenantQuery.queryKey, tenant());
    const stop = preloadOnLinkIntent(client);
    const a = link('/products/3');
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(asked()).toEqual(['/api/products/3']);

    const b = link('/products/4');
    b.firstElementChild?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    vi.advanceTimersByTime(40);
    expect(asked()).not.toContain('/api/products/4');
    vi.advanceTimersByTime(60);
    expect(asked()).toContain('/api/products/4');

    // A pointer only passing over a card asks for nothing.
    const c = link('/products/5');
    c.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    c.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    vi.advanceTimersByTime(100);
    expect(asked()).not.toContain('/api/products/5');

    stop();
    link('/products/6').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(asked()).not.toContain('/api/products/6');
    document.body.innerHTML = '';
  });

  it('leaves links to other sites and new windows alone', () => {
    client.setQueryData(currentTenantQuery.queryKey, tenant());
    const stop = preloadOnLinkIntent(client);
    link('https://example.com/products/3').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const blank = link('/products/4');
    blank.target = '_blank';
    blank.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(asked()).toEqual([]);
    stop();
    document.body.innerHTML = '';
  });
});

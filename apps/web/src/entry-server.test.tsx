// @vitest-environment node
import type { ProductDetail, Tenant } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { productKeys } from './features/products/products.api';
import { testProduct, testTenant } from './testing/app-test-support';

/**
 * Server rendering in Node, as the API server calls it (apps/server/src/flows/web-boot.ts): no
 * window, no storage, the page's requests answered by the transport it is given.
 */

/** A transport answering GET /api/products/:id from `products` (404 otherwise), recording the calls. */
function productTransport(products: ProductDetail[]) {
  const calls: string[] = [];
  const transport = async (url: string, init: RequestInit) => {
    calls.push(`${init.method ?? 'GET'} ${url}`);
    const id = Number(/^\/api\/products\/(\d+)$/.exec(url)?.[1]);
    const found = products.find((p) => p.id === id);
    return found ? Response.json(found) : Response.json({ detail: '상품을 찾을 수 없습니다.' }, { status: 404 });
  };
  return { calls, transport };
}

const tenant: Tenant = testTenant();

describe('server rendering of the first screen', () => {
  it("draws a product page with the app's components and hands over the answer it was drawn from", async () => {
    const product = testProduct({ id: 5, title: '유기농 딸기 1kg', price: 9000, description: '아침에 딴 딸기' });
    const { calls, transport } = productTransport([product]);
    const out = await render({ path: '/products/5', tenant, transport });
    expect(out).not.toBeNull();
    expect(out?.html).toMatch(/<h1[^>]*>유기농 딸기 1kg<\/h1>/);
    expect(out?.html).toContain('9,000원');
    expect(out?.html).toContain('아침에 딴 딸기');
    // Signed out: the header offers 로그인.
    expect(out?.html).toContain('로그인');
    // The CSP allows no inline script: every part is inline markup.
    expect(out?.html).not.toContain('<script');
    expect(calls).toEqual(['GET /api/products/5']);
    const queries = out?.queries.queries ?? [];
    expect(queries.map((q) => q.queryKey)).toEqual([productKeys.detail(5)]);
    expect(queries[0]?.state.data).toMatchObject({ title: '유기농 딸기 1kg' });
  });

  it("sends the tenant's theme colours for the head, so the first paint is in the tenant's colours", async () => {
    const { transport } = productTransport([testProduct({ id: 5 })]);
    const blue = testTenant({ theme: { primary: '#1E64C8', accent: '#0B3D91' } });
    const out = await render({ path: '/products/5', tenant: blue, transport });
    expect(out?.head).toMatch(
      /^<style id="tenant-theme">:root\{[^<]*--primary:#1E64C8;[^<]*--accent:#0B3D91;[^<]*\}<\/style>$/,
    );
  });

  it('keeps overlapping renders apart: each draws what its own transport answered', async () => {
    const a = productTransport([testProduct({ id: 5, title: '가게 가의 딸기' })]);
    const b = productTransport([testProduct({ id: 5, title: '가게 나의 사과' })]);
    const [first, second] = await Promise.all([
      render({ path: '/products/5', tenant, transport: a.transport }),
      render({ path: '/products/5', tenant, transport: b.transport }),
    ]);
    expect(first?.html).toContain('가게 가의 딸기');
    expect(first?.html).not.toContain('가게 나의 사과');
    expect(second?.html).toContain('가게 나의 사과');
  });

  it('declines a page whose first request fails, and pages that are not rendered on the server', async () => {
    const { transport } = productTransport([]);
    expect(await render({ path: '/products/404', tenant, transport })).toBeNull();
    expect(await render({ path: '/wallet', tenant, transport })).toBeNull();
    expect(await render({ path: '/dashboard', tenant, transport })).toBeNull();
  });

  it("sanitises the tenant's hero HTML in Node as in the browser", async () => {
    const { transport } = productTransport([]);
    const hero = testTenant({
      service_info: {
        hero_subtitle: '<strong>직접</strong> 보고 <img src=x onerror="alert(1)"><script>alert(2)</script>',
      },
    });
    const out = await render({
      path: '/',
      tenant: { ...hero, features: { ...hero.features, content: false } },
      transport,
    });
    expect(out?.html).toContain('<strong>직접</strong> 보고 ');
    expect(out?.html).not.toMatch(/onerror|alert|<img src="x"/);
  });
});

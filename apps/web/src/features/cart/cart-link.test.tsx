import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import { CartLink } from './cart-link';
import { buildCart, buildGroup, buildItem, buyer } from './cart-test-support';
import { addGuestLine } from './guest-cart';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const line = (productId: number) => ({
  product_id: productId,
  option_id: null,
  qty: 1,
  title: `상품 ${productId}`,
  option_name: null,
  price: 1000,
  thumbnail_url: null,
  merchant: null,
});

describe('the cart entry of the navigation', () => {
  it("counts a member's lines from the account's cart", async () => {
    const fetchMock = stubFetch((url) =>
      url.pathname === '/api/cart'
        ? Response.json(buildCart([buildGroup({ items: [buildItem({ id: 1 }), buildItem({ id: 2, product_id: 6 })] })]))
        : undefined,
    );
    renderInApp(<CartLink variant="header" />, { path: '/main', user: buyer });
    const link = await screen.findByRole('link', { name: '장바구니 2개' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(within(link).getByText('2')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/cart')[0]?.query.get('pickup')).toBeNull();
  });

  it("counts a guest's lines kept in the browser, and follows them as they change", async () => {
    const fetchMock = stubFetch(() => undefined);
    addGuestLine(1, line(5), 50);
    renderInApp(<CartLink variant="header" />, { path: '/main' });
    expect(await screen.findByRole('link', { name: '장바구니 1개' })).toBeTruthy();
    addGuestLine(1, line(6), 50);
    expect(await screen.findByRole('link', { name: '장바구니 2개' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/cart')).toHaveLength(0);
  });

  it('shows no badge on an empty cart, and nothing where the tenant sells nothing', async () => {
    stubFetch(() => undefined);
    renderInApp(<CartLink variant="header" />, { path: '/main' });
    const link = await screen.findByRole('link', { name: '장바구니' });
    // Only the name for screen readers; no number is shown.
    expect(link.querySelector('.cart-badge')).toBeNull();
    expect(link.textContent).toBe('장바구니');
    cleanup();
    renderInApp(<CartLink variant="header" />, { path: '/main', tenant: testTenant({}, ['shopping', 'delivery']) });
    expect(screen.queryByRole('link', { name: /장바구니/ })).toBeNull();
  });

  it("is in a member's bottom bar with its caption and count, and not in a visitor's", async () => {
    stubFetch((url) =>
      url.pathname === '/api/cart'
        ? Response.json(buildCart([buildGroup({ items: [buildItem({ id: 1 })] })]))
        : undefined,
    );
    renderInApp(<CartLink variant="bottom" />, { path: '/main', user: buyer });
    const link = await screen.findByRole('link', { name: '장바구니 1개' });
    // The caption under the icon, and the count on its badge.
    expect(within(link).getAllByText('장바구니').length).toBeGreaterThan(0);
    expect(within(link).getByText('1')).toBeTruthy();
    cleanup();
    addGuestLine(1, line(5), 50);
    renderInApp(<CartLink variant="bottom" />, { path: '/main' });
    expect(screen.queryByRole('link', { name: /장바구니/ })).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCart, buildGroup, buildItem } from '@/features/cart/cart-test-support';
import { addGuestLine, type GuestCartLine, readGuestCart } from '@/features/cart/guest-cart';
import { SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { callsTo, stubFetch, testSession, testTenant } from '@/testing/app-test-support';
import { GuestCartMerge } from './guest-cart-merge';

const member: SessionUser = { id: 11, email: 'minji@example.com', username: '김민지', user_type: 'customer' };

const line = (over: Partial<GuestCartLine> = {}): GuestCartLine => ({
  product_id: 5,
  option_id: null,
  qty: 2,
  title: '유기농 딸기 1kg',
  option_name: null,
  price: 9000,
  thumbnail_url: null,
  merchant: { id: 3, business_name: '햇살농원' },
  ...over,
});

const merged = buildCart([buildGroup({ items: [buildItem({ qty: 2 })] })]);

/** The app's root as the session changes: signed out first, then signed in (login, Kakao, another tab). */
function mount(user: SessionUser | null, queryClient = new QueryClient()) {
  const ui = (who: SessionUser | null) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TenantContext value={toTenantInfo(testTenant())}>
          <SessionContext value={testSession(who)}>
            <GuestCartMerge />
          </SessionContext>
        </TenantContext>
      </QueryClientProvider>
    </StrictMode>
  );
  const view = render(ui(user));
  return { queryClient, signIn: (who: SessionUser) => view.rerender(ui(who)) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a guest's cart at sign-in", () => {
  it("joins the account's cart once, then the browser's is cleared and the account's shown", async () => {
    const fetchMock = stubFetch((url) => (url.pathname === '/api/cart/merge' ? Response.json(merged) : undefined));
    addGuestLine(1, line(), 50);
    addGuestLine(1, line({ product_id: 6, option_id: 42, qty: 1 }), 50);
    const { signIn, queryClient } = mount(null);
    expect(callsTo(fetchMock, '/api/cart/merge')).toHaveLength(0);
    signIn(member);
    await waitFor(() => expect(queryClient.getQueryData(['cart', ''])).toEqual(merged));
    const calls = callsTo(fetchMock, '/api/cart/merge', 'POST');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      items: [
        { product_id: 5, qty: 2 },
        { product_id: 6, option_id: 42, qty: 1 },
      ],
    });
    expect(readGuestCart(1)).toEqual([]);
  });

  it('sends nothing without a guest cart, and nothing for a guest account', async () => {
    const fetchMock = stubFetch(() => Response.json(merged));
    mount(member);
    addGuestLine(1, line(), 50);
    mount({ ...member, id: 12, user_type: 'guest' });
    await new Promise((r) => setTimeout(r, 20));
    expect(callsTo(fetchMock, '/api/cart/merge')).toHaveLength(0);
    expect(readGuestCart(1)).toHaveLength(1);
  });

  it('keeps the lines for the next sign-in when the request could not be sent, and drops them when refused', async () => {
    const offline = stubFetch(() => Promise.reject(new TypeError('offline')));
    addGuestLine(1, line(), 50);
    mount(member);
    await waitFor(() => expect(callsTo(offline, '/api/cart/merge')).toHaveLength(1));
    await waitFor(() => expect(readGuestCart(1).map((l) => [l.product_id, l.qty])).toEqual([[5, 2]]));
    cleanup();
    stubFetch(() => Response.json({ detail: '요청이 올바르지 않습니다.', code: 'validation_error' }, { status: 400 }));
    mount(member);
    await waitFor(() => expect(readGuestCart(1)).toEqual([]));
  });
});

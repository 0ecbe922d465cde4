import { orderMessages, type ProductDetail, type ProductOption } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCart, buildGroup, buildItem } from '@/features/cart/cart-test-support';
import { readGuestCart } from '@/features/cart/guest-cart';
import type { SessionUser } from '@/lib/session';
import { callsTo, testProduct as product, renderInApp, stubFetch } from '@/testing/app-test-support';
import ProductDetailScreen from './product-detail-screen';

const member: SessionUser = { id: 11, email: 'minji@example.com', username: '김민지', user_type: 'customer' };
const option = (over: Partial<ProductOption> & Pick<ProductOption, 'id' | 'name' | 'price'>): ProductOption => ({
  original_price: null,
  stock: null,
  is_available: true,
  ...over,
});
const apples = product({
  title: '부사 사과',
  price: 12_000,
  thumbnail_url: '/uploads/apple.webp',
  options: [option({ id: 41, name: '3kg', price: 12_000 }), option({ id: 42, name: '5kg', price: 19_000 })],
});

let fetchMock: ReturnType<typeof stubFetch>;

function open(detail: ProductDetail, user: SessionUser | null, addAnswer?: () => Response) {
  fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/products/5') return Response.json(detail);
    if (url.pathname === '/api/cart/items' && init.method === 'POST') {
      return addAnswer?.() ?? Response.json(buildCart([buildGroup({ items: [buildItem()] })]));
    }
    if (url.pathname === '/api/cart') return Response.json(buildCart([]));
    return undefined;
  });
  return renderInApp(<ProductDetailScreen />, { path: '/products/5', route: '/products/:id', user });
}

const cartButton = () => screen.getByRole('button', { name: '장바구니 담기' }) as HTMLButtonElement;

afterEach(async () => {
  // Toasts outlive a test in sonner's store: each test starts without the last one's.
  (await import('sonner')).toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('product page: 장바구니 담기', () => {
  it('waits for an option like buying does, then puts the chosen one in the cart and offers the way there', async () => {
    open(apples, member);
    await screen.findByRole('heading', { name: '부사 사과' });
    expect(cartButton().disabled).toBe(true);
    expect(screen.getByText(orderMessages.optionRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^5kg/ }));
    fireEvent.click(screen.getByRole('button', { name: '수량 늘리기' }));
    fireEvent.click(cartButton());
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/items', 'POST')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/cart/items', 'POST')[0]?.body).toEqual({ product_id: 5, option_id: 42, qty: 2 });
    expect(await screen.findByText('장바구니에 담았습니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '장바구니 보기' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/cart');
  });

  it("keeps a guest's line in the browser, with what the cart page shows of it", async () => {
    open(product(), null);
    await screen.findByRole('heading', { name: '유기농 딸기 1kg' });
    fireEvent.click(cartButton());
    expect(await screen.findByText('장바구니에 담았습니다.')).toBeTruthy();
    expect(readGuestCart(1)).toEqual([
      {
        product_id: 5,
        option_id: null,
        qty: 1,
        title: '유기농 딸기 1kg',
        option_name: null,
        price: 9000,
        thumbnail_url: null,
        merchant: { id: 3, business_name: '햇살농원' },
      },
    ]);
    expect(callsTo(fetchMock, '/api/cart/items')).toHaveLength(0);
  });

  it('says why the server refused the line (a full cart)', async () => {
    open(product(), member, () =>
      Response.json({ detail: '장바구니에는 상품을 50개까지 담을 수 있습니다.', code: 'cart_full' }, { status: 409 }),
    );
    await screen.findByRole('heading', { name: '유기농 딸기 1kg' });
    fireEvent.click(cartButton());
    expect(await screen.findByText('장바구니에는 상품을 50개까지 담을 수 있습니다.')).toBeTruthy();
    expect(screen.queryByText('장바구니에 담았습니다.')).toBeNull();
  });
});

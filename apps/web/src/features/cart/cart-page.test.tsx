import type { Cart, CartCheckedOut } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCheckout } from '@/lib/checkout';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import CartPage from './cart-page';
import { buildCart, buildGroup, buildItem, buyer } from './cart-test-support';
import { addGuestLine } from './guest-cart';

vi.mock('@/lib/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/checkout')>()),
  openCheckout: vi.fn(),
}));

const strawberries = buildItem({ id: 1, price: 9000, qty: 2 });
const apples = buildItem({
  id: 2,
  product_id: 6,
  title: '부사 사과',
  option_id: 42,
  option_name: '5kg',
  price: 12_000,
});
const hallabong = buildItem({
  id: 3,
  product_id: 7,
  title: '제주 한라봉',
  available: false,
  unavailable_reason: 'sold_out',
  stock_state: 'sold_out',
  remaining: 0,
});
const farm = buildGroup({
  items: [strawberries, apples, hallabong],
  delivery_fee: 3000,
  delivery_note: '50,000원 이상 무료배송',
  free_delivery_gap: 20_000,
});
const meal = buildItem({ id: 4, product_id: 8, title: '수제 돈가스 정식', price: 9500 });
const kitchen = (orderType: 'delivery' | 'pickup') =>
  buildGroup({
    merchant: { id: 7, business_name: '망원 돈가스' },
    category_type: 'pickup',
    order_type: orderType,
    order_types: ['delivery', 'pickup'],
    delivery_fee: orderType === 'delivery' ? 2000 : 0,
    delivery_note: orderType === 'delivery' ? '배달 20~25분' : '픽업: 서울 마포구 망원로 12',
    min_order_gap: orderType === 'delivery' ? 5500 : null,
    items: [meal],
  });

let fetchMock: ReturnType<typeof stubFetch>;

interface Answers {
  cart?: (pickup: string | null, selected: string | null) => Cart;
  patch?: (id: number, body: unknown) => Response;
  checkout?: () => Response;
}

function serve({ cart = () => buildCart([farm]), patch, checkout }: Answers = {}) {
  fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/cart' && method === 'GET') {
      return Response.json(cart(url.searchParams.get('pickup'), url.searchParams.get('selected')));
    }
    const line = url.pathname.match(/^\/api\/cart\/items\/(\d+)$/);
    if (line && method === 'PATCH') {
      return patch?.(Number(line[1]), JSON.parse(String(init.body))) ?? Response.json(cart(null, null));
    }
    if (line && method === 'DELETE') {
      const id = Number(line[1]);
      return Response.json(buildCart([{ ...farm, items: farm.items.filter((i) => i.id !== id) }]));
    }
    if (url.pathname === '/api/cart/checkout') return checkout?.() ?? Response.json(checkedOut());
    if (url.pathname === '/api/wallet/overview') {
      return Response.json({
        balance: { available: 0, locked: 0, updated_at: null },
        evm_address: null,
        point_reward_rate: 1,
      });
    }
    return undefined;
  });
}

const checkedOut = (over: Partial<CartCheckedOut> = {}): CartCheckedOut => ({
  merchant_uid: 'pay_cart_1',
  name: '유기놈 딸기 1kg 외 1건',
  actual_payment_amount: 33_000,
  points_used: 0,
  order_ids: [201],
  total_amount: 33_000,
  checkout: { gateway: 'sandbox', url: '/sandbox-pay/pay_cart_1' },
  ...over,
});

const open = (user = buyer) => renderInApp(<CartPage />, { path: '/cart', user });
const groupOf = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section') as HTMLElement;
/** A figure of the page's summary (`hidden`: read behind the open checkout sheet, which hides the page). */
const summaryValue = (label: string, hidden = false) => {
  const summary = hidden
    ? (screen.getByText('주문 금액', { selector: 'h2' }).closest('aside') as HTMLElement)
    : screen.getByRole('complementary', { name: '주문 금액' });
  return within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
};
const where = () => screen.findByTestId('location').then((el) => el.textContent);

beforeEach(() => vi.mocked(openCheckout).mockReset());
afterEach(async () => {
  // Toasts outlive a test in sonner's store: each test starts without the last one's.
  (await import('sonner')).toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('/cart: the lines by merchant', () => {
  it('shows each merchant with its note, fee, the free-delivery hint, and the lines with their prices', async () => {
    serve();
    open();
    const group = within(await waitFor(() => groupOf('햇살농원')));
    expect(group.getByText('택배')).toBeTruthy();
    expect(group.getByText('50,000원 이상 무료배송')).toBeTruthy();
    expect(group.getByText('20,000원 더 담으면 무료배송')).toBeTruthy();
    expect(group.getByText('배송비').nextElementSibling?.textContent).toBe('3,000원');
    expect(group.getByRole('link', { name: '유기농 딸기 1kg' }).getAttribute('href')).toBe('/products/5');
    expect(group.getByText('18,000원')).toBeTruthy();
    expect(group.getByText('개당 9,000원')).toBeTruthy();
    expect(group.getByText('옵션: 5kg')).toBeTruthy();
    expect(group.getByLabelText('유기농 딸기 1kg 수량').textContent).toBe('2');
    expect(summaryValue('상품금액')).toBe('30,000원');
    expect(summaryValue('배송비')).toBe('3,000원');
    expect(summaryValue('결제예정금액')).toBe('33,000원');
    expect(screen.getByRole('button', { name: '33,000원 주문하기 (2개)' })).toBeTruthy();
  });

  it('marks an unavailable line with its reason; it cannot be ticked and is not counted', async () => {
    serve();
    open();
    const sold = await screen.findByRole('checkbox', { name: '제주 한라봉 선택' });
    expect((sold as HTMLInputElement).disabled).toBe(true);
    expect((sold as HTMLInputElement).checked).toBe(false);
    const line = sold.closest('li') as HTMLElement;
    expect(within(line).getByText('품절')).toBeTruthy();
    expect(screen.getByText('2/2')).toBeTruthy();
    expect(summaryValue('결제예정금액')).toBe('33,000원');
  });

  it('tells a changed price and accepts it by sending the same qty; a short stock offers what is left', async () => {
    const repriced = buildItem({
      id: 5,
      product_id: 9,
      title: '햇감자 3kg',
      price: 10_000,
      previous_price: 12_000,
      qty: 2,
      available: false,
      unavailable_reason: 'price_changed',
    });
    const short = buildItem({
      id: 6,
      product_id: 10,
      title: '대추방울토마토',
      qty: 5,
      available: false,
      unavailable_reason: 'stock_short',
      stock_state: 'low',
      remaining: 3,
    });
    serve({ cart: () => buildCart([buildGroup({ items: [repriced, short] })]) });
    open();
    expect(await screen.findByText('가격 변경')).toBeTruthy();
    expect(screen.getByText('이전 12,000원 → 10,000원')).toBeTruthy();
    expect(screen.getByText('재고 부족')).toBeTruthy();
    expect(screen.getByText('3개 남음')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '변경된 가격으로 담기' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/items/5', 'PATCH')[0]?.body).toEqual({ qty: 2 }));
    fireEvent.click(screen.getByRole('button', { name: '3개로 바꾸기' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/items/6', 'PATCH')[0]?.body).toEqual({ qty: 3 }));
  });

  it('changes a qty and removes a line through the API, showing the cart it answers', async () => {
    serve({
      patch: (id) =>
        Response.json(
          buildCart([
            { ...farm, items: farm.items.map((i) => (i.id === id ? { ...i, qty: 3, line_total: 27_000 } : i)) },
          ]),
        ),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '유기농 딸기 1kg 수량 늘리기' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/items/1', 'PATCH')[0]?.body).toEqual({ qty: 3 }));
    expect(await screen.findByText('27,000원')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '부사 사과 삭제' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/items/2', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: '부사 사과' })).toBeNull());
    expect(await screen.findByText('장바구니에서 삭제했습니다.')).toBeTruthy();
  });

  it('keeps the qty within what is left', async () => {
    serve({
      cart: () => buildCart([buildGroup({ items: [buildItem({ qty: 3, stock_state: 'low', remaining: 3 })] })]),
    });
    open();
    const more = await screen.findByRole('button', { name: '유기농 딸기 1kg 수량 늘리기' });
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('3개 남음')).toBeTruthy();
  });

  it('asks for the cart priced with a pickup when the buyer picks it up, and shows the minimum-order gap of a delivery', async () => {
    serve({ cart: (pickup) => buildCart([kitchen(pickup === '7' ? 'pickup' : 'delivery')]) });
    open();
    const group = within(await waitFor(() => groupOf('망원 돈가스')));
    expect(group.getByText('최소주문금액까지 5,500원 남았어요')).toBeTruthy();
    expect((screen.getByRole('button', { name: /주문하기/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(group.getByRole('radio', { name: '픽업' }));
    expect(await screen.findByText('픽업: 서울 마포구 망원로 12')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/cart').some((c) => c.query.get('pickup') === '7')).toBe(true);
    expect(screen.queryByText(/최소주문금액까지/)).toBeNull();
    expect(screen.getByRole('button', { name: '9,500원 주문하기 (1개)' })).toBeTruthy();
  });

  it('adds up only the ticked lines; 전체 선택 unticks and ticks them all', async () => {
    serve();
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: '부사 사과 선택' }));
    expect(summaryValue('상품금액')).toBe('18,000원');
    expect(summaryValue('결제예정금액')).toBe('21,000원');
    expect(screen.getByText('일부 상품만 고르면 배송비가 달라질 수 있어요. 결제할 때 다시 확인해요.')).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: /전체 선택/ }) as HTMLInputElement;
    fireEvent.click(all);
    expect(summaryValue('결제예정금액')).toBe('33,000원');
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: '결제할 상품을 선택해주세요.' })).toHaveProperty('disabled', true);
  });

  it('says so when the cart is empty, with a way to shopping', async () => {
    serve({ cart: () => buildCart([]) });
    open();
    expect(await screen.findByRole('heading', { name: '장바구니가 비어 있어요' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '쇼핑하러 가기' }).getAttribute('href')).toBe('/main?tab=shopping');
  });
});

describe('/cart: checkout', () => {
  const pay = () => fireEvent.click(screen.getByRole('button', { name: /원 결제하기$/ }));

  it('sends the ticked lines, the amount shown, each 배달/픽업 choice and the address, then opens the payment window', async () => {
    serve({ cart: (pickup) => buildCart([farm, kitchen(pickup === '7' ? 'pickup' : 'delivery')]) });
    vi.mocked(openCheckout).mockResolvedValue({ kind: 'left' });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: '픽업' }));
    await screen.findByText('픽업: 서울 마포구 망원로 12');
    fireEvent.click(screen.getByRole('button', { name: '42,500원 주문하기 (3개)' }));
    const sheet = within(await screen.findByRole('dialog', { name: '주문하기' }));
    expect(sheet.getByText('햇살농원 · 택배')).toBeTruthy();
    expect(sheet.getByText('망원 돈가스 · 픽업')).toBeTruthy();
    expect((sheet.getByLabelText('우편번호') as HTMLInputElement).value).toBe('03925');
    pay();
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/checkout')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/cart/checkout');
    expect(call?.body).toEqual({
      item_ids: [1, 2, 4],
      points_used: 0,
      amount: 42_500,
      buyer_name: '김민지',
      buyer_email: 'minji@example.com',
      buyer_tel: '01012345678',
      order_types: [{ merchant_id: 7, order_type: 'pickup' }],
      buyer_addr: '서울특별시 마포구 월드컵북로 400, 101동 1001호',
      buyer_postcode: '03925',
    });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() =>
      expect(openCheckout).toHaveBeenCalledWith({ gateway: 'sandbox', url: '/sandbox-pay/pay_cart_1' }, 'purchase'),
    );
  });

  it('asks for no address when everything is picked up, and goes to the callback at once when nothing is left to pay by card', async () => {
    serve({
      cart: () => buildCart([kitchen('pickup')]),
      checkout: () =>
        Response.json(checkedOut({ merchant_uid: 'pay_cart_2', actual_payment_amount: 0, checkout: null })),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '9,500원 주문하기 (1개)' }));
    const sheet = within(await screen.findByRole('dialog', { name: '주문하기' }));
    expect(sheet.queryByLabelText('주소')).toBeNull();
    pay();
    expect(await where()).toBe('/payment/callback?paymentId=pay_cart_2&type=purchase');
    expect(callsTo(fetchMock, '/api/cart/checkout')[0]?.body).toMatchObject({ item_ids: [4], amount: 9500 });
  });

  it('shows the cart the server answers with a 409 price_changed, says why, and lets the buyer pay the new amount', async () => {
    const cheaper = buildCart([
      {
        ...farm,
        items: [{ ...strawberries, price: 8000, line_total: 16_000 }, apples, hallabong],
        items_total: 28_000,
        group_total: 31_000,
      },
    ]);
    let tries = 0;
    serve({
      checkout: () => {
        tries += 1;
        return tries === 1
          ? Response.json(
              {
                detail: '장바구니의 가격이나 배송비가 바뀌었습니다. 다시 확인해주세요.',
                code: 'price_changed',
                cart: cheaper,
              },
              { status: 409 },
            )
          : Response.json(checkedOut());
      },
    });
    vi.mocked(openCheckout).mockResolvedValue({ kind: 'left' });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '33,000원 주문하기 (2개)' }));
    await screen.findByRole('dialog', { name: '주문하기' });
    pay();
    expect(
      await screen.findAllByText('장바구니의 가격이나 배송비가 바뀌었습니다. 다시 확인해주세요.'),
    ).not.toHaveLength(0);
    // The page behind and the sheet show the new figures.
    expect(summaryValue('결제예정금액', true)).toBe('31,000원');
    const sheet = within(screen.getByRole('dialog', { name: '주문하기' }));
    expect(sheet.getByRole('button', { name: '31,000원 결제하기' })).toBeTruthy();
    pay();
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/checkout')).toHaveLength(2));
    expect(callsTo(fetchMock, '/api/cart/checkout')[1]?.body).toMatchObject({ amount: 31_000, item_ids: [1, 2] });
  });
});

describe("/cart: checkout of a part of a merchant's lines", () => {
  it('asks the server to price the part (its own fee) and pays exactly that', async () => {
    serve({
      // Priced for the strawberries alone: below the farm's free-delivery line, a fee of its own.
      cart: (_pickup, selected) =>
        selected === '1'
          ? buildCart([{ ...farm, items_total: 18_000, delivery_fee: 4_000, group_total: 22_000 }])
          : buildCart([farm]),
    });
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: '부사 사과 선택' }));
    fireEvent.click(await screen.findByRole('button', { name: '22,000원 주문하기 (1개)' }));
    expect(callsTo(fetchMock, '/api/cart').some((c) => c.query.get('selected') === '1')).toBe(true);
    const sheet = within(await screen.findByRole('dialog', { name: '주문하기' }));
    fireEvent.click(sheet.getByRole('button', { name: '22,000원 결제하기' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cart/checkout')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/cart/checkout')[0]?.body).toMatchObject({ item_ids: [1], amount: 22_000 });
  });
});

describe("/cart: a guest's cart", () => {
  it('lists the lines kept in the browser and leads to the login with a way back to the cart', async () => {
    addGuestLine(
      1,
      {
        product_id: 5,
        option_id: null,
        qty: 2,
        title: '유기농 딸기 1kg',
        option_name: null,
        price: 9000,
        thumbnail_url: null,
        merchant: { id: 3, business_name: '햇살농원' },
      },
      50,
    );
    fetchMock = stubFetch(() => undefined);
    open(null as never);
    expect(await screen.findByRole('heading', { name: '햇살농원' })).toBeTruthy();
    const line = screen.getByRole('link', { name: '유기농 딸기 1kg' }).closest('li') as HTMLElement;
    expect(within(line).getByText('18,000원')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '유기농 딸기 1kg 수량 늘리기' }));
    expect(screen.getByLabelText('유기농 딸기 1kg 수량').textContent).toBe('3');
    expect(callsTo(fetchMock, '/api/cart')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '로그인하고 주문하기' }));
    expect(await where()).toBe('/login');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      returnUrl: '/cart',
      message: '주문하려면 로그인이 필요합니다.',
    });
  });

  it('shows the empty cart to a guest without lines', async () => {
    stubFetch(() => undefined);
    renderInApp(<CartPage />, { path: '/cart', tenant: testTenant() });
    expect(await screen.findByRole('heading', { name: '장바구니가 비어 있어요' })).toBeTruthy();
  });
});

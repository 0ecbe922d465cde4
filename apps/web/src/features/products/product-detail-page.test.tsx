import {
  DEFAULT_DELIVERY_TERMS,
  type DeliveryTerms,
  type FeatureKey,
  type ProductDetail,
  type ProductOption,
} from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resumePurchaseState } from '@/lib/checkout';
import type { SessionUser } from '@/lib/session';
import { testProduct as product, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import ProductDetailPage, { type PurchaseSlot, type ReviewsSlot } from './product-detail-page';
import { productKeys } from './products.api';

function renderPage(detail: ProductDetail, off: FeatureKey[] = [], path = '/products/5') {
  stubFetch(() => Response.json(detail));
  const reviews = vi.fn<ReviewsSlot>(({ onChanged }) => (
    <button type="button" onClick={onChanged}>
      리뷰 슬롯
    </button>
  ));
  const { queryClient } = renderInApp(<ProductDetailPage purchase={() => null} reviews={reviews} />, {
    path,
    route: '/products/:id',
    tenant: testTenant({}, off),
  });
  return { reviews, queryClient };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('product page: reviews', () => {
  it('has a reviews tab with the count, showing the plugged-in reviews when opened', async () => {
    const { reviews } = renderPage(product());
    const tab = await screen.findByRole('tab', { name: '리뷰 12' });
    expect(screen.getByText('별점 4.5, 리뷰 12개')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '리뷰 슬롯' })).toBeNull();
    fireEvent.mouseDown(tab);
    expect(await screen.findByRole('button', { name: '리뷰 슬롯' })).toBeTruthy();
    expect(reviews.mock.calls[0]?.[0].product.id).toBe(5);
  });

  it('opens on the reviews tab at #reviews (back from logging in)', async () => {
    renderPage(product(), [], '/products/5#reviews');
    expect(await screen.findByRole('button', { name: '리뷰 슬롯' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '리뷰 12' }).getAttribute('aria-selected')).toBe('true');
  });

  it('refreshes the product (its rating figures) after a review write', async () => {
    const { queryClient } = renderPage(product(), [], '/products/5#reviews');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(await screen.findByRole('button', { name: '리뷰 슬롯' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: productKeys.all });
  });

  it('shows no reviews tab, no rating and no review content when the tenant has reviews off', async () => {
    const { reviews } = renderPage(product(), ['reviews'], '/products/5#reviews');
    expect(await screen.findByRole('heading', { name: '유기농 딸기 1kg' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '상품 정보' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /리뷰/ })).toBeNull();
    expect(screen.queryByText(/별점/)).toBeNull();
    expect(document.body.textContent).not.toContain('4.5');
    expect(reviews).not.toHaveBeenCalled();
  });

  it('shows no "0.0 (0)" rating before the first review', async () => {
    renderPage(product({ rating_average: 0, rating_count: 0 }));
    await screen.findByRole('heading', { name: '유기농 딸기 1kg' });
    await waitFor(() => expect(screen.getByRole('tab', { name: '리뷰 0' })).toBeTruthy());
    expect(screen.queryByText(/별점/)).toBeNull();
    expect(document.body.textContent).not.toContain('0.0');
  });
});

const withTerms = (terms: Partial<DeliveryTerms>): ProductDetail['merchant'] => ({
  ...product().merchant,
  delivery_terms: { ...DEFAULT_DELIVERY_TERMS, ...terms },
});
const meal = (terms: Partial<DeliveryTerms>, over: Partial<ProductDetail> = {}) =>
  product({
    category_type: 'pickup',
    category: null,
    delivery_category: 'korean',
    is_delivery: true,
    merchant: withTerms(terms),
    ...over,
  });

describe('product page: shipping terms', () => {
  it("shows the merchant's own parcel fee and free-shipping amount over the tenant's", async () => {
    stubFetch(() => Response.json(product({ merchant: withTerms({ parcel_fee: 4000, parcel_free_over: 30_000 }) })));
    renderInApp(<ProductDetailPage purchase={() => null} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
      tenant: testTenant({ legal_info: { shipping_fee: 3500, free_shipping_threshold: 40_000 } }),
    });
    expect(await screen.findByText('배송비 4,000원 · 30,000원 이상 무료배송')).toBeTruthy();
  });

  it("shows a meal's ETA, delivery fee, minimum order and where and when it is picked up", async () => {
    stubFetch(() =>
      Response.json(
        meal({
          eta_text: '40~60분',
          delivery_fee: 3000,
          free_delivery_over: 30_000,
          min_order_amount: 15_000,
          pickup_address: '서울 마포구 망원로 12',
          pickup_hours: '매일 11:00~20:00',
        }),
      ),
    );
    renderInApp(<ProductDetailPage purchase={() => null} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
    });
    expect(await screen.findByText('40~60분')).toBeTruthy();
    expect(screen.getByText('배달비 3,000원 (30,000원 이상 무료)')).toBeTruthy();
    const termOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(termOf('최소주문금액')).toBe('15,000원');
    expect(termOf('픽업 장소')).toBe('서울 마포구 망원로 12');
    expect(termOf('픽업 시간')).toBe('매일 11:00~20:00');
    expect(screen.getByText('픽업')).toBeTruthy();
    expect(document.body.textContent).not.toContain('20~25분');
  });

  it('shows no pickup place, badge or minimum where they do not apply', async () => {
    stubFetch(() =>
      Response.json(
        meal({ offers_pickup: false, pickup_address: '서울 마포구 망원로 12', min_order_amount: 0, delivery_fee: 0 }),
      ),
    );
    renderInApp(<ProductDetailPage purchase={() => null} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
    });
    expect(await screen.findByText('배달비 무료')).toBeTruthy();
    expect(screen.queryByText('픽업')).toBeNull();
    expect(screen.queryByText('픽업 장소')).toBeNull();
    expect(screen.queryByText('최소주문금액')).toBeNull();
  });

  it("shows the tenant's shipping fee and free-shipping threshold on a shopping product", async () => {
    stubFetch(() => Response.json(product()));
    renderInApp(<ProductDetailPage purchase={() => null} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
      tenant: testTenant({ legal_info: { shipping_fee: 3500, free_shipping_threshold: 40_000 } }),
    });
    expect(await screen.findByText('배송비 3,500원 · 40,000원 이상 무료배송')).toBeTruthy();
  });

  it('shows no parcel shipping on a meal of the delivery module', async () => {
    stubFetch(() => Response.json(meal({ delivery_fee: 2500 })));
    renderInApp(<ProductDetailPage purchase={() => null} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
      tenant: testTenant({ legal_info: { shipping_fee: 3500, free_shipping_threshold: 40_000 } }),
    });
    expect(await screen.findByText('배달비 2,500원')).toBeTruthy();
    expect(screen.queryByText(/배송비/)).toBeNull();
  });
});

describe('product page: failures', () => {
  const open = () =>
    renderInApp(<ProductDetailPage purchase={() => null} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
    });

  it('says a missing product (404) is not found', async () => {
    stubFetch(() => Response.json({ detail: '상품을 찾을 수 없습니다.', code: 'not_found' }, { status: 404 }));
    open();
    expect(await screen.findByRole('heading', { name: '상품을 찾을 수 없습니다' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });

  it('says a server error is a failure to load, not a missing product, and retries on request', async () => {
    let calls = 0;
    const fetchMock = stubFetch(() => {
      calls += 1;
      return calls === 1
        ? Response.json({ detail: '서버 오류가 발생했습니다.', code: 'internal' }, { status: 500 })
        : Response.json(product());
    });
    open();
    expect(await screen.findByRole('heading', { name: '상품 정보를 불러오지 못했습니다' })).toBeTruthy();
    expect(screen.getByText('일시적인 서버 오류가 발생했어요. 잠시 후 다시 시도해주세요.')).toBeTruthy();
    expect(screen.queryByText('상품을 찾을 수 없습니다')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '유기농 딸기 1kg' })).toBeTruthy();
  });
});

describe('product page: quantity and the order sheet', () => {
  const member: SessionUser = { id: 11, email: 'minji@example.com', username: '김민지', user_type: 'customer' };

  function renderWithSheet() {
    stubFetch(() => Response.json(product()));
    const purchase = vi.fn<PurchaseSlot>(({ open, resume }) =>
      open ? <p data-testid="sheet">{resume ? '이어서 결제' : '새 결제'}</p> : null,
    );
    const view = renderInApp(<ProductDetailPage purchase={purchase} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
      user: member,
    });
    return { ...view, purchase };
  }

  it('opens the order sheet again with the kept entries when a failed payment sends the buyer back', async () => {
    const { router } = renderWithSheet();
    await screen.findByRole('heading', { name: '유기농 딸기 1kg' });
    expect(screen.queryByTestId('sheet')).toBeNull();
    await act(() => router.navigate('/products/5', { state: resumePurchaseState(3) }));
    expect((await screen.findByTestId('sheet')).textContent).toBe('이어서 결제');
    // The page shows the quantity the sheet holds.
    expect((screen.getByLabelText('수량', { selector: 'input' }) as HTMLInputElement).value).toBe('3');
    // The request is used once: a reload or a later visit does not open the sheet by itself.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/products/5');
  });

  it('holds a typed quantity to the most one order may have, and shows no total above it', async () => {
    renderWithSheet();
    await screen.findByRole('heading', { name: '유기농 딸기 1kg' });
    const qty = screen.getByLabelText('수량') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '999999' } });
    expect(qty.value).toBe('99');
    expect(screen.getByText('891,000원')).toBeTruthy();
    expect(screen.queryByText('8,999,991,000원')).toBeNull();
  });
});

describe('product page: buying', () => {
  const buyer = { id: 21, email: 'minji@example.com', username: '김민지', user_type: 'customer' as const };
  function renderForBuyer(off: FeatureKey[]) {
    stubFetch(() => Response.json(product()));
    const purchase = vi.fn(() => null);
    renderInApp(<ProductDetailPage purchase={purchase} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
      tenant: testTenant({}, off),
      user: buyer,
    });
    return purchase;
  }
  const opened = (purchase: ReturnType<typeof renderForBuyer>) =>
    purchase.mock.calls.some((call) => (call as unknown as [{ open: boolean }])[0]?.open);

  it('says at once that buying is unavailable when the tenant has payment off, and opens no order sheet', async () => {
    const purchase = renderForBuyer(['payment']);
    const button = await screen.findByRole('button', { name: '구매 불가' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('현재 이 서비스에서는 상품을 구매할 수 없습니다.')).toBeTruthy();
    fireEvent.click(button);
    expect(opened(purchase)).toBe(false);
  });

  it('opens the order sheet with payment on', async () => {
    const purchase = renderForBuyer([]);
    fireEvent.click(await screen.findByRole('button', { name: '구매하기' }));
    await waitFor(() => expect(opened(purchase)).toBe(true));
    expect(screen.queryByText('현재 이 서비스에서는 상품을 구매할 수 없습니다.')).toBeNull();
  });
});

describe('product page: options', () => {
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
    original_price: 15_000,
    discount_rate: 20,
    display_remaining: -1,
    options: [
      option({ id: 1, name: '3kg', price: 12_000, original_price: 15_000, stock: 3 }),
      option({ id: 2, name: '5kg', price: 19_000, stock: 40 }),
      option({ id: 3, name: '10kg', price: 35_000, stock: 0 }),
      option({ id: 4, name: '선물용 5kg', price: 25_000, is_available: false }),
    ],
  });

  function open(detail: ProductDetail, state?: unknown) {
    stubFetch(() => Response.json(detail));
    const purchase = vi.fn<PurchaseSlot>(({ open, option }) =>
      open ? <p data-testid="sheet">{option?.name ?? '옵션 없음'}</p> : null,
    );
    const view = renderInApp(<ProductDetailPage purchase={purchase} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
      user: member,
    });
    if (state) void view.router.navigate('/products/5', { state });
    return { ...view, purchase };
  }
  const shownPrice = () => document.querySelector('.detail-price-row strong')?.textContent;
  const buyButton = () => screen.getByRole('button', { name: '구매하기' }) as HTMLButtonElement;

  it('shows the cheapest price "부터", and each option with its price, discount and stock state', async () => {
    open(apples);
    await screen.findByRole('heading', { name: '부사 사과' });
    expect(shownPrice()).toBe('12,000원부터');
    const group = screen.getByRole('group', { name: '옵션 선택' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(4);
    const three = screen.getByRole('radio', { name: /3kg/ }).closest('label');
    expect(three?.textContent).toContain('20%');
    expect(three?.textContent).toContain('12,000원');
    expect(three?.querySelector('del')?.textContent).toContain('15,000원');
    expect(three?.textContent).toContain('3개 남음');
    // Plenty left says nothing; sold out and off sale say so and cannot be picked.
    expect(screen.getByRole('radio', { name: /^5kg/ }).closest('label')?.textContent).not.toContain('남음');
    expect(screen.getByRole('radio', { name: /10kg/ }).closest('label')?.textContent).toContain('품절');
    expect((screen.getByRole('radio', { name: /10kg/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: /선물용/ }).closest('label')?.textContent).toContain('판매 중지');
    expect((screen.getByRole('radio', { name: /선물용/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('keeps the purchase button off until an option is chosen, then prices and sells that option', async () => {
    const { purchase } = open(apples);
    await screen.findByRole('heading', { name: '부사 사과' });
    expect(buyButton().disabled).toBe(true);
    const hint = screen.getByText('옵션을 선택해주세요.');
    expect(buyButton().getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.click(screen.getByRole('radio', { name: /^5kg/ }));
    expect(buyButton().disabled).toBe(false);
    expect(screen.queryByText('옵션을 선택해주세요.')).toBeNull();
    expect(shownPrice()).toBe('19,000원');
    expect(document.querySelector('.detail-price del')).toBeNull();
    fireEvent.change(screen.getByLabelText('수량'), { target: { value: '2' } });
    expect(screen.getByText('총 상품 금액').nextElementSibling?.textContent).toBe('38,000원');
    fireEvent.click(buyButton());
    expect(await screen.findByTestId('sheet')).toHaveProperty('textContent', '5kg');
    const last = purchase.mock.calls.at(-1)?.[0];
    expect(last?.option?.id).toBe(2);
    expect(last?.quantity).toBe(2);
  });

  it("shows the chosen option's discount and holds the quantity to its stock", async () => {
    open(apples);
    await screen.findByRole('heading', { name: '부사 사과' });
    const qty = screen.getByLabelText('수량') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('radio', { name: /3kg/ }));
    // Five were asked for before the choice; the option has three.
    expect(qty.value).toBe('3');
    expect(shownPrice()).toBe('12,000원');
    expect(document.querySelector('.detail-discount')?.textContent).toContain('20%');
    expect(document.querySelector('.detail-stock')?.textContent).toContain('3개 남음');
    fireEvent.change(qty, { target: { value: '9' } });
    expect(qty.value).toBe('3');
    expect(screen.getByRole('button', { name: '수량 늘리기' })).toHaveProperty('disabled', true);
  });

  it('says sold out when no option is left, and shows a plain price when every option costs the same', async () => {
    open(
      product({
        display_remaining: 0,
        options: [
          option({ id: 1, name: '1kg', price: 9000, stock: 0 }),
          option({ id: 2, name: '2kg', price: 9000, stock: 0 }),
        ],
      }),
    );
    const button = await screen.findByRole('button', { name: '품절' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(shownPrice()).toBe('9,000원');
    expect(screen.queryByText('옵션을 선택해주세요.')).toBeNull();
  });

  it('asks for a choice again when the picked option sells out while the page is open', async () => {
    let answer = apples;
    stubFetch(() => Response.json(answer));
    const { queryClient } = renderInApp(<ProductDetailPage purchase={() => null} reviews={() => null} />, {
      path: '/products/5',
      route: '/products/:id',
      user: member,
    });
    fireEvent.click(await screen.findByRole('radio', { name: /^5kg/ }));
    expect(buyButton().disabled).toBe(false);
    answer = { ...apples, options: apples.options.map((o) => (o.id === 2 ? { ...o, stock: 0 } : o)) };
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(buyButton().disabled).toBe(true));
    expect(screen.getByText('옵션을 선택해주세요.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^5kg/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('opens the order sheet again with the option of the failed payment', async () => {
    open(apples, resumePurchaseState(2, 2));
    expect((await screen.findByTestId('sheet')).textContent).toBe('5kg');
    expect((screen.getByRole('radio', { name: /^5kg/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('수량', { selector: 'input' }) as HTMLInputElement).value).toBe('2');
  });

  it('asks for another option when the one of the failed payment has sold out meanwhile', async () => {
    open(apples, resumePurchaseState(1, 3));
    expect(await screen.findByText('선택한 옵션이 품절되었습니다. 다른 옵션을 선택해주세요.')).toBeTruthy();
    expect(screen.queryByTestId('sheet')).toBeNull();
    expect(buyButton().disabled).toBe(true);
  });
});

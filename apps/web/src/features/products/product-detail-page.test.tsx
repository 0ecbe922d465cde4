import type { FeatureKey, ProductDetail } from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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

describe('product page: shipping terms', () => {
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
    stubFetch(() =>
      Response.json(
        product({ category_type: 'pickup', category: null, delivery_category: 'korean', is_delivery: true }),
      ),
    );
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

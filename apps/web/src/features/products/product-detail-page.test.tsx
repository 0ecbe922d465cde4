import type { FeatureKey, ProductDetail } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import ProductDetailPage, { type ReviewsSlot } from './product-detail-page';
import { productKeys } from './products.api';

function product(over: Partial<ProductDetail> = {}): ProductDetail {
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
    image_url: null,
    thumbnail_url: null,
    merchant_id: 3,
    merchant: { id: 3, owner_id: 33, business_name: '햇살농원' },
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
  } as ProductDetail;
}

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

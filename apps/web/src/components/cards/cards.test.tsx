import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms } from '@app/contracts/plain';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp, testTenant } from '@/testing/app-test-support';
import { PostCard } from './post-card';
import { ProductCard } from './product-card';

afterEach(cleanup);

describe('ProductCard', () => {
  it('shows title, merchant (linking to the owner channel), discount and price in won', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={{
            id: 5,
            title: '양평 완숙 토마토 2kg',
            price: 15000,
            discount_rate: 25,
            image_url: '/uploads/tomato.webp',
            merchant: { id: 7, owner_id: 202, business_name: '햇살농원' },
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '양평 완숙 토마토 2kg' }).getAttribute('href')).toBe('/products/5');
    expect(screen.getByRole('link', { name: '햇살농원' }).getAttribute('href')).toBe('/merchant/202');
    expect(screen.getByText('15,000원')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/uploads/tomato.webp');
  });

  it('uses the default merchant label and a placeholder image, and hides a 0% discount', () => {
    render(
      <MemoryRouter>
        <ProductCard product={{ id: 6, title: '쌈채소', price: 4900, discount_rate: 0, merchant: null }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('판매자 정보 없음')).toBeTruthy();
    expect(screen.getByText('이미지 없음')).toBeTruthy();
    expect(screen.queryByText('0%')).toBeNull();
  });

  const priceOf = () => document.querySelector('.product-price strong')?.textContent;
  const option = (id: number, name: string, price: number, is_available = true) => ({
    id,
    name,
    price,
    original_price: null,
    stock: null,
    is_available,
  });

  it('shows the cheapest price followed by 부터 when the options cost different amounts', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={{
            id: 7,
            title: '부사 사과',
            price: 12_000,
            options: [option(1, '3kg', 12_000), option(2, '5kg', 19_000), option(3, '10kg', 35_000)],
          }}
        />
      </MemoryRouter>,
    );
    expect(priceOf()).toBe('12,000원부터');
  });

  it('shows a plain price when every option on sale costs the same, or there are none', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ProductCard
          product={{
            id: 7,
            title: '부사 사과',
            price: 12_000,
            options: [option(1, '빨강', 12_000), option(2, '초록', 12_000), option(3, '10kg', 35_000, false)],
          }}
        />
      </MemoryRouter>,
    );
    expect(priceOf()).toBe('12,000원');
    rerender(
      <MemoryRouter>
        <ProductCard product={{ id: 7, title: '부사 사과', price: 12_000, options: [] }} />
      </MemoryRouter>,
    );
    expect(priceOf()).toBe('12,000원');
    expect(document.body.textContent).not.toContain('부터');
  });
});

describe('PostCard', () => {
  it('shows author link, relative date, title, a 100-character excerpt and counts', () => {
    render(
      <MemoryRouter>
        <PostCard
          post={{
            id: 3,
            title: '토마토 수확 일기',
            content: '가'.repeat(120),
            created_at: new Date().toISOString(),
            author: { id: 202, username: '박농부' },
            media: [{ file_path: 'uploads/p.webp', media_type: 'image' }],
            likes_count: 1200,
            comments_count: 8,
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '박농부' }).getAttribute('href')).toBe('/merchant/202');
    expect(screen.getByRole('link', { name: '토마토 수확 일기' }).getAttribute('href')).toBe('/content/3');
    expect(screen.getByText('오늘')).toBeTruthy();
    expect(screen.getByText(`${'가'.repeat(100)}...`)).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/uploads/p.webp');
    expect(document.body.textContent).toContain('1.2천');
  });

  it("names a merchant's post by the shop and a customer's by the username", () => {
    const card = (id: number, author: { id: number; username: string; business_name: string | null }) => (
      <PostCard post={{ id, title: `글 ${id}`, created_at: new Date().toISOString(), author }} />
    );
    render(
      <MemoryRouter>
        {card(1, { id: 7, username: 'sunfarm', business_name: '햇살농원' })}
        {card(2, { id: 8, username: '김민지', business_name: null })}
        {card(3, { id: 9, username: 'blank', business_name: '  ' })}
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '햇살농원' }).getAttribute('href')).toBe('/merchant/7');
    expect(screen.queryByText('sunfarm')).toBeNull();
    expect(screen.getByRole('link', { name: '김민지' }).getAttribute('href')).toBe('/merchant/8');
    expect(screen.getByRole('link', { name: 'blank' }).getAttribute('href')).toBe('/merchant/9');
  });
});

describe('ProductCard full variant', () => {
  const base = {
    id: 9,
    title: '한우 불고기 도시락',
    price: 15000,
    original_price: 20000,
    discount_rate: 25,
    merchant: { id: 3, owner_id: 33, business_name: '정육점' },
    rating_average: 4.5,
    rating_count: 12,
  };

  const withTerms = (terms: Partial<DeliveryTerms>) => ({
    ...base.merchant,
    delivery_terms: { ...DEFAULT_DELIVERY_TERMS, ...terms },
  });

  it("shows the struck-through original price, stock, rating, badges and the merchant's ETA and fee", () => {
    renderInApp(
      <ProductCard
        variant="full"
        product={{
          ...base,
          merchant: withTerms({ eta_text: '40~60분', delivery_fee: 3000 }),
          display_remaining: 5,
          category_type: 'pickup',
          is_delivery: true,
        }}
      />,
    );
    expect(document.querySelector('del')?.textContent).toContain('20,000원');
    expect(screen.getByText('5개 남음')).toBeTruthy();
    expect(screen.getByText('별점 4.5, 리뷰 12개')).toBeTruthy();
    expect(screen.getByText('픽업')).toBeTruthy();
    expect(screen.getByText('배달')).toBeTruthy();
    expect(screen.getByText('40~60분')).toBeTruthy();
    expect(screen.getByText('배달비 3,000원')).toBeTruthy();
    expect(document.body.textContent).not.toContain('20~25분');
    expect(document.body.textContent).not.toContain('2,500원');
  });

  it('says when delivery is free or free from an amount, and shows no ETA when the merchant states none', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ProductCard
          variant="full"
          product={{ ...base, merchant: withTerms({}), category_type: 'pickup', is_delivery: true }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('배달비 무료')).toBeTruthy();
    expect(document.querySelector('.product-delivery-info')?.textContent).toBe('배달비 무료');
    rerender(
      <MemoryRouter>
        <ProductCard
          variant="full"
          product={{
            ...base,
            merchant: withTerms({ eta_text: '내일 오전 도착', delivery_fee: 2000, free_delivery_over: 30_000 }),
            category_type: 'pickup',
            is_delivery: true,
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('내일 오전 도착')).toBeTruthy();
    expect(screen.getByText('배달비 2,000원 (30,000원 이상 무료)')).toBeTruthy();
  });

  it('gives a pickup-only meal its pickup badge but no delivery badge, time or fee', () => {
    renderInApp(
      <ProductCard
        variant="full"
        product={{
          ...base,
          merchant: withTerms({ eta_text: '40~60분', delivery_fee: 3000 }),
          category_type: 'pickup',
          is_delivery: false,
        }}
      />,
    );
    expect(screen.getByText('픽업')).toBeTruthy();
    expect(screen.queryByText('배달')).toBeNull();
    expect(screen.queryByText('40~60분')).toBeNull();
    expect(document.body.textContent).not.toContain('배달비');
  });

  it('shows no pickup badge when the merchant takes no pickups, and no made-up terms when they are unknown', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ProductCard
          variant="full"
          product={{
            ...base,
            merchant: withTerms({ offers_pickup: false }),
            category_type: 'pickup',
            is_delivery: true,
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByText('픽업')).toBeNull();
    expect(screen.getByText('배달')).toBeTruthy();
    rerender(
      <MemoryRouter>
        <ProductCard variant="full" product={{ ...base, category_type: 'pickup', is_delivery: true }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('픽업')).toBeTruthy();
    expect(document.body.textContent).not.toContain('배달비');
  });

  it('hides the stock at -1, says sold out at 0, and has no delivery texts for shopping products', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ProductCard variant="full" product={{ ...base, display_remaining: -1, category_type: 'shopping' }} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/개 남음|품절/)).toBeNull();
    expect(document.body.textContent).not.toContain('배달비');
    rerender(
      <MemoryRouter>
        <ProductCard variant="full" product={{ ...base, display_remaining: 0, category_type: 'shopping' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('품절')).toBeTruthy();
    rerender(
      <MemoryRouter>
        <ProductCard variant="full" product={{ ...base, display_remaining: 11, category_type: 'shopping' }} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/개 남음|품절/)).toBeNull();
  });

  it('shows no rating before the first review, nor when the tenant has reviews off', () => {
    const unreviewed = renderInApp(
      <ProductCard variant="full" product={{ ...base, rating_count: 0, rating_average: 0 }} />,
    );
    expect(screen.queryByText(/별점/)).toBeNull();
    expect(document.body.textContent).not.toContain('0.0');
    unreviewed.unmount();
    const reviewsOff = renderInApp(<ProductCard variant="full" product={base} />, {
      tenant: testTenant({}, ['reviews']),
    });
    expect(screen.queryByText('별점 4.5, 리뷰 12개')).toBeNull();
    expect(document.body.textContent).not.toContain('4.5');
    reviewsOff.unmount();
    renderInApp(<ProductCard variant="full" product={base} />);
    expect(screen.getByText('별점 4.5, 리뷰 12개')).toBeTruthy();
  });
});

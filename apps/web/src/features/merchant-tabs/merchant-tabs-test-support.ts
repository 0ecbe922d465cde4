import { DEFAULT_DELIVERY_TERMS, type PaymentAnalytics, type PaymentItem, type Product } from '@app/contracts';
import type { SessionUser } from '@/lib/session';

export const merchant: SessionUser = { id: 3, email: 'farm@example.com', username: '햇살농장', user_type: 'merchant' };
export const customer: SessionUser = { id: 21, email: 'minji@example.com', username: '김민지', user_type: 'customer' };
export const admin: SessionUser = {
  id: 1,
  email: 'admin@example.com',
  username: '운영자',
  user_type: 'superuser',
  is_admin: true,
};

/**
 * A product of the merchant as the product lists answer it. `stock` and `display_remaining` say the
 * same (null and -1 unlimited): give either and the other follows.
 */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  const title = overrides.title ?? `상품 ${id}`;
  const remaining = overrides.display_remaining ?? (overrides.stock === undefined ? -1 : (overrides.stock ?? -1));
  const stock = overrides.stock !== undefined ? overrides.stock : remaining < 0 ? null : remaining;
  return {
    id,
    title,
    name: title,
    description: '',
    price: 10000,
    original_price: null,
    discount_rate: 0,
    is_available: true,
    category_type: 'shopping',
    category: 'food',
    delivery_category: null,
    // Parcel goods never deliver locally (the server keeps is_delivery false for them).
    is_delivery: false,
    display_remaining: remaining,
    stock,
    options: [],
    image_url: null,
    thumbnail_url: null,
    merchant_id: 3,
    merchant: { id: 3, owner_id: 3, business_name: '햇살농장', delivery_terms: DEFAULT_DELIVERY_TERMS },
    rating_average: 0,
    rating_count: 0,
    views_count: 0,
    orders_count: 0,
    created_at: '2025-03-01T00:00:00.000Z',
    updated_at: '2025-03-01T00:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

const days = (n: number, end: string) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${end}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - (n - 1 - i));
    return d.toISOString().slice(0, 10);
  });

/** An analytics answer of 30 days with a little of everything (failures and weekdays included). */
export function buildAnalytics(overrides: Partial<PaymentAnalytics> = {}): PaymentAnalytics {
  const dates = days(30, '2025-03-14');
  return {
    period_days: 30,
    analysis_period: { start_date: dates[0] as string, end_date: '2025-03-14' },
    summary: {
      total_payments: 12,
      total_revenue: 250000,
      success_rate: 83.3,
      avg_order_value: 25000,
      unique_customers: 4,
      unique_products_sold: 5,
      // 배달비 and 택배비 within the revenue.
      delivery_fee_total: 15000,
    },
    payment_status_stats: [
      { status: 'paid', count: 10, total_amount: 250000, avg_amount: 25000, min_amount: 5000, max_amount: 60000 },
      { status: 'failed', count: 1, total_amount: 12000, avg_amount: 12000, min_amount: 12000, max_amount: 12000 },
      { status: 'cancelled', count: 1, total_amount: 8000, avg_amount: 8000, min_amount: 8000, max_amount: 8000 },
    ],
    daily_stats: dates.map((date, i) => ({
      date,
      count: i >= 25 ? 2 : 0,
      total_amount: i >= 25 ? 50000 : 0,
    })),
    payment_method_stats: [
      { method: 'card', count: 7, percentage: 70, total_amount: 180000 },
      { method: 'points', count: 3, percentage: 30, total_amount: 70000 },
    ],
    hourly_stats: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 14 ? 6 : hour === 9 ? 4 : 0 })),
    weekday_stats: [
      { weekday: 1, weekday_name: '월', count: 4 },
      { weekday: 5, weekday_name: '금', count: 6 },
    ],
    product_stats: [
      ['청송 꿀사과 3kg', 'food', 90000],
      ['제주 감귤 5kg', 'food', 60000],
      ['유기농 쌀 10kg', 'food', 50000],
      ['수제 김치 2kg', 'side_dish', 30000],
      ['한우 불고기', 'meat', 15000],
      ['들기름 300ml', 'food', 5000],
    ].map(([product_name, category, total_revenue], i) => ({
      product_id: i + 1,
      product_name: product_name as string,
      category: category as string,
      payment_count: 3,
      total_quantity: 4,
      total_revenue: total_revenue as number,
      avg_payment_amount: 25000,
      revenue_per_unit: Math.round((total_revenue as number) / 4),
      options: [],
    })),
    category_stats: [
      { category: 'food', payment_count: 8, unique_products: 4, total_revenue: 205000 },
      { category: 'side_dish', payment_count: 2, unique_products: 1, total_revenue: 30000 },
    ],
    top_customers: ['김민지', '박서준', '이하늘', '최유리', '정다은', '한지수'].map((name, i) => ({
      user_id: 20 + i,
      name,
      email: `c${i}@example.com`,
      purchase_count: 6 - i,
      unique_products_bought: 2,
      customer_lifetime_days: 10 - i,
      total_spent: 100000 - i * 10000,
    })),
    failure_analysis: [
      { status: 'failed', reason: '카드 한도 초과', count: 1 },
      { status: 'cancelled', reason: null, count: 1 },
    ],
    ...overrides,
  };
}

/** A payment of the merchant's list. */
export function buildPayment(overrides: Partial<PaymentItem> = {}): PaymentItem {
  return {
    id: 1,
    payment_id: 'pay_1',
    created_at: '2025-03-14T05:00:00.000Z',
    paid_at: '2025-03-14T05:00:10.000Z',
    purpose: 'order',
    name: '청송 꿀사과 3kg 외 1건',
    product_name: '청송 꿀사과 3kg',
    product_id: 1,
    option_name: null,
    order_id: 1,
    buyer_name: '김민지',
    amount: 25000,
    card_amount: 25000,
    points_used: 0,
    cancelled_amount: 0,
    method: 'card',
    status: 'paid',
    failure_reason: null,
    ...overrides,
  };
}

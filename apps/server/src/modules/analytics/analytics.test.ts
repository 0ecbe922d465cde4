import { analyticsSummarySchema, type PaymentAnalytics } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoTenants, seedDemoIfEmpty } from '../../seed/demo.js';
import { allFeatures, createTenant, createUser, DEFAULT_PASSWORD } from '../../seed/factories.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { products } from '../catalogue/catalogue.schema.js';
import { orderItems, orderStatusHistory, orders } from '../orders/orders.schema.js';
import { payments } from '../payments/payments.schema.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { maskEmail } from '../wallet/wallet.service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KST = 9 * HOUR;
/** Today's index in Korean days since 1970-01-01 (Seoul has no summer time). */
const today = Math.floor((Date.now() + KST) / DAY);
/** The Korean date `daysAgo` days back, `YYYY-MM-DD`. */
const seoulDate = (daysAgo: number) => new Date((today - daysAgo) * DAY).toISOString().slice(0, 10);
/** The instant of a Korean wall-clock time `daysAgo` days back. */
const seoulTime = (daysAgo: number, hh: number, mm: number) =>
  new Date((today - daysAgo) * DAY - KST + hh * HOUR + mm * MINUTE);
/** 0 = Sunday, of a Korean date (the date's own weekday, whatever the machine's zone). */
const weekdayOf = (daysAgo: number) => new Date(`${seoulDate(daysAgo)}T00:00:00Z`).getUTCDay();
const WEEKDAY_NAMES = ['일', '월', '화', '수', '목', '금', '토'];

type Status = 'paid' | 'failed' | 'cancelled' | 'pending';
interface Sale {
  daysAgo: number;
  at: [number, number];
  buyer: { id: number; username: string };
  lines: { product: number; qty: number; price: number }[];
  shipping?: number;
  points?: number;
  status: Status;
  reason?: string;
  /** The memo of the cancel or refund in the order's history. */
  memo?: string;
}

describe('GET /api/payment/analytics/summary', () => {
  let app: FastifyInstance;
  let seq = 0;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function tenantWith(features = allFeatures()) {
    const tenant = await createTenant(app.db, { features });
    const accounts = accountsClient(app, tenant.domain);
    const person = async (kind: 'merchant' | 'customer' | 'admin', username?: string) => {
      const made = await createUser(app.db, tenant.id, {
        userType: kind === 'merchant' ? 'merchant' : 'customer',
        admin: kind === 'admin',
        ...(username ? { username } : {}),
      });
      return { ...made, token: await accounts.token(made.user.email, DEFAULT_PASSWORD) };
    };
    const get = (query: string, token?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/payment/analytics/summary${query}`,
        headers: { host: tenant.domain, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const analytics = async (token: string, query = ''): Promise<PaymentAnalytics> => {
      const res = await get(query, token);
      expect(res.statusCode, res.body).toBe(200);
      return analyticsSummarySchema.parse(res.json());
    };
    return { tenant, person, get, analytics };
  }

  async function product(tenant: TenantRow, merchantId: number, title: string, price: number, category: string) {
    const pickup = category === 'korean';
    const [row] = await app.db
      .insert(products)
      .values({
        tenantId: tenant.id,
        merchantId,
        categoryType: pickup ? 'pickup' : 'shopping',
        title,
        price,
        category: pickup ? null : category,
        deliveryCategory: pickup ? category : null,
      })
      .returning({ id: products.id });
    if (!row) throw new Error('no product');
    return row.id;
  }

  /** A payment with its order and lines, as checkout leaves them, at a fixed Korean time. */
  async function sale(tenant: TenantRow, merchantId: number, s: Sale) {
    const when = seoulTime(s.daysAgo, s.at[0], s.at[1]);
    const itemsTotal = s.lines.reduce((sum, l) => sum + l.qty * l.price, 0);
    const total = itemsTotal + (s.shipping ?? 0);
    const points = s.points ?? 0;
    const card = total - points;
    const [payment] = await app.db
      .insert(payments)
      .values({
        tenantId: tenant.id,
        paymentId: `analytics-${++seq}`,
        purpose: 'order',
        userId: s.buyer.id,
        amount: card,
        pointsUsed: points,
        status: s.status,
        gateway: card === 0 ? 'points' : 'sandbox',
        orderName: '테스트 주문',
        buyerName: s.buyer.username,
        buyerEmail: 'buyer@example.com',
        buyerTel: '01012345678',
        failureReason: s.reason ?? null,
        cancelledAmount: s.status === 'cancelled' ? card : 0,
        paidAt: s.status === 'paid' || s.status === 'cancelled' ? when : null,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('no payment');
    const status = { paid: 'DELIVERED', failed: 'CANCELLED', cancelled: 'REFUNDED', pending: 'AWAITING_PAYMENT' }[
      s.status
    ] as 'DELIVERED';
    const [order] = await app.db
      .insert(orders)
      .values({
        tenantId: tenant.id,
        buyerId: s.buyer.id,
        merchantId,
        paymentId: payment.id,
        status,
        orderType: 'delivery',
        categoryType: 'shopping',
        itemsTotal,
        shippingFee: s.shipping ?? 0,
        totalPrice: total,
        pointsUsed: points,
        cardAmount: card,
        buyerName: s.buyer.username,
        deliveryPhone: '01012345678',
        paidAt: s.status === 'paid' || s.status === 'cancelled' ? when : null,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('no order');
    await app.db.insert(orderItems).values(
      s.lines.map((l) => ({
        tenantId: tenant.id,
        orderId: order.id,
        productId: l.product,
        productTitle: '주문 당시 이름',
        unitPrice: l.price,
        quantity: l.qty,
        totalPrice: l.qty * l.price,
      })),
    );
    if (s.memo) {
      await app.db.insert(orderStatusHistory).values([
        { tenantId: tenant.id, orderId: order.id, toStatus: 'PENDING', actor: 'system', memo: null },
        { tenantId: tenant.id, orderId: order.id, toStatus: status, actor: 'merchant', memo: s.memo },
      ]);
    }
  }

  /** `days` rows of zeros, oldest first, with the given days filled in. */
  function daily(days: number, filled: Record<number, [number, number]>) {
    return Array.from({ length: days }, (_, i) => {
      const daysAgo = days - 1 - i;
      const [count, total_amount] = filled[daysAgo] ?? [0, 0];
      return { date: seoulDate(daysAgo), count, total_amount };
    });
  }
  function hourly(filled: Record<number, number>) {
    return Array.from({ length: 24 }, (_, hour) => ({ hour, count: filled[hour] ?? 0 }));
  }
  /** The weekday rows of paid payments made on these days (Sunday first). */
  function weekdays(daysAgo: number[]) {
    const counts = new Map<number, number>();
    for (const d of daysAgo) counts.set(weekdayOf(d), (counts.get(weekdayOf(d)) ?? 0) + 1);
    return [...counts]
      .sort(([a], [b]) => a - b)
      .map(([weekday, count]) => ({ weekday, weekday_name: WEEKDAY_NAMES[weekday], count }));
  }

  describe('a tenant with two merchants, three buyers and every payment status', () => {
    let w: Awaited<ReturnType<typeof tenantWith>>;
    let farm: Awaited<ReturnType<typeof w.person>>;
    let shop: Awaited<ReturnType<typeof w.person>>;
    let quiet: Awaited<ReturnType<typeof w.person>>;
    let admin: Awaited<ReturnType<typeof w.person>>;
    let sky: Awaited<ReturnType<typeof w.person>>;
    let sea: Awaited<ReturnType<typeof w.person>>;
    let moon: Awaited<ReturnType<typeof w.person>>;
    const ids = { rice: 0, lunch: 0, soap: 0, shirt: 0 };
    let other: Awaited<ReturnType<typeof tenantWith>>;
    let otherMerchant: Awaited<ReturnType<typeof w.person>>;

    beforeAll(async () => {
      w = await tenantWith();
      [farm, shop, quiet, admin, sky, sea, moon] = await Promise.all([
        w.person('merchant'),
        w.person('merchant'),
        w.person('merchant'),
        w.person('admin'),
        w.person('customer', '김하늘'),
        w.person('customer', '이바다'),
        w.person('customer', '박달님'),
      ]);
      const farmId = farm.merchant?.id as number;
      const shopId = shop.merchant?.id as number;
      ids.rice = await product(w.tenant, farmId, '유기농 현미 4kg', 10_000, 'food');
      ids.lunch = await product(w.tenant, farmId, '한우 불고기 도시락', 12_000, 'korean');
      ids.soap = await product(w.tenant, farmId, '쌀겨 세안 비누', 5_000, 'food');
      ids.shirt = await product(w.tenant, shopId, '린넨 셔츠', 30_000, 'clothing');
      const [a, b, c] = [sky.user, sea.user, moon.user];
      const farmSales: Sale[] = [
        // 1: today 10:00, card.
        { daysAgo: 0, at: [10, 0], buyer: a, lines: [{ product: ids.rice, qty: 2, price: 10_000 }], status: 'paid' },
        // 2: today 00:30 Seoul (yesterday 15:30 UTC), points only.
        {
          daysAgo: 0,
          at: [0, 30],
          buyer: b,
          lines: [{ product: ids.lunch, qty: 1, price: 12_000 }],
          points: 12_000,
          status: 'paid',
        },
        // 3: yesterday 23:30 Seoul, points and card.
        {
          daysAgo: 1,
          at: [23, 30],
          buyer: a,
          lines: [{ product: ids.soap, qty: 3, price: 5_000 }],
          points: 5_000,
          status: 'paid',
        },
        // 4: two lines plus shipping: 10,000 + 5,000 + 3,000.
        {
          daysAgo: 2,
          at: [14, 0],
          buyer: c,
          lines: [
            { product: ids.rice, qty: 1, price: 10_000 },
            { product: ids.soap, qty: 1, price: 5_000 },
          ],
          shipping: 3_000,
          status: 'paid',
        },
        // 5: declined.
        {
          daysAgo: 3,
          at: [9, 0],
          buyer: b,
          lines: [{ product: ids.lunch, qty: 2, price: 12_000 }],
          status: 'failed',
          reason: '카드 한도가 초과되었습니다.',
        },
        // 6: refunded, the reason in the order's history.
        {
          daysAgo: 5,
          at: [18, 0],
          buyer: a,
          lines: [{ product: ids.rice, qty: 1, price: 10_000 }],
          status: 'cancelled',
          memo: '고객 요청으로 환불해 드렸습니다.',
        },
        // 7: never paid.
        { daysAgo: 6, at: [12, 0], buyer: c, lines: [{ product: ids.soap, qty: 1, price: 5_000 }], status: 'pending' },
        // 8: ten days ago (outside 7 days, inside 30).
        { daysAgo: 10, at: [15, 0], buyer: b, lines: [{ product: ids.lunch, qty: 1, price: 12_000 }], status: 'paid' },
        // 9: forty days ago (only in a year's view).
        { daysAgo: 40, at: [11, 0], buyer: a, lines: [{ product: ids.rice, qty: 1, price: 10_000 }], status: 'paid' },
      ];
      for (const s of farmSales) await sale(w.tenant, farmId, s);
      await sale(w.tenant, shopId, {
        daysAgo: 1,
        at: [13, 0],
        buyer: a,
        lines: [{ product: ids.shirt, qty: 1, price: 30_000 }],
        status: 'paid',
      });
      await sale(w.tenant, shopId, {
        daysAgo: 2,
        at: [13, 0],
        buyer: c,
        lines: [{ product: ids.shirt, qty: 1, price: 30_000 }],
        status: 'failed',
        reason: '유효기간이 지난 카드입니다.',
      });

      // Another tenant with exactly one payment (never part of the first tenant's figures).
      other = await tenantWith();
      otherMerchant = await other.person('merchant');
      const buyer = await other.person('customer', '최하나');
      const otherId = otherMerchant.merchant?.id as number;
      const gift = await product(other.tenant, otherId, '선물 세트', 50_000, 'food');
      await sale(other.tenant, otherId, {
        daysAgo: 0,
        at: [9, 0],
        buyer: buyer.user,
        lines: [{ product: gift, qty: 1, price: 50_000 }],
        status: 'paid',
      });
    });

    it("a merchant's 30 days: every figure of their own payments, computed by hand", async () => {
      const a = await w.analytics(farm.token);
      expect(a.period_days).toBe(30);
      expect(a.analysis_period).toEqual({ start_date: seoulDate(29), end_date: seoulDate(0) });
      // Payments 1–8: paid 1, 2, 3, 4, 8 = 20,000 + 12,000 + 15,000 + 18,000 + 12,000.
      expect(a.summary).toEqual({
        total_payments: 8,
        total_revenue: 77_000,
        success_rate: 62.5,
        avg_order_value: 15_400,
        unique_customers: 3,
        unique_products_sold: 3,
        delivery_fee_total: 3_000,
      });
      expect(a.payment_status_stats).toEqual([
        { status: 'paid', count: 5, total_amount: 77_000, avg_amount: 15_400, min_amount: 12_000, max_amount: 20_000 },
        {
          status: 'cancelled',
          count: 1,
          total_amount: 10_000,
          avg_amount: 10_000,
          min_amount: 10_000,
          max_amount: 10_000,
        },
        {
          status: 'failed',
          count: 1,
          total_amount: 24_000,
          avg_amount: 24_000,
          min_amount: 24_000,
          max_amount: 24_000,
        },
        { status: 'pending', count: 1, total_amount: 5_000, avg_amount: 5_000, min_amount: 5_000, max_amount: 5_000 },
      ]);
      expect(a.daily_stats).toHaveLength(30);
      expect(a.daily_stats).toEqual(daily(30, { 0: [2, 32_000], 1: [1, 15_000], 2: [1, 18_000], 10: [1, 12_000] }));
      expect(a.payment_method_stats).toEqual([
        { method: 'card', count: 4, percentage: 80, total_amount: 65_000 },
        { method: 'points', count: 1, percentage: 20, total_amount: 12_000 },
      ]);
      expect(a.hourly_stats).toEqual(hourly({ 0: 1, 10: 1, 14: 1, 15: 1, 23: 1 }));
      expect(a.weekday_stats).toEqual(weekdays([0, 0, 1, 2, 10]));
      expect(a.product_stats).toEqual([
        {
          product_id: ids.rice,
          product_name: '유기농 현미 4kg',
          category: 'food',
          payment_count: 2,
          total_quantity: 3,
          total_revenue: 30_000,
          avg_payment_amount: 19_000,
          revenue_per_unit: 10_000,
          options: [],
        },
        {
          product_id: ids.lunch,
          product_name: '한우 불고기 도시락',
          category: 'korean',
          payment_count: 2,
          total_quantity: 2,
          total_revenue: 24_000,
          avg_payment_amount: 12_000,
          revenue_per_unit: 12_000,
          options: [],
        },
        {
          product_id: ids.soap,
          product_name: '쌀겨 세안 비누',
          category: 'food',
          payment_count: 2,
          total_quantity: 4,
          total_revenue: 20_000,
          avg_payment_amount: 16_500,
          revenue_per_unit: 5_000,
          options: [],
        },
      ]);
      expect(a.category_stats).toEqual([
        { category: 'food', payment_count: 3, unique_products: 2, total_revenue: 50_000 },
        { category: 'korean', payment_count: 2, unique_products: 1, total_revenue: 24_000 },
      ]);
      expect(a.top_customers).toEqual([
        {
          user_id: sky.user.id,
          name: '김하늘',
          email: maskEmail(sky.user.email),
          purchase_count: 2,
          unique_products_bought: 2,
          customer_lifetime_days: 1,
          total_spent: 35_000,
        },
        {
          user_id: sea.user.id,
          name: '이바다',
          email: maskEmail(sea.user.email),
          purchase_count: 2,
          unique_products_bought: 1,
          customer_lifetime_days: 10,
          total_spent: 24_000,
        },
        {
          user_id: moon.user.id,
          name: '박달님',
          email: maskEmail(moon.user.email),
          purchase_count: 1,
          unique_products_bought: 2,
          customer_lifetime_days: 0,
          total_spent: 18_000,
        },
      ]);
      expect(a.failure_analysis).toEqual([
        { status: 'cancelled', reason: '고객 요청으로 환불해 드렸습니다.', count: 1 },
        { status: 'failed', reason: '카드 한도가 초과되었습니다.', count: 1 },
      ]);
    });

    it("masks the top customers' e-mail addresses, so no buyer's full address leaves the server", async () => {
      const res = await w.get('', farm.token);
      expect(res.statusCode, res.body).toBe(200);
      for (const buyer of [sky, sea, moon]) expect(res.body).not.toContain(buyer.user.email);
      const shown = (res.json() as PaymentAnalytics).top_customers.map((c) => c.email);
      expect(shown).toHaveLength(3);
      for (const [i, buyer] of [sky, sea, moon].entries()) {
        const [local = '', domain = ''] = buyer.user.email.split('@');
        // `sk***@example.com`: the first two characters and the domain, the rest starred.
        const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        expect(shown[i]).toMatch(new RegExp(`^${literal(local.slice(0, 2))}\\*{3,6}@${literal(domain)}$`));
      }
      // The administrator's whole-tenant view is masked too.
      const all = await w.get('', admin.token);
      for (const buyer of [sky, sea, moon]) expect(all.body).not.toContain(buyer.user.email);
    });

    it('the period follows period_days: 7 days leaves out the older payments, 365 takes them in', async () => {
      const week = await w.analytics(farm.token, '?period_days=7');
      expect(week.period_days).toBe(7);
      expect(week.analysis_period).toEqual({ start_date: seoulDate(6), end_date: seoulDate(0) });
      // Payments 1–7: paid 1–4 = 65,000 of 4; 4 / 7 = 57.14 %.
      expect(week.summary).toEqual({
        total_payments: 7,
        total_revenue: 65_000,
        success_rate: 57.1,
        avg_order_value: 16_250,
        unique_customers: 3,
        unique_products_sold: 3,
        delivery_fee_total: 3_000,
      });
      expect(week.daily_stats).toEqual(daily(7, { 0: [2, 32_000], 1: [1, 15_000], 2: [1, 18_000] }));

      const year = await w.analytics(farm.token, '?period_days=365');
      expect(year.daily_stats).toHaveLength(365);
      expect(year.analysis_period.start_date).toBe(seoulDate(364));
      // Payment 9 joins: 87,000 of 6 paid out of 9.
      expect(year.summary).toEqual({
        total_payments: 9,
        total_revenue: 87_000,
        success_rate: 66.7,
        avg_order_value: 14_500,
        unique_customers: 3,
        unique_products_sold: 3,
        delivery_fee_total: 3_000,
      });
      expect(year.top_customers[0]).toMatchObject({
        user_id: sky.user.id,
        purchase_count: 3,
        customer_lifetime_days: 40,
        total_spent: 45_000,
      });
    });

    it('a payment at 23:30 and one at 00:30 Seoul time count on their Seoul day and hour', async () => {
      const day = await w.analytics(farm.token, '?period_days=1');
      expect(day.analysis_period).toEqual({ start_date: seoulDate(0), end_date: seoulDate(0) });
      // Today: payment 1 (10:00) and payment 2 (00:30, still yesterday in UTC); not payment 3 (yesterday 23:30).
      expect(day.daily_stats).toEqual([{ date: seoulDate(0), count: 2, total_amount: 32_000 }]);
      expect(day.hourly_stats).toEqual(hourly({ 0: 1, 10: 1 }));
      const two = await w.analytics(farm.token, '?period_days=2');
      expect(two.daily_stats).toEqual(daily(2, { 0: [2, 32_000], 1: [1, 15_000] }));
      expect(two.hourly_stats).toEqual(hourly({ 0: 1, 10: 1, 23: 1 }));
      expect(two.weekday_stats).toEqual(weekdays([0, 0, 1]));
    });

    it('an administrator sees the whole tenant, another merchant only their own', async () => {
      const all = await w.analytics(admin.token);
      // The farm's 1–8 and the shop's two: paid 77,000 + 30,000 of 6 out of 10.
      expect(all.summary).toEqual({
        total_payments: 10,
        total_revenue: 107_000,
        success_rate: 60,
        avg_order_value: 17_833,
        unique_customers: 3,
        unique_products_sold: 4,
        delivery_fee_total: 3_000,
      });
      expect(all.failure_analysis).toEqual([
        { status: 'cancelled', reason: '고객 요청으로 환불해 드렸습니다.', count: 1 },
        { status: 'failed', reason: '유효기간이 지난 카드입니다.', count: 1 },
        { status: 'failed', reason: '카드 한도가 초과되었습니다.', count: 1 },
      ]);
      expect(all.top_customers.map((c) => [c.name, c.total_spent])).toEqual([
        ['김하늘', 65_000],
        ['이바다', 24_000],
        ['박달님', 18_000],
      ]);

      const own = await w.analytics(shop.token);
      expect(own.summary).toEqual({
        total_payments: 2,
        total_revenue: 30_000,
        success_rate: 50,
        avg_order_value: 30_000,
        unique_customers: 1,
        unique_products_sold: 1,
        delivery_fee_total: 0,
      });
      expect(own.product_stats.map((p) => p.product_id)).toEqual([ids.shirt]);
      expect(own.category_stats).toEqual([
        { category: 'clothing', payment_count: 1, unique_products: 1, total_revenue: 30_000 },
      ]);
      expect(own.failure_analysis).toEqual([{ status: 'failed', reason: '유효기간이 지난 카드입니다.', count: 1 }]);
    });

    it('an empty period answers zeros, zero-filled days and hours, and empty lists', async () => {
      const expectEmpty = (a: PaymentAnalytics, days: number) => {
        expect(a.summary).toEqual({
          total_payments: 0,
          total_revenue: 0,
          success_rate: 0,
          avg_order_value: 0,
          unique_customers: 0,
          unique_products_sold: 0,
          delivery_fee_total: 0,
        });
        expect(a.daily_stats).toEqual(daily(days, {}));
        expect(a.hourly_stats).toEqual(hourly({}));
        for (const list of [
          a.payment_status_stats,
          a.payment_method_stats,
          a.weekday_stats,
          a.product_stats,
          a.category_stats,
          a.top_customers,
          a.failure_analysis,
        ]) {
          expect(list).toEqual([]);
        }
      };
      // A merchant without a sale, and the shop on a day without one.
      expectEmpty(await w.analytics(quiet.token), 30);
      expectEmpty(await w.analytics(shop.token, '?period_days=1'), 1);
    });

    it('a tenant with exactly one payment: its figures, and nothing of the other tenant', async () => {
      const one = await other.analytics(otherMerchant.token);
      expect(one.summary).toEqual({
        total_payments: 1,
        total_revenue: 50_000,
        success_rate: 100,
        avg_order_value: 50_000,
        unique_customers: 1,
        unique_products_sold: 1,
        delivery_fee_total: 0,
      });
      expect(one.payment_status_stats).toEqual([
        { status: 'paid', count: 1, total_amount: 50_000, avg_amount: 50_000, min_amount: 50_000, max_amount: 50_000 },
      ]);
      expect(one.daily_stats).toEqual(daily(30, { 0: [1, 50_000] }));
      expect(one.payment_method_stats).toEqual([{ method: 'card', count: 1, percentage: 100, total_amount: 50_000 }]);
      expect(one.hourly_stats).toEqual(hourly({ 9: 1 }));
      expect(one.weekday_stats).toEqual(weekdays([0]));
      expect(one.product_stats).toEqual([
        {
          product_id: expect.any(Number),
          product_name: '선물 세트',
          category: 'food',
          payment_count: 1,
          total_quantity: 1,
          total_revenue: 50_000,
          avg_payment_amount: 50_000,
          revenue_per_unit: 50_000,
          options: [],
        },
      ]);
      expect(one.category_stats).toEqual([
        { category: 'food', payment_count: 1, unique_products: 1, total_revenue: 50_000 },
      ]);
      expect(one.top_customers).toEqual([
        expect.objectContaining({
          name: '최하나',
          purchase_count: 1,
          unique_products_bought: 1,
          customer_lifetime_days: 0,
          total_spent: 50_000,
        }),
      ]);
      expect(one.failure_analysis).toEqual([]);
      // The first tenant's token means nothing here, and the first tenant's admin never sees this one.
      expect((await other.get('', farm.token)).statusCode).toBe(401);
      expect((await w.analytics(admin.token)).summary.total_revenue).toBe(107_000);
    });

    it('customers get 403 merchant_only, signed-out users 401', async () => {
      const customer = await w.get('', sky.token);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toMatchObject({ code: 'merchant_only', detail: '가맹점주만 접근 가능합니다.' });
      const anonymous = await w.get('');
      expect(anonymous.statusCode).toBe(401);
    });

    it('period_days outside 1–365 or not a whole number is 400 with a Korean message', async () => {
      for (const bad of ['0', '366', 'abc', '1e9', '-1', '2.5']) {
        const res = await w.get(`?period_days=${bad}`, farm.token);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'validation_error',
          detail: '조회 기간은 1일에서 365일 사이의 정수로 입력해주세요.',
        });
      }
      expect((await w.get('?period_days=', farm.token)).statusCode).toBe(200);
    });
  });

  it('answers 404 feature_disabled while the analytics feature is off', async () => {
    const w = await tenantWith({ ...allFeatures(), analytics: false });
    const merchant = await w.person('merchant');
    const res = await w.get('', merchant.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'feature_disabled' });
    // Before any sign-in check, as the other feature-gated calls do.
    expect((await w.get('')).statusCode).toBe(404);
  });

  it('answers empty figures under analytics alone while the payment feature is off (spec: the screen needs analytics)', async () => {
    const w = await tenantWith({ ...allFeatures(), payment: false });
    const merchant = await w.person('merchant');
    const res = await w.get('', merchant.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      summary: { total_payments: 0, total_revenue: 0 },
      payment_status_stats: [],
      product_stats: [],
    });
    expect((await w.get('')).statusCode).toBe(401);
  });
});

describe('the demo data', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({}, { wholePlatform: true });
    await seedDemoIfEmpty(app.db, app.log);
  }, 120_000);
  afterAll(() => app.close());

  it.each(demoTenants.map((t) => t.domain))(
    "%s: the demo merchant's analytics have sales on many days, every outcome and their reasons",
    async (host) => {
      const client = accountsClient(app, host);
      const token = await client.token('merchant@example.com', DEMO_PASSWORD);
      const res = await client.call('GET', '/api/payment/analytics/summary', undefined, token);
      expect(res.statusCode, res.body).toBe(200);
      const a = analyticsSummarySchema.parse(res.json());
      expect(a.summary.total_payments).toBeGreaterThan(20);
      expect(a.summary.success_rate).toBeGreaterThan(50);
      expect(a.summary.success_rate).toBeLessThan(100);
      expect(a.daily_stats.filter((d) => d.count > 0).length).toBeGreaterThan(10);
      expect(new Set(a.payment_status_stats.map((s) => s.status))).toEqual(new Set(['paid', 'failed', 'cancelled']));
      expect(a.failure_analysis.filter((f) => f.status === 'failed').length).toBeGreaterThan(1);
      expect(a.failure_analysis.filter((f) => f.status === 'cancelled').length).toBeGreaterThan(1);
      expect(a.failure_analysis.every((f) => f.reason)).toBe(true);
      expect(a.product_stats.length).toBeGreaterThan(4);
      expect(a.top_customers.length).toBeGreaterThan(2);
      expect(a.weekday_stats.length).toBe(7);
    },
  );
});

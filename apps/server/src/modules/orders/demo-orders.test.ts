import {
  earnedPoints,
  type Order,
  orderPageSchema,
  orderSchema,
  orderStatuses,
  paymentListSchema,
  trackingSchema,
  walletTransactionListSchema,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossShards } from '../../platform/db/citus.js';
import { DEMO_PASSWORD, demoTenants, seedDemoIfEmpty } from '../../seed/demo.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { ledgerProblems } from '../wallet/ledger.js';

let app: FastifyInstance;
let seedMs = 0;
beforeAll(async () => {
  app = await buildTestApp({}, { wholePlatform: true });
  const started = Date.now();
  await seedDemoIfEmpty(app.db, app.log);
  seedMs = Date.now() - started;
}, 120_000);
afterAll(() => app.close());

const DAY = 86_400_000;
const [farm, mall] = demoTenants;

async function signedIn(host: string, email: string) {
  const client = accountsClient(app, host);
  const token = await client.token(email, DEMO_PASSWORD);
  return <T>(url: string, parse: { parse: (v: unknown) => T }) =>
    client.call('GET', url, undefined, token).then((res) => {
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return parse.parse(res.json());
    });
}

async function tenantId(host: string) {
  const { rows } = await app.db.execute<{ id: number }>(sql`select id from tenants where domain = ${host}`);
  return (rows[0] as { id: number }).id;
}

/** The test's own look-ups, across tenants (on Citus, deliberately over every shard). */
const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await acrossShards(app.db, (tx) => tx.execute(query))).rows as T[];

describe('demo parcels', () => {
  it.each([farm.domain, mall.domain])(
    '%s: tracked parcels at every stage of the sandbox carrier, and parcels delivered as the carrier reported',
    async (host) => {
      // The first reading, as the tracking job makes it at start.
      const id = await tenantId(host);
      await app.shipments.sync({ tenantIds: [id] });
      // Every merchant's parcels on their way (the demo merchant has some of them).
      const onTheirWay = await rows<{ tracking_status: string | null }>(
        sql`select tracking_status from orders where tenant_id = ${id} and category_type = 'shopping' and status = 'DELIVERING'`,
      );
      expect(new Set(onTheirWay.map((o) => o.tracking_status))).toEqual(
        new Set(['INFORMATION_RECEIVED', 'AT_PICKUP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']),
      );
      const get = await signedIn(host, 'merchant@example.com');
      const list = (await get('/api/delivery/merchant/orders?limit=100', orderPageSchema)).deliveries;
      const parcels = list.filter((o) => o.category_type === 'shopping' && o.status === 'DELIVERING');
      expect(parcels.length).toBeGreaterThan(0);
      expect(parcels.every((o) => o.shipment?.status && !o.needs_shipment)).toBe(true);
      const byCarrier = list.filter((o) => o.status === 'DELIVERED' && o.shipment?.status === 'DELIVERED');
      expect(byCarrier.length).toBeGreaterThan(0);
      const one = await get(`/api/delivery/orders/${byCarrier[0]?.id}`, orderSchema);
      expect(one.history?.find((h) => h.status === 'DELIVERED')).toMatchObject({
        from_status: 'DELIVERING',
        actor: 'system',
        memo: '택배사 배달완료 확인',
      });
      const timeline = await get(`/api/delivery/orders/${byCarrier[0]?.id}/tracking`, trackingSchema);
      expect(timeline.events.map((e) => e.status_label)).toEqual([
        '송장접수',
        '집화완료',
        '배송이동중',
        '배송출발',
        '배달완료',
      ]);
    },
  );
});

describe('demo orders', () => {
  it.each([farm.domain, mall.domain])(
    '%s: the demo merchant has orders in every status, spread over the last 30 days, with a history',
    async (host) => {
      const get = await signedIn(host, 'merchant@example.com');
      const page = await get('/api/delivery/merchant/orders?limit=100', orderPageSchema);
      const list = page.deliveries;
      expect(page.total).toBe(list.length);
      // Every status of the spec: 환불 처리 중 (REFUND_PENDING) only lasts while a card company works.
      expect(new Set(list.map((o) => o.status))).toEqual(new Set(orderStatuses.filter((s) => s !== 'REFUND_PENDING')));
      if (host === farm.domain) {
        expect(new Set(list.map((o) => o.order_type))).toEqual(new Set(['delivery', 'pickup']));
        expect(new Set(list.map((o) => o.category_type))).toEqual(new Set(['shopping', 'pickup']));
      }
      expect(new Set(list.map((o) => o.buyer.id)).size).toBeGreaterThanOrEqual(4);
      const delivered = list.filter((o) => o.status === 'DELIVERED');
      expect(delivered.every((o) => o.delivered_at !== null)).toBe(true);
      expect(delivered.some((o) => o.confirmed_at !== null)).toBe(true);
      expect(delivered.some((o) => o.confirmed_at === null)).toBe(true);
      expect(list.filter((o) => o.status === 'CANCELLED' || o.status === 'REFUNDED').every((o) => o.cancelled_at)).toBe(
        true,
      );

      // Varied days and hours, all in the past month; the newest first.
      const created = list.map((o) => new Date(o.created_at).getTime());
      expect([...created].sort((a, b) => b - a)).toEqual(created);
      expect(Math.max(...created)).toBeLessThanOrEqual(Date.now());
      expect(Math.min(...created)).toBeGreaterThan(Date.now() - 31 * DAY);
      expect(new Set(created.map((t) => Math.floor(t / DAY))).size).toBeGreaterThanOrEqual(10);
      expect(new Set(created.map((t) => new Date(t).getUTCHours())).size).toBeGreaterThanOrEqual(8);

      // Every order's history walks the allowed path, in time order, with the merchant's words.
      const details = await Promise.all(list.map((o) => get(`/api/delivery/orders/${o.id}`, orderSchema)));
      for (const order of details) {
        const history = order.history ?? [];
        expect(history[0]?.status, `order ${order.id}`).toBe('PENDING');
        expect(history.at(-1)?.status, `order ${order.id}`).toBe(order.status);
        const times = history.map((h) => new Date(h.created_at).getTime());
        expect(
          [...times].sort((a, b) => a - b),
          `order ${order.id}`,
        ).toEqual(times);
        expect(times[0], `order ${order.id}`).toBeGreaterThanOrEqual(new Date(order.created_at).getTime());
        expect(times[0]).toBe(new Date(order.paid_at as string).getTime());
      }
      const memos = details
        .flatMap((o) => o.history ?? [])
        .flatMap((h) => (h.actor === 'merchant' && h.memo ? [h.memo] : []));
      expect(memos.length).toBeGreaterThanOrEqual(15);
      expect(memos.every((m) => /[가-힣]/.test(m))).toBe(true);
      if (host === farm.domain) {
        const confirmed = details
          .flatMap((o) => o.history ?? [])
          .filter((h) => h.actor === 'buyer' && h.memo === '구매확정');
        expect(confirmed.length).toBeGreaterThanOrEqual(2);
      }
    },
  );

  it('the demo customer has paid by card, by points and by both, and had a card declined', async () => {
    const get = await signedIn(farm.domain, 'customer@example.com');
    const { deliveries } = await get('/api/delivery/user/orders?limit=100', orderPageSchema);
    const paidBy = (o: Order) => (o.points_used === 0 ? 'card' : o.card_amount === 0 ? 'points' : 'mixed');
    expect(new Set(deliveries.map(paidBy))).toEqual(new Set(['card', 'points', 'mixed']));
    for (const o of deliveries) {
      expect(o.points_used + o.card_amount).toBe(o.total_price);
      const reversed = o.status === 'CANCELLED' || o.status === 'REFUNDED';
      expect(o.earned_points).toBe(reversed ? 0 : earnedPoints(o.card_amount, 1));
    }
    // Shipped goods pay shipping below the free-shipping threshold (farm: 3,000 below 50,000).
    const shipped = deliveries.filter((o) => o.category_type === 'shopping');
    expect(shipped.length).toBeGreaterThan(0);
    for (const o of shipped) expect(o.shipping_fee).toBe(o.items_total >= 50_000 ? 0 : 3_000);

    const { payments } = await get('/api/payment/list?limit=100', paymentListSchema);
    const declined = payments.filter((p) => p.status === 'failed');
    expect(declined).toHaveLength(1);
    expect(declined[0]?.failure_reason).toMatch(/[가-힣]/);
    // A declined payment's order was never paid: it is not in the order history.
    expect(deliveries.map((o) => o.id)).not.toContain(declined[0]?.order_id);
    const refunded = payments.filter((p) => p.status === 'cancelled');
    expect(refunded.length).toBeGreaterThanOrEqual(2);
    for (const p of refunded) expect(p.cancelled_amount).toBe(p.card_amount);
  });

  it.each([farm.domain, mall.domain])(
    '%s: money, points and stock add up as the checkout flow leaves them',
    async (host) => {
      const id = await tenantId(host);
      expect(await ledgerProblems(app.db, id)).toEqual([]);

      const orders = await rows<{
        id: number;
        status: string;
        paid: boolean;
        points_used: number;
        card_amount: number;
        reward_points: number;
        pay_status: string;
        pay_amount: number;
        pay_points: number;
        cancelled_amount: number;
        failure_reason: string | null;
      }>(sql`select o.id, o.status, o.paid_at is not null as paid, o.points_used, o.card_amount, o.reward_points,
               p.status as pay_status, p.amount as pay_amount, p.points_used as pay_points, p.cancelled_amount,
               p.failure_reason
        from orders o join payments p on p.tenant_id = o.tenant_id and p.id = o.payment_id
        where o.tenant_id = ${id}`);
      expect(orders.length).toBeGreaterThanOrEqual(20);
      // The planned orders and the readers' earlier purchases that the demo reviews stand on.
      expect(orders.length).toBeLessThanOrEqual(80);
      const unpaid = orders.filter((o) => !o.paid);
      expect(unpaid.length).toBeGreaterThanOrEqual(1);
      for (const o of unpaid) {
        expect(o).toMatchObject({ status: 'CANCELLED', pay_status: 'failed' });
        expect(o.failure_reason).toMatch(/[가-힣]/);
      }
      const live = orders.filter((o) => o.paid && o.status !== 'CANCELLED' && o.status !== 'REFUNDED');
      for (const o of orders) {
        expect(o.pay_amount).toBe(o.card_amount);
        expect(o.pay_points).toBe(o.points_used);
      }
      for (const o of live) expect(o.pay_status).toBe('paid');
      for (const o of orders.filter((o) => o.paid && !live.includes(o))) {
        expect(o).toMatchObject({ pay_status: 'cancelled', cancelled_amount: o.card_amount });
      }

      // Points spent by the orders still standing sit in purchase clearing; their rewards left the rewards account.
      const [system] = await rows<{ purchases: string | null; rewards: string | null }>(sql`select
          sum(e.amount) filter (where a.kind = 'purchase_clearing')::text as purchases,
          sum(e.amount) filter (where a.kind = 'rewards')::text as rewards
        from ledger_entries e join ledger_accounts a on a.tenant_id = e.tenant_id and a.id = e.account_id
        where e.tenant_id = ${id}`);
      const sum = (f: (o: (typeof live)[number]) => number) => live.reduce((n, o) => n + f(o), 0);
      expect(Number(system?.purchases ?? 0)).toBe(sum((o) => o.points_used));
      expect(Number(system?.rewards ?? 0)).toBe(0 - sum((o) => o.reward_points));
      if (host === farm.domain) expect(sum((o) => o.points_used)).toBeGreaterThan(0);

      // Stock: what a line's count shows (the option's, else the product's) plus what its standing
      // orders hold is the stock it was seeded with.
      const stock = await rows<{ remaining: number; held: number; option: boolean }>(sql`select
          coalesce(opt.remaining, p.display_remaining) as remaining, opt.id is not null as option,
          coalesce(sum(i.stock_reserved) filter (where o.paid_at is not null and o.status not in ('CANCELLED', 'REFUNDED')), 0)::int as held
        from products p
        join order_items i on i.tenant_id = p.tenant_id and i.product_id = p.id
        join orders o on o.tenant_id = i.tenant_id and o.id = i.order_id
        left join product_options opt on opt.tenant_id = i.tenant_id and opt.id = i.option_id
        where p.tenant_id = ${id} and coalesce(opt.remaining, p.display_remaining) <> -1
        group by p.id, p.display_remaining, opt.id, opt.remaining`);
      expect(stock.some((s) => s.held > 0)).toBe(true);
      for (const s of stock) {
        expect(s.remaining).toBeGreaterThanOrEqual(0);
        // The seeded counts: 3, 5 or 10 for a product; its options' own (2 to 10).
        expect(s.option ? [2, 3, 4, 5, 10] : [3, 5, 10]).toContain(s.remaining + s.held);
      }
    },
  );

  it("the demo customer's wallet is the sum of its ledger, and its history reads in time order with the real orders' rewards", async () => {
    const get = await signedIn(farm.domain, 'customer@example.com');
    const balance = await get('/api/wallet/balance', {
      parse: (v) => v as { available: number; locked: number },
    });
    const id = await tenantId(farm.domain);
    const [ledger] = await rows<{ total: string }>(sql`select coalesce(sum(e.amount), 0)::text as total
      from ledger_entries e join ledger_accounts a on a.tenant_id = e.tenant_id and a.id = e.account_id
      join users u on u.tenant_id = a.tenant_id and u.id = a.user_id
      where e.tenant_id = ${id} and u.email = 'customer@example.com'`);
    expect(balance.locked).toBe(0);
    expect(balance.available).toBe(Number(ledger?.total));
    expect(balance.available).toBeGreaterThanOrEqual(10_000);

    const history = await get('/api/wallet/transactions?size=100', walletTransactionListSchema);
    const txs = history.transactions;
    expect(txs.reduce((n, t) => n + t.delta, 0)).toBe(balance.available);
    const times = txs.map((t) => new Date(t.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const { deliveries } = await get('/api/delivery/user/orders?limit=100', orderPageSchema);
    const byId = new Map(deliveries.map((o) => [o.id, o]));
    const rewards = txs.filter((t) => t.tx_type === 'earn');
    expect(rewards.length).toBeGreaterThanOrEqual(5);
    for (const t of rewards) {
      const order = byId.get(Number(t.meta_json.order_id));
      expect(order, JSON.stringify(t)).toBeDefined();
      expect(t.meta_json.order_name).toContain(order?.items[0]?.product_title);
      expect(t.delta).toBe(earnedPoints(order?.card_amount ?? 0, 1));
    }
    expect(txs.map((t) => t.tx_type)).toEqual(expect.arrayContaining(['topup', 'spend', 'refund', 'adjustment']));
  });

  it('keeps the seed quick', () => {
    console.log(`demo seed without media, orders included: ${seedMs} ms`);
    expect(seedMs).toBeLessThan(15_000);
  });
});

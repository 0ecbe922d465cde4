import { analyticsSummarySchema } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  analysisPeriod,
  analyticsSettings,
  analyticsStatement,
} from '../apps/server/src/modules/analytics/analytics.repository.js';
import { findTenantByDomain } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { createUser } from '../apps/server/src/seed/factories.js';
import { bare, connections, durationOr, login, type Measured, measure, onPostgres, serverPool } from './support.js';

/**
 * GET /api/payment/analytics/summary over BENCH_PAYMENTS (default 100,000) order payments of one
 * merchant on PostgreSQL, spread over the last year (so the default 30 days hold about a twelfth),
 * in every status: seeded set-based, then measured uncached over HTTP (one connection: what a
 * merchant waits; and `connections` at once), beside a bare Fastify route answering the same JSON.
 * The merchant and the whole tenant (an administrator) over 30 days and over the whole year (the
 * issue's goal: under 200 ms p99 for the summary of all 100,000 payments). BENCH_PLAN=1 prints the
 * EXPLAIN (ANALYZE, BUFFERS) plans.
 */
const paymentCount = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const buyerCount = 1_000;
const productCount = 40;
const host = 'farm.localhost';
const port = 3921;
const api = `http://127.0.0.1:${port}/api`;

await onPostgres('analytics', port, async ({ db, query }) => {
  const tenant = await findTenantByDomain(db, host);
  if (!tenant?.features.payment || !tenant.features.analytics) throw new Error(`${host} lacks payment or analytics`);
  const t = tenant.id;

  // --- the data: the measured merchant and a neighbour with as many payments, products, buyers ---
  const setUp = Date.now();
  const merchantOf = async (email: string, name: string) => {
    const { merchant } = await createUser(db, t, {
      email,
      username: name,
      userType: 'merchant',
      merchant: { businessName: name },
    });
    if (!merchant) throw new Error('no merchant profile');
    return merchant.id;
  };
  const m = await merchantOf('analytics@bench.example.com', '통계벤치상점');
  const neighbour = await merchantOf('neighbour@bench.example.com', '옆가게');
  await createUser(db, t, { email: 'analytics-admin@bench.example.com', username: '통계관리자', admin: true });
  const shopping = ['food', 'beauty', 'household', 'kitchenware', 'clothing'];
  await query(
    `insert into products (tenant_id, merchant_id, category_type, title, price, category)
     select $1, merchant_id, 'shopping', '벤치 상품 ' || merchant_id || '-' || g, 1000 * (3 + g % 17), ($3::text[])[1 + g % 5]
     from generate_series(1, $4::int) g cross join unnest($2::int[]) as merchant_id`,
    [t, [m, neighbour], shopping, productCount],
  );
  // Buyers without a password (nobody signs in as them).
  await query(
    `insert into users (tenant_id, email, username, user_type)
     select $1, 'analytics-buyer' || g || '@bench.example.com', '통계구매자' || g, 'customer'
     from generate_series(1, $2::int) g`,
    [t, buyerCount],
  );
  // One plan row per payment (the measured merchant's, then as many of the neighbour's): its buyer,
  // product, quantity, status, time and points. Statuses: 85 % paid, 7 % failed, 5 % cancelled,
  // 3 % pending; every 6th paid by points only, every 4th in part.
  await query(`
    create table bench_plan as
    with buyers as (
      select row_number() over (order by id) as n, id, username, email from users
      where tenant_id = ${t} and email like 'analytics-buyer%'
    ), items as (
      select merchant_id, row_number() over (partition by merchant_id order by id) as n, id, title, price
      from products where tenant_id = ${t} and merchant_id in (${m}, ${neighbour})
    ), series as (
      select g, case when g <= ${paymentCount} then ${m} else ${neighbour} end as merchant_id,
             1 + (g - 1) % ${paymentCount} as k
      from generate_series(1, 2 * ${paymentCount}) g
    )
    select s.g, s.merchant_id, 'bench-analytics-' || s.g as payment_key, b.id as buyer_id, b.username, b.email,
           i.id as product_id, i.title, i.price, 1 + s.g % 3 as qty, i.price * (1 + s.g % 3) as total,
           case when s.k % 100 < 85 then 'paid' when s.k % 100 < 92 then 'failed'
                when s.k % 100 < 97 then 'cancelled' else 'pending' end as status,
           now() - (s.k::double precision / ${paymentCount}) * interval '365 days' as at
    from series s
    join buyers b on b.n = 1 + (s.g * 7919) % ${buyerCount}
    join items i on i.merchant_id = s.merchant_id and i.n = 1 + (s.g * 31) % ${productCount};
    alter table bench_plan add column points int;
    update bench_plan set points = case when g % 6 = 0 then total when g % 4 = 0 then least(total - 100, 1000) else 0 end;
  `);
  await query(`
    insert into payments (tenant_id, payment_id, purpose, user_id, amount, points_used, status, gateway,
                          order_name, buyer_name, buyer_email, buyer_tel, failure_reason, cancelled_amount,
                          paid_at, created_at, updated_at)
    select ${t}, payment_key, 'order', buyer_id, total - points, points, status,
           case when total = points then 'points' else 'sandbox' end, title, username, email, '01012345678',
           case when status = 'failed' then (array['카드 한도가 초과되었습니다.', '유효기간이 지난 카드입니다.',
                                                   '카드사 승인이 거절되었습니다.'])[1 + g % 3] end,
           case when status = 'cancelled' then total - points else 0 end,
           case when status in ('paid', 'cancelled') then at end, at, at
    from bench_plan;
    insert into orders (tenant_id, buyer_id, merchant_id, payment_id, status, order_type, category_type,
                        items_total, total_price, points_used, card_amount, buyer_name, delivery_phone,
                        paid_at, created_at, updated_at)
    select ${t}, p.buyer_id, p.merchant_id, pay.id,
           case p.status when 'paid' then 'DELIVERED' when 'failed' then 'CANCELLED'
                         when 'cancelled' then 'REFUNDED' else 'AWAITING_PAYMENT' end,
           'delivery', 'shopping', p.total, p.total, p.points, p.total - p.points, p.username, '01012345678',
           case when p.status in ('paid', 'cancelled') then p.at end, p.at, p.at
    from bench_plan p
    join payments pay on pay.tenant_id = ${t} and pay.payment_id = p.payment_key;
    insert into order_items (tenant_id, order_id, product_id, product_title, unit_price, quantity, total_price)
    select ${t}, o.id, p.product_id, p.title, p.price, p.qty, p.total
    from bench_plan p
    join payments pay on pay.tenant_id = ${t} and pay.payment_id = p.payment_key
    join orders o on o.tenant_id = ${t} and o.payment_id = pay.id;
    insert into order_status_history (tenant_id, order_id, to_status, actor, memo, created_at)
    select ${t}, o.id, 'REFUNDED', 'merchant', '고객 요청으로 환불해 드렸습니다.', o.created_at
    from orders o where o.tenant_id = ${t} and o.status = 'REFUNDED';
    drop table bench_plan;
    analyze;
  `);
  const [counted] = await query<{ n: number }>(
    'select count(*)::int as n from orders where tenant_id = $1 and merchant_id = $2',
    [t, m],
  );
  console.log(
    `${counted?.n} payments of the measured merchant and as many of its neighbour ` +
      `(${buyerCount} buyers, ${productCount} products each, over 365 days) ` +
      `seeded in ${((Date.now() - setUp) / 1000).toFixed(1)} s`,
  );

  // --- the plans: the period's orders come from the analytics indexes --------------------------
  const explain = async (merchantId: number | null, days: number) => {
    const statement = analyticsStatement({ tenantId: t, merchantId }, analysisPeriod(days));
    // Under the settings the server runs it with.
    const { rows } = await db.transaction(async (tx) => {
      await tx.execute(analyticsSettings);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${statement}`);
    });
    const plan = rows.map((r) => r['QUERY PLAN']);
    if (process.env.BENCH_PLAN) console.log(plan.join('\n'));
    const scan = plan.find((line) => / on orders(_\w+)? o\b/.test(line) || /Index Scan using orders_/.test(line));
    console.log(`plan, ${merchantId ? 'merchant' : 'tenant'} ${days} days: ${scan?.trim()}; ${plan.at(-1)?.trim()}`);
    return plan;
  };
  const merchantPlan = await explain(m, 30);
  await explain(m, 365);
  const tenantPlan = await explain(null, 30);

  // --- reads over HTTP, uncached ---------------------------------------------------------------------
  const rows: string[] = [];
  let barePort = 3940;
  const results: Record<string, Measured> = {};
  const run = async (who: string, email: string, days: number, widths: number[]) => {
    const headers = { host, authorization: `Bearer ${await login(api, host, email)}` };
    const path = `/payment/analytics/summary?period_days=${days}`;
    const sample = await (await fetch(`${api}${path}`, { headers })).text();
    const parsed = analyticsSummarySchema.parse(JSON.parse(sample));
    console.log(
      `${who} ${days} days: ${parsed.summary.total_payments} payments, revenue ${parsed.summary.total_revenue}, ` +
        `success ${parsed.summary.success_rate} %, ${parsed.product_stats.length} products, ${sample.length} B`,
    );
    for (const width of widths) {
      const title = `${who} ${days} days, ${width} conn.`;
      const full = await measure(`${api}${path}`, { headers, connections: width });
      const base = await bare(sample, barePort++, { connections: width });
      results[title] = full;
      rows.push(
        `${title.padEnd(30)} ${Math.round(full.rps).toString().padStart(5)} req/s  p50 ${String(full.p50).padStart(4)} ms  p99 ${String(full.p99).padStart(4)} ms` +
          `   bare ${Math.round(base.rps).toString().padStart(6)} req/s p50 ${base.p50} ms p99 ${base.p99} ms  ratio ${(full.rps / base.rps).toFixed(4)}`,
      );
      console.log(rows.at(-1));
    }
  };
  await run('merchant', 'analytics@bench.example.com', 30, [1, connections]);
  // A year: every one of the merchant's payments (one connection; 20 at once would only queue).
  await run('merchant', 'analytics@bench.example.com', 365, [1]);
  await run('admin', 'analytics-admin@bench.example.com', 30, [1]);
  await run('admin', 'analytics-admin@bench.example.com', 365, [1]);

  console.log(
    `\nPostgreSQL (pool ${serverPool}), uncached, ${durationOr(5)} s after a 2 s warm-up; ` +
      `${paymentCount} payments of the merchant over 365 days (about ${Math.round(paymentCount / 12.2)} in 30 days), ` +
      `as many of a neighbour`,
  );
  for (const r of rows) console.log(r);
  const single = results['merchant 30 days, 1 conn.'];
  const year = results['merchant 365 days, 1 conn.'];
  const checks: [string, boolean][] = [
    [`merchant 30 days, one connection: p99 ${single?.p99} ms (goal under 200 ms)`, (single?.p99 ?? 1e9) < 200],
    [
      `merchant 365 days (all ${paymentCount} payments), one connection: p99 ${year?.p99} ms (goal under 200 ms)`,
      (year?.p99 ?? 1e9) < 200,
    ],
    [
      'the merchant plan reads orders_merchant_created_idx',
      merchantPlan.some((line) => line.includes('orders_merchant_created_idx')),
    ],
    [
      'the tenant plan reads orders_tenant_created_idx',
      tenantPlan.some((line) => line.includes('orders_tenant_created_idx')),
    ],
  ];
  for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  return checks.every(([, ok]) => ok);
});

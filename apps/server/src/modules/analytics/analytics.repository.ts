import {
  ANALYTICS_PRODUCTS_MAX,
  ANALYTICS_TOP_CUSTOMERS_MAX,
  ANALYTICS_WEEKDAY_NAMES,
  type PaymentAnalytics,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { maskEmail } from '../wallet/wallet.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Korea has kept UTC+9 all year since 1988: a Korean day is [midnight − 9 h, next midnight − 9 h) in UTC. */
const KST = 9 * HOUR;

/**
 * Settings for the statement's transaction (the benchmark EXPLAINs under them too): a year of a
 * busy merchant groups ~100,000 rows, which the default 4 MB work_mem would spill to disk; JIT
 * compiling costs more than it saves on a statement of this size.
 */
export const analyticsSettings = sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`;

/** The last `days` Korean days including today: their dates and the instants that bound them. */
export function analysisPeriod(days: number, now = Date.now()) {
  const today = Math.floor((now + KST) / DAY);
  const first = today - (days - 1);
  const date = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
  return {
    startDate: date(first),
    endDate: date(today),
    /** The first and last day as days since 1970-01-01 (Korean dates). */
    firstDay: first,
    lastDay: today,
    from: new Date(first * DAY - KST),
    until: new Date((today + 1) * DAY - KST),
  };
}

/**
 * Whose payments: one merchant's orders, or the whole tenant's (platform administrators).
 * `none`: no payments at all (the tenant's payment feature is off), so every figure is empty.
 */
export type AnalyticsScope = { tenantId: number; merchantId: number | null; none?: boolean };

type Figures = Omit<PaymentAnalytics, 'period_days' | 'analysis_period' | 'weekday_stats'> & {
  weekday_stats: { weekday: number; count: number }[];
};

/**
 * The analytics of spec part 3 in one statement (docs/decisions/018-dashboards.md, "Analytics"):
 * the period's order payments are read once over `orders (tenant_id, merchant_id, created_at)`
 * (or `(tenant_id, created_at)` for the whole tenant) and every figure is an aggregate of them,
 * assembled as one JSON document. Days, hours and weekdays are Korean time.
 */
export async function paymentAnalytics(db: DbOrTx, scope: AnalyticsScope, days: number, now = Date.now()) {
  const period = analysisPeriod(days, now);
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(analyticsSettings);
    return tx.execute<{ figures: Figures }>(analyticsStatement(scope, period));
  });
  const figures = rows[0]?.figures;
  if (!figures) throw new Error('analytics query answered no row');
  return {
    period_days: days,
    analysis_period: { start_date: period.startDate, end_date: period.endDate },
    ...figures,
    // A buyer's address is masked as everywhere one user is shown to another (the recipient search):
    // the merchant recognises a regular, and the full address never leaves the server.
    top_customers: figures.top_customers.map((c) => ({ ...c, email: maskEmail(c.email) })),
    weekday_stats: figures.weekday_stats.map((w) => ({
      weekday: w.weekday,
      weekday_name: ANALYTICS_WEEKDAY_NAMES[w.weekday] as (typeof ANALYTICS_WEEKDAY_NAMES)[number],
      count: w.count,
    })),
  } satisfies PaymentAnalytics;
}

/**
 * The statement of `paymentAnalytics` (the benchmark EXPLAINs it): one row, `figures`. The period's
 * payments are read once into `base` (narrow: integer keys, and the Korean day, hour and weekday
 * computed once per row from the fixed UTC+9 offset, as `analysisPeriod` does); one grouped pass over it (`counts`) gives every per-status, per-day,
 * per-hour, per-weekday, per-method and per-buyer figure; the paid orders' lines are read once
 * (`lines`, one row per order and product) and grouped per product (`sold`). Names are joined to
 * the few rows shown only.
 */
export function analyticsStatement(scope: AnalyticsScope, period: ReturnType<typeof analysisPeriod>) {
  const t = scope.tenantId;
  const merchant = scope.merchantId === null ? sql`` : sql`and o.merchant_id = ${scope.merchantId}`;
  const none = scope.none ? sql`and false` : sql``;
  return sql`
    with base as materialized (
      select o.id as order_id, o.buyer_id, o.total_price as amount, o.shipping_fee as fee,
             o.card_amount > 0 as by_card,
             -- The order's own standing: a payment of several orders partly cancelled is paid for
             -- the orders that stand and cancelled for the ones given back (docs/decisions/039).
             pay.id as payment_id,
             case when pay.status in ('cancelled', 'partial_cancelled')
                  then case when o.status in ('CANCELLED', 'REFUNDED') then 'cancelled' else 'paid' end
                  else pay.status end as status,
             k.hours / 24 as day, k.hours % 24 as hour,
             (k.hours / 24 + 4) % 7 as weekday
      from orders o
      join payments pay on pay.tenant_id = o.tenant_id and pay.id = o.payment_id
      cross join lateral (
        select floor((date_part('epoch', o.created_at) + ${KST / 1000}) / 3600)::int as hours
      ) k
      where o.tenant_id = ${t} ${merchant} ${none}
        and o.created_at >= ${period.from.toISOString()}::timestamptz
        and o.created_at < ${period.until.toISOString()}::timestamptz
        and pay.purpose = 'order'
    ),
    -- Per status: the whole period (the other keys null), then per day, hour, weekday, method
    -- (by_card) and buyer; every key column is never null in base, so a non-null one names its set.
    counts as materialized (
      select status, day, hour, weekday, by_card, buyer_id, count(*) as n, sum(amount) as total,
             round(avg(amount)) as average, min(amount) as least_amount, max(amount) as most_amount,
             max(day) - min(day) as lifetime
      from base
      group by status, grouping sets ((), (day), (hour), (weekday), (by_card), (buyer_id))
    ),
    lines as materialized (
      select i.order_id, i.product_id, min(p.buyer_id) as buyer_id, min(p.amount) as amount,
             sum(i.quantity)::bigint as qty, sum(i.total_price)::bigint as revenue
      from base p
      join order_items i on i.tenant_id = ${t} and i.order_id = p.order_id
      where p.status = 'paid'
      group by i.order_id, i.product_id
    ),
    -- The options bought, per product (lines of products sold without options have none).
    sold_options as materialized (
      select i.product_id, i.option_id, min(i.option_name) as option_name,
             sum(i.quantity)::bigint as qty, sum(i.total_price)::bigint as revenue
      from base p
      join order_items i on i.tenant_id = ${t} and i.order_id = p.order_id
      where p.status = 'paid' and i.option_id is not null
      group by i.product_id, i.option_id
    ),
    sold as materialized (
      select product_id, count(*) as payments, sum(qty) as qty, sum(revenue) as revenue,
             round(avg(amount)) as average
      from lines group by product_id
    ),
    top_buyers as (
      select buyer_id, n, total as spent, lifetime
      from counts where status = 'paid' and buyer_id is not null
      order by total desc, buyer_id
      limit ${ANALYTICS_TOP_CUSTOMERS_MAX}
    ),
    totals as (
      select coalesce(sum(n) filter (where buyer_id is null), 0) as payments,
             coalesce(sum(n) filter (where buyer_id is null and status = 'paid'), 0) as paid,
             coalesce(sum(total) filter (where buyer_id is null and status = 'paid'), 0) as revenue,
             count(*) filter (where buyer_id is not null and status = 'paid') as customers
      from counts
      where day is null and hour is null and weekday is null and by_card is null
    ),
    paid_counts as (select * from counts where status = 'paid')
    select json_build_object(
      'summary', (
        select json_build_object(
          'total_payments', payments,
          'total_revenue', revenue,
          'success_rate', case when payments = 0 then 0 else round(paid * 100.0 / payments, 1) end,
          'avg_order_value', case when paid = 0 then 0 else round(revenue::numeric / paid) end,
          'unique_customers', customers,
          'unique_products_sold', (select count(*) from sold),
          'delivery_fee_total', (select coalesce(sum(fee), 0) from base where status = 'paid')
        ) from totals
      ),
      'payment_status_stats', (
        select coalesce(json_agg(json_build_object(
          'status', status, 'count', n, 'total_amount', total, 'avg_amount', average,
          'min_amount', least_amount, 'max_amount', most_amount) order by n desc, status), '[]')
        from counts
        where day is null and hour is null and weekday is null and by_card is null and buyer_id is null
      ),
      'daily_stats', (
        select json_agg(json_build_object(
          'date', to_char(date '1970-01-01' + d.day, 'YYYY-MM-DD'), 'count', coalesce(c.n, 0),
          'total_amount', coalesce(c.total, 0))
          order by d.day)
        from generate_series(${period.firstDay}::int, ${period.lastDay}::int) as d(day)
        left join paid_counts c on c.day = d.day
      ),
      'payment_method_stats', (
        select coalesce(json_agg(json_build_object(
          'method', method, 'count', n,
          'percentage', round(n * 100.0 / (select paid from totals), 1), 'total_amount', total)
          order by n desc, method), '[]')
        from (
          select case when by_card then 'card' else 'points' end as method, n, total
          from paid_counts where by_card is not null
        ) m
      ),
      'hourly_stats', (
        select json_agg(json_build_object('hour', h, 'count', coalesce(c.n, 0)) order by h)
        from generate_series(0, 23) as h
        left join paid_counts c on c.hour = h
      ),
      'weekday_stats', (
        select coalesce(json_agg(json_build_object('weekday', weekday, 'count', n) order by weekday), '[]')
        from paid_counts where weekday is not null
      ),
      'product_stats', (
        select coalesce(json_agg(json_build_object(
          'product_id', s.product_id, 'product_name', pr.title,
          'category', coalesce(pr.category, pr.delivery_category, ''),
          'payment_count', s.payments, 'total_quantity', s.qty, 'total_revenue', s.revenue,
          'avg_payment_amount', s.average, 'revenue_per_unit', round(s.revenue::numeric / s.qty),
          'options', (
            select coalesce(json_agg(json_build_object(
              'option_id', so.option_id, 'option_name', so.option_name, 'total_quantity', so.qty,
              'total_revenue', so.revenue) order by so.revenue desc, so.option_id), '[]')
            from sold_options so where so.product_id = s.product_id))
          order by s.revenue desc, s.product_id), '[]')
        from (select * from sold order by revenue desc, product_id limit ${ANALYTICS_PRODUCTS_MAX}) s
        join products pr on pr.tenant_id = ${t} and pr.id = s.product_id
      ),
      'category_stats', (
        select coalesce(json_agg(json_build_object(
          'category', category, 'payment_count', payments, 'unique_products', products,
          'total_revenue', revenue) order by revenue desc, category), '[]')
        from (
          select coalesce(pr.category, pr.delivery_category, '') as category,
                 count(distinct l.order_id) as payments, count(distinct l.product_id) as products,
                 sum(l.revenue) as revenue
          from lines l
          join products pr on pr.tenant_id = ${t} and pr.id = l.product_id
          group by 1
        ) c
      ),
      'top_customers', (
        select coalesce(json_agg(json_build_object(
          'user_id', b.buyer_id, 'name', u.username, 'email', u.email, 'purchase_count', b.n,
          'unique_products_bought', coalesce(bp.products, 0), 'customer_lifetime_days', b.lifetime,
          'total_spent', b.spent) order by b.spent desc, b.buyer_id), '[]')
        from top_buyers b
        join users u on u.tenant_id = ${t} and u.id = b.buyer_id
        left join (
          select buyer_id, count(distinct product_id) as products
          from lines where buyer_id in (select buyer_id from top_buyers) group by buyer_id
        ) bp on bp.buyer_id = b.buyer_id
      ),
      'failure_analysis', (
        select coalesce(json_agg(json_build_object('status', status, 'reason', reason, 'count', n)
          order by n desc, status, reason), '[]')
        from (
          select status, reason, count(*) as n
          from (
            select f.status, coalesce(nullif(pay.failure_reason, ''), (
                     select h.memo from order_status_history h
                     where h.tenant_id = ${t} and h.order_id = f.order_id
                       and h.to_status in ('CANCELLED', 'REFUNDED') and h.memo is not null
                     order by h.id desc limit 1
                   )) as reason
            from base f
            join payments pay on pay.tenant_id = ${t} and pay.id = f.payment_id
            where f.status in ('failed', 'cancelled')
          ) x
          group by status, reason
        ) r
      )
    ) as figures
  `;
}

import {
  ANALYTICS_PRODUCTS_MAX,
  ANALYTICS_TIME_ZONE,
  ANALYTICS_TOP_CUSTOMERS_MAX,
  ANALYTICS_WEEKDAY_NAMES,
  type PaymentAnalytics,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Korea has kept UTC+9 all year since 1988: a Korean day is [midnight − 9 h, next midnight − 9 h) in UTC. */
const KST = 9 * HOUR;

/** The last `days` Korean days including today: their dates and the instants that bound them. */
export function analysisPeriod(days: number, now = Date.now()) {
  const today = Math.floor((now + KST) / DAY);
  const first = today - (days - 1);
  const date = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
  return {
    startDate: date(first),
    endDate: date(today),
    from: new Date(first * DAY - KST),
    until: new Date((today + 1) * DAY - KST),
  };
}

/** Whose payments: one merchant's orders, or the whole tenant's (platform administrators). */
export type AnalyticsScope = { tenantId: number; merchantId: number | null };

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
  const { rows } = await db.execute<{ figures: Figures }>(analyticsStatement(scope, period));
  const figures = rows[0]?.figures;
  if (!figures) throw new Error('analytics query answered no row');
  return {
    period_days: days,
    analysis_period: { start_date: period.startDate, end_date: period.endDate },
    ...figures,
    weekday_stats: figures.weekday_stats.map((w) => ({
      weekday: w.weekday,
      weekday_name: ANALYTICS_WEEKDAY_NAMES[w.weekday] as (typeof ANALYTICS_WEEKDAY_NAMES)[number],
      count: w.count,
    })),
  } satisfies PaymentAnalytics;
}

/** The statement of `paymentAnalytics` (the benchmark EXPLAINs it): one row, `figures`. */
export function analyticsStatement(scope: AnalyticsScope, period: ReturnType<typeof analysisPeriod>) {
  const tz = ANALYTICS_TIME_ZONE;
  const t = scope.tenantId;
  const merchant = scope.merchantId === null ? sql`` : sql`and o.merchant_id = ${scope.merchantId}`;
  return sql`
    with base as materialized (
      select o.id as order_id, o.buyer_id, o.total_price as amount, pay.amount as card_amount,
             pay.status, pay.failure_reason, (o.created_at at time zone ${tz}) as local_at
      from orders o
      join payments pay on pay.tenant_id = o.tenant_id and pay.id = o.payment_id
      where o.tenant_id = ${t} ${merchant}
        and o.created_at >= ${period.from.toISOString()}::timestamptz
        and o.created_at < ${period.until.toISOString()}::timestamptz
        and pay.purpose = 'order'
    ),
    paid as materialized (select * from base where status = 'paid'),
    lines as materialized (
      select p.order_id, p.buyer_id, p.amount, i.product_id,
             sum(i.quantity)::bigint as qty, sum(i.total_price)::bigint as revenue
      from paid p
      join order_items i on i.tenant_id = ${t} and i.order_id = p.order_id
      group by p.order_id, p.buyer_id, p.amount, i.product_id
    ),
    top_buyers as (
      select buyer_id, count(*) as n, sum(amount) as spent,
             max(local_at)::date - min(local_at)::date as lifetime
      from paid group by buyer_id
      order by spent desc, buyer_id
      limit ${ANALYTICS_TOP_CUSTOMERS_MAX}
    ),
    totals as (
      select (select count(*) from base) as payments,
             count(*) as paid, coalesce(sum(amount), 0) as revenue, count(distinct buyer_id) as customers
      from paid
    )
    select json_build_object(
      'summary', (
        select json_build_object(
          'total_payments', payments,
          'total_revenue', revenue,
          'success_rate', case when payments = 0 then 0 else round(paid * 100.0 / payments, 1) end,
          'avg_order_value', case when paid = 0 then 0 else round(revenue::numeric / paid) end,
          'unique_customers', customers,
          'unique_products_sold', (select count(*) from (select distinct product_id from lines) p)
        ) from totals
      ),
      'payment_status_stats', (
        select coalesce(json_agg(json_build_object(
          'status', status, 'count', n, 'total_amount', total, 'avg_amount', average,
          'min_amount', least_amount, 'max_amount', most_amount) order by n desc, status), '[]')
        from (
          select status, count(*) as n, sum(amount) as total, round(avg(amount)) as average,
                 min(amount) as least_amount, max(amount) as most_amount
          from base group by status
        ) s
      ),
      'daily_stats', (
        select json_agg(json_build_object(
          'date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(n, 0), 'total_amount', coalesce(total, 0))
          order by d.day)
        from generate_series(${period.startDate}::date, ${period.endDate}::date, interval '1 day') as d(day)
        left join (
          select local_at::date as day, count(*) as n, sum(amount) as total from paid group by 1
        ) c on c.day = d.day::date
      ),
      'payment_method_stats', (
        select coalesce(json_agg(json_build_object(
          'method', method, 'count', n,
          'percentage', round(n * 100.0 / (select paid from totals), 1), 'total_amount', total)
          order by n desc, method), '[]')
        from (
          select case when card_amount > 0 then 'card' else 'points' end as method,
                 count(*) as n, sum(amount) as total
          from paid group by 1
        ) m
      ),
      'hourly_stats', (
        select json_agg(json_build_object('hour', h, 'count', coalesce(n, 0)) order by h)
        from generate_series(0, 23) as h
        left join (
          select date_part('hour', local_at)::int as hour, count(*) as n from paid group by 1
        ) c on c.hour = h
      ),
      'weekday_stats', (
        select coalesce(json_agg(json_build_object('weekday', weekday, 'count', n) order by weekday), '[]')
        from (select date_part('dow', local_at)::int as weekday, count(*) as n from paid group by 1) w
      ),
      'product_stats', (
        select coalesce(json_agg(json_build_object(
          'product_id', s.product_id, 'product_name', pr.title,
          'category', coalesce(pr.category, pr.delivery_category, ''),
          'payment_count', s.payments, 'total_quantity', s.qty, 'total_revenue', s.revenue,
          'avg_payment_amount', s.average, 'revenue_per_unit', round(s.revenue::numeric / s.qty))
          order by s.revenue desc, s.product_id), '[]')
        from (
          select product_id, count(*) as payments, sum(qty) as qty, sum(revenue) as revenue,
                 round(avg(amount)) as average
          from lines group by product_id
          order by revenue desc, product_id
          limit ${ANALYTICS_PRODUCTS_MAX}
        ) s
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
            select f.status, coalesce(nullif(f.failure_reason, ''), (
                     select h.memo from order_status_history h
                     where h.tenant_id = ${t} and h.order_id = f.order_id
                       and h.to_status in ('CANCELLED', 'REFUNDED') and h.memo is not null
                     order by h.id desc limit 1
                   )) as reason
            from base f
            where f.status in ('failed', 'cancelled')
          ) x
          group by status, reason
        ) r
      )
    ) as figures
  `;
}

import type { PaymentAnalytics } from '@app/contracts';
import type { ReactNode } from 'react';
import { formatWon } from '@/lib/format';
import { paymentsText as m, paymentStatusLabel } from './messages';

/** A payment status as a chip: paid in the success colour, the spec's labels, unknown values raw. */
export function StatusBadge({ status }: { status: string }) {
  const known = ['paid', 'pending', 'failed', 'cancelled', 'virtual_account_issued'].includes(status);
  return (
    <span className={`mt-status mt-status-${known ? status : 'other'}`} data-status={status}>
      {paymentStatusLabel(status)}
    </span>
  );
}

/**
 * The box a table scrolls in (sideways on a phone; `tall` tables downwards too). Focusable, so a
 * keyboard can scroll it, and named after its table.
 */
export function TableScroll({ label, tall, children }: { label: string; tall?: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named box around a table, not a form fieldset
    <div
      className={tall ? 'mt-table-wrap mt-table-scroll' : 'mt-table-wrap'}
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      {children}
    </div>
  );
}

/** A titled card of the analytics screens. */
export function AnalyticsCard({
  title,
  id,
  children,
  wide,
  aside,
}: {
  title: string;
  id: string;
  children: ReactNode;
  wide?: boolean;
  aside?: ReactNode;
}) {
  return (
    <section className={`card mt-card${wide ? ' mt-card-wide' : ''}`} aria-labelledby={id}>
      <div className="mt-card-head">
        <h3 id={id}>{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The summary figures: payments, revenue (with the delivery fees in it, also shown apart), customers, products. */
export function SummaryCards({ summary }: { summary: PaymentAnalytics['summary'] }) {
  const items: [string, string][] = [
    [m.totalPayments, m.count(summary.total_payments)],
    [m.totalRevenue, formatWon(summary.total_revenue)],
    [m.successRate, m.percent(summary.success_rate)],
    [m.avgOrderValue, formatWon(summary.avg_order_value)],
    [m.uniqueCustomers, m.people(summary.unique_customers)],
    [m.uniqueProducts, m.kinds(summary.unique_products_sold)],
    [m.deliveryFeeTotal, formatWon(summary.delivery_fee_total)],
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of figures, not a form fieldset
    <div role="group" aria-label={m.summary}>
      <dl className="mt-figures">
        {items.map(([label, value]) => (
          <div key={label} className="card mt-figure">
            <dt>{label}</dt>
            <dd className="tabular">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Per-status counts and amounts. */
export function StatusStatsTable({ rows }: { rows: PaymentAnalytics['payment_status_stats'] }) {
  return (
    <TableScroll label={m.statusStats}>
      <table className="mt-table">
        <caption className="visually-hidden">{m.statusStats}</caption>
        <thead>
          <tr>
            <th scope="col">{m.status}</th>
            <th scope="col">{m.countHeader}</th>
            <th scope="col">{m.totalAmount}</th>
            <th scope="col">{m.avgAmount}</th>
            <th scope="col">{m.minMax}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.status}>
              <th scope="row">
                <StatusBadge status={row.status} />
              </th>
              <td className="tabular">{m.count(row.count)}</td>
              <td className="tabular">{formatWon(row.total_amount)}</td>
              <td className="tabular">{formatWon(row.avg_amount)}</td>
              <td className="tabular">
                {formatWon(row.min_amount)} ~ {formatWon(row.max_amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Days with their paid count and revenue: the chart's figures for screen readers (or everyone). */
export function DailyTable({
  rows,
  caption,
  hidden,
}: {
  rows: PaymentAnalytics['daily_stats'];
  caption: string;
  hidden?: boolean;
}) {
  const table = (
    <table className="mt-table mt-table-narrow">
      <caption className={hidden ? undefined : 'visually-hidden'}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{m.date}</th>
          <th scope="col">{m.countHeader}</th>
          <th scope="col">{m.revenue}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.date}>
            <th scope="row" className="tabular">
              {row.date}
            </th>
            <td className="tabular">{m.count(row.count)}</td>
            <td className="tabular">{formatWon(row.total_amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (hidden) return <div className="visually-hidden">{table}</div>;
  return (
    <TableScroll label={caption} tall>
      {table}
    </TableScroll>
  );
}

import {
  ANALYTICS_CHART_DAYS,
  ANALYTICS_PERIOD_DEFAULT,
  ANALYTICS_TOP_CUSTOMERS,
  ANALYTICS_TOP_PRODUCTS,
  analyticsCategoryLabel,
  type PaymentAnalytics,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Info, Receipt } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatWon } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { purchaseMessages } from '@/messages/purchases';
import { DailyBars, HourlyArea, WeekdayBars } from './analytics-charts';
import { AnalyticsCard, DailyTable, StatusBadge, StatusStatsTable, SummaryCards, TableScroll } from './analytics-parts';
import { DeniedNotice, isForbidden, LoadError } from './merchant-parts';
import { merchantPaymentsQuery, paymentAnalyticsQuery } from './merchant-tabs.api';
import { paymentsText as m } from './messages';
import './merchant-tabs.css';

type View = 'analytics' | 'list';
const views: View[] = ['analytics', 'list'];

const dateTime = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The merchant's payments (spec part 3, "Payments tab"): analytics cards or the last 10 payments.
 * The analytics view is the analytics feature's: with it off, the tab is the list alone.
 */
export function PaymentsTab() {
  const { user } = useSession();
  const analyticsOn = useTenant().isEnabled('analytics');
  const [chosen, setView] = useState<View>('analytics');
  const view: View = analyticsOn ? chosen : 'list';
  if (user?.user_type !== 'merchant') return <DeniedNotice />;
  return (
    <section className="mt-section" aria-labelledby="mt-payments-title">
      <div className="mt-head">
        <h2 id="mt-payments-title">{m.title}</h2>
        {analyticsOn && (
          <fieldset className="segmented">
            <legend className="visually-hidden">{m.viewSwitch}</legend>
            {views.map((v) => (
              <button
                key={v}
                type="button"
                className="segmented-button"
                aria-pressed={v === view}
                onClick={() => setView(v)}
              >
                {m.views[v]}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {view === 'analytics' ? <AnalyticsView /> : <PaymentList />}
    </section>
  );
}

function Loading() {
  return (
    <div className="mt-figures" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="card mt-figure skeleton" style={{ height: 84 }} aria-hidden="true" />
      ))}
    </div>
  );
}

function EmptyPayments() {
  return (
    <div className="notice" role="status">
      <div className="notice-icon" aria-hidden="true">
        <Receipt size={30} />
      </div>
      <h2>{m.empty}</h2>
      <p>{m.emptyText}</p>
    </div>
  );
}

function AnalyticsView() {
  const query = useQuery(paymentAnalyticsQuery(ANALYTICS_PERIOD_DEFAULT));
  if (query.isError && isForbidden(query.error)) return <DeniedNotice />;
  if (query.isPending) return <Loading />;
  if (query.isError)
    return <LoadError title={m.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />;
  const data = query.data;
  return (
    <div className="mt-analytics">
      <p className="mt-muted tabular">
        {m.period(data.period_days)} · {m.periodRange(data.analysis_period.start_date, data.analysis_period.end_date)}
      </p>
      <SummaryCards summary={data.summary} />
      {data.summary.total_payments === 0 ? <EmptyPayments /> : <AnalyticsCards data={data} />}
      <InfoCard data={data} />
    </div>
  );
}

function AnalyticsCards({ data }: { data: PaymentAnalytics }) {
  const id = useId();
  const lastDays = data.daily_stats.slice(-ANALYTICS_CHART_DAYS);
  const peak = data.hourly_stats.reduce<PaymentAnalytics['hourly_stats'][number] | null>(
    (best, row) => (row.count > 0 && (!best || row.count > best.count) ? row : best),
    null,
  );
  const topRevenue = Math.max(1, ...data.category_stats.map((c) => c.total_revenue));

  return (
    <div className="mt-cards">
      <AnalyticsCard title={m.statusStats} id={`${id}-status`} wide>
        <StatusStatsTable rows={data.payment_status_stats} />
      </AnalyticsCard>

      <AnalyticsCard title={m.daily} id={`${id}-daily`}>
        <DailyBars rows={lastDays} />
        <DailyTable rows={lastDays} caption={m.dailyCaption} hidden />
      </AnalyticsCard>

      <AnalyticsCard title={m.methods} id={`${id}-methods`}>
        {data.payment_method_stats.length === 0 ? (
          <p className="mt-muted">{m.noPeak}</p>
        ) : (
          <ul className="mt-bars">
            {data.payment_method_stats.map((row) => {
              const label = m.methodLabels[row.method] ?? row.method;
              return (
                <li key={row.method}>
                  <div className="mt-bar-line">
                    <span>{m.methodShare(label, row.percentage)}</span>
                    <span className="tabular">
                      {m.count(row.count)} · {formatWon(row.total_amount)}
                    </span>
                  </div>
                  <Meter value={row.percentage} />
                </li>
              );
            })}
          </ul>
        )}
      </AnalyticsCard>

      <AnalyticsCard title={m.hourly} id={`${id}-hourly`}>
        <p className="mt-muted">{peak ? m.peakHour(peak.hour, peak.count) : m.noPeak}</p>
        <HourlyArea rows={data.hourly_stats} />
        <CountTable
          caption={m.hourlyCaption}
          head={m.hour}
          rows={data.hourly_stats.map((r) => [m.hourLabel(r.hour), r.count])}
        />
      </AnalyticsCard>

      <AnalyticsCard title={m.topProducts} id={`${id}-products`}>
        <ol className="mt-ranking">
          {data.product_stats.slice(0, ANALYTICS_TOP_PRODUCTS).map((p, i) => (
            <li key={p.product_id}>
              <span className="mt-rank" aria-hidden="true">
                {i + 1}
              </span>
              <div className="mt-ranking-body">
                <strong>{p.product_name}</strong>
                <span className="mt-muted">
                  {analyticsCategoryLabel(p.category)} · {m.salesLine(p.payment_count, p.total_quantity)}
                </span>
              </div>
              <span className="mt-ranking-value tabular">{formatWon(p.total_revenue)}</span>
            </li>
          ))}
        </ol>
      </AnalyticsCard>

      <AnalyticsCard title={m.categories} id={`${id}-categories`}>
        <ul className="mt-bars">
          {data.category_stats.map((c) => (
            <li key={c.category}>
              <div className="mt-bar-line">
                <strong>{analyticsCategoryLabel(c.category)}</strong>
                <span className="tabular">{formatWon(c.total_revenue)}</span>
              </div>
              <Meter value={(c.total_revenue / topRevenue) * 100} />
              <span className="mt-muted mt-small">{m.categoryLine(c.payment_count, c.unique_products)}</span>
            </li>
          ))}
        </ul>
      </AnalyticsCard>

      <AnalyticsCard title={m.topCustomers} id={`${id}-customers`}>
        <ol className="mt-ranking">
          {data.top_customers.slice(0, ANALYTICS_TOP_CUSTOMERS).map((c, i) => (
            <li key={c.user_id}>
              <span className="mt-rank" aria-hidden="true">
                {i + 1}
              </span>
              <div className="mt-ranking-body">
                <strong>{c.name}</strong>
                <span className="mt-muted mt-small">{c.email}</span>
                <span className="mt-muted mt-small">
                  {m.customerLine(c.purchase_count, c.unique_products_bought, c.customer_lifetime_days)}
                </span>
              </div>
              <span className="mt-ranking-value tabular">{formatWon(c.total_spent)}</span>
            </li>
          ))}
        </ol>
      </AnalyticsCard>

      {data.failure_analysis.length > 0 ? (
        <AnalyticsCard title={m.failures} id={`${id}-failures`}>
          <TableScroll label={m.failures}>
            <table className="mt-table mt-table-narrow">
              <caption className="visually-hidden">{m.failures}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.status}</th>
                  <th scope="col">{m.reason}</th>
                  <th scope="col">{m.countHeader}</th>
                </tr>
              </thead>
              <tbody>
                {data.failure_analysis.map((f) => (
                  <tr key={`${f.status}-${f.reason ?? ''}`}>
                    <td>
                      <StatusBadge status={f.status} />
                    </td>
                    <td>{f.reason ?? m.unknownReason}</td>
                    <td className="tabular">{m.count(f.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </AnalyticsCard>
      ) : null}

      {data.weekday_stats.length > 0 ? (
        <AnalyticsCard title={m.weekday} id={`${id}-weekday`}>
          <WeekdayBars rows={data.weekday_stats} />
          <CountTable
            caption={m.weekdayCaption}
            head={m.weekday}
            rows={data.weekday_stats.map((r) => [m.weekdayLabel(r.weekday_name), r.count])}
          />
        </AnalyticsCard>
      ) : null}
    </div>
  );
}

function Meter({ value }: { value: number }) {
  return (
    <span className="mt-meter" aria-hidden="true">
      <span style={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
    </span>
  );
}

/** A chart's counts for screen readers. */
function CountTable({ caption, head, rows }: { caption: string; head: string; rows: [string, number][] }) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">{m.countHeader}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, count]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{m.count(count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InfoCard({ data }: { data: PaymentAnalytics }) {
  const id = useId();
  return (
    <AnalyticsCard
      title={m.infoTitle}
      id={`${id}-info`}
      wide
      aside={<Info size={18} aria-hidden="true" className="mt-muted" />}
    >
      <p className="mt-info-text">{m.infoText}</p>
      <dl className="mt-info">
        <div>
          <dt>{m.infoPeriod}</dt>
          <dd className="tabular">{m.periodRange(data.analysis_period.start_date, data.analysis_period.end_date)}</dd>
        </div>
        <div>
          <dt>{m.infoPoints}</dt>
          <dd className="tabular">{m.count(data.summary.total_payments)}</dd>
        </div>
      </dl>
    </AnalyticsCard>
  );
}

function PaymentList() {
  const query = useQuery(merchantPaymentsQuery());
  let body: ReactNode;
  if (query.isError && isForbidden(query.error)) body = <DeniedNotice />;
  else if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = <LoadError title={m.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />;
  else if (query.data.payments.length === 0) body = <EmptyPayments />;
  else
    body = (
      <TableScroll label={m.listCaption} tall>
        <table className="mt-table">
          <caption className="visually-hidden">{m.listCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{m.listDate}</th>
              <th scope="col">{m.listProduct}</th>
              <th scope="col">{m.listBuyer}</th>
              <th scope="col">{m.listAmount}</th>
              <th scope="col">{m.listStatus}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.payments.map((p) => (
              <tr key={p.id}>
                <td className="tabular mt-nowrap">
                  <time dateTime={p.created_at}>{dateTime.format(new Date(p.created_at))}</time>
                </td>
                <td>
                  {p.product_name ?? p.name}
                  {p.option_name ? <span className="mt-cell-sub">{purchaseMessages.option(p.option_name)}</span> : null}
                </td>
                <td>{p.buyer_name}</td>
                <td className="tabular mt-nowrap">{formatWon(p.amount)}</td>
                <td>
                  <StatusBadge status={p.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  return (
    <div className="mt-analytics">
      <h3 className="mt-subtitle">{m.listTitle}</h3>
      {body}
    </div>
  );
}

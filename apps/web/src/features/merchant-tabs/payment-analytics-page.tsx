import { ANALYTICS_PERIOD_DEFAULT, ANALYTICS_TOP_FLAGGED, analyticsCategoryLabel } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber, formatWon } from '@/lib/format';
import { useSession } from '@/lib/session';
import { DailyTrend } from './analytics-charts';
import { AnalyticsCard, DailyTable, StatusStatsTable, SummaryCards, TableScroll } from './analytics-parts';
import { DeniedNotice, isForbidden, LoadError } from './merchant-parts';
import { paymentAnalyticsQuery } from './merchant-tabs.api';
import { paymentsText as m, analyticsPageText as t } from './messages';
import './merchant-tabs.css';

/**
 * /payment/analytics (spec part 3): the status stats, the 30 daily stats as a chart and a table,
 * and the products by revenue with the top 3 flagged. For merchants (their own payments) and
 * platform administrators (the tenant's).
 */
export default function PaymentAnalyticsPage() {
  const { user, isAdmin } = useSession();
  // The server decides in the end (403 shows the same notice); platform administrators see the tenant.
  const allowed = user?.user_type === 'merchant' || isAdmin || user?.is_admin === true;
  return (
    <main id="main" className="container page mt-page">
      <h1 className="mt-page-title">{t.title}</h1>
      {allowed ? (
        <AnalyticsScreen />
      ) : (
        <>
          <DeniedNotice />
          {!user ? (
            <p className="mt-center">
              <Link className="btn btn-primary" to={paths.login.getHref()}>
                {t.login}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </main>
  );
}

function AnalyticsScreen() {
  const query = useQuery(paymentAnalyticsQuery(ANALYTICS_PERIOD_DEFAULT));
  if (query.isError && isForbidden(query.error)) return <DeniedNotice />;
  if (query.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t.loading}</span>
        <div className="skeleton" style={{ height: 84, marginBottom: 16 }} />
        <div className="skeleton" style={{ height: 240 }} />
      </div>
    );
  }
  if (query.isError) {
    return <LoadError title={t.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />;
  }
  const data = query.data;
  return (
    <div className="mt-analytics">
      <p className="mt-muted tabular">
        {t.intro(data.period_days)} ({m.periodRange(data.analysis_period.start_date, data.analysis_period.end_date)})
      </p>
      <SummaryCards summary={data.summary} />
      <div className="mt-cards">
        <AnalyticsCard title={m.statusStats} id="pa-status" wide>
          {data.payment_status_stats.length === 0 ? (
            <p className="mt-muted">{t.noStatus}</p>
          ) : (
            <StatusStatsTable rows={data.payment_status_stats} />
          )}
        </AnalyticsCard>
        <AnalyticsCard title={t.daily} id="pa-daily" wide>
          <DailyTrend rows={data.daily_stats} />
          <DailyTable rows={data.daily_stats} caption={t.dailyTable} />
        </AnalyticsCard>
        <AnalyticsCard title={t.products} id="pa-products" wide>
          {data.product_stats.length === 0 ? (
            <p className="mt-muted">{t.noProducts}</p>
          ) : (
            <TableScroll label={t.products} tall>
              <table className="mt-table">
                <caption className="visually-hidden">{t.products}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{m.product}</th>
                    <th scope="col">{m.category}</th>
                    <th scope="col">{m.countHeader}</th>
                    <th scope="col">{m.quantity}</th>
                    <th scope="col">{m.revenue}</th>
                    <th scope="col">{m.perUnit}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.product_stats.map((p, i) => {
                    const top = i < ANALYTICS_TOP_FLAGGED;
                    return (
                      <Fragment key={p.product_id}>
                        <tr className={top ? 'mt-top-row' : undefined}>
                          <td className="tabular">{i + 1}</td>
                          <th scope="row">
                            <span className="mt-product-cell">
                              {top ? (
                                <span className="mt-top-flag">
                                  <Trophy size={14} aria-hidden="true" />
                                  {t.topFlag(i + 1)}
                                </span>
                              ) : null}
                              {p.product_name}
                            </span>
                          </th>
                          <td>{analyticsCategoryLabel(p.category)}</td>
                          <td className="tabular">{m.count(p.payment_count)}</td>
                          <td className="tabular">{formatNumber(p.total_quantity)}</td>
                          <td className="tabular mt-nowrap">{formatWon(p.total_revenue)}</td>
                          <td className="tabular mt-nowrap">{formatWon(p.revenue_per_unit)}</td>
                        </tr>
                        {/* The options bought, under their product: name, quantity and revenue. */}
                        {p.options.map((o) => (
                          <tr key={`${p.product_id}-${o.option_id}`} className="mt-option-row" data-option-row="">
                            <td />
                            <th scope="row">
                              <span className="visually-hidden">{m.optionOf(p.product_name)} </span>
                              <span className="mt-option-name">{o.option_name}</span>
                            </th>
                            <td />
                            <td />
                            <td className="tabular">{formatNumber(o.total_quantity)}</td>
                            <td className="tabular mt-nowrap">{formatWon(o.total_revenue)}</td>
                            <td />
                          </tr>
                        ))}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
        </AnalyticsCard>
      </div>
    </div>
  );
}

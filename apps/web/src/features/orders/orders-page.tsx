import { type OrderStatus, orderStatuses } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ReceiptText, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AppToaster } from '@/components/app-toaster';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { useTenant } from '@/lib/tenant';
import { ordersText as m } from './messages';
import { OrderCard } from './order-card';
import {
  type OrderRun,
  type OrdersQuery,
  ordersSearch,
  readOrdersQuery,
  runsByPayment,
  statusFilterLabel,
} from './order-list-values';
import { userOrdersQuery } from './orders.api';
import '@/components/checkout/checkout.css';
import '@/components/form/form.css';
import './orders.css';

function StatusFilter({ value, onChange }: { value: OrderStatus | undefined; onChange: (s?: OrderStatus) => void }) {
  return (
    <fieldset className="order-filter">
      <legend className="visually-hidden">{m.filterLabel}</legend>
      <button type="button" className="order-pill" aria-pressed={value === undefined} onClick={() => onChange()}>
        {m.all}
      </button>
      {orderStatuses.map((status) => (
        <button
          key={status}
          type="button"
          className="order-pill"
          aria-pressed={value === status}
          onClick={() => onChange(status)}
        >
          {statusFilterLabel(status)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Orders paid together (a cart's checkout, one order per merchant) in one block under one heading;
 * each order keeps its own card, merchant, status and actions.
 */
function PaidTogether({ run }: { run: OrderRun }) {
  const id = useId();
  const total = run.orders.reduce((sum, o) => sum + o.total_price, 0);
  return (
    <section className="order-payment-group" aria-labelledby={`${id}-title`}>
      <header className="order-payment-head">
        <h2 id={`${id}-title`} className="order-payment-title">
          {m.paidTogether} <span className="order-payment-count tabular">{m.paidTogetherCount(run.orders.length)}</span>
        </h2>
        <p className="order-muted tabular">{m.paidTogetherTotal(total)}</p>
      </header>
      <div className="order-list">
        {run.orders.map((order) => (
          <OrderCard key={order.id} order={order} level={3} />
        ))}
      </div>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="order-list" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton" style={{ height: 220 }} />
      ))}
    </div>
  );
}

function EmptyOrders() {
  const { isEnabled } = useTenant();
  const shopping = isEnabled('shopping');
  return (
    <Notice
      level={2}
      icon={<ReceiptText size={30} />}
      title={m.empty}
      actions={
        <Link to={paths.main.getHref(shopping ? 'shopping' : 'delivery')} className="btn btn-primary">
          {shopping ? m.toShopping : m.toDelivery}
        </Link>
      }
    >
      <p>{m.emptyText}</p>
    </Notice>
  );
}

/** /orders: the buyer's order history, 20 a page, filtered by status (spec part 3: orders). */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = readOrdersQuery(params);
  const list = useQuery(userOrdersQuery(query.page, query.status));
  const go = (next: OrdersQuery) => {
    setParams(new URLSearchParams(ordersSearch(next)));
    window.scrollTo({ top: 0 });
  };
  const pages = list.data?.pages ?? 0;

  // A page that no longer exists (orders were cancelled away): show the last one.
  const lastPage = Math.max(1, pages);
  const pastTheEnd = list.isSuccess && !list.isPlaceholderData && query.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams(new URLSearchParams(ordersSearch({ ...query, page: lastPage })), { replace: true });
  }, [pastTheEnd, lastPage, query, setParams]);

  const orders = list.data?.deliveries ?? [];
  return (
    <main id="main" className="container page orders-page">
      <header className="orders-head">
        <h1 className="orders-title">{m.title}</h1>
        <p className="order-muted">{m.lead}</p>
      </header>
      <StatusFilter value={query.status} onChange={(status) => go({ page: 1, status })} />

      {list.isPending ? <ListSkeleton /> : null}
      {list.isError && !list.data ? (
        <Notice
          level={2}
          role="alert"
          icon={<TriangleAlert size={30} />}
          title={m.failed}
          actions={
            <button type="button" className="btn btn-primary" onClick={() => void list.refetch()}>
              {m.retry}
            </button>
          }
        />
      ) : null}
      {list.isSuccess && orders.length === 0 ? (
        query.status ? (
          <Notice
            level={2}
            icon={<SearchX size={30} />}
            title={m.emptyFiltered}
            actions={
              <button type="button" className="btn btn-outline" onClick={() => go({ page: 1, status: undefined })}>
                {m.resetFilter}
              </button>
            }
          >
            <p>{m.emptyFilteredText}</p>
          </Notice>
        ) : (
          <EmptyOrders />
        )
      ) : null}

      {orders.length > 0 ? (
        <>
          <p className="order-muted orders-count tabular" aria-live="polite">
            {m.total(list.data?.total ?? orders.length)}
          </p>
          <div className="order-list" aria-busy={list.isFetching || undefined}>
            {runsByPayment(orders).map((run) =>
              run.orders.length > 1 ? (
                <PaidTogether key={run.paymentId} run={run} />
              ) : (
                run.orders.map((order) => <OrderCard key={order.id} order={order} />)
              ),
            )}
          </div>
          {pages > 1 ? (
            <nav className="order-pagination" aria-label={m.pagination}>
              <button
                type="button"
                className="btn btn-outline"
                disabled={query.page <= 1 || list.isFetching}
                onClick={() => go({ ...query, page: query.page - 1 })}
              >
                <ChevronLeft size={18} aria-hidden="true" />
                {m.previous}
              </button>
              <span className="tabular">{m.pageOf(query.page, pages)}</span>
              <button
                type="button"
                className="btn btn-outline"
                disabled={query.page >= pages || list.isFetching}
                onClick={() => go({ ...query, page: query.page + 1 })}
              >
                {m.next}
                <ChevronRight size={18} aria-hidden="true" />
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
      <AppToaster />
    </main>
  );
}

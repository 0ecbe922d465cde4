import { type Order, type OrderType, orderStatusLabel, orderTypes } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, PackageOpen, Search, ShieldAlert, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Notice } from '@/components/notice';
import { TrackingSheet } from '@/components/tracking/tracking-sheet';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { type TenantInfo, useTenant } from '@/lib/tenant';
import { merchantOrderKeys, merchantOrdersQuery } from './merchant-orders.api';
import { ordersText as m } from './messages';
import {
  applyOrderFilters,
  type DateRange,
  dateRanges,
  defaultOrderFilters,
  isFiltering,
  type OrderFilters,
  orderSorts,
} from './order-filters';
import { OrderCard } from './order-parts';
import { ShipmentDialog } from './shipment-dialog';
import { StatusDialog } from './status-dialog';
import '@/components/form/form.css';
import './merchant-orders.css';
import { ChoiceSelect } from '@/components/form/choice-select';

/** The success message of the last change: a status moved, or a parcel's number registered or corrected. */
interface Flash {
  kind: 'status' | 'register' | 'edit';
  order: Order;
}

/** How long the success message stays (spec part 3: success messages show for 3 s; a little longer to read). */
const FLASH_MS = 5000;

export interface MerchantOrdersTabProps {
  /** Which list opens first (the dashboard may keep it in its URL). */
  defaultType?: OrderType;
}

function DeniedNotice() {
  return (
    <Notice icon={<ShieldAlert size={30} />} title={m.deniedTitle} level={2} role="alert">
      <p>{m.deniedText}</p>
    </Notice>
  );
}

/**
 * The order kinds the tenant sells: pickup orders only come from the `delivery` module (its
 * pickup-category products); shipped shopping goods are delivery orders. Mall (shopping without
 * delivery) has delivery orders only, so it gets no 배달/픽업 switch.
 */
export function orderTypesSold(isEnabled: TenantInfo['isEnabled']): readonly OrderType[] {
  return isEnabled('delivery') ? orderTypes : ['delivery'];
}

/**
 * The merchant's delivery and pickup orders (the dashboard's delivery tab, spec part 3): pages of
 * 20 from the server, searched, narrowed by date and sorted on the page, and the status dialog.
 */
export function MerchantOrdersTab({ defaultType = 'delivery' }: MerchantOrdersTabProps) {
  const { user } = useSession();
  const isMerchant = user?.user_type === 'merchant';
  if (!isMerchant) return <DeniedNotice />;
  return <OrdersManager defaultType={defaultType} />;
}

function OrdersManager({ defaultType }: { defaultType: OrderType }) {
  const types = orderTypesSold(useTenant().isEnabled);
  const [type, setType] = useState<OrderType>(types.includes(defaultType) ? defaultType : 'delivery');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<OrderFilters>(defaultOrderFilters);
  const [editing, setEditing] = useState<Order | null>(null);
  const [shipmentFor, setShipmentFor] = useState<Order | null>(null);
  const [tracking, setTracking] = useState<Order | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const queryClient = useQueryClient();
  // The carrier reported the parcel delivered: the server moved the order, so the lists are asked again.
  const onDelivered = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: merchantOrderKeys.lists }),
    [queryClient],
  );
  const query = useQuery(merchantOrdersQuery(type, page));
  const { data, error, isPending, isError, isPlaceholderData, refetch, isFetching } = query;

  const pages = Math.max(1, data?.pages ?? 1);
  // A page that no longer exists (orders moved on): go to the last one there is.
  useEffect(() => {
    if (data && !isPlaceholderData && page > pages) setPage(pages);
  }, [data, isPlaceholderData, page, pages]);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const orders = data?.deliveries ?? [];
  const shown = useMemo(() => applyOrderFilters(orders, filters), [orders, filters]);

  function switchType(next: OrderType) {
    if (next === type) return;
    setType(next);
    setPage(1);
  }

  let body: ReactNode;
  if (isError && error instanceof ApiError && error.status === 403) {
    body = <DeniedNotice />;
  } else if (isPending) {
    body = <ListSkeleton label={m.loading(type)} />;
  } else if (isError && !data) {
    body = (
      <Notice icon={<PackageOpen size={30} />} title={m.loadFailed(type)} level={2} role="alert">
        <button type="button" className="btn btn-primary" onClick={() => void refetch()} disabled={isFetching}>
          {m.retry}
        </button>
      </Notice>
    );
  } else if (orders.length === 0) {
    body = (
      <Notice icon={<PackageOpen size={30} />} title={m.emptyTitle(type)} level={2}>
        <p>{m.emptyText(type)}</p>
      </Notice>
    );
  } else {
    body = (
      <>
        {shown.length === 0 ? (
          <Notice icon={<Search size={30} />} title={m.noMatchTitle} level={2}>
            <p>{m.noMatchText}</p>
            <button type="button" className="btn btn-outline" onClick={() => setFilters(defaultOrderFilters)}>
              {m.resetFilters}
            </button>
          </Notice>
        ) : (
          <ul className="orders-list" aria-busy={isPlaceholderData || undefined}>
            {shown.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  onChangeStatus={setEditing}
                  onEditShipment={setShipmentFor}
                  onTrack={setTracking}
                />
              </li>
            ))}
          </ul>
        )}
        <nav className="orders-pager" aria-label={m.pagination}>
          <button
            type="button"
            className="btn btn-outline"
            disabled={page <= 1 || isPlaceholderData}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            {m.previous}
          </button>
          <span className="orders-page tabular" aria-live="polite">
            {m.pageOf(page, pages)}
          </span>
          <button
            type="button"
            className="btn btn-outline"
            disabled={page >= pages || isPlaceholderData}
            onClick={() => setPage((p) => p + 1)}
          >
            {m.next}
          </button>
        </nav>
      </>
    );
  }

  return (
    <section className="orders" aria-labelledby="merchant-orders-title">
      <div className="orders-head">
        <h2 id="merchant-orders-title">{m.title}</h2>
        {types.length > 1 ? (
          <fieldset className="segmented">
            <legend className="visually-hidden">{m.typeSwitch}</legend>
            {types.map((t) => (
              <button
                key={t}
                type="button"
                className="segmented-button orders-switch-button"
                aria-pressed={t === type}
                onClick={() => switchType(t)}
              >
                {m.types[t]}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      {flash ? (
        <div className="form-message form-message-success orders-flash" role="status">
          <CheckCircle2 size={18} aria-hidden="true" />
          {flash.kind === 'status' ? (
            <span>
              {m.updated}{' '}
              <span className="orders-flash-detail">
                {m.orderNumber(flash.order.id)} → {orderStatusLabel(flash.order.status, flash.order.order_type)}
              </span>
            </span>
          ) : (
            <span>
              {m.shipmentSaved[flash.kind]} <span className="orders-flash-detail">{m.orderNumber(flash.order.id)}</span>
            </span>
          )}
          <button type="button" className="orders-icon-button" aria-label={m.dismiss} onClick={() => setFlash(null)}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <FilterBar
        filters={filters}
        onChange={setFilters}
        summary={
          data && orders.length > 0
            ? isFiltering(filters)
              ? m.shown(shown.length, orders.length)
              : m.totalCount(data.total)
            : null
        }
      />
      {body}
      <StatusDialog
        order={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onUpdated={(updated) => {
          setEditing(null);
          setFlash({ kind: 'status', order: updated });
        }}
      />
      <ShipmentDialog
        order={shipmentFor}
        onOpenChange={(open) => {
          if (!open) setShipmentFor(null);
        }}
        onSaved={(updated) => {
          setFlash({ kind: shipmentFor?.shipment ? 'edit' : 'register', order: updated });
          setShipmentFor(null);
        }}
      />
      <TrackingSheet
        orderId={tracking?.id ?? null}
        onOpenChange={(open) => {
          if (!open) setTracking(null);
        }}
        onDelivered={tracking?.status === 'DELIVERED' ? undefined : onDelivered}
      />
    </section>
  );
}

function FilterBar({
  filters,
  onChange,
  summary,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  summary: string | null;
}) {
  const id = useId();
  const set = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <div className="orders-filters">
      <div className="field orders-search">
        <label className="field-label" htmlFor={`${id}-search`}>
          {m.search}
        </label>
        <div className="orders-search-input">
          <Search size={18} aria-hidden="true" />
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            autoComplete="off"
            placeholder={m.searchPlaceholder}
            value={filters.search}
            onChange={(e) => set('search', e.currentTarget.value)}
            aria-describedby={`${id}-search-hint`}
          />
        </div>
        <p id={`${id}-search-hint`} className="field-hint">
          {m.searchHint}
        </p>
      </div>
      <div className="orders-filter-row">
        <fieldset className="orders-chips">
          <legend className="visually-hidden">{m.dateRange}</legend>
          {dateRanges.map((range: DateRange) => (
            <button
              key={range}
              type="button"
              className="orders-filter-chip"
              aria-pressed={filters.range === range}
              onClick={() => set('range', range)}
            >
              {m.dateRanges[range]}
            </button>
          ))}
        </fieldset>
        <label className="orders-sort">
          <span className="visually-hidden">{m.sort}</span>
          <ChoiceSelect value={filters.sort} choices={orderSorts} labels={m.sorts} onChange={(v) => set('sort', v)} />
        </label>
      </div>
      {summary ? (
        <p className="orders-summary orders-muted tabular" aria-live="polite">
          {summary}
        </p>
      ) : null}
    </div>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="orders-list" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="orders-card orders-card-skeleton" aria-hidden="true">
          <div className="skeleton" style={{ height: 22, width: '45%' }} />
          <div className="skeleton" style={{ height: 16, width: '70%' }} />
          <div className="skeleton" style={{ height: 16, width: '60%' }} />
          <div className="skeleton" style={{ height: 56 }} />
        </div>
      ))}
    </div>
  );
}

import { type Order, type OrderStatus, orderStatuses, orderStatusLabel } from '@app/contracts';
import { ordersText as m } from './messages';

/** The status filter's label: one word where delivery and pickup agree, both where they differ. */
export function statusFilterLabel(status: OrderStatus): string {
  const delivery = orderStatusLabel(status, 'delivery');
  const pickup = orderStatusLabel(status, 'pickup');
  return delivery === pickup ? delivery : `${delivery}·${pickup}`;
}

export interface OrdersQuery {
  page: number;
  status: OrderStatus | undefined;
}

/** /orders?page&status: a page from 1 and a known status; anything else is the first page of all orders. */
export function readOrdersQuery(params: URLSearchParams): OrdersQuery {
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 100_000 ? raw : 1;
  const s = params.get('status');
  const status = orderStatuses.find((v) => v === s);
  return { page, status };
}

/** The query string of a page and filter (page 1 and no filter are left out). */
export function ordersSearch(query: OrdersQuery): string {
  const qs = new URLSearchParams();
  if (query.status) qs.set('status', query.status);
  if (query.page > 1) qs.set('page', String(query.page));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** How the order is received, as the card says it: 택배 (shopping), 배달 or 픽업. */
export function orderKindLabel(order: Pick<Order, 'category_type' | 'order_type'>): string {
  if (order.category_type === 'shopping') return m.kinds.shopping;
  return m.kinds[order.order_type];
}

export type StatusTone = 'new' | 'progress' | 'done' | 'closed';

/** The chip colour of a status: new, on its way, done, or closed by cancel or refund. */
export function statusTone(status: OrderStatus): StatusTone {
  if (status === 'CANCELLED' || status === 'REFUNDED') return 'closed';
  if (status === 'DELIVERED') return 'done';
  if (status === 'PENDING' || status === 'CONFIRMED') return 'new';
  return 'progress';
}

/** `2025년 3월 4일 오후 2:05` (the year only when it is not this year). */
export function formatOrderDateTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('ko-KR', {
    year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A run of the listed orders: one order, or several paid together (one cart checkout). */
export interface OrderRun {
  paymentId: string;
  orders: Order[];
}

/**
 * The listed orders in runs of one payment: orders sharing a `payment_id` that appear together
 * are one run (a cart's checkout makes one order per merchant, paid at once); every other order is
 * a run of its own. The list's order is kept.
 */
export function runsByPayment(orders: Order[]): OrderRun[] {
  const runs: OrderRun[] = [];
  for (const order of orders) {
    const last = runs.at(-1);
    if (last && order.payment_id && last.paymentId === order.payment_id) last.orders.push(order);
    else runs.push({ paymentId: order.payment_id, orders: [order] });
  }
  return runs;
}

import { type Order, orderStatuses } from '@app/contracts';

/** The spec's date ranges (part 3, section 9): today, 7 days, 1 month, or everything. */
export const dateRanges = ['all', 'today', 'week', 'month'] as const;
export type DateRange = (typeof dateRanges)[number];

export const orderSorts = ['latest', 'oldest', 'status'] as const;
export type OrderSort = (typeof orderSorts)[number];

export interface OrderFilters {
  search: string;
  range: DateRange;
  sort: OrderSort;
}

export const defaultOrderFilters: OrderFilters = { search: '', range: 'all', sort: 'latest' };

/** True when the filters hide something (the empty state then offers to reset them). */
export function isFiltering(filters: OrderFilters): boolean {
  return filters.search.trim() !== '' || filters.range !== 'all';
}

/**
 * The first instant a range keeps, in the viewer's time zone: today from midnight; 7 days as
 * today and the 6 days before; 1 month from the same day of the previous month (the 31st
 * becomes the last day of a shorter month). Null for `all`.
 */
export function rangeStart(range: DateRange, now: Date = new Date()): Date | null {
  if (range === 'all') return null;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (range === 'week') start.setDate(start.getDate() - 6);
  if (range === 'month') {
    const day = start.getDate();
    start.setDate(1);
    start.setMonth(start.getMonth() - 1);
    const lastDay = new Date(start.getFullYear(), start.getMonth() + 1, 0).getDate();
    start.setDate(Math.min(day, lastDay));
  }
  return start;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Search over the order id, delivery address, phone, item titles and options. Case does not
 * matter; `#12` finds order 12; phone numbers match with or without hyphens.
 */
export function matchesSearch(order: Order, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const id = q.startsWith('#') ? q.slice(1) : q;
  if (id && String(order.id).includes(id)) return true;
  if (order.delivery_address?.toLowerCase().includes(q)) return true;
  const qDigits = digitsOf(q);
  // Only a query made of a phone number's characters is compared by digits ("010-1234" or "1234").
  if (qDigits && /^[\d\s\-+()]+$/.test(q) && digitsOf(order.delivery_phone).includes(qDigits)) return true;
  if (order.delivery_phone.toLowerCase().includes(q)) return true;
  return order.items.some(
    (item) => item.product_title.toLowerCase().includes(q) || !!item.option_name?.toLowerCase().includes(q),
  );
}

function createdTime(order: Order): number {
  const t = Date.parse(order.created_at);
  return Number.isNaN(t) ? 0 : t;
}

const statusRank = (order: Order) => orderStatuses.indexOf(order.status);

/** Newest first, ties by the higher id (orders made in the same second). */
const byLatest = (a: Order, b: Order) => createdTime(b) - createdTime(a) || b.id - a.id;

const comparators: Record<OrderSort, (a: Order, b: Order) => number> = {
  latest: byLatest,
  oldest: (a, b) => -byLatest(a, b),
  // Along the fulfilment path (new orders needing a decision first), newest first within a status.
  status: (a, b) => statusRank(a) - statusRank(b) || byLatest(a, b),
};

/** The page's orders as the merchant asked to see them; never changes the given array. */
export function applyOrderFilters(orders: readonly Order[], filters: OrderFilters, now: Date = new Date()): Order[] {
  const start = rangeStart(filters.range, now)?.getTime();
  return orders
    .filter((order) => start === undefined || createdTime(order) >= start)
    .filter((order) => matchesSearch(order, filters.search))
    .sort(comparators[filters.sort]);
}

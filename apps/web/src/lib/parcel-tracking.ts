import type { Order, Tracking } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Parcel tracking (택배 배송조회, issue 41), shared by the buyer's orders and the merchant's order
 * management: which orders travel by parcel, how a tracking number reads, and the tracking query.
 */

/** A parcel (택배): shopping goods sent out; local delivery (배달) and pickup have no carrier. */
export function isParcelOrder(order: Pick<Order, 'category_type' | 'order_type'>): boolean {
  return order.category_type === 'shopping' && order.order_type === 'delivery';
}

/**
 * A stored tracking number (digits only) in three groups, the longer ones last, for checking it
 * against the parcel's label: `1234567890` -> `123-456-7890`, `123456789012` -> `1234-5678-9012`.
 * Anything but 9 to 15 digits is shown as stored.
 */
export function formatTrackingNumber(digits: string): string {
  if (!/^\d{9,15}$/.test(digits)) return digits;
  const base = Math.floor(digits.length / 3);
  const rest = digits.length % 3;
  const first = base;
  const second = first + base + (rest === 2 ? 1 : 0);
  return `${digits.slice(0, first)}-${digits.slice(first, second)}-${digits.slice(second)}`;
}

export const trackingKeys = {
  all: ['tracking'] as const,
  order: (orderId: number) => ['tracking', orderId] as const,
};

/**
 * GET /api/delivery/orders/{id}/tracking: the parcel's events (oldest first). 404
 * `shipment_not_found` while the order has no shipment. Kept a minute: the server asks the carrier.
 */
export const trackingQuery = (orderId: number) =>
  queryOptions({
    queryKey: trackingKeys.order(orderId),
    queryFn: ({ signal }) => api.get<Tracking>(`/api/delivery/orders/${orderId}/tracking`, { signal }),
    staleTime: 60_000,
  });

import {
  type CarrierId,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderPage,
  type OrderStatus,
  type OrderType,
} from '@app/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trackingKeys } from '@/lib/parcel-tracking';

export const merchantOrderKeys = {
  all: ['merchant-orders'] as const,
  lists: ['merchant-orders', 'list'] as const,
  list: (type: OrderType, page: number) => ['merchant-orders', 'list', type, page] as const,
  detail: (id: number) => ['merchant-orders', 'detail', id] as const,
};

/** GET /api/delivery/merchant/orders: one page of 20 (page 1 first) of the merchant's orders of one type. */
export const merchantOrdersQuery = (type: OrderType, page: number) =>
  queryOptions({
    queryKey: merchantOrderKeys.list(type, page),
    queryFn: ({ signal }) =>
      api.get<OrderPage>('/api/delivery/merchant/orders', {
        query: { skip: (page - 1) * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE, order_type: type },
        signal,
      }),
    // New orders arrive all the time: always ask again, but keep the page on screen while paging
    // (not across the delivery / pickup switch: the other list's orders would show under it).
    staleTime: 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === type ? keepPreviousData(previous) : undefined,
  });

/** GET /api/delivery/orders/{id}: the order with its status history (oldest first). */
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: merchantOrderKeys.detail(id),
    queryFn: ({ signal }) => api.get<Order>(`/api/delivery/orders/${id}`, { signal }),
    staleTime: 0,
  });

export interface StatusChange {
  order_id: number;
  status: OrderStatus;
  /** Trimmed; null when empty. */
  memo: string | null;
  /** A parcel moved to DELIVERING may carry its carrier and tracking number (both or neither). */
  carrier?: CarrierId;
  /** Digits only (hyphens and spaces dropped). */
  tracking_number?: string;
}

/** PUT /api/delivery/status: the server refuses moves it does not allow with a 400 and a Korean `detail`. */
export function updateOrderStatus(change: StatusChange): Promise<Order> {
  return api.put<Order>('/api/delivery/status', change);
}

export interface ShipmentChange {
  carrier: CarrierId;
  /** Digits only (hyphens and spaces dropped). */
  tracking_number: string;
}

/**
 * PUT /api/delivery/orders/{id}/shipment: registers or corrects a parcel's carrier and number
 * before delivery (400 `shipment_not_parcel` or `shipment_closed` otherwise, with a Korean `detail`).
 */
export function updateShipment(orderId: number, change: ShipmentChange): Promise<Order> {
  return api.put<Order>(`/api/delivery/orders/${orderId}/shipment`, change);
}

/** After a change: every list page, the order's detail and its parcel's tracking are asked again. */
export async function refreshMerchantOrders(queryClient: QueryClient, orderId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantOrderKeys.lists }),
    queryClient.invalidateQueries({ queryKey: merchantOrderKeys.detail(orderId) }),
    queryClient.invalidateQueries({ queryKey: trackingKeys.order(orderId) }),
  ]);
}

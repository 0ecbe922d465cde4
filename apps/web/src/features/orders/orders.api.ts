import type { Order, OrderPage, OrderStatus, PaymentConfirmed, PaymentPrepare, PaymentPrepared } from '@app/contracts';
import { ORDERS_PAGE_SIZE } from '@app/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (page: number, status: OrderStatus | undefined) => ['orders', 'list', page, status ?? 'all'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
};

/** The wallet's queries (its balance moves with every order). */
const walletKey = ['wallet'] as const;

/** The buyer's orders, newest first, 20 a page (page counts from 1). */
export const userOrdersQuery = (page: number, status: OrderStatus | undefined) =>
  queryOptions({
    queryKey: orderKeys.list(page, status),
    queryFn: ({ signal }) =>
      api.get<OrderPage>('/api/delivery/user/orders', {
        query: { skip: (page - 1) * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE, status },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One order with its status history. */
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<Order>(`/api/delivery/orders/${id}`, { signal }),
    staleTime: 0,
  });

/** POST /api/payment/prepare with the form's idempotency key (a lost answer is retried, not repeated). */
export function preparePurchase(body: PaymentPrepare, idempotencyKey: string): Promise<PaymentPrepared> {
  return api.post<PaymentPrepared>('/api/payment/prepare', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export interface PurchaseCallback {
  merchant_uid: string;
  imp_uid?: string;
  status: 'paid' | 'failed' | 'cancelled';
}

/** POST /api/payment/callback: the server verifies the payment at the gateway and completes the order. */
export function confirmPurchase(body: PurchaseCallback): Promise<PaymentConfirmed> {
  return api.post<PaymentConfirmed>('/api/payment/callback', body);
}

/** POST /api/delivery/confirm: the buyer confirms receipt (구매확정). */
export function confirmOrderReceipt(orderId: number): Promise<Order> {
  return api.post<Order>('/api/delivery/confirm', { order_id: orderId });
}

/** POST /api/delivery/orders/{id}/cancel: the buyer cancels before preparation starts. */
export function cancelOrder(orderId: number, reason: string | null): Promise<Order> {
  return api.post<Order>(`/api/delivery/orders/${orderId}/cancel`, { reason });
}

/**
 * After an order changed (paid, confirmed, cancelled): the order lists and details again, and the
 * wallet, whose balance and history moved with it.
 */
export async function refreshAfterOrderChange(queryClient: QueryClient, order?: Order): Promise<void> {
  if (order) queryClient.setQueryData(orderKeys.detail(order.id), (old: Order | undefined) => ({ ...old, ...order }));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKey }),
  ]);
}

import type { Cart } from '@app/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const cartKeys = {
  all: ['cart'] as const,
  /** The cart as priced with these merchants' local goods picked up ('' when none are). */
  detail: (pickup: string) => ['cart', pickup] as const,
  /** The cart with its totals those of the selected lines (`selected`: their ids, in order). */
  selection: (pickup: string, selected: string) => ['cart', pickup, selected] as const,
};

/**
 * `pickup=3,7` of GET /api/cart: the merchants whose local goods the buyer picks up, in id order so
 * one choice is one cached answer.
 */
export function pickupParam(merchantIds: Iterable<number>): string {
  return [...new Set(merchantIds)].sort((a, b) => a - b).join(',');
}

/**
 * GET /api/cart (signed-in users; 404 feature_disabled without the shopping and delivery modules).
 * `selected` (line ids): the totals, each group's fee included, are those of these lines only,
 * exactly what their checkout charges.
 */
export function getCart(pickup: string, signal?: AbortSignal, selected = ''): Promise<Cart> {
  return api.get<Cart>('/api/cart', {
    query: { pickup: pickup || undefined, selected: selected || undefined },
    signal,
  });
}

export const cartQuery = (pickup = '') =>
  queryOptions({
    queryKey: cartKeys.detail(pickup),
    queryFn: ({ signal }) => getCart(pickup, signal),
  });

/** The cart priced for a part of it: the selected lines' totals and fees. */
export const cartSelectionQuery = (pickup: string, selected: readonly number[]) => {
  const ids = [...selected].sort((a, b) => a - b).join(',');
  return queryOptions({
    queryKey: cartKeys.selection(pickup, ids),
    queryFn: ({ signal }) => getCart(pickup, signal, ids),
  });
};

/** The signed-in buyer's cart (`enabled` false for guests, whose cart is the browser's). */
export function useCart(pickup = '', { enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery({ ...cartQuery(pickup), enabled, ...(fresh ? { staleTime: 0 } : {}) });
}

/**
 * A cart answered by a change (add, qty, remove, merge, a refused checkout): it is the cart priced
 * without pickups, so it replaces that answer (and the header's count) at once; answers priced with
 * pickups are asked for again.
 */
export function storeCart(queryClient: QueryClient, cart: Cart, pickup = ''): void {
  queryClient.setQueryData(cartKeys.detail(pickup), cart);
  void queryClient.invalidateQueries({
    queryKey: cartKeys.all,
    predicate: (query) => query.queryKey[1] !== pickup || query.queryKey.length > 2,
  });
}

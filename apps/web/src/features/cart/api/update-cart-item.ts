import type { Cart } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storeCart } from './get-cart';

/** PATCH /api/cart/items/{id}: the line's qty (the same qty accepts a changed price). */
export function updateCartItem(id: number, qty: number): Promise<Cart> {
  return apiRequest<Cart>(`/api/cart/items/${id}`, { method: 'PATCH', body: { qty } });
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, qty }: { id: number; qty: number }) => updateCartItem(id, qty),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

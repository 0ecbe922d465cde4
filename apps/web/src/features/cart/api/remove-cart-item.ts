import type { Cart } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCart } from './get-cart';

/** DELETE /api/cart/items/{id}. */
export function removeCartItem(id: number): Promise<Cart> {
  return api.delete<Cart>(`/api/cart/items/${id}`);
}

/** Removes lines one after the other (선택 삭제); the last answer is the cart after all of them. */
export async function removeCartItems(ids: number[]): Promise<Cart | undefined> {
  let cart: Cart | undefined;
  for (const id of ids) cart = await removeCartItem(id);
  return cart;
}

export function useRemoveCartItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => removeCartItems(ids),
    onSuccess: (cart) => {
      if (cart) storeCart(queryClient, cart);
    },
  });
}

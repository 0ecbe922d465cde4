import type { Cart, CartItemAdd } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCart } from './get-cart';

/**
 * POST /api/cart/items: the same product and option again adds to its line's qty. 400
 * option_required when the product has options and none was chosen; 409 cart_full beyond
 * CART_LINES_MAX lines.
 */
export function addCartItem(body: CartItemAdd): Promise<Cart> {
  return api.post<Cart>('/api/cart/items', body);
}

export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartItem,
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

import { type Category, deliveryCategories, shoppingCategories } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useTenant } from './tenant';

export type CategoryKind = 'shopping' | 'delivery';

/**
 * The shopping or delivery category list from the server (spec 2), shared by the catalogue and the
 * merchant screens (one call, one cache entry). The contract's copy shows until it arrives, when
 * the call fails, and on a tenant without that feature, which is never asked (its server refuses).
 */
export function useCategories(kind: CategoryKind) {
  const { isEnabled } = useTenant();
  return useQuery({
    queryKey: ['products', 'categories', kind] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ categories: Category[] }>(`/api/main/categories/${kind}`, { signal })).categories,
    placeholderData: kind === 'shopping' ? shoppingCategories : deliveryCategories,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: isEnabled(kind),
  });
}

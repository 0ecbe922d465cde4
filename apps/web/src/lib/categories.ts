import { deliveryCategories, shoppingCategories } from '@app/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { type CategoryKind, categoriesQuery } from './categories-query';
import { useTenant } from './tenant';

export type { CategoryKind } from './categories-query';

/**
 * The shopping or delivery category list from the server (spec 2), shared by the catalogue and the
 * merchant screens (one call, one cache entry). The contract's copy shows until it arrives, when
 * the call fails, and on a tenant without that feature, which is never asked (its server refuses).
 */
export function useCategories(kind: CategoryKind) {
  const { isEnabled } = useTenant();
  return useQuery({
    ...categoriesQuery(kind),
    placeholderData: kind === 'shopping' ? shoppingCategories : deliveryCategories,
    enabled: isEnabled(kind),
  });
}

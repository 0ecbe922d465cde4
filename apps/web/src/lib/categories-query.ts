import type { Category } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export type CategoryKind = 'shopping' | 'delivery';

/**
 * GET /api/main/categories/{kind}. Apart from `useCategories` (categories.ts) because the route
 * preloader starts it from the entry chunk, which must not pull in the contracts' runtime code.
 */
export const categoriesQuery = (kind: CategoryKind) =>
  queryOptions({
    queryKey: ['products', 'categories', kind] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ categories: Category[] }>(`/api/main/categories/${kind}`, { signal })).categories,
    staleTime: Number.POSITIVE_INFINITY,
  });

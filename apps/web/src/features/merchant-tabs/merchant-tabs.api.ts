import {
  ANALYTICS_PERIOD_DEFAULT,
  DASHBOARD_PRODUCTS_DEFAULT,
  type DashboardProducts,
  type PaymentAnalytics,
  type PaymentList,
  type Product,
  type ProductDetail,
  type ProductList,
} from '@app/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The deleted products tab's sorts (the server's `sort` values), deleted date newest first by default. */
export const deletedSorts = ['deleted_desc', 'deleted_asc', 'title', 'price'] as const;
export type DeletedSort = (typeof deletedSorts)[number];
/** One page of the deleted list (GET /api/products/deleted pages by page/size). */
export const DELETED_PAGE_SIZE = 20;
/** Spec 9: the payments tab lists the last 10 payments. */
export const PAYMENTS_LIST_SIZE = 10;

export const merchantTabKeys = {
  products: ['merchant-tabs', 'products'] as const,
  deleted: ['merchant-tabs', 'deleted'] as const,
  deletedList: (sort: DeletedSort) => ['merchant-tabs', 'deleted', sort] as const,
  analytics: (periodDays: number) => ['merchant-tabs', 'analytics', periodDays] as const,
  payments: ['merchant-tabs', 'payments'] as const,
  /** The products feature's key: the category lists are shared with the shopping and delivery tabs. */
};

/** GET /api/dashboard/products: the merchant's products that are not deleted, 100 per page. */
export const dashboardProductsQuery = () =>
  infiniteQueryOptions({
    queryKey: merchantTabKeys.products,
    queryFn: ({ pageParam, signal }) =>
      api.get<DashboardProducts>('/api/dashboard/products', {
        query: { limit: DASHBOARD_PRODUCTS_DEFAULT, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, offset) => (last.has_more ? offset + last.products.length : undefined),
    staleTime: 0,
  });

/** GET /api/products/deleted: the merchant's soft-deleted products, pages of 20 in the chosen order. */
export const deletedProductsQuery = (sort: DeletedSort) =>
  infiniteQueryOptions({
    queryKey: merchantTabKeys.deletedList(sort),
    queryFn: ({ pageParam, signal }) =>
      api.get<ProductList>('/api/products/deleted', {
        query: { sort, page: pageParam, size: DELETED_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    staleTime: 0,
  });

/** GET /api/payment/analytics/summary: the merchant's (or, for an administrator, the tenant's) payment figures. */
export const paymentAnalyticsQuery = (periodDays: number = ANALYTICS_PERIOD_DEFAULT) =>
  queryOptions({
    queryKey: merchantTabKeys.analytics(periodDays),
    queryFn: ({ signal }) =>
      api.get<PaymentAnalytics>('/api/payment/analytics/summary', { query: { period_days: periodDays }, signal }),
    staleTime: 60_000,
  });

/** GET /api/payment/list as the merchant: the last 10 payments for their products. */
export const merchantPaymentsQuery = () =>
  queryOptions({
    queryKey: merchantTabKeys.payments,
    queryFn: ({ signal }) =>
      api.get<PaymentList>('/api/payment/list', {
        query: { skip: 0, limit: PAYMENTS_LIST_SIZE, role: 'merchant' },
        signal,
      }),
    staleTime: 0,
  });

/** DELETE /api/products/{id}: a soft delete; the product moves to the deleted list. */
export function deleteProduct(id: number): Promise<Product> {
  return api.delete<Product>(`/api/products/${id}`);
}

/** POST /api/products/{id}/restore: the product is back on sale as it was. */
export function restoreProduct(id: number): Promise<ProductDetail> {
  return api.post<ProductDetail>(`/api/products/${id}/restore`);
}

/**
 * After a delete or a restore both merchant lists are asked again, and so are the catalogue's
 * answers (feeds, details) that may still show the product as it was.
 */
export async function refreshProductLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantTabKeys.products }),
    queryClient.invalidateQueries({ queryKey: merchantTabKeys.deleted }),
    queryClient.invalidateQueries({
      queryKey: ['products'],
      predicate: (q) => q.queryKey[1] !== 'categories',
    }),
  ]);
}

import {
  ANALYTICS_PERIOD_DEFAULT,
  DASHBOARD_PRODUCTS_DEFAULT,
  type DashboardProducts,
  type DeliveryTerms,
  type DeliveryTermsUpdate,
  type PaymentAnalytics,
  type PaymentList,
  type Product,
  type ProductDetail,
  type ProductList,
  type productStockUpdateSchema,
} from '@app/contracts';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
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
  deliveryTerms: ['merchant-tabs', 'delivery-terms'] as const,
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

/** GET /api/dashboard/delivery-terms: the merchant's delivery terms (the defaults until they set some). */
export const deliveryTermsQuery = () =>
  queryOptions({
    queryKey: merchantTabKeys.deliveryTerms,
    queryFn: ({ signal }) => api.get<DeliveryTerms>('/api/dashboard/delivery-terms', { signal }),
    staleTime: 0,
  });

/** PUT /api/dashboard/delivery-terms with the fields that changed; the answer is the terms as now saved. */
export function saveDeliveryTerms(body: DeliveryTermsUpdate): Promise<DeliveryTerms> {
  return api.put<DeliveryTerms>('/api/dashboard/delivery-terms', body);
}

/**
 * After the terms are saved the form starts from the answer, and the catalogue's answers (products
 * and merchants carry `delivery_terms`) are asked again.
 */
export async function applyDeliveryTerms(queryClient: QueryClient, terms: DeliveryTerms): Promise<void> {
  queryClient.setQueryData(merchantTabKeys.deliveryTerms, terms);
  await refreshCatalogue(queryClient);
}

/** DELETE /api/products/{id}: a soft delete; the product moves to the deleted list. */
export function deleteProduct(id: number): Promise<Product> {
  return api.delete<Product>(`/api/products/${id}`);
}

/** POST /api/products/{id}/restore: the product is back on sale as it was. */
export function restoreProduct(id: number): Promise<ProductDetail> {
  return api.post<ProductDetail>(`/api/products/${id}/restore`);
}

/** The body of PUT /api/products/{id}/stock: `{stock}` without options, `{options:[{id, stock}]}` with; null unlimited. */
export type ProductStockUpdate = z.input<typeof productStockUpdateSchema>;

/** PUT /api/products/{id}/stock: the products tab's in-place count change; the answer is the product as it now is. */
export function updateProductStock(id: number, body: ProductStockUpdate): Promise<ProductDetail> {
  return api.put<ProductDetail>(`/api/products/${id}/stock`, body);
}

/** The catalogue's answers (feeds, details) that may still show a product as it was. */
function refreshCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: ['products'],
    predicate: (q) => q.queryKey[1] !== 'categories',
  });
}

/**
 * After a delete or a restore both merchant lists are asked again, and so are the catalogue's
 * answers (feeds, details) that may still show the product as it was.
 */
export async function refreshProductLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantTabKeys.products }),
    queryClient.invalidateQueries({ queryKey: merchantTabKeys.deleted }),
    refreshCatalogue(queryClient),
  ]);
}

/**
 * After a stock change the row takes the server's answer at once (counts, options, and the price,
 * which with options is the cheapest option on sale's); the catalogue is asked again.
 */
export async function applyStockAnswer(queryClient: QueryClient, answer: ProductDetail): Promise<void> {
  queryClient.setQueryData<InfiniteData<DashboardProducts, number>>(merchantTabKeys.products, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            products: page.products.map((p) =>
              p.id === answer.id
                ? {
                    ...p,
                    stock: answer.stock,
                    display_remaining: answer.display_remaining,
                    options: answer.options,
                    price: answer.price,
                    original_price: answer.original_price,
                    discount_rate: answer.discount_rate,
                    is_available: answer.is_available,
                    updated_at: answer.updated_at,
                  }
                : p,
            ),
          })),
        }
      : data,
  );
  await refreshCatalogue(queryClient);
}

import type { MainShopping, MediaList, ProductDetail, ProductInput, ProductList, ProductMedia } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';

/** Enough for the 'all' layout (10) and a category's ranking plus its list. */
export const DELIVERY_PAGE_SIZE = 30;
export const SHOPPING_PAGE_SIZE = 20;

export const productKeys = {
  all: ['products'] as const,
  delivery: (category: string, q: string) => ['products', 'main-delivery', category, q] as const,
  shopping: (category: string, q: string) => ['products', 'main-shopping', category, q] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};

export const mainDeliveryQuery = (category: string, q: string) =>
  queryOptions({
    queryKey: productKeys.delivery(category, q),
    queryFn: ({ signal }) =>
      api.get<ProductList>('/api/main/delivery', {
        query: { category: category === 'all' ? undefined : category, q: q || undefined, size: DELIVERY_PAGE_SIZE },
        signal,
      }),
  });

export const mainShoppingQuery = (category: string, q: string) =>
  queryOptions({
    queryKey: productKeys.shopping(category, q),
    queryFn: ({ signal }) =>
      api.get<MainShopping>('/api/main/shopping', {
        query: { category: category === 'all' ? undefined : category, q: q || undefined, size: SHOPPING_PAGE_SIZE },
        signal,
      }),
  });

export const productDetailQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<ProductDetail>(`/api/products/${id}`, { signal }),
    // One quick retry of a dropped connection; an answer from the server (404, 500) shows at once,
    // and the error view offers the retry.
    retry: (count, err) => count < 1 && err instanceof ApiError && err.status === 0,
    retryDelay: 300,
  });

export function saveProduct(id: number | null, body: ProductInput): Promise<ProductDetail> {
  return id === null
    ? api.post<ProductDetail>('/api/products', body)
    : api.put<ProductDetail>(`/api/products/${id}`, body);
}

export function uploadProductImage(
  productId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ProductMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<ProductMedia>(`/api/products/${productId}/media`, form, onProgress);
}

export function deleteProductImages(productId: number, ids: number[]): Promise<MediaList> {
  return api.delete<MediaList>(`/api/products/${productId}/media`, { ids });
}

/** Saves the order; the first image becomes the thumbnail (spec 3, image order item). */
export function saveImageOrder(productId: number, ids: number[]): Promise<MediaList> {
  return api.put<MediaList>(
    `/api/products/${productId}/media/order`,
    ids.map((id, order) => ({ id, order, is_thumbnail: order === 0 })),
  );
}

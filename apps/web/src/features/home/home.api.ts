import { queryOptions } from '@tanstack/react-query';
import type { PostCardData } from '@/components/cards/post-card';
import type { ProductCardData } from '@/components/cards/product-card';
import { api, isNotFound } from '@/lib/api-client';

/** Spec 9: 6 products requested per list, 4 posts requested. */
export const HOME_PRODUCT_REQUEST = 6;
export const HOME_POST_REQUEST = 4;

/**
 * A section's fetch. The catalogue and content APIs arrive in later issues: until then their 404
 * means "no data" and is only logged. Other failures are logged and rethrown, so the page can tell
 * "nothing to show" from "could not load".
 */
async function sectionFetch<T>(label: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (err) {
    if (isNotFound(err)) {
      console.info(`[home] ${label}: not available (404), section hidden`);
      return [];
    }
    console.warn(`[home] ${label} failed to load:`, (err as Error).message);
    throw err;
  }
}

const sectionRetry = (count: number, err: unknown) => !isNotFound(err) && count < 1;

export const hotDeliveryQuery = queryOptions({
  queryKey: ['home', 'delivery', HOME_PRODUCT_REQUEST],
  queryFn: ({ signal }) =>
    sectionFetch('delivery products', async () => {
      const res = await api.get<{ products?: ProductCardData[] }>('/api/main/delivery', {
        query: { size: HOME_PRODUCT_REQUEST },
        signal,
      });
      return res.products ?? [];
    }),
  retry: sectionRetry,
});

export const bestShoppingQuery = queryOptions({
  queryKey: ['home', 'shopping', HOME_PRODUCT_REQUEST],
  queryFn: ({ signal }) =>
    sectionFetch('shopping products', async () => {
      const res = await api.get<{ categories?: { all?: ProductCardData[] } }>('/api/main/shopping', {
        query: { size: HOME_PRODUCT_REQUEST },
        signal,
      });
      return res.categories?.all ?? [];
    }),
  retry: sectionRetry,
});

export const latestPostsQuery = queryOptions({
  queryKey: ['home', 'posts', 1, HOME_POST_REQUEST],
  queryFn: ({ signal }) =>
    sectionFetch('posts', async () => {
      const res = await api.get<{ posts?: PostCardData[] }>('/api/content/posts', {
        query: { page: 1, size: HOME_POST_REQUEST },
        signal,
      });
      return res.posts ?? [];
    }),
  retry: sectionRetry,
});

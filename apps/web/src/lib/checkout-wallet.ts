import type { WalletOverview } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The wallet overview (balance and reward rate) a payment form reads for its points, under the
 * wallet screen's own key, so a purchase and the wallet tab share one cached answer and refresh
 * each other.
 */
export const checkoutWalletQuery = queryOptions({
  queryKey: ['wallet', 'overview'] as const,
  queryFn: ({ signal }) => api.get<WalletOverview>('/api/wallet/overview', { signal }),
  staleTime: 0,
});

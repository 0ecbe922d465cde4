import type {
  BridgeStatus,
  ChargeConfirmed,
  ChargePrepare,
  ChargePrepared,
  TransferResult,
  UserSearchResult,
  userSearchTypes,
  WalletBalance,
  WalletOverview,
  WalletTransactionList,
  Withdrawal,
} from '@app/contracts';
import { WALLET_PAGE_SIZE } from '@app/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextTransactionsPage } from './wallet-values';

export const walletKeys = {
  all: ['wallet'] as const,
  overview: ['wallet', 'overview'] as const,
  transactions: ['wallet', 'transactions'] as const,
  bridge: ['wallet', 'bridge-status'] as const,
  userSearch: (query: string, type: string) => ['wallet', 'user-search', query, type] as const,
};

export const walletOverviewQuery = queryOptions({
  queryKey: walletKeys.overview,
  queryFn: ({ signal }) => api.get<WalletOverview>('/api/wallet/overview', { signal }),
  staleTime: 0,
});

/** Newest first, 20 a page; the next page is asked for while a page comes back full. */
export const walletTransactionsQuery = infiniteQueryOptions({
  queryKey: walletKeys.transactions,
  queryFn: ({ pageParam, signal }) =>
    api.get<WalletTransactionList>('/api/wallet/transactions', {
      query: { page: pageParam, size: WALLET_PAGE_SIZE },
      signal,
    }),
  initialPageParam: 1,
  getNextPageParam: nextTransactionsPage,
  staleTime: 0,
});

const WITHDRAW_POLL_MS = 3000;

/** The user's withdrawals and the bridge's limits; polled every 3 s while one is pending. */
export const bridgeStatusQuery = queryOptions({
  queryKey: walletKeys.bridge,
  queryFn: ({ signal }) => api.get<BridgeStatus>('/api/wallet/bridge-status', { signal }),
  staleTime: 0,
  refetchInterval: (query) =>
    query.state.data?.withdrawals.some((w) => w.status === 'pending') ? WITHDRAW_POLL_MS : false,
});

export type UserSearchType = (typeof userSearchTypes)[number];

export const userSearchQuery = (query: string, type: UserSearchType | 'all') =>
  queryOptions({
    queryKey: walletKeys.userSearch(query, type),
    queryFn: ({ signal }) =>
      api.get<UserSearchResult>('/api/users/search', {
        query: { query, search_type: type === 'all' ? undefined : type },
        signal,
      }),
    staleTime: 30_000,
  });

/**
 * After money moved: the new balance at once, then the overview again and the history from page 1
 * (spec 2: the list restarts at page 1).
 */
export async function refreshWallet(queryClient: QueryClient, balance?: WalletBalance): Promise<void> {
  if (balance) {
    queryClient.setQueryData<WalletOverview>(walletKeys.overview, (old) => (old ? { ...old, balance } : old));
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: walletKeys.overview }),
    queryClient.resetQueries({ queryKey: walletKeys.transactions }),
  ]);
}

export function prepareCharge(body: ChargePrepare): Promise<ChargePrepared> {
  return api.post<ChargePrepared>('/api/wallet/charge/prepare', body);
}

export function confirmCharge(paymentId: string): Promise<ChargeConfirmed> {
  return api.post<ChargeConfirmed>('/api/wallet/charge/callback', { payment_id: paymentId });
}

export function sendPoints(
  body: { to_user_id: number; amount: number; memo: string },
  idempotencyKey: string,
): Promise<TransferResult> {
  return api.post<TransferResult>('/api/wallet/transfer', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function requestWithdrawal(
  body: { amount: number; target_address: string; target_chain: string },
  idempotencyKey: string,
): Promise<{ withdrawal: Withdrawal; balance: WalletBalance }> {
  return api.post('/api/wallet/withdraw', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function registerWalletAddress(evmAddress: string): Promise<unknown> {
  return api.post('/api/wallet/create', { evm_address: evmAddress });
}

import { DEFAULT_POINT_REWARD_RATE } from '@app/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { checkoutWalletQuery } from '@/lib/checkout-wallet';
import { useTenant } from '@/lib/tenant';

/** The points side of a payment form, as useCheckoutWallet reads it. */
export interface CheckoutWallet {
  /** The tenant runs the wallet: the form offers points and counts what the card part earns. */
  on: boolean;
  /** Points the buyer may spend now; null when the wallet is off, or while its balance loads or failed. */
  available: number | null;
  /** Percent of the card part credited as points; null when the wallet is off. */
  rewardRate: number | null;
  /** Reading the balance failed (the form then pays by card only, with a retry). */
  failed: boolean;
  retry: () => void;
}

/** The buyer's balance and reward rate for a payment form, when the tenant runs the wallet. */
export function useCheckoutWallet(): CheckoutWallet {
  const { tenant, isEnabled } = useTenant();
  const on = isEnabled('wallet');
  const wallet = useQuery({ ...checkoutWalletQuery, enabled: on });
  return {
    on,
    available: on && wallet.data ? wallet.data.balance.available : null,
    rewardRate: on
      ? (wallet.data?.point_reward_rate ?? tenant.settings.point_reward_rate ?? DEFAULT_POINT_REWARD_RATE)
      : null,
    failed: wallet.isError,
    retry: () => void wallet.refetch(),
  };
}

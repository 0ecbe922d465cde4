import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { walletText as m, topupText as t } from './messages';
import { confirmCharge, refreshWallet } from './wallet.api';

/**
 * Confirms a card top-up with the server (which verifies it at the gateway) for the payment
 * callback screen, and refreshes the wallet: new balance, history from page 1.
 */
export function useTopupConfirmer() {
  const queryClient = useQueryClient();
  return useCallback(
    async (paymentId: string) => {
      const answer = await confirmCharge(paymentId);
      void refreshWallet(queryClient, answer.balance);
      return {
        amount: answer.amount,
        rows: [
          { label: t.receiptCharged, value: m.points(answer.amount) },
          { label: t.receiptBalance, value: m.points(answer.balance.available) },
        ],
      };
    },
    [queryClient],
  );
}

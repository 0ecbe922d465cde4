import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { resumePurchaseState } from '@/lib/checkout';
import { confirmPurchase, orderDetailQuery, refreshAfterOrderChange } from './orders.api';
import { draftOfPayment, forgetPurchaseDraft, productOfPayment } from './purchase-draft';
import { paymentReceiptRows, purchaseReceiptRows } from './purchase-receipt';

/**
 * Confirms a purchase for the payment callback screen (card, points, or both): the server verifies
 * the card part at the gateway and completes the order (or the orders of a cart's payment, one per
 * merchant); then the orders are read for the receipt, and the order history and the wallet are
 * refreshed.
 */
export function usePurchaseConfirmer() {
  const queryClient = useQueryClient();
  return useCallback(
    async (paymentId: string, context?: { txId?: string }) => {
      const answer = await confirmPurchase({ merchant_uid: paymentId, imp_uid: context?.txId, status: 'paid' });
      forgetPurchaseDraft(paymentId);
      void refreshAfterOrderChange(queryClient);
      const orderIds = answer.order_ids?.length ? answer.order_ids : [answer.order_id];
      if (orderIds.length > 1) {
        const orders = await Promise.all(orderIds.map((id) => queryClient.fetchQuery(orderDetailQuery(id)))).catch(
          () => undefined,
        );
        const amount = orders ? orders.reduce((sum, o) => sum + o.total_price, 0) : answer.amount;
        return { amount, rows: paymentReceiptRows(answer, orderIds, orders) };
      }
      const order = await queryClient.fetchQuery(orderDetailQuery(answer.order_id)).catch(() => undefined);
      return { amount: order?.total_price ?? answer.amount, rows: purchaseReceiptRows(answer, order) };
    },
    [queryClient],
  );
}

/**
 * A purchase whose payment window was cancelled or failed: tell the server now, so the points it
 * locked and the stock it reserved come back at once instead of when the payment expires.
 */
export function usePurchaseAbandoner() {
  return useCallback((paymentId: string) => {
    confirmPurchase({ merchant_uid: paymentId, status: 'cancelled' }).catch(() => undefined);
  }, []);
}

/**
 * '다시 결제하기' of a declined or cancelled purchase: back to its product with the order sheet open
 * and the buyer's entries in it (purchase-draft.ts); nowhere when this tab did not start it.
 */
export function usePurchaseRetry() {
  return useCallback((paymentId: string | undefined) => {
    const productId = paymentId ? productOfPayment(paymentId) : null;
    if (!paymentId || productId === null) return null;
    const draft = draftOfPayment(paymentId);
    const state = resumePurchaseState(draft?.qty, draft?.option_id);
    return { to: paths.productDetail.getHref(productId), state };
  }, []);
}

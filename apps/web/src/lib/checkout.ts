import type { Checkout } from '@app/contracts';
import type { PaymentRequest } from '@portone/browser-sdk/v2';
import { paths } from '@/config/paths';

/** What a payment pays for; the callback screen confirms each kind with its own call. */
export const paymentKinds = ['topup', 'purchase'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** What the payment window answers with (PortOne's response, or the sandbox page's redirect). */
export interface PaymentWindowResult {
  paymentId: string;
  code?: string;
  message?: string;
  txId?: string;
}

/** /payment/callback with the payment window's answer, so both gateways end on one screen. */
export function paymentCallbackHref(type: PaymentKind, result: PaymentWindowResult): string {
  return paths.paymentCallback.getHref({
    paymentId: result.paymentId,
    code: result.code,
    message: result.message,
    txId: result.txId,
    type,
  });
}

/**
 * The navigation state that brings a buyer back to a product after a declined or cancelled payment:
 * the product page opens its order sheet again, with the entries the orders feature kept, and shows
 * the kept quantity and option itself too.
 */
export function resumePurchaseState(
  quantity?: number,
  optionId?: number,
): { resumePurchase: true; quantity?: number; optionId?: number } {
  return {
    resumePurchase: true,
    ...(quantity === undefined ? {} : { quantity }),
    ...(optionId === undefined ? {} : { optionId }),
  };
}

/** Whether a location's state asks the product page to open its order sheet again. */
export function asksToResumePurchase(state: unknown): boolean {
  return (state as { resumePurchase?: unknown } | null)?.resumePurchase === true;
}

/** The option a resumed purchase was for, when the state carries one. */
export function resumedOptionId(state: unknown): number | undefined {
  const id = (state as { optionId?: unknown } | null)?.optionId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The quantity a resumed purchase had, when the state carries a sensible one. */
export function resumedQuantity(state: unknown): number | undefined {
  const q = (state as { quantity?: unknown } | null)?.quantity;
  return typeof q === 'number' && Number.isInteger(q) && q > 0 ? q : undefined;
}

type PortOneCheckout = Extract<Checkout, { gateway: 'portone' }>;

/** The SDK request of a PortOne checkout (SDK 0.1: currency `KRW`, pay method `CARD`). */
export function portOneRequest(checkout: PortOneCheckout): PaymentRequest {
  return {
    storeId: checkout.store_id,
    channelKey: checkout.channel_key,
    paymentId: checkout.payment_id,
    orderName: checkout.order_name,
    totalAmount: checkout.total_amount,
    currency: checkout.currency,
    payMethod: checkout.pay_method,
    customer: {
      fullName: checkout.customer.full_name,
      email: checkout.customer.email,
      phoneNumber: checkout.customer.phone_number,
    },
    redirectUrl: checkout.redirect_url,
  };
}

export type CheckoutOutcome =
  /** The page is leaving for the gateway (sandbox checkout page, PortOne's mobile redirect). */
  | { kind: 'left' }
  /** The payment window closed with an answer: continue at the callback screen. */
  | { kind: 'returned'; href: string };

/**
 * Opens the payment window of a prepared payment. The PortOne SDK is loaded here, only when a
 * payment starts, never with a page (it injects PortOne's script).
 */
export async function openCheckout(checkout: Checkout, type: PaymentKind): Promise<CheckoutOutcome> {
  if (checkout.gateway === 'sandbox') {
    window.location.assign(checkout.url);
    return { kind: 'left' };
  }
  const { default: PortOne } = await import('@portone/browser-sdk/v2');
  const response = await PortOne.requestPayment(portOneRequest(checkout));
  // No answer: the browser was redirected (mobile) and comes back through redirect_url.
  if (!response) return { kind: 'left' };
  return {
    kind: 'returned',
    href: paymentCallbackHref(type, {
      paymentId: response.paymentId || checkout.payment_id,
      code: response.code,
      message: response.message,
      txId: response.txId,
    }),
  };
}

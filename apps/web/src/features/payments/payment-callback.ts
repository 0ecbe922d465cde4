import { paymentIdSchema } from '@app/contracts';
import { apiErrorCode, apiErrorDetail } from '@/lib/api-client';
import { type PaymentKind, paymentKinds } from '@/lib/checkout';
import { paymentText as m } from './messages';

/** What the callback screen starts with, read from the payment window's query. */
export type CallbackStart =
  /** `paymentId` when the payment window answered with a code for a known payment (it can be released). */
  | { kind: 'failed'; text: string; type?: PaymentKind; paymentId?: string }
  /** `txId`: the gateway's transaction id, when the window sent one. */
  | { kind: 'confirm'; type: PaymentKind; paymentId: string; txId?: string };

function kindOf(value: string | null): PaymentKind | undefined {
  return paymentKinds.find((k) => k === value);
}

/**
 * Spec 2, payment callback: a missing (or malformed) paymentId is invalid; a code other than 0 is
 * a cancelled or failed payment with the provider's message; otherwise the payment is confirmed
 * with the server according to its type.
 */
export function readCallbackQuery(params: URLSearchParams): CallbackStart {
  const type = kindOf(params.get('type'));
  const paymentId = paymentIdSchema.safeParse(params.get('paymentId') ?? '');
  if (!paymentId.success) return { kind: 'failed', text: m.invalid, type };
  const code = params.get('code')?.trim();
  if (code && code !== '0') {
    // The provider's message under the screen's own '결제에 실패했습니다' (spec 8's 'payment failed:
    // {message}' for a purchase, without saying it twice).
    const text = params.get('message')?.trim() || m.cancelled;
    return type ? { kind: 'failed', text, type, paymentId: paymentId.data } : { kind: 'failed', text };
  }
  if (!type) return { kind: 'failed', text: m.invalid };
  const txId = params.get('txId')?.trim();
  return txId
    ? { kind: 'confirm', type, paymentId: paymentId.data, txId }
    : { kind: 'confirm', type, paymentId: paymentId.data };
}

export interface PaymentReceipt {
  amount: number;
  /** Lines of the receipt (amount charged, balance after, order number …). */
  rows: { label: string; value: string }[];
}

export type CallbackState =
  | { kind: 'processing' }
  | { kind: 'pending'; checking: boolean }
  | { kind: 'success'; receipt: PaymentReceipt }
  | { kind: 'failed'; text: string };

/** The server's 'payment failed: {message}' (payment_failed) opens with the screen's own title. */
const FAILED_PREFIX = /^결제에 실패했습니다:\s*/;

/**
 * A refused confirmation: 409 payment_pending waits for the card; any other shows the server's
 * detail, without repeating the title '결제에 실패했습니다' above it.
 */
export function stateFromConfirmError(err: unknown): CallbackState {
  const code = apiErrorCode(err);
  if (code === 'payment_pending') return { kind: 'pending', checking: false };
  const detail = apiErrorDetail(err);
  if (!detail) return { kind: 'failed', text: m.processingFailed };
  return {
    kind: 'failed',
    text: code === 'payment_failed' ? detail.replace(FAILED_PREFIX, '') || m.cancelled : detail,
  };
}

import { paymentIdSchema } from '@app/contracts';
import { apiErrorCode, apiErrorDetail } from '@/lib/api-client';
import { type PaymentKind, paymentKinds } from '@/lib/checkout';
import { paymentText as m } from './messages';

/** What the callback screen starts with, read from the payment window's query. */
export type CallbackStart =
  | { kind: 'failed'; text: string; type?: PaymentKind }
  | { kind: 'confirm'; type: PaymentKind; paymentId: string };

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
  if (code && code !== '0') return { kind: 'failed', text: params.get('message')?.trim() || m.cancelled, type };
  if (!type) return { kind: 'failed', text: m.invalid };
  return { kind: 'confirm', type, paymentId: paymentId.data };
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

/** A refused confirmation: 409 payment_pending waits for the card; any other shows the server's detail. */
export function stateFromConfirmError(err: unknown): CallbackState {
  if (apiErrorCode(err) === 'payment_pending') return { kind: 'pending', checking: false };
  return { kind: 'failed', text: apiErrorDetail(err) ?? m.processingFailed };
}

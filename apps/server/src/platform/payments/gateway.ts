import type { DbOrTx } from '../db/client.js';
import { failpoint, type GatewayCall, type Seams } from '../seams.js';

/**
 * The card payment gateway (ARCHITECTURE.md section 5; docs/decisions/015-payments.md): PortOne V2
 * in production, the built-in sandbox by default. Both answer the same look-up, so the server's
 * verification of a payment (status, currency, amount) is one code path whatever the gateway.
 */
export type GatewayKind = 'sandbox' | 'portone';

/** What the server asks the gateway to collect: our payment id, the amount it computed, the buyer. */
export interface GatewayPrepare {
  tenantId: number;
  paymentId: string;
  orderName: string;
  /** Won, the card part only. */
  amount: number;
  currency: 'KRW';
  buyer: { name: string; email: string; phone: string };
  /** Absolute URL the buyer's browser comes back to (/payment/callback?type=…), on the tenant's domain. */
  redirectUrl: string;
  /**
   * The payment window closes here: the server expires the payment (and gives back what it holds)
   * at this time, so a gateway that can refuse a later payment should (docs/decisions/029).
   */
  expiresAt?: Date;
}

/** How the web app opens the payment window (the `checkout` of the prepare answers). */
export type GatewayCheckout =
  | { gateway: 'sandbox'; url: string }
  | {
      gateway: 'portone';
      store_id: string;
      channel_key: string;
      payment_id: string;
      order_name: string;
      total_amount: number;
      currency: 'KRW';
      pay_method: 'CARD';
      redirect_url: string;
      customer: { full_name: string; email: string; phone_number: string };
    };

/**
 * One cancellation of a payment as the gateway reports it (PortOne V2's PaymentCancellation):
 * SUCCEEDED gave the money back, REQUESTED is still on its way at the card company (asynchronous
 * cancels), FAILED gave nothing back.
 */
export interface GatewayCancellation {
  id: string;
  status: 'REQUESTED' | 'SUCCEEDED' | 'FAILED';
  amount: number;
}

/**
 * A payment as the gateway reports it (PortOne V2's statuses). `amount` is the total the buyer was
 * asked for; `cancelledAmount` what has been given back (succeeded cancellations only).
 */
export interface GatewayPayment {
  id: string;
  status: 'READY' | 'PAY_PENDING' | 'PAID' | 'FAILED' | 'CANCELLED' | 'PARTIAL_CANCELLED' | 'VIRTUAL_ACCOUNT_ISSUED';
  amount: number;
  cancelledAmount: number;
  currency: string;
  /** The gateway's transaction id (PortOne's transactionId / pgTxId). */
  transactionId: string | null;
  /** The provider's reason, for FAILED. */
  failureMessage: string | null;
  /** Every cancellation asked for, oldest first. */
  cancellations: GatewayCancellation[];
}

/** What a cancel request answered: done at once, or requested (the gateway says later how it ended). */
export interface GatewayCancelAnswer {
  /** The gateway's cancellation id (null when there was nothing left to cancel). */
  id: string | null;
  status: 'SUCCEEDED' | 'REQUESTED';
}

/** A verified webhook: the payment it is about (the server then looks the payment up itself). */
export interface GatewayWebhook {
  type: string;
  paymentId: string | null;
  /** The cancellation a cancellation webhook is about (PortOne's `data.cancellationId`). */
  cancellationId?: string | null;
}

/**
 * `tx`: the caller's open database transaction. Only the sandbox uses it (it keeps its book in the
 * product's database, and the embedded PGlite runs one transaction at a time); remote gateways
 * ignore it.
 */
export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** Registers the expected amount with the gateway and answers how the browser opens the payment. */
  prepare(payment: GatewayPrepare, tx?: DbOrTx): Promise<GatewayCheckout>;
  /** The payment as the gateway knows it; null when the gateway has no payment of that id. */
  getPayment(tenantId: number, paymentId: string, tx?: DbOrTx): Promise<GatewayPayment | null>;
  /**
   * Cancels the whole payment, or `amount` of it. `currentCancellableAmount`: what the caller
   * believes may still be cancelled; the gateway refuses the cancel if its own figure differs (the
   * balance changed meanwhile), so a cancel decided on a stale look-up never gives back twice.
   */
  cancel(
    tenantId: number,
    paymentId: string,
    opts: { reason: string; amount?: number; currentCancellableAmount?: number },
    tx?: DbOrTx,
  ): Promise<GatewayCancelAnswer>;
  /**
   * Checks a webhook's signature (Standard Webhooks: webhook-id, webhook-timestamp within 5 minutes,
   * webhook-signature) over the raw body; throws `WebhookRejected` when it does not verify.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<GatewayWebhook>;
}

/** A webhook whose signature, timestamp or body did not verify. */
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

/** A gateway call that failed (network, 5xx, an answer it could not read): the payment stays as it was. */
export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
  }
}

/**
 * The gateway with the failpoints of `seams` around each call (the money simulation's timeouts
 * and lost answers); the gateway itself when there are none (production).
 */
export function withGatewayFailpoints<G extends PaymentGateway>(gateway: G, seams: Seams): G {
  if (!seams.failpoints) return gateway;
  const around = async <T>(call: GatewayCall, run: () => Promise<T>): Promise<T> => {
    failpoint(seams, `gateway.${call}:before`);
    const answer = await run();
    failpoint(seams, `gateway.${call}:after`);
    return answer;
  };
  return {
    ...gateway,
    prepare: (p, tx) => around('prepare', () => gateway.prepare(p, tx)),
    getPayment: (tenantId, paymentId, tx) => around('getPayment', () => gateway.getPayment(tenantId, paymentId, tx)),
    cancel: (tenantId, paymentId, opts, tx) => around('cancel', () => gateway.cancel(tenantId, paymentId, opts, tx)),
  };
}

import { PaymentClient, RestError, Webhook } from '@portone/server-sdk';
import { z } from 'zod';
import {
  type GatewayPayment,
  GatewayUnavailable,
  type GatewayWebhook,
  type PaymentGateway,
  WebhookRejected,
} from './gateway.js';

export interface PortOneGatewayOptions {
  /** The V2 API secret (sent as `Authorization: PortOne {secret}`). */
  apiSecret: string;
  storeId: string;
  /** The card channel the browser SDK opens the payment window with. */
  channelKey: string;
  /** The store's webhook secret (`whsec_…`, base64). */
  webhookSecret: string;
  /** PortOne's REST origin; tests point it at the local stand-in. */
  apiBaseUrl?: string;
  /** How long one call may take before it counts as unavailable. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The parts of PortOne's `Payment` (GET /payments/{paymentId}) the server relies on; the rest may change freely. */
const paymentAnswer = z.object({
  id: z.string(),
  status: z.enum([
    'READY',
    'PAY_PENDING',
    'PAID',
    'FAILED',
    'CANCELLED',
    'PARTIAL_CANCELLED',
    'VIRTUAL_ACCOUNT_ISSUED',
  ]),
  amount: z.object({ total: z.number().int(), cancelled: z.number().int() }),
  currency: z.string(),
  transactionId: z.string().optional(),
  pgTxId: z.string().optional(),
  failure: z.object({ reason: z.string().optional(), pgMessage: z.string().optional() }).optional(),
});

/** POST /payments/{paymentId}/cancel answers the cancellation; FAILED (or anything unknown) means nothing was given back. */
const cancelAnswer = z.object({ cancellation: z.object({ status: z.enum(['REQUESTED', 'SUCCEEDED']) }) });

/** V2 webhook bodies: `{ type, timestamp, data }`; transaction webhooks carry `data.paymentId`, others may not. */
const webhookBody = z.object({
  type: z.string(),
  data: z.object({ paymentId: z.string().optional() }).optional(),
});

/**
 * The PortOne V2 card gateway through `@portone/server-sdk`: pre-registers the amount, looks payments
 * up, cancels them and verifies Standard Webhooks signatures. One PortOne store serves every tenant,
 * so payment ids must be unique across tenants; `tenantId` is not sent to PortOne.
 */
export function createPortOneGateway(opts: PortOneGatewayOptions): PaymentGateway {
  const { storeId, channelKey, webhookSecret } = opts;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!/^(whsec_)?[A-Za-z0-9+/]+={0,2}$/.test(webhookSecret)) {
    throw new Error('The PortOne webhook secret must be the base64 secret of the console (whsec_…)');
  }
  const client = PaymentClient({
    secret: opts.apiSecret,
    storeId,
    baseUrl: opts.apiBaseUrl ?? 'https://api.portone.io',
  });

  /**
   * One SDK call. PortOne's typed refusals (`{ type, message }`) go to `onRefusal`, which answers a
   * value when the refusal is an expected outcome; every other failure (network, timeout, 5xx, an
   * answer that is not PortOne's JSON, a refusal nobody expects) is GatewayUnavailable.
   */
  async function call<T>(what: string, request: () => Promise<T>, onRefusal?: (type: string) => T | undefined) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new GatewayUnavailable(`PortOne ${what}: no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([request(), timeout]);
    } catch (err) {
      if (err instanceof GatewayUnavailable) throw err;
      if (err instanceof RestError) {
        const type = String(err.data.type);
        const accepted = onRefusal?.(type);
        if (accepted !== undefined) return accepted;
        throw new GatewayUnavailable(`PortOne ${what} refused: ${type} ${err.message}`, { cause: err });
      }
      throw new GatewayUnavailable(`PortOne ${what} failed`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: 'portone',

    async prepare(payment) {
      // `payment.expiresAt` is not sent: PortOne's pre-registration (storeId, totalAmount,
      // taxFreeAmount, currency) and the browser SDK's card request have no payment window (only
      // virtual accounts and single PGs' bypass options do). A card paid after the expiry is found
      // by the webhook or the look-up and cancelled (docs/decisions/029).
      await call('preRegisterPayment', () =>
        client.preRegisterPayment({
          paymentId: payment.paymentId,
          storeId,
          totalAmount: payment.amount,
          currency: payment.currency,
        }),
      );
      return {
        gateway: 'portone',
        store_id: storeId,
        channel_key: channelKey,
        payment_id: payment.paymentId,
        order_name: payment.orderName,
        total_amount: payment.amount,
        currency: payment.currency,
        pay_method: 'CARD',
        redirect_url: payment.redirectUrl,
        customer: { full_name: payment.buyer.name, email: payment.buyer.email, phone_number: payment.buyer.phone },
      };
    },

    async getPayment(_tenantId, paymentId): Promise<GatewayPayment | null> {
      const answer = await call<unknown>(
        'getPayment',
        () => client.getPayment({ paymentId, storeId }),
        (type) => (type === 'PAYMENT_NOT_FOUND' ? null : undefined),
      );
      if (answer === null) return null;
      const parsed = paymentAnswer.safeParse(answer);
      if (!parsed.success || parsed.data.id !== paymentId) {
        throw new GatewayUnavailable(`PortOne getPayment: unreadable payment ${paymentId}`);
      }
      const p = parsed.data;
      return {
        id: p.id,
        status: p.status,
        amount: p.amount.total,
        cancelledAmount: p.amount.cancelled,
        currency: p.currency,
        transactionId: p.transactionId ?? p.pgTxId ?? null,
        failureMessage: p.status === 'FAILED' ? (p.failure?.reason ?? p.failure?.pgMessage ?? null) : null,
      };
    },

    /** A payment PortOne reports as already cancelled counts as cancelled, so a retried cancel is harmless. */
    async cancel(_tenantId, paymentId, { reason, amount }) {
      const answer = await call<unknown>(
        'cancelPayment',
        () => client.cancelPayment({ paymentId, storeId, reason, amount }),
        (type) => (type === 'PAYMENT_ALREADY_CANCELLED' ? null : undefined),
      );
      if (answer !== null && !cancelAnswer.safeParse(answer).success) {
        throw new GatewayUnavailable(`PortOne cancelPayment: payment ${paymentId} was not cancelled`);
      }
    },

    async verifyWebhook(rawBody, headers): Promise<GatewayWebhook> {
      let verified: unknown;
      try {
        // Standard Webhooks: HMAC-SHA256 of "{id}.{timestamp}.{body}", timestamp within 5 minutes either way.
        verified = await Webhook.verify(webhookSecret, rawBody, headers);
      } catch (err) {
        throw new WebhookRejected(`PortOne webhook refused: ${err instanceof Error ? err.message : String(err)}`);
      }
      const parsed = webhookBody.safeParse(verified);
      if (!parsed.success) throw new WebhookRejected('PortOne webhook body is not a V2 webhook');
      return { type: parsed.data.type, paymentId: parsed.data.data?.paymentId ?? null };
    },
  };
}

import { Webhook } from '@portone/server-sdk';
import { z } from 'zod';
import {
  type GatewayCancelAnswer,
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

/** The payment's cancellations (PortOne's PaymentCancellation: REQUESTED, SUCCEEDED or FAILED). */
const cancellationAnswer = z.object({
  id: z.string(),
  status: z.enum(['REQUESTED', 'SUCCEEDED', 'FAILED']),
  totalAmount: z.number().int(),
});

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
  cancellations: z.array(cancellationAnswer).optional(),
});

/**
 * POST /payments/{paymentId}/cancel answers the cancellation: SUCCEEDED (given back), REQUESTED
 * (the card company cancels asynchronously; a webhook or a look-up tells the end). FAILED, or
 * anything unknown, means nothing was given back.
 */
const cancelAnswer = z.object({
  cancellation: z.object({ id: z.string(), status: z.enum(['REQUESTED', 'SUCCEEDED']) }),
});

/**
 * V2 webhook bodies: `{ type, timestamp, data }`; transaction webhooks carry `data.paymentId`,
 * cancellation webhooks also `data.cancellationId`; others may carry neither.
 */
const webhookBody = z.object({
  type: z.string(),
  data: z.object({ paymentId: z.string().optional(), cancellationId: z.string().optional() }).optional(),
});

/** PortOne's refusals: `{ type, message }` with a 4xx status. */
const refusalAnswer = z.object({ type: z.string(), message: z.string().optional() });

/** A refusal PortOne answered (4xx with its `{ type, message }`). */
class PortOneRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'PortOneRefusal';
  }
}

const USER_AGENT = 'market-server (PortOne V2 REST)';

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
  const baseUrl = opts.apiBaseUrl ?? 'https://api.portone.io';

  /**
   * One REST call to PortOne. Bodies go out as `application/json`, the only request type PortOne's
   * document accepts (the server SDK sends them without a content type, which PortOne reads as
   * text/plain, so the adapter makes its own calls). A 2xx answer's JSON is returned; a 4xx with
   * PortOne's `{ type, message }` is a PortOneRefusal; anything else is GatewayUnavailable.
   */
  async function send(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<unknown> {
    const url = new URL(path, baseUrl);
    if (method === 'GET') url.searchParams.set('storeId', storeId);
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `PortOne ${opts.apiSecret}`,
        'user-agent': USER_AGENT,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify({ storeId, ...body }) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayUnavailable(`PortOne ${method} ${url.pathname}: ${res.status}, not JSON`);
    }
    if (res.ok) return json;
    const refusal = res.status < 500 ? refusalAnswer.safeParse(json) : null;
    if (refusal?.success) throw new PortOneRefusal(res.status, refusal.data.type, refusal.data.message ?? '');
    throw new GatewayUnavailable(`PortOne ${method} ${url.pathname}: ${res.status}`);
  }

  /**
   * One call. PortOne's typed refusals go to `onRefusal`, which answers a value when the refusal is
   * an expected outcome; every other failure (network, timeout, 5xx, an answer that is not
   * PortOne's JSON, a refusal nobody expects) is GatewayUnavailable.
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
      if (err instanceof PortOneRefusal) {
        const accepted = onRefusal?.(err.type);
        if (accepted !== undefined) return accepted;
        throw new GatewayUnavailable(`PortOne ${what} refused: ${err.type} ${err.message}`, { cause: err });
      }
      throw new GatewayUnavailable(`PortOne ${what} failed`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  const paymentPath = (paymentId: string, action = '') => `/payments/${encodeURIComponent(paymentId)}${action}`;

  return {
    kind: 'portone',

    async prepare(payment) {
      // `payment.expiresAt` is not sent: PortOne's pre-registration (storeId, totalAmount,
      // taxFreeAmount, currency) and the browser SDK's card request have no payment window (only
      // virtual accounts and single PGs' bypass options do). A card paid after the expiry is found
      // by the webhook or the look-up and cancelled (docs/decisions/029).
      await call('preRegisterPayment', () =>
        send('POST', paymentPath(payment.paymentId, '/pre-register'), {
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
        () => send('GET', paymentPath(paymentId)),
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
        cancellations: (p.cancellations ?? []).map((c) => ({ id: c.id, status: c.status, amount: c.totalAmount })),
      };
    },

    /**
     * A payment PortOne reports as already cancelled counts as cancelled, so a retried cancel is
     * harmless. `currentCancellableAmount` makes PortOne refuse the cancel when its balance is no
     * longer the one the caller decided on (CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN: unavailable, nothing given back).
     */
    async cancel(_tenantId, paymentId, { reason, amount, currentCancellableAmount }): Promise<GatewayCancelAnswer> {
      const answer = await call<unknown>(
        'cancelPayment',
        () => send('POST', paymentPath(paymentId, '/cancel'), { reason, amount, currentCancellableAmount }),
        (type) => (type === 'PAYMENT_ALREADY_CANCELLED' ? null : undefined),
      );
      if (answer === null) return { id: null, status: 'SUCCEEDED' };
      const parsed = cancelAnswer.safeParse(answer);
      if (!parsed.success) {
        throw new GatewayUnavailable(`PortOne cancelPayment: payment ${paymentId} was not cancelled`);
      }
      return { id: parsed.data.cancellation.id, status: parsed.data.cancellation.status };
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
      return {
        type: parsed.data.type,
        paymentId: parsed.data.data?.paymentId ?? null,
        cancellationId: parsed.data.data?.cancellationId ?? null,
      };
    },
  };
}

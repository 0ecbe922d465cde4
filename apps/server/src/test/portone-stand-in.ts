import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type PaymentStatus =
  | 'READY'
  | 'PAY_PENDING'
  | 'PAID'
  | 'FAILED'
  | 'CANCELLED'
  | 'PARTIAL_CANCELLED'
  | 'VIRTUAL_ACCOUNT_ISSUED';

type CancellationStatus = 'REQUESTED' | 'SUCCEEDED' | 'FAILED';

interface Cancellation {
  id: string;
  status: CancellationStatus;
  totalAmount: number;
  reason: string;
  at: string;
  /** When the PG answered (SUCCEEDED or FAILED). */
  settledAt?: string;
}

interface StandInPayment {
  id: string;
  status: PaymentStatus;
  transactionId: string;
  orderName: string;
  total: number;
  currency: string;
  requestedAt: string;
  statusChangedAt: string;
  paidAt?: string;
  /** A pending card (PAY_PENDING) the issuer approves at this time (ms; `pendingSettleMs`). */
  settleAt?: number;
  pgTxId?: string;
  failure?: { reason: string; pgCode: string; pgMessage: string };
  cancellations: Cancellation[];
}

export interface WebhookSigning {
  /** Sign with this secret instead of the store's (a forger's). */
  secret?: string;
  /** How old the webhook-timestamp is, in seconds (PortOne allows 5 minutes). */
  ageSeconds?: number;
  /** Sent instead of the signed body (a body changed on the way). */
  tamperedBody?: string;
}

/** A fresh Standard Webhooks secret as PortOne's console shows it: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const isAmount = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const isOptional = <T>(value: unknown, is: (v: unknown) => v is T): value is T | undefined =>
  value === undefined || is(value);

const MERCHANT_ID = 'merchant-00000000-0000-0000-0000-standin00001';

/** PortOne's webhook types that are about one cancellation (their `data` carries `cancellationId`). */
const CANCELLATION_WEBHOOKS = new Set([
  'Transaction.CancelPending',
  'Transaction.PartialCancelled',
  'Transaction.Cancelled',
]);

/**
 * A local stand-in for PortOne's V2 REST API (api.portone.io): GET /payments/{paymentId},
 * POST /payments/{paymentId}/pre-register and POST /payments/{paymentId}/cancel, with PortOne's
 * `Authorization: PortOne {secret}` check, answer shapes and `{ type, message }` errors (OpenAPI
 * document of PortOne V2). Tests play the buyer (`pay`, `fail`, `ready`) and PortOne's webhook
 * sender (`sendWebhook`, signed with Standard Webhooks exactly as PortOne signs).
 */
export async function startPortOneStandIn(options: {
  apiSecret: string;
  storeId: string;
  webhookSecret?: string;
  /** The stand-in's clock (the money simulation's); the machine's by default. */
  now?: () => Date;
  /** Its transaction and cancellation ids (the simulation's seeded ones); random UUIDs by default. */
  newId?: () => string;
  /** The payment window opens as the amount is pre-registered (READY at once), as a buyer would open it. */
  readyOnPreRegister?: boolean;
  /** A card paid PAY_PENDING is approved by its issuer this long after (never by default). */
  pendingSettleMs?: number;
}) {
  const webhookSecret = options.webhookSecret ?? newWebhookSecret();
  const clock = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const nowIso = () => clock().toISOString();
  const payments = new Map<string, StandInPayment>();
  const preRegistered = new Map<string, { totalAmount?: number; currency?: string }>();
  const requests: {
    method: string;
    path: string;
    authorization: string | undefined;
    contentType: string | undefined;
    body: string;
  }[] = [];
  let outage: 'error' | 'hang' | null = null;
  /** How the next cancels are answered: at once (SUCCEEDED) or asynchronously (REQUESTED, settled by the test). */
  let cancelAnswer: 'SUCCEEDED' | 'REQUESTED' = 'SUCCEEDED';
  /** Runs once just before the next cancel is handled (something changes the payment under it). */
  let beforeNextCancel: (() => void) | null = null;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });

  /** A JSON object body (PortOne's document declares `application/json` request bodies only). */
  const parseObject = (text: string): Record<string, unknown> | null => {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };

  const sumOf = (p: StandInPayment, statuses: CancellationStatus[]) =>
    p.cancellations.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + c.totalAmount, 0);
  /** What was given back (`amount.cancelled`): succeeded cancellations only. */
  const cancelledOf = (p: StandInPayment) => sumOf(p, ['SUCCEEDED']);
  /** What may still be cancelled: a requested cancellation already holds its amount. */
  const cancellableOf = (p: StandInPayment) => p.total - sumOf(p, ['SUCCEEDED', 'REQUESTED']);
  /** The payment's status once its cancellations are what they are. */
  const statusAfterCancels = (p: StandInPayment): PaymentStatus => {
    const cancelled = cancelledOf(p);
    if (cancelled === 0) return 'PAID';
    return cancelled >= p.total ? 'CANCELLED' : 'PARTIAL_CANCELLED';
  };

  /** A Succeeded-, Requested- or FailedPaymentCancellation of PortOne's schema. */
  const presentCancellation = (c: Cancellation) => ({
    status: c.status,
    id: c.id,
    ...(c.status === 'REQUESTED' ? {} : { pgCancellationId: `pg-${c.id}` }),
    totalAmount: c.totalAmount,
    taxFreeAmount: 0,
    vatAmount: Math.round(c.totalAmount / 11),
    reason: c.reason,
    ...(c.settledAt && c.status === 'SUCCEEDED' ? { cancelledAt: c.settledAt } : {}),
    requestedAt: c.at,
    trigger: 'API',
  });

  /** A payment as PortOne's `Payment` schema has it, by its `status` discriminator. */
  function present(p: StandInPayment) {
    const paid = ['PAID', 'CANCELLED', 'PARTIAL_CANCELLED'].includes(p.status) ? p.total : 0;
    const base = {
      status: p.status,
      id: p.id,
      transactionId: p.transactionId,
      merchantId: MERCHANT_ID,
      storeId: options.storeId,
      channel: {
        type: 'TEST',
        id: 'channel-id-standin',
        key: 'channel-key-standin',
        name: '테스트 카드 채널',
        pgProvider: 'TOSSPAYMENTS',
        pgMerchantId: 'tosstest',
      },
      version: 'V2',
      requestedAt: p.requestedAt,
      updatedAt: p.statusChangedAt,
      statusChangedAt: p.statusChangedAt,
      orderName: p.orderName,
      amount: {
        total: p.total,
        taxFree: 0,
        vat: Math.round(p.total / 11),
        supply: p.total - Math.round(p.total / 11),
        discount: 0,
        paid,
        cancelled: cancelledOf(p),
        cancelledTaxFree: 0,
      },
      currency: p.currency,
      customer: {},
      origin: { platformType: 'PC', ipAddress: '127.0.0.1' },
    };
    const cancellations = p.cancellations.map(presentCancellation);
    switch (p.status) {
      case 'PAID':
        return { ...base, paidAt: p.paidAt, pgTxId: p.pgTxId, disputes: [], cancellations };
      case 'FAILED':
        return { ...base, failedAt: p.statusChangedAt, failure: p.failure };
      case 'CANCELLED':
      case 'PARTIAL_CANCELLED':
        return { ...base, paidAt: p.paidAt, pgTxId: p.pgTxId, cancellations, cancelledAt: p.statusChangedAt };
      case 'PAY_PENDING':
      case 'VIRTUAL_ACCOUNT_ISSUED':
        return { ...base, pgTxId: p.pgTxId };
      case 'READY':
        return base;
    }
  }

  /** The payment as it stands now: a pending card whose issuer approved it meanwhile is PAID. */
  const current = (p: StandInPayment | undefined) => {
    if (p?.status === 'PAY_PENDING' && p.settleAt !== undefined && p.settleAt <= clock().getTime()) {
      p.status = 'PAID';
      p.paidAt = new Date(p.settleAt).toISOString();
      p.statusChangedAt = p.paidAt;
      p.settleAt = undefined;
    }
    return p;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    if (outage === 'hang') return;
    if (outage === 'error') {
      // What a load balancer in front of a failing API answers: 503 with an HTML page.
      res.writeHead(503, { 'content-type': 'text/html' });
      return res.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
    }
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const refuse = (status: number, type: string, message: string) => send(status, { type, message });

    if (req.headers.authorization !== `PortOne ${options.apiSecret}`) {
      return refuse(401, 'UNAUTHORIZED', '인증 정보가 올바르지 않습니다.');
    }
    const match = /^\/payments\/([^/]+)(\/pre-register|\/cancel)?$/.exec(url.pathname);
    if (!match?.[1]) return refuse(404, 'NOT_FOUND', '요청한 경로를 찾을 수 없습니다.');
    const paymentId = decodeURIComponent(match[1]);
    const action = `${req.method} ${match[2] ?? ''}`;
    // PortOne's API takes `application/json` bodies only (its OpenAPI document declares no other).
    if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return refuse(415, 'INVALID_REQUEST', '요청 본문의 Content-Type은 application/json이어야 합니다.');
    }
    const input = req.method === 'POST' ? parseObject(body) : {};
    if (!input) return refuse(400, 'INVALID_REQUEST', '요청 본문을 읽을 수 없습니다.');
    const requestedStore = req.method === 'GET' ? url.searchParams.get('storeId') : input.storeId;
    if (requestedStore != null && requestedStore !== options.storeId) {
      return refuse(403, 'FORBIDDEN', '접근 권한이 없는 상점입니다.');
    }
    const payment = current(payments.get(paymentId));

    if (action === 'GET ') {
      if (!payment) return refuse(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
      return send(200, present(payment));
    }

    if (action === 'POST /pre-register') {
      if (payment && payment.status !== 'READY' && payment.status !== 'FAILED') {
        return refuse(409, 'ALREADY_PAID', '결제가 이미 완료되었습니다.');
      }
      const { totalAmount, currency } = input;
      if (!isOptional(totalAmount, isAmount) || !isOptional(currency, isText)) {
        return refuse(400, 'INVALID_REQUEST', '요청된 입력 정보가 유효하지 않습니다.');
      }
      preRegistered.set(paymentId, { totalAmount, currency });
      if (options.readyOnPreRegister && totalAmount !== undefined && !payment) {
        settle(paymentId, 'READY', { amount: totalAmount, currency });
      }
      return send(200, {});
    }

    if (action === 'POST /cancel') {
      const before = beforeNextCancel;
      beforeNextCancel = null;
      before?.();
      const { reason, amount, currentCancellableAmount } = input;
      const isCancellable = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
      if (
        typeof reason !== 'string' ||
        !isOptional(amount, isAmount) ||
        !isOptional(currentCancellableAmount, isCancellable)
      ) {
        return refuse(400, 'INVALID_REQUEST', '요청된 입력 정보가 유효하지 않습니다.');
      }
      if (!payment) return refuse(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
      if (payment.status === 'CANCELLED')
        return refuse(409, 'PAYMENT_ALREADY_CANCELLED', '결제가 이미 취소되었습니다.');
      if (payment.status !== 'PAID' && payment.status !== 'PARTIAL_CANCELLED') {
        return refuse(409, 'PAYMENT_NOT_PAID', '결제가 완료되지 않았습니다.');
      }
      const cancellable = cancellableOf(payment);
      // The caller's view of the balance differs from PortOne's: refused, nothing cancelled.
      if (currentCancellableAmount !== undefined && currentCancellableAmount !== cancellable) {
        return refuse(409, 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', '취소 가능 잔액 검증에 실패했습니다.');
      }
      const cancelAmount = amount ?? cancellable;
      if (cancelAmount > cancellable || cancelAmount === 0) {
        return refuse(
          409,
          'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT',
          '결제 취소 금액이 취소 가능 금액을 초과했습니다.',
        );
      }
      const at = nowIso();
      const cancellation: Cancellation = {
        id: newId(),
        status: cancelAnswer,
        totalAmount: cancelAmount,
        reason,
        at,
        ...(cancelAnswer === 'SUCCEEDED' ? { settledAt: at } : {}),
      };
      payment.cancellations.push(cancellation);
      if (cancelAnswer === 'SUCCEEDED') {
        payment.status = statusAfterCancels(payment);
        payment.statusChangedAt = at;
      }
      return send(200, { cancellation: presentCancellation(cancellation) });
    }

    refuse(404, 'NOT_FOUND', '요청한 경로를 찾을 수 없습니다.');
  });

  // Idle connections stay open for a minute: the client, not a timer racing it, decides when they close.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Creates or moves the payment to `status`, as the payment window would. */
  function settle(
    paymentId: string,
    status: PaymentStatus,
    fields: { amount: number; currency?: string; orderName?: string },
  ): StandInPayment {
    const now = nowIso();
    const existing = payments.get(paymentId);
    const payment: StandInPayment = {
      id: paymentId,
      transactionId: existing?.transactionId ?? newId(),
      requestedAt: existing?.requestedAt ?? now,
      cancellations: existing?.cancellations ?? [],
      orderName: fields.orderName ?? existing?.orderName ?? '테스트 주문',
      total: fields.amount,
      currency: fields.currency ?? 'KRW',
      status,
      statusChangedAt: now,
    };
    if (status !== 'READY' && status !== 'FAILED') payment.pgTxId = `pg-${payment.transactionId}`;
    if (status === 'PAID') payment.paidAt = now;
    if (status === 'PAY_PENDING' && options.pendingSettleMs !== undefined) {
      payment.settleAt = clock().getTime() + options.pendingSettleMs;
    }
    payments.set(paymentId, payment);
    return payment;
  }

  /** Standard Webhooks signature as PortOne sends it: HMAC-SHA256 of "{id}.{timestamp}.{body}". */
  function signWebhook(body: object | string, opts: WebhookSigning = {}) {
    const signed = typeof body === 'string' ? body : JSON.stringify(body);
    const id = `msg_${randomUUID()}`;
    // The machine's time, not the stand-in's clock: the receiver checks it against its own.
    const timestamp = String(Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0));
    const key = Buffer.from((opts.secret ?? webhookSecret).replace(/^whsec_/, ''), 'base64');
    const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${signed}`).digest('base64');
    return {
      body: opts.tamperedBody ?? signed,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      },
    };
  }

  return {
    baseUrl,
    webhookSecret,
    /** Every call the stand-in received, in order. */
    requests,
    /** The amount the server pre-registered for a payment (what PortOne would hold the window to). */
    preRegistered: (paymentId: string) => preRegistered.get(paymentId),
    /** The buyer paid (or the payment is pending / a virtual account was issued). */
    pay(
      paymentId: string,
      opts: { amount: number; currency?: string; status?: 'PAID' | 'PAY_PENDING' | 'VIRTUAL_ACCOUNT_ISSUED' },
    ) {
      return { transactionId: settle(paymentId, opts.status ?? 'PAID', opts).transactionId };
    },
    /** The card was declined with the provider's message. */
    fail(paymentId: string, opts: { amount: number; message: string }) {
      const payment = settle(paymentId, 'FAILED', opts);
      payment.failure = { reason: opts.message, pgCode: 'STANDIN_DECLINED', pgMessage: opts.message };
      return { transactionId: payment.transactionId };
    },
    /** The payment window opened and nothing happened yet. */
    ready(paymentId: string, opts: { amount: number }) {
      return { transactionId: settle(paymentId, 'READY', opts).transactionId };
    },
    /** The payment as PortOne holds it now (status, total, what was given back, when a pending card is approved), or undefined. */
    payment(paymentId: string) {
      const p = current(payments.get(paymentId));
      return p && { status: p.status, total: p.total, cancelled: cancelledOf(p), settleAt: p.settleAt ?? null };
    },
    /** What was given back for a payment, in order (succeeded cancellations). */
    cancellations: (paymentId: string) =>
      (payments.get(paymentId)?.cancellations ?? [])
        .filter((c) => c.status === 'SUCCEEDED')
        .map((c) => ({ amount: c.totalAmount, reason: c.reason })),
    /** Every cancellation asked for, whatever became of it, in order. */
    cancellationRequests: (paymentId: string) =>
      (payments.get(paymentId)?.cancellations ?? []).map((c) => ({
        id: c.id,
        status: c.status,
        amount: c.totalAmount,
        reason: c.reason,
      })),
    /**
     * How the next cancels are answered: `SUCCEEDED` at once (the default), or `REQUESTED` (the PG
     * cancels asynchronously; `settleCancellations` then decides).
     */
    answerCancels(status: 'SUCCEEDED' | 'REQUESTED') {
      cancelAnswer = status;
    },
    /** The PG's late answer to the payment's requested cancellations: SUCCEEDED or FAILED. */
    settleCancellations(paymentId: string, status: 'SUCCEEDED' | 'FAILED') {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      const at = nowIso();
      const settled = payment.cancellations.filter((c) => c.status === 'REQUESTED');
      for (const c of settled) {
        c.status = status;
        c.settledAt = at;
      }
      const before = payment.status;
      payment.status = statusAfterCancels(payment);
      if (payment.status !== before) payment.statusChangedAt = at;
      return settled.map((c) => c.id);
    },
    /** `change` runs just before PortOne handles the next cancel (e.g. `cancelOutside` between a look-up and a cancel). */
    beforeNextCancel(change: () => void) {
      beforeNextCancel = change;
    },
    /** A cancellation made outside the shop's server (PortOne's console): the balance changes under it. */
    cancelOutside(paymentId: string, amount: number) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      const at = nowIso();
      payment.cancellations.push({
        id: newId(),
        status: 'SUCCEEDED',
        totalAmount: amount,
        reason: '관리자 콘솔 취소',
        at,
        settledAt: at,
      });
      payment.status = statusAfterCancels(payment);
      payment.statusChangedAt = at;
    },
    /** `error`: every call answers 503 with an HTML page; `hang`: calls never answer; null: normal again. */
    setOutage(mode: 'error' | 'hang' | null) {
      outage = mode;
    },
    /**
     * A V2 transaction webhook body as PortOne sends it, e.g. `webhookBody('Transaction.Paid', id)`.
     * The cancellation webhooks (Transaction.CancelPending, .PartialCancelled, .Cancelled) also name
     * the cancellation (`data.cancellationId`): the payment's latest one unless `cancellationId` is given.
     */
    webhookBody(type: string, paymentId: string, cancellationId?: string) {
      const payment = payments.get(paymentId);
      const isCancellation = CANCELLATION_WEBHOOKS.has(type);
      return {
        type,
        timestamp: nowIso(),
        data: {
          paymentId,
          storeId: options.storeId,
          transactionId: payment?.transactionId ?? newId(),
          ...(isCancellation ? { cancellationId: cancellationId ?? payment?.cancellations.at(-1)?.id ?? newId() } : {}),
        },
      };
    },
    signWebhook,
    /** POSTs a signed webhook to `url` as PortOne does; `opts` tampers with it. */
    sendWebhook(url: string, body: object | string, opts?: WebhookSigning): Promise<Response> {
      const signed = signWebhook(body, opts);
      return fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PortOneStandIn = Awaited<ReturnType<typeof startPortOneStandIn>>;

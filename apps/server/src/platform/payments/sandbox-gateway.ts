import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { Seams } from '../seams.js';
import {
  type GatewayCheckout,
  type GatewayPayment,
  type GatewayPrepare,
  type PaymentGateway,
  WebhookRejected,
} from './gateway.js';
import { type SandboxPaymentRow, sandboxPayments } from './sandbox.schema.js';

/**
 * Test cards of the sandbox checkout page (shown on it): one approves, one is declined by the
 * "issuer" with a message, one stays pending until `pendingSettleMs` later (a late issuer answer,
 * settled by the reconciliation job or the next look-up).
 */
export const SANDBOX_CARDS = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  pending: '4000 0000 0000 0077',
} as const;

export const SANDBOX_DECLINE_MESSAGE = '카드 한도가 초과되었습니다. (테스트 카드)';
export const SANDBOX_USER_CANCEL_MESSAGE = '사용자가 결제를 취소했습니다.';
export const SANDBOX_EXPIRED_MESSAGE = '결제 가능 시간이 지났습니다. 주문을 처음부터 다시 해주세요.';

const digits = (v: string) => v.replace(/\D/g, '');
const CARD_BY_DIGITS = new Map(Object.entries(SANDBOX_CARDS).map(([kind, number]) => [digits(number), kind]));

export type SandboxDecision =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; payment: SandboxPaymentRow; error?: string }
  | { kind: 'missing' };

export interface SandboxGateway extends PaymentGateway {
  readonly kind: 'sandbox';
  /** The payment shown on the checkout page, or null. */
  find(tenantId: number, paymentId: string): Promise<SandboxPaymentRow | null>;
  /** The tester's answer on the checkout page: a card number, or cancel. */
  submit(tenantId: number, paymentId: string, answer: { card?: string; cancel?: boolean }): Promise<SandboxDecision>;
}

/**
 * The built-in gateway (the default for `npm start` and tests): its own checkout page at
 * `/sandbox-pay/{paymentId}` and its own book (`sandbox_payments`), answering the same look-up as
 * the PortOne adapter, so the server verifies a payment the same way whatever the gateway. It
 * sends no webhooks: the browser's return and the reconciliation job confirm its payments.
 */
export function createSandboxGateway(
  db: DbOrTx,
  opts: { pendingSettleMs: number; seams: Pick<Seams, 'clock' | 'random'> },
): SandboxGateway {
  const { clock, random } = opts.seams;
  const hex = (n: number) => random.bytes(n).toString('hex');
  const where = (tenantId: number, paymentId: string) =>
    and(eq(sandboxPayments.tenantId, tenantId), eq(sandboxPayments.paymentId, paymentId));

  async function find(tenantId: number, paymentId: string, q: DbOrTx = db): Promise<SandboxPaymentRow | null> {
    const [row] = await q.select().from(sandboxPayments).where(where(tenantId, paymentId));
    if (!row) return null;
    const now = clock.now();
    // A payment window past its time closes (a late card is refused), and a pending card settles
    // once its time has come, whoever looks first: the move is guarded by the status it was read in.
    const due =
      row.status === 'READY' && row.expiresAt && row.expiresAt <= now
        ? { status: 'FAILED' as const, failureMessage: SANDBOX_EXPIRED_MESSAGE }
        : row.status === 'PAY_PENDING' && row.settleAt && row.settleAt <= now
          ? { status: 'PAID' as const, paidAt: now }
          : null;
    if (!due) return row;
    const [moved] = await q
      .update(sandboxPayments)
      .set({ ...due, updatedAt: sql`now()` })
      .where(and(where(tenantId, paymentId), eq(sandboxPayments.status, row.status)))
      .returning();
    // Another look moved it first: its row as that look left it.
    return moved ?? (await q.select().from(sandboxPayments).where(where(tenantId, paymentId)))[0] ?? null;
  }

  /** The provider's redirect back to the shop: paymentId, and code + message when it failed. */
  function redirect(row: SandboxPaymentRow, failure?: { code: string; message: string }) {
    const url = new URL(row.redirectUrl);
    url.searchParams.set('paymentId', row.paymentId);
    if (failure) {
      url.searchParams.set('code', failure.code);
      url.searchParams.set('message', failure.message);
    } else if (row.transactionId) {
      url.searchParams.set('txId', row.transactionId);
    }
    return { kind: 'redirect' as const, url: url.toString() };
  }

  return {
    kind: 'sandbox',
    find,

    async prepare(p: GatewayPrepare, tx: DbOrTx = db): Promise<GatewayCheckout> {
      await tx
        .insert(sandboxPayments)
        .values({
          tenantId: p.tenantId,
          paymentId: p.paymentId,
          orderName: p.orderName,
          totalAmount: p.amount,
          currency: p.currency,
          redirectUrl: p.redirectUrl,
          expiresAt: p.expiresAt,
        })
        .onConflictDoNothing();
      return { gateway: 'sandbox', url: `/sandbox-pay/${encodeURIComponent(p.paymentId)}` };
    },

    async getPayment(tenantId, paymentId, tx): Promise<GatewayPayment | null> {
      const row = await find(tenantId, paymentId, tx);
      if (!row) return null;
      return {
        id: row.paymentId,
        status: row.status,
        amount: row.totalAmount,
        cancelledAmount: row.cancelledAmount,
        currency: row.currency,
        transactionId: row.transactionId,
        failureMessage: row.failureMessage,
        // The sandbox cancels at once: nothing is ever left requested.
        cancellations: [],
      };
    },

    async cancel(tenantId, paymentId, { amount }, tx = db) {
      const row = await find(tenantId, paymentId, tx);
      if (!row) return { id: null, status: 'SUCCEEDED' as const };
      const paid = row.status === 'PAID' || row.status === 'PARTIAL_CANCELLED';
      // A payment never paid (ready, pending, failed) is simply closed.
      const cancelledAmount = paid
        ? Math.min(row.totalAmount, row.cancelledAmount + (amount ?? row.totalAmount - row.cancelledAmount))
        : row.cancelledAmount;
      const status = paid && cancelledAmount < row.totalAmount ? 'PARTIAL_CANCELLED' : 'CANCELLED';
      await tx
        .update(sandboxPayments)
        .set({ status, cancelledAmount, updatedAt: sql`now()` })
        .where(where(tenantId, paymentId));
      return { id: `sandbox_cancel_${hex(6)}`, status: 'SUCCEEDED' as const };
    },

    async verifyWebhook() {
      throw new WebhookRejected('the sandbox gateway sends no webhooks');
    },

    async submit(tenantId, paymentId, answer): Promise<SandboxDecision> {
      const row = await find(tenantId, paymentId);
      if (!row) return { kind: 'missing' };
      // Answered before (a second tab, the back button): send the buyer back with the same result.
      if (row.status !== 'READY') {
        return row.status === 'FAILED' || row.status === 'CANCELLED'
          ? redirect(row, { code: 'FAILURE_TYPE_PG', message: row.failureMessage ?? SANDBOX_USER_CANCEL_MESSAGE })
          : redirect(row);
      }
      if (answer.cancel) {
        await db
          .update(sandboxPayments)
          .set({ status: 'FAILED', failureMessage: SANDBOX_USER_CANCEL_MESSAGE, updatedAt: sql`now()` })
          .where(and(where(tenantId, paymentId), eq(sandboxPayments.status, 'READY')));
        return redirect(
          { ...row, status: 'FAILED' },
          { code: 'FAILURE_TYPE_PG', message: SANDBOX_USER_CANCEL_MESSAGE },
        );
      }
      const card = CARD_BY_DIGITS.get(digits(answer.card ?? ''));
      if (!card) return { kind: 'form', payment: row, error: '아래 테스트 카드 번호 중 하나를 입력해주세요.' };
      const transactionId = `sandbox_${hex(9)}`;
      const change =
        card === 'approve'
          ? { status: 'PAID' as const, transactionId, paidAt: clock.now() }
          : card === 'pending'
            ? {
                status: 'PAY_PENDING' as const,
                transactionId,
                settleAt: new Date(clock.now().getTime() + opts.pendingSettleMs),
              }
            : { status: 'FAILED' as const, failureMessage: SANDBOX_DECLINE_MESSAGE };
      const [updated] = await db
        .update(sandboxPayments)
        .set({ ...change, updatedAt: sql`now()` })
        .where(
          and(
            where(tenantId, paymentId),
            eq(sandboxPayments.status, 'READY'),
            or(isNull(sandboxPayments.expiresAt), gt(sandboxPayments.expiresAt, clock.now())),
          ),
        )
        .returning();
      // Lost a race with another tab (or with the window's end): answer what that one decided.
      const settled = updated ?? (await find(tenantId, paymentId));
      if (!settled) return { kind: 'missing' };
      return settled.status === 'FAILED'
        ? redirect(settled, { code: 'FAILURE_TYPE_PG', message: settled.failureMessage ?? SANDBOX_DECLINE_MESSAGE })
        : redirect(settled);
    },
  };
}

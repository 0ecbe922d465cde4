import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { balanceOf, type Posted, post } from './ledger.js';
import { ledgerAccounts } from './wallet.schema.js';

/**
 * The wallet's movements of points, each one balanced ledger transaction (docs/decisions/014).
 * Every function runs inside the caller's database transaction and is idempotent on its key.
 * Other modules (checkout, reviews rewards) move points only through these.
 *
 * | movement        | from                      | to                        | tx_type    |
 * |-----------------|---------------------------|---------------------------|------------|
 * | top-up          | topup_clearing            | wallet.available          | topup      |
 * | transfer        | sender.available          | receiver.available        | adjustment |
 * | lock            | wallet.available          | wallet.locked             | spend      |
 * | capture         | wallet.locked             | purchase_clearing         | spend      |
 * | release         | wallet.locked             | wallet.available          | refund     |
 * | refund          | purchase_clearing         | wallet.available          | refund     |
 * | earn            | rewards                   | wallet.available          | earn       |
 * | earn take-back  | wallet.available          | rewards                   | adjustment |
 * | earn hold       | wallet.available          | wallet.locked             | adjustment |
 * | held take-back  | wallet.locked             | rewards                   | adjustment |
 * | earn hold back  | wallet.locked             | wallet.available          | adjustment |
 * | withdraw (lock) | wallet.available          | wallet.locked             | withdraw   |
 * | withdraw settle | wallet.locked             | withdrawal_bridge         | withdraw   |
 * | withdraw fail   | wallet.locked             | wallet.available          | refund     |
 * | forfeit         | wallet.available          | adjustments               | adjustment |
 *
 * Locks and releases move points between a user's own buckets: the history leaves them out (net 0).
 */

export function creditTopup(
  tx: DbOrTx,
  tenantId: number,
  p: { userId: number; amount: number; paymentId: string; at?: Date },
) {
  return post(tx, tenantId, {
    at: p.at,
    txType: 'topup',
    referenceType: 'payment',
    referenceId: p.paymentId,
    idempotencyKey: `topup:${p.paymentId}`,
    meta: { payment_id: p.paymentId },
    movements: [
      { account: { system: 'topup_clearing' }, amount: -p.amount },
      { account: { userId: p.userId }, amount: p.amount },
    ],
  });
}

export interface TransferInput {
  from: { id: number; name: string };
  to: { id: number; name: string };
  amount: number;
  memo: string;
  /** The client's Idempotency-Key (or one made for the request). */
  key: string;
  at?: Date;
}

export function transfer(tx: DbOrTx, tenantId: number, p: TransferInput): Promise<Posted> {
  return post(tx, tenantId, {
    at: p.at,
    txType: 'adjustment',
    referenceType: 'transfer',
    idempotencyKey: `transfer:${p.from.id}:${p.key}`,
    meta: {
      transfer_from: p.from.id,
      transfer_to: p.to.id,
      transfer_from_name: p.from.name,
      transfer_to_name: p.to.name,
      ...(p.memo ? { memo: p.memo } : {}),
    },
    movements: [
      { account: { userId: p.from.id }, amount: -p.amount },
      { account: { userId: p.to.id }, amount: p.amount },
    ],
  });
}

/** What a hold of points (for an order or a withdrawal) is about: the key's prefix and the reference. */
export interface HoldRef {
  userId: number;
  amount: number;
  reference: { type: 'order' | 'withdrawal'; id: number | string };
  meta?: Record<string, unknown>;
  /** When it happened, if not now (the demo seed writes a past history). */
  at?: Date;
}

const holdKey = (step: string, h: HoldRef) => `${h.reference.type}:${h.reference.id}:${step}`;

function moveOwn(
  tx: DbOrTx,
  tenantId: number,
  h: HoldRef,
  step: string,
  txType: 'spend' | 'withdraw' | 'refund',
  from: 'available' | 'locked',
) {
  const to = from === 'available' ? 'locked' : 'available';
  return post(tx, tenantId, {
    at: h.at,
    txType,
    referenceType: h.reference.type,
    referenceId: String(h.reference.id),
    idempotencyKey: holdKey(step, h),
    meta: h.meta,
    movements: [
      { account: { userId: h.userId }, bucket: from, amount: -h.amount },
      { account: { userId: h.userId }, bucket: to, amount: h.amount },
    ],
  });
}

function moveOut(
  tx: DbOrTx,
  tenantId: number,
  h: HoldRef,
  step: string,
  txType: 'spend' | 'withdraw',
  to: 'purchase_clearing' | 'withdrawal_bridge',
) {
  return post(tx, tenantId, {
    at: h.at,
    txType,
    referenceType: h.reference.type,
    referenceId: String(h.reference.id),
    idempotencyKey: holdKey(step, h),
    meta: h.meta,
    movements: [
      { account: { userId: h.userId }, bucket: 'locked', amount: -h.amount },
      { account: { system: to }, amount: h.amount },
    ],
  });
}

/** Points set aside for an order being paid: available -> locked (400 insufficient_balance if short). */
export const lockForOrder = (tx: DbOrTx, tenantId: number, h: HoldRef) =>
  moveOwn(tx, tenantId, h, 'lock', 'spend', 'available');
/** The order is paid: its locked points are spent. */
export const captureOrderPoints = (tx: DbOrTx, tenantId: number, h: HoldRef) =>
  moveOut(tx, tenantId, h, 'capture', 'spend', 'purchase_clearing');
/** The order was not paid: its locked points go back to available. */
export const releaseOrderPoints = (tx: DbOrTx, tenantId: number, h: HoldRef) =>
  moveOwn(tx, tenantId, h, 'release', 'refund', 'locked');

/** A paid order is refunded: the points it spent come back (`step` tells partial refunds apart). */
export function refundOrderPoints(tx: DbOrTx, tenantId: number, h: HoldRef & { step?: string }) {
  return post(tx, tenantId, {
    at: h.at,
    txType: 'refund',
    referenceType: 'order',
    referenceId: String(h.reference.id),
    idempotencyKey: holdKey(h.step ?? 'refund', h),
    meta: h.meta,
    movements: [
      { account: { system: 'purchase_clearing' }, amount: -h.amount },
      { account: { userId: h.userId }, amount: h.amount },
    ],
  });
}

/** Reward points for a paid order (the tenant's point_reward_rate). */
export function earn(
  tx: DbOrTx,
  tenantId: number,
  p: { userId: number; amount: number; key: string; meta?: Record<string, unknown>; at?: Date },
) {
  return post(tx, tenantId, {
    at: p.at,
    txType: 'earn',
    referenceType: 'order',
    idempotencyKey: `earn:${p.key}`,
    meta: p.meta,
    movements: [
      { account: { system: 'rewards' }, amount: -p.amount },
      { account: { userId: p.userId }, amount: p.amount },
    ],
  });
}

/**
 * A cancelled or refunded order's reward goes back, as much of it as the wallet still holds.
 * Answers the part the buyer had already spent (the caller keeps it from the card refund).
 */
export async function revokeEarn(
  tx: DbOrTx,
  tenantId: number,
  p: { userId: number; amount: number; key: string; meta?: Record<string, unknown>; at?: Date },
): Promise<number> {
  const { available } = await balanceOf(tx, tenantId, p.userId);
  const takeBack = Math.min(p.amount, available);
  if (takeBack > 0) {
    await post(tx, tenantId, {
      at: p.at,
      txType: 'adjustment',
      referenceType: 'order',
      idempotencyKey: `earn-revoke:${p.key}`,
      meta: p.meta,
      movements: [
        { account: { userId: p.userId }, amount: -takeBack },
        { account: { system: 'rewards' }, amount: takeBack },
      ],
    });
  }
  return p.amount - takeBack;
}

/**
 * A refund of an order goes to the card gateway (docs/decisions/028): the reward it will take back
 * is held first (available -> locked), as much of it as the wallet still holds, so the buyer cannot
 * spend it while the card company works and the card refund is decided on a fixed figure. Answers
 * the points held (the caller keeps the rest, already spent, from the card refund). `attempt`
 * numbers the refund attempts of the order: a failed refund gives its hold back and the next one
 * holds again under a key of its own.
 */
export async function holdEarnForRefund(
  tx: DbOrTx,
  tenantId: number,
  p: { userId: number; amount: number; key: string; attempt: number; meta?: Record<string, unknown> },
): Promise<number> {
  const { available } = await balanceOf(tx, tenantId, p.userId);
  const held = Math.min(p.amount, available);
  if (held > 0) {
    await post(tx, tenantId, {
      txType: 'adjustment',
      referenceType: 'order',
      idempotencyKey: `earn-hold:${p.key}:${p.attempt}`,
      meta: p.meta,
      movements: [
        { account: { userId: p.userId }, bucket: 'available', amount: -held },
        { account: { userId: p.userId }, bucket: 'locked', amount: held },
      ],
    });
  }
  return held;
}

/** The card refund succeeded: the held reward goes back to the rewards account (once per order). */
export function revokeHeldEarn(
  tx: DbOrTx,
  tenantId: number,
  p: { userId: number; amount: number; key: string; meta?: Record<string, unknown> },
) {
  return post(tx, tenantId, {
    txType: 'adjustment',
    referenceType: 'order',
    idempotencyKey: `earn-revoke:${p.key}`,
    meta: p.meta,
    movements: [
      { account: { userId: p.userId }, bucket: 'locked', amount: -p.amount },
      { account: { system: 'rewards' }, amount: p.amount },
    ],
  });
}

/** The card refund failed: the held reward is the buyer's to spend again. */
export function releaseEarnHold(
  tx: DbOrTx,
  tenantId: number,
  p: { userId: number; amount: number; key: string; attempt: number; meta?: Record<string, unknown> },
) {
  return post(tx, tenantId, {
    txType: 'adjustment',
    referenceType: 'order',
    idempotencyKey: `earn-release:${p.key}:${p.attempt}`,
    meta: p.meta,
    movements: [
      { account: { userId: p.userId }, bucket: 'locked', amount: -p.amount },
      { account: { userId: p.userId }, bucket: 'available', amount: p.amount },
    ],
  });
}

/** A withdrawal request: its points are locked until the bridge settles or fails it. */
export const lockForWithdrawal = (tx: DbOrTx, tenantId: number, h: HoldRef) =>
  moveOwn(tx, tenantId, h, 'lock', 'withdraw', 'available');
/** The bridge sent the points out: they leave the wallet. */
export const settleWithdrawal = (tx: DbOrTx, tenantId: number, h: HoldRef) =>
  moveOut(tx, tenantId, h, 'settle', 'withdraw', 'withdrawal_bridge');
/** The bridge could not send them: they go back to available. */
export const failWithdrawal = (tx: DbOrTx, tenantId: number, h: HoldRef) =>
  moveOwn(tx, tenantId, h, 'fail', 'refund', 'locked');

/**
 * A deleted account's available points are forfeited to the tenant's `adjustments` account
 * (docs/decisions/030-enumeration-and-account-deletion.md), under the wallet's row lock. The key
 * names the wallet's last entry, so a second run over the same state moves nothing, and points
 * that reach the wallet later (a refund to a deleted buyer) are forfeited by the next run.
 * Locked points are left alone. Answers the points forfeited (0 when none).
 */
export async function forfeitBalance(
  tx: DbOrTx,
  tenantId: number,
  p: { userId: number; reason: 'account_deleted'; at?: Date },
): Promise<number> {
  const [wallet] = await tx
    .select({ id: ledgerAccounts.id, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.userId, p.userId)))
    .for('update');
  if (!wallet || wallet.available <= 0) return 0;
  const { rows } = await tx.execute<{ last: string | null }>(
    sql`select max(id)::text as last from ledger_entries where tenant_id = ${tenantId} and account_id = ${wallet.id}`,
  );
  const posted = await post(tx, tenantId, {
    at: p.at,
    txType: 'adjustment',
    idempotencyKey: `forfeit:${p.userId}:${rows[0]?.last ?? 0}`,
    meta: { reason: p.reason, user_id: p.userId, forfeited: wallet.available },
    movements: [
      { account: { userId: p.userId }, amount: -wallet.available },
      { account: { system: 'adjustments' }, amount: wallet.available },
    ],
  });
  return posted.replayed ? 0 : wallet.available;
}

/** The users among `userIds` whose wallet holds available points (for the forfeiture of deleted accounts). */
export async function walletsWithPoints(db: DbOrTx, tenantId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.tenantId, tenantId),
        inArray(ledgerAccounts.userId, userIds),
        sql`${ledgerAccounts.available} > 0`,
      ),
    );
  return rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
}

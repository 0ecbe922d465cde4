import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, sqlState } from '../../platform/errors.js';
import {
  type LedgerAccountKind,
  type LedgerBucket,
  ledgerAccounts,
  ledgerEntries,
  type ledgerReferenceTypes,
  ledgerTransactions,
  type ledgerTxTypes,
} from './wallet.schema.js';

/**
 * The points ledger (docs/decisions/014-points-ledger.md). Every change is one balanced
 * transaction (its entries sum to zero), written with the balance rows it changes in the same
 * database transaction; a wallet's balance moves only by one conditional UPDATE per account
 * (`available + d >= 0`), never read-modify-write, so concurrent spends cannot overdraw it.
 */

export type SystemAccount = Exclude<LedgerAccountKind, 'wallet'>;
/** A user's wallet, or one of the tenant's system accounts. */
export type AccountRef = { userId: number } | { system: SystemAccount };

export interface Movement {
  account: AccountRef;
  /** Defaults to `available`. System accounts only have `available`. */
  bucket?: LedgerBucket;
  /** Points in (positive) or out (negative); never 0. */
  amount: number;
}

export interface LedgerPosting {
  txType: (typeof ledgerTxTypes)[number];
  referenceType?: (typeof ledgerReferenceTypes)[number];
  referenceId?: string;
  /** Unique per tenant: posting the same key again changes nothing and answers the first transaction. */
  idempotencyKey: string;
  meta?: Record<string, unknown>;
  movements: Movement[];
  /** When it happened, if not now (the demo seed writes a past history). */
  at?: Date;
}

export interface Posted {
  transactionId: number;
  /** The key had been posted before: nothing moved this time. */
  replayed: boolean;
}

export const INSUFFICIENT_BALANCE = '잔액이 부족합니다.';

export function insufficientBalance() {
  return AppError.badRequest(INSUFFICIENT_BALANCE, 'insufficient_balance');
}

/** The largest amount one posting may move (keeps every sum far inside bigint and JS integers). */
const AMOUNT_MAX = 1_000_000_000_000;

function assertBalanced(movements: Movement[]) {
  if (movements.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let sum = 0;
  for (const m of movements) {
    if (!Number.isSafeInteger(m.amount) || m.amount === 0 || Math.abs(m.amount) > AMOUNT_MAX) {
      throw new Error(`ledger amount must be a non-zero integer, got ${m.amount}`);
    }
    if ('system' in m.account && (m.bucket ?? 'available') !== 'available') {
      throw new Error('system accounts have only an available bucket');
    }
    sum += m.amount;
  }
  if (sum !== 0) throw new Error(`ledger transaction does not balance (sum ${sum})`);
}

const keyOf = (ref: AccountRef) => ('userId' in ref ? `u${ref.userId}` : `s${ref.system}`);

/** The ids of these accounts, creating the ones that do not exist yet (a wallet is created on first use). */
export async function accountIds(tx: DbOrTx, tenantId: number, refs: AccountRef[]): Promise<Map<string, number>> {
  const userIds = [...new Set(refs.flatMap((r) => ('userId' in r ? [r.userId] : [])))];
  const kinds = [...new Set(refs.flatMap((r) => ('system' in r ? [r.system] : [])))];
  const load = async () => {
    const conditions = [];
    if (userIds.length) conditions.push(inArray(ledgerAccounts.userId, userIds));
    if (kinds.length) conditions.push(and(isNull(ledgerAccounts.userId), inArray(ledgerAccounts.kind, kinds)));
    const rows = await tx
      .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.tenantId, tenantId), or(...conditions)));
    return new Map(rows.map((r) => [r.userId === null ? `s${r.kind}` : `u${r.userId}`, r.id]));
  };
  let ids = await load();
  const missing = refs.filter((r) => !ids.has(keyOf(r)));
  if (missing.length === 0) return ids;
  const values = [...new Map(missing.map((r) => [keyOf(r), r])).values()].map((r) =>
    'userId' in r
      ? { tenantId, kind: 'wallet' as const, userId: r.userId }
      : { tenantId, kind: r.system, userId: null },
  );
  // Two requests may create the same account at once: the loser's insert does nothing.
  await tx.insert(ledgerAccounts).values(values).onConflictDoNothing();
  ids = await load();
  for (const r of refs) if (!ids.has(keyOf(r))) throw new Error(`ledger account ${keyOf(r)} could not be created`);
  return ids;
}

/**
 * Posts one balanced transaction inside the caller's database transaction. A wallet that would go
 * below zero in either bucket answers 400 `insufficient_balance` (the caller's transaction then
 * rolls back). Wallet rows are updated in account-id order, so two transfers in opposite
 * directions never wait on each other in a cycle.
 */
export async function post(tx: DbOrTx, tenantId: number, posting: LedgerPosting): Promise<Posted> {
  assertBalanced(posting.movements);
  // The idempotency key first: a second request with the same key waits here for the first to
  // commit, then finds its transaction and moves nothing.
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      tenantId,
      txType: posting.txType,
      referenceType: posting.referenceType ?? null,
      referenceId: posting.referenceId ?? null,
      idempotencyKey: posting.idempotencyKey,
      meta: posting.meta ?? {},
      ...(posting.at ? { createdAt: posting.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.idempotencyKey, posting.idempotencyKey)),
      );
    if (!existing) throw new Error('idempotency key conflict without a transaction');
    return { transactionId: existing.id, replayed: true };
  }

  const ids = await accountIds(
    tx,
    tenantId,
    posting.movements.map((m) => m.account),
  );
  const entries = posting.movements.map((m) => ({
    tenantId,
    transactionId: created.id,
    accountId: ids.get(keyOf(m.account)) as number,
    bucket: m.bucket ?? ('available' as const),
    amount: m.amount,
    ...(posting.at ? { createdAt: posting.at } : {}),
  }));

  // Per wallet, the net change of each bucket; applied in account-id order.
  const changes = new Map<number, { available: number; locked: number }>();
  for (const [i, m] of posting.movements.entries()) {
    if (!('userId' in m.account)) continue;
    const entry = entries[i];
    if (!entry) continue;
    const change = changes.get(entry.accountId) ?? { available: 0, locked: 0 };
    change[entry.bucket] += m.amount;
    changes.set(entry.accountId, change);
  }
  for (const accountId of [...changes.keys()].sort((a, b) => a - b)) {
    const { available, locked } = changes.get(accountId) as { available: number; locked: number };
    const updated = await tx
      .update(ledgerAccounts)
      .set({
        available: sql`${ledgerAccounts.available} + ${available}`,
        locked: sql`${ledgerAccounts.locked} + ${locked}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(ledgerAccounts.tenantId, tenantId),
          eq(ledgerAccounts.id, accountId),
          sql`${ledgerAccounts.available} + ${available} >= 0`,
          sql`${ledgerAccounts.locked} + ${locked} >= 0`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (updated.length === 0) throw insufficientBalance();
  }
  await tx.insert(ledgerEntries).values(entries);
  return { transactionId: created.id, replayed: false };
}

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `work` in a database transaction, again (up to 3 times) when PostgreSQL aborted it as a
 * deadlock victim or a serialization failure, so that such an error never reaches the user.
 */
export async function inLedgerTransaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (err) {
      const state = sqlState(err);
      if (attempt >= 3 || !state || !RETRYABLE.has(state)) throw err;
    }
  }
}

export interface Balance {
  available: number;
  locked: number;
  updatedAt: Date | null;
}

/** A user's balance (zeros before the wallet's first use). */
export async function balanceOf(db: DbOrTx, tenantId: number, userId: number): Promise<Balance> {
  const [row] = await db
    .select({ available: ledgerAccounts.available, locked: ledgerAccounts.locked, updatedAt: ledgerAccounts.updatedAt })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.userId, userId)));
  return row ?? { available: 0, locked: 0, updatedAt: null };
}

export interface HistoryItem {
  id: number;
  txType: (typeof ledgerTxTypes)[number];
  delta: number;
  meta: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The transactions that changed what a user holds, newest first: the net of both buckets per
 * transaction. Moves between the user's own buckets (points locked for a purchase or a withdrawal)
 * change nothing they own and are left out; the balance card shows them as locked.
 */
export async function historyOf(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  opts: { offset: number; limit: number; txType?: HistoryItem['txType'] },
): Promise<HistoryItem[]> {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.userId, userId)));
  if (!account) return [];
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      txType: ledgerTransactions.txType,
      meta: ledgerTransactions.meta,
      createdAt: ledgerTransactions.createdAt,
      delta: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .innerJoin(
      ledgerTransactions,
      and(
        eq(ledgerTransactions.tenantId, ledgerEntries.tenantId),
        eq(ledgerTransactions.id, ledgerEntries.transactionId),
      ),
    )
    .where(
      and(
        eq(ledgerEntries.tenantId, tenantId),
        eq(ledgerEntries.accountId, account.id),
        opts.txType ? eq(ledgerTransactions.txType, opts.txType) : undefined,
      ),
    )
    .groupBy(ledgerTransactions.id, ledgerTransactions.tenantId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`)
    .orderBy(sql`${ledgerTransactions.id} desc`)
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({ ...r, delta: Number(r.delta) }));
}

/**
 * What must always hold for a tenant (the property tests and the demo check it): entries sum to
 * zero, every wallet's balance row equals the sum of its entries per bucket, no bucket below zero.
 * Answers the broken rules (empty when sound).
 */
export async function ledgerProblems(db: DbOrTx, tenantId: number): Promise<string[]> {
  const problems: string[] = [];
  const [total] = (
    await db.execute<{ total: string | null }>(
      sql`select sum(amount)::text as total from ledger_entries where tenant_id = ${tenantId}`,
    )
  ).rows;
  if (Number(total?.total ?? 0) !== 0) problems.push(`entries sum to ${total?.total}`);
  const { rows } = await db.execute<{ id: number; available: string; locked: string; ea: string; el: string }>(
    sql`select a.id, a.available::text, a.locked::text,
               coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)::text as ea,
               coalesce(sum(e.amount) filter (where e.bucket = 'locked'), 0)::text as el
        from ledger_accounts a left join ledger_entries e on e.tenant_id = a.tenant_id and e.account_id = a.id
        where a.tenant_id = ${tenantId} and a.kind = 'wallet'
        group by a.id, a.available, a.locked`,
  );
  for (const r of rows) {
    if (r.available !== r.ea || r.locked !== r.el) {
      problems.push(`wallet ${r.id}: balance ${r.available}/${r.locked}, entries ${r.ea}/${r.el}`);
    }
  }
  return problems;
}

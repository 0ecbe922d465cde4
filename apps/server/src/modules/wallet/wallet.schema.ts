import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey, timestamps } from '../../platform/db/columns.js';
import { users } from '../users/users.schema.js';

/**
 * The ledger's accounts (docs/decisions/014-points-ledger.md): one `wallet` per user that has
 * used points, and one system account of each other kind per tenant. Only wallets keep a balance
 * row (`available`, `locked`, never negative); a system account's balance is the sum of its
 * entries, so no payment or purchase ever waits on a hot system row.
 */
export const ledgerAccountKinds = [
  'wallet',
  'topup_clearing',
  'purchase_clearing',
  'rewards',
  'withdrawal_bridge',
  'adjustments',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    /** The wallet's owner; null for system accounts. */
    userId: integer('user_id'),
    available: bigint('available', { mode: 'number' }).notNull().default(0),
    locked: bigint('locked', { mode: 'number' }).notNull().default(0),
    /** The address the user registered with POST /api/wallet/create (EIP-55 form). */
    evmAddress: text('evm_address'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('ledger_accounts_wallet_key').on(t.tenantId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_system_key').on(t.tenantId, t.kind).where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} in ('wallet', 'topup_clearing', 'purchase_clearing', 'rewards', 'withdrawal_bridge', 'adjustments')`,
    ),
    check('ledger_accounts_owner_check', sql`(${t.kind} = 'wallet') = (${t.userId} is not null)`),
    check('ledger_accounts_balance_check', sql`${t.available} >= 0 and ${t.locked} >= 0`),
    check(
      'ledger_accounts_system_balance_check',
      sql`${t.kind} = 'wallet' or (${t.available} = 0 and ${t.locked} = 0)`,
    ),
    tenantForeignKey('ledger_accounts_user_fk', t.tenantId, t.userId, users),
  ],
);

export const ledgerTxTypes = ['topup', 'spend', 'earn', 'refund', 'withdraw', 'adjustment'] as const;
export const ledgerReferenceTypes = ['payment', 'order', 'transfer', 'withdrawal'] as const;

/** One balanced change of the ledger: its entries sum to zero. Append-only (a trigger refuses updates and deletes). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    tenantId: integer('tenant_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    txType: text('tx_type', { enum: ledgerTxTypes }).notNull(),
    referenceType: text('reference_type', { enum: ledgerReferenceTypes }),
    referenceId: text('reference_id'),
    /** Unique per tenant: a retried request, callback or webhook finds the transaction it made. */
    idempotencyKey: text('idempotency_key').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('ledger_transactions_idempotency_key').on(t.tenantId, t.idempotencyKey),
    index('ledger_transactions_reference_idx').on(t.tenantId, t.referenceType, t.referenceId),
    check(
      'ledger_transactions_tx_type_check',
      sql`${t.txType} in ('topup', 'spend', 'earn', 'refund', 'withdraw', 'adjustment')`,
    ),
  ],
);

export const ledgerBuckets = ['available', 'locked'] as const;
export type LedgerBucket = (typeof ledgerBuckets)[number];

/** One side of a transaction: an amount into (positive) or out of (negative) one bucket of one account. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    tenantId: integer('tenant_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    bucket: text('bucket', { enum: ledgerBuckets }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('ledger_entries_account_idx').on(t.tenantId, t.accountId, t.transactionId),
    index('ledger_entries_transaction_idx').on(t.tenantId, t.transactionId),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_bucket_check', sql`${t.bucket} in ('available', 'locked')`),
    tenantForeignKey('ledger_entries_transaction_fk', t.tenantId, t.transactionId, {
      tenantId: ledgerTransactions.tenantId,
      id: ledgerTransactions.id,
    }),
    tenantForeignKey('ledger_entries_account_fk', t.tenantId, t.accountId, ledgerAccounts),
  ],
);

export const withdrawalStatusValues = ['pending', 'completed', 'failed'] as const;

/** A withdrawal of points to an outside address: locked at request, settled by the bridge. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    amount: integer('amount').notNull(),
    targetAddress: text('target_address').notNull(),
    targetChain: text('target_chain').notNull(),
    status: text('status', { enum: withdrawalStatusValues }).notNull().default('pending'),
    /** The client's Idempotency-Key: a retried request answers the withdrawal it made. */
    requestKey: text('request_key').notNull(),
    txHash: text('tx_hash'),
    /** The bridge settles a pending withdrawal from this time on. */
    settleAfter: timestamp('settle_after', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('withdrawals_user_idx').on(t.tenantId, t.userId, t.id),
    uniqueIndex('withdrawals_request_key').on(t.tenantId, t.userId, t.requestKey),
    index('withdrawals_pending_idx').on(t.settleAfter).where(sql`${t.status} = 'pending'`),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
    check('withdrawals_amount_check', sql`${t.amount} > 0`),
    tenantForeignKey('withdrawals_user_fk', t.tenantId, t.userId, users),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

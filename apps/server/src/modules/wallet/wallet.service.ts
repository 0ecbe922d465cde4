import { createHash, randomUUID } from 'node:crypto';
import {
  type BridgeStatus,
  type ChargePrepare,
  type ChargePrepared,
  DEFAULT_POINT_REWARD_RATE,
  earnedPoints,
  type TransferResult,
  type UserSearchResult,
  type WalletBalance,
  type WalletOverview,
  type WalletTransactionList,
  WITHDRAW_MAX,
  WITHDRAW_MIN,
  WITHDRAW_STEP,
  type Withdrawal,
  walletMessages,
  withdrawChains,
} from '@app/contracts';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Address } from 'ox';
import type { CurrentUser } from '../../platform/auth.js';
import { acrossShards } from '../../platform/db/citus.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { assertSameRequest, requestFingerprint } from '../../platform/idempotency.js';
import { inJobScope, type JobScope } from '../../platform/jobs.js';
import { failpoint, type Seams } from '../../platform/seams.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import type { UsersService } from '../users/users.service.js';
import { accountIds, type Balance, balanceOf, historyOf, inLedgerTransaction } from './ledger.js';
import * as points from './points.js';
import { ledgerAccounts, ledgerTransactions, type WithdrawalRow, withdrawals } from './wallet.schema.js';

export interface WalletOptions {
  db: Db;
  users: UsersService;
  payments: PaymentsService;
  log: FastifyBaseLogger;
  /** The sandbox bridge settles a withdrawal this long after the request. */
  withdrawSettleMs: number;
  seams: Seams;
}

const presentBalance = (b: Balance): WalletBalance => ({
  available: b.available,
  locked: b.locked,
  updated_at: b.updatedAt?.toISOString() ?? null,
});

const presentWithdrawal = (w: WithdrawalRow): Withdrawal => ({
  id: w.id,
  amount: w.amount,
  target_address: w.targetAddress,
  target_chain: w.targetChain as Withdrawal['target_chain'],
  status: w.status,
  tx_hash: w.txHash,
  created_at: w.createdAt.toISOString(),
  completed_at: w.completedAt?.toISOString() ?? null,
});

/** The name a user is shown by to others: the business name of a merchant, else the username. */
const displayName = (account: { username: string; businessName?: string | null }) =>
  account.businessName || account.username;

/** `cu******@example.com`: enough to recognise one's own friend, not enough to harvest addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}${'*'.repeat(Math.min(6, Math.max(3, local.length - shown.length)))}@${domain}`;
}

/** What a transfer asked, as its Idempotency-Key keeps it (docs/decisions/029). */
const transferFingerprint = (t: { to_user_id: number; amount: number; memo: string }) =>
  requestFingerprint({ to_user_id: t.to_user_id, amount: t.amount, memo: t.memo });
/** What a withdrawal asked (its address checksummed, so a retry in another letter case is the same). */
const withdrawalFingerprint = (w: { amount: number; target_address: string; target_chain: string }) =>
  requestFingerprint({ amount: w.amount, target_address: w.target_address, target_chain: w.target_chain });

/** A user's Idempotency-Key header, or a fresh one (a request without it is simply not retry-safe). */
export function requestKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return randomUUID();
  if (!/^[\x21-\x7e]{1,100}$/.test(value)) {
    throw AppError.badRequest('Idempotency-Key는 100자 이하의 영문, 숫자, 기호여야 합니다.', 'invalid_idempotency_key');
  }
  return value;
}

/**
 * An EVM address in its EIP-55 form. A mixed-case address carries a checksum: one that does not
 * match is a typo, refused before points go to an address nobody holds.
 */
export function checksummedAddress(address: string): string {
  const mixed =
    address.slice(2) !== address.slice(2).toLowerCase() && address.slice(2) !== address.slice(2).toUpperCase();
  if (mixed && !Address.validate(address, { strict: true })) {
    throw AppError.badRequest(
      '지갑 주소의 체크섬이 올바르지 않습니다. 주소를 다시 확인해주세요.',
      'invalid_evm_checksum',
    );
  }
  return Address.checksum(address as Address.Address);
}

export function createWalletService(opts: WalletOptions) {
  const { db, users, payments, log, seams } = opts;

  const rewardRate = (tenant: TenantRow) => tenant.settings.point_reward_rate ?? DEFAULT_POINT_REWARD_RATE;

  // A paid top-up credits its amount, in the transaction that marks the payment paid.
  payments.onSettle('topup', {
    async paid(tx, payment) {
      await points.creditTopup(tx, payment.tenantId, {
        userId: payment.userId,
        amount: payment.amount,
        paymentId: payment.paymentId,
      });
    },
  });

  const balance = (tenantId: number, userId: number, tx: DbOrTx = db) =>
    balanceOf(tx, tenantId, userId).then(presentBalance);

  async function loadWithdrawal(q: DbOrTx, tenantId: number, userId: number, key: string) {
    const [row] = await q
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.tenantId, tenantId), eq(withdrawals.userId, userId), eq(withdrawals.requestKey, key)));
    return row;
  }

  /** Settles one tenant's due withdrawals (see `settleDueWithdrawals`), on its shard. */
  function settleDueWithdrawalsOf(tenantId: number, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(withdrawals)
        .where(
          and(eq(withdrawals.tenantId, tenantId), eq(withdrawals.status, 'pending'), lte(withdrawals.settleAfter, now)),
        )
        .orderBy(withdrawals.settleAfter)
        .limit(50)
        .for('update', { skipLocked: true });
      for (const w of due) {
        const txHash = `0x${createHash('sha256').update(`${w.tenantId}:${w.id}:${w.targetAddress}`).digest('hex')}`;
        await points.settleWithdrawal(tx, w.tenantId, {
          userId: w.userId,
          amount: w.amount,
          reference: { type: 'withdrawal', id: w.id },
          meta: { withdrawal_id: w.id, target_address: w.targetAddress, target_chain: w.targetChain },
        });
        await tx
          .update(withdrawals)
          .set({ status: 'completed', txHash, completedAt: now, updatedAt: sql`now()` })
          .where(and(eq(withdrawals.tenantId, w.tenantId), eq(withdrawals.id, w.id)));
      }
      if (due.length) log.info({ tenantId, count: due.length }, 'withdrawals settled');
      return due.length;
    });
  }

  return {
    balance,

    async overview(tenant: TenantRow, user: CurrentUser): Promise<WalletOverview> {
      const [account] = await db
        .select({ evmAddress: ledgerAccounts.evmAddress })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.tenantId, tenant.id), eq(ledgerAccounts.userId, user.id)));
      return {
        balance: await balance(tenant.id, user.id),
        evm_address: account?.evmAddress ?? null,
        point_reward_rate: rewardRate(tenant),
      };
    },

    /** Creates the wallet (it is also created on first use) and records the user's EVM address. */
    async create(tenant: TenantRow, user: CurrentUser, evmAddress: string): Promise<WalletOverview> {
      const checksummed = checksummedAddress(evmAddress);
      await db.transaction(async (tx) => {
        const ids = await accountIds(tx, tenant.id, [{ userId: user.id }]);
        await tx
          .update(ledgerAccounts)
          .set({ evmAddress: checksummed, updatedAt: sql`now()` })
          .where(and(eq(ledgerAccounts.tenantId, tenant.id), eq(ledgerAccounts.id, ids.get(`u${user.id}`) as number)));
      });
      return this.overview(tenant, user);
    },

    async transactions(
      tenantId: number,
      userId: number,
      q: { page: number; size: number; tx_type?: WalletTransactionList['transactions'][number]['tx_type'] },
    ): Promise<WalletTransactionList> {
      const items = await historyOf(db, tenantId, userId, {
        offset: (q.page - 1) * q.size,
        limit: q.size,
        txType: q.tx_type,
      });
      return {
        transactions: items.map((t) => ({
          id: t.id,
          tx_type: t.txType,
          delta: t.delta,
          created_at: t.createdAt.toISOString(),
          meta_json: t.meta,
        })),
        page: q.page,
        size: q.size,
      };
    },

    earnSimulation(tenant: TenantRow, orderAmount: number) {
      const rate = rewardRate(tenant);
      return { order_amount: orderAmount, point_reward_rate: rate, earned_points: earnedPoints(orderAmount, rate) };
    },

    async chargePrepare(tenant: TenantRow, user: CurrentUser, input: ChargePrepare): Promise<ChargePrepared> {
      const name = `포인트 충전 ${input.amount.toLocaleString('ko-KR')}원`;
      const { payment, checkout } = await payments.prepare(tenant, {
        purpose: 'topup',
        userId: user.id,
        amount: input.amount,
        orderName: name,
        buyer: input,
        callbackType: 'topup',
      });
      if (!checkout) throw new Error('a top-up always charges a card');
      return { merchant_uid: payment.paymentId, payment_id: payment.paymentId, name, amount: payment.amount, checkout };
    },

    async chargeCallback(tenant: TenantRow, user: CurrentUser, paymentId: string) {
      const { payment } = await payments.confirm(tenant.id, paymentId, { userId: user.id, purpose: 'topup' });
      return {
        success: true as const,
        status: 'paid' as const,
        payment_id: payment.paymentId,
        amount: payment.amount,
        balance: await balance(tenant.id, user.id),
      };
    },

    async transfer(
      tenant: TenantRow,
      user: CurrentUser,
      input: { to_user_id: number; amount: number; memo: string },
      key: string,
    ): Promise<TransferResult> {
      if (input.to_user_id === user.id) throw AppError.badRequest(walletMessages.selfTransfer, 'self_transfer');
      const receiver = await users.findAccount(tenant.id, input.to_user_id);
      if (!receiver) throw AppError.notFound('받는 사람을 찾을 수 없습니다.', 'receiver_not_found');
      const from = {
        id: user.id,
        name: displayName({ username: user.username, businessName: user.account.merchant?.businessName }),
      };
      const to = {
        id: receiver.user.id,
        name: displayName({ username: receiver.user.username, businessName: receiver.merchant?.businessName }),
      };
      const posted = await inLedgerTransaction(db, (tx) =>
        points.transfer(tx, tenant.id, { from, to, amount: input.amount, memo: input.memo, key }),
      );
      if (posted.replayed) {
        // The same key must mean the same transfer: another recipient, amount or memo is refused.
        const [earlier] = await db
          .select({ meta: ledgerTransactions.meta })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.tenantId, tenant.id), eq(ledgerTransactions.id, posted.transactionId)));
        const sent = await db.execute<{ amount: string }>(
          sql`select amount::text from ledger_entries where tenant_id = ${tenant.id} and transaction_id = ${posted.transactionId} and amount > 0`,
        );
        assertSameRequest(
          transferFingerprint({
            to_user_id: Number(earlier?.meta.transfer_to),
            amount: Number(sent.rows[0]?.amount),
            memo: typeof earlier?.meta.memo === 'string' ? earlier.meta.memo : '',
          }),
          transferFingerprint({ ...input, to_user_id: to.id }),
          '같은 요청 키로 다른 전송을 보낼 수 없습니다.',
        );
      }
      return {
        transaction_id: posted.transactionId,
        amount: input.amount,
        to_user: { id: to.id, display_name: to.name },
        balance: await balance(tenant.id, user.id),
      };
    },

    /** Locks the points and records the withdrawal; the bridge settles it later (settleDueWithdrawals). */
    async withdraw(
      tenant: TenantRow,
      user: CurrentUser,
      input: { amount: number; target_address: string; target_chain: (typeof withdrawChains)[number] },
      key: string,
    ) {
      const address = checksummedAddress(input.target_address);
      const asked = withdrawalFingerprint({ ...input, target_address: address });
      const earlier = await loadWithdrawal(db, tenant.id, user.id, key);
      const row =
        earlier ??
        (await inLedgerTransaction(db, async (tx) => {
          const [created] = await tx
            .insert(withdrawals)
            .values({
              tenantId: tenant.id,
              userId: user.id,
              amount: input.amount,
              targetAddress: address,
              targetChain: input.target_chain,
              requestKey: key,
              createdAt: seams.clock.now(),
              settleAfter: new Date(seams.clock.now().getTime() + opts.withdrawSettleMs),
            })
            .onConflictDoNothing()
            .returning();
          // The same key raced in from another request (its insert committed first): that one is
          // answered, if it asked the same (checked below like any earlier request).
          if (!created) return (await loadWithdrawal(tx, tenant.id, user.id, key)) as WithdrawalRow;
          await points.lockForWithdrawal(tx, tenant.id, {
            userId: user.id,
            amount: input.amount,
            reference: { type: 'withdrawal', id: created.id },
            meta: {
              withdrawal_id: created.id,
              target_address: created.targetAddress,
              target_chain: created.targetChain,
            },
          });
          return created;
        }));
      // The withdrawal row holds the whole request: the key's first body is read back from it.
      assertSameRequest(
        withdrawalFingerprint({ amount: row.amount, target_address: row.targetAddress, target_chain: row.targetChain }),
        asked,
        '같은 요청 키로 다른 출금을 요청할 수 없습니다.',
      );
      return { withdrawal: presentWithdrawal(row), balance: await balance(tenant.id, user.id) };
    },

    async bridgeStatus(tenantId: number, userId: number): Promise<BridgeStatus> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.tenantId, tenantId), eq(withdrawals.userId, userId)))
        .orderBy(desc(withdrawals.id))
        .limit(10);
      return {
        bridge: 'sandbox',
        chains: [...withdrawChains],
        min_amount: WITHDRAW_MIN,
        max_amount: WITHDRAW_MAX,
        step: WITHDRAW_STEP,
        withdrawals: rows.map(presentWithdrawal),
      };
    },

    /**
     * The sandbox bridge: sends every due withdrawal (a made-up transaction hash) and takes its
     * locked points out of the wallet. Safe on several nodes at once (SKIP LOCKED); answers how
     * many it settled. Finds the tenants with due withdrawals first, then settles each tenant's in
     * a transaction of its own (on Citus, row locks are taken on one shard at a time).
     */
    async settleDueWithdrawals({ now = seams.clock.now(), ...scope }: { now?: Date } & JobScope = {}): Promise<number> {
      const due = and(eq(withdrawals.status, 'pending'), lte(withdrawals.settleAfter, now));
      const tenants = await acrossShards(db, (tx) =>
        tx
          .selectDistinct({ tenantId: withdrawals.tenantId })
          .from(withdrawals)
          .where(and(due, inJobScope(withdrawals.tenantId, scope))),
      );
      let settled = 0;
      for (const { tenantId } of tenants) {
        failpoint(seams, 'wallet.settle:between');
        settled += await settleDueWithdrawalsOf(tenantId, now);
      }
      return settled;
    },

    async searchUsers(
      tenantId: number,
      user: CurrentUser,
      q: { query: string; search_type?: 'email' | 'business_number' | 'business_name' },
    ): Promise<UserSearchResult> {
      const hits = await users.search(tenantId, {
        text: q.query,
        type: q.search_type,
        exceptUserId: user.id,
        limit: 10,
      });
      const exact = q.query.toLowerCase();
      return {
        users: hits.map((h) => ({
          id: h.id,
          display_name: displayName(h),
          user_type: h.userType,
          email: h.email === exact ? h.email : maskEmail(h.email),
          search_type: h.searchType,
        })),
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

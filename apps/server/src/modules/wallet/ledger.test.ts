import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossShards } from '../../platform/db/citus.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { createTenant, createUser } from '../../seed/factories.js';
import { buildTestApp, onCitus } from '../../test/app.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import {
  accountIds,
  balanceOf,
  historyOf,
  inLedgerTransaction,
  type LedgerPosting,
  ledgerProblems,
  post,
} from './ledger.js';
import { postByHand, refusal } from './ledger.test-helpers.js';
import {
  captureOrderPoints,
  creditTopup,
  earn,
  failWithdrawal,
  type HoldRef,
  lockForOrder,
  lockForWithdrawal,
  refundOrderPoints,
  releaseOrderPoints,
  settleWithdrawal,
  transfer,
} from './points.js';

/**
 * The ledger's rules, one case each (issue 11), on PGlite and on PostgreSQL: what `post` refuses,
 * what the database itself refuses (append-only rows, unbalanced transactions, negative balances),
 * idempotency keys, and the history a user sees. The model-based test covers random sequences.
 */
describe('points ledger', () => {
  let app: FastifyInstance;
  let tenant: TenantRow;
  let sequence = 0;
  const key = (prefix: string) => `${prefix}-${++sequence}`;

  beforeAll(async () => {
    app = await buildTestApp();
    tenant = await createTenant(app.db);
  });
  afterAll(() => app.close());

  const newUser = async (t = tenant) => (await createUser(app.db, t.id)).user.id;
  const topUp = (userId: number, amount: number, t = tenant) =>
    inLedgerTransaction(app.db, (tx) => creditTopup(tx, t.id, { userId, amount, paymentId: key('pay') }));
  const walletId = async (userId: number) => (await accountIds(app.db, tenant.id, [{ userId }])).get(`u${userId}`);
  const count = async (query: ReturnType<typeof sql>) => (await app.db.execute<{ n: number }>(query)).rows[0]?.n;

  it('refuses an unbalanced posting before touching the database', async () => {
    const userId = await newUser();
    const untouchable = new Proxy(
      {},
      {
        get(_target, property) {
          throw new Error(`the database was touched (${String(property)})`);
        },
      },
    ) as DbOrTx;
    const bad: LedgerPosting['movements'][] = [
      [
        { account: { system: 'topup_clearing' }, amount: -4_000 },
        { account: { userId }, amount: 5_000 },
      ],
      [{ account: { userId }, amount: 0 }],
      [
        { account: { system: 'topup_clearing' }, amount: -0.5 },
        { account: { userId }, amount: 0.5 },
      ],
      [
        { account: { system: 'rewards' }, amount: -100 },
        { account: { userId }, amount: 100 },
        { account: { userId }, bucket: 'locked', amount: 0 },
      ],
      [
        { account: { system: 'rewards' }, bucket: 'locked', amount: -100 },
        { account: { userId }, amount: 100 },
      ],
    ];
    for (const movements of bad) {
      const posting: LedgerPosting = { txType: 'adjustment', idempotencyKey: key('bad'), movements };
      await expect(post(untouchable, tenant.id, posting)).rejects.toThrow(
        /does not balance|non-zero integer|at least two entries|only an available bucket/,
      );
      // Straight on the database, outside a transaction: nothing may have been written either.
      await expect(post(app.db, tenant.id, posting)).rejects.toThrow();
      expect(
        await count(
          sql`select count(*)::int as n from ledger_transactions where tenant_id = ${tenant.id} and idempotency_key = ${posting.idempotencyKey}`,
        ),
      ).toBe(0);
    }
    expect(
      await count(
        sql`select count(*)::int as n from ledger_accounts where tenant_id = ${tenant.id} and user_id = ${userId}`,
      ),
    ).toBe(0);
  });

  it('the database refuses to change or remove ledger rows', async () => {
    const userId = await newUser();
    const { transactionId } = await topUp(userId, 7_000);
    for (const statement of [
      sql`update ledger_entries set amount = amount * 2 where tenant_id = ${tenant.id} and transaction_id = ${transactionId}`,
      sql`delete from ledger_entries where tenant_id = ${tenant.id} and transaction_id = ${transactionId}`,
      sql`update ledger_transactions set meta = '{}'::jsonb where tenant_id = ${tenant.id} and id = ${transactionId}`,
      sql`delete from ledger_transactions where tenant_id = ${tenant.id} and id = ${transactionId}`,
    ]) {
      // restrict_violation, raised by the append-only trigger.
      expect(await refusal(app.db.execute(statement))).toBe('23001');
    }
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 7_000, locked: 0 });
    expect(await ledgerProblems(app.db, tenant.id)).toEqual([]);
  });

  it('the database refuses to commit a transaction whose entries do not balance', async () => {
    const userId = await newUser();
    await topUp(userId, 1_000);
    const wallet = await walletId(userId);
    const [clearing] = [...(await accountIds(app.db, tenant.id, [{ system: 'adjustments' }])).values()];
    const byHand = (idempotencyKey: string, entries: { account: number | undefined; amount: number }[]) =>
      postByHand(app.db, tenant.id, idempotencyKey, entries);

    // PostgreSQL refuses the commit with check_violation. On Citus the check runs on the worker
    // holding the tenant's shard, at its commit; the coordinator then refuses the commit as a whole
    // ("could not commit transaction for shard …", relaying the worker's reason as a warning).
    const refused = onCitus ? 'XX000' : '23514';
    const unbalanced = key('by-hand');
    expect(await refusal(byHand(unbalanced, [{ account: wallet, amount: 5_000 }]))).toBe(refused);
    expect(
      await refusal(
        byHand(key('by-hand'), [
          { account: clearing, amount: -5_000 },
          { account: wallet, amount: 4_999 },
        ]),
      ),
    ).toBe(refused);
    expect(
      await count(
        sql`select count(*)::int as n from ledger_transactions where tenant_id = ${tenant.id} and idempotency_key = ${unbalanced}`,
      ),
    ).toBe(0);
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 1_000 });

    // The same written balanced, over two statements, commits.
    await byHand(key('by-hand'), [
      { account: clearing, amount: -5_000 },
      { account: wallet, amount: 5_000 },
    ]);
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 6_000 });
    expect(await ledgerProblems(app.db, tenant.id)).toEqual([]);
  });

  it('the same idempotency key moves points once and answers the first transaction', async () => {
    const userId = await newUser();
    const paymentId = key('pay');
    const credit = (amount: number, t = tenant) =>
      inLedgerTransaction(app.db, (tx) => creditTopup(tx, t.id, { userId, amount, paymentId }));

    const first = await credit(10_000);
    expect(first.replayed).toBe(false);
    expect(await credit(10_000)).toEqual({ transactionId: first.transactionId, replayed: true });
    // Even a replay that claims another amount moves nothing.
    expect(await credit(90_000)).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 10_000, locked: 0 });
    expect(
      await count(
        sql`select count(*)::int as n from ledger_entries where tenant_id = ${tenant.id} and transaction_id = ${first.transactionId}`,
      ),
    ).toBe(2);

    // Keys are unique per tenant: the same payment id in another tenant is another payment.
    const other = await createTenant(app.db);
    const otherUser = await newUser(other);
    const elsewhere = await inLedgerTransaction(app.db, (tx) =>
      creditTopup(tx, other.id, { userId: otherUser, amount: 3_000, paymentId }),
    );
    expect(elsewhere.replayed).toBe(false);
    expect(await balanceOf(app.db, other.id, otherUser)).toMatchObject({ available: 3_000 });
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 10_000 });
  });

  it('each tenant moves points through its own system accounts', async () => {
    // Two tenants whose system accounts are created one after the other: the second must not
    // pick up the first's (an unparenthesised OR once did, and its postings failed).
    const tenants = [await createTenant(app.db), await createTenant(app.db)];
    for (const t of tenants) {
      const userId = await newUser(t);
      await topUp(userId, 2_000, t);
      await inLedgerTransaction(app.db, (tx) => earn(tx, t.id, { userId, amount: 20, key: key('order') }));
      expect(await balanceOf(app.db, t.id, userId)).toMatchObject({ available: 2_020 });
      expect(await ledgerProblems(app.db, t.id)).toEqual([]);
    }
    const { rows } = await acrossShards(app.db, (tx) =>
      tx.execute<{ tenant_id: number; kinds: string }>(
        sql`select tenant_id, string_agg(kind, ',' order by kind) as kinds from ledger_accounts
            where tenant_id in (${tenants[0]?.id}, ${tenants[1]?.id}) and user_id is null group by tenant_id order by tenant_id`,
      ),
    );
    expect(rows.map((r) => r.kinds)).toEqual(['rewards,topup_clearing', 'rewards,topup_clearing']);
  });

  it("the database refuses an entry pointing at another tenant's account: every foreign key pairs tenant_id", async () => {
    const other = await createTenant(app.db);
    const theirs = await newUser(other);
    await topUp(theirs, 1_000, other);
    const theirWallet = (await accountIds(app.db, other.id, [{ userId: theirs }])).get(`u${theirs}`);
    const ours = await newUser();
    await topUp(ours, 1_000);
    const ourWallet = await walletId(ours);
    // The other tenant's account id is none of ours (ids come from one sequence).
    const ourIds = new Set(
      (await accountIds(app.db, tenant.id, [{ userId: ours }, { system: 'adjustments' }])).values(),
    );
    expect(ourIds.has(theirWallet as number)).toBe(false);
    const stolen = key('cross-tenant');
    const attempt = app.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(
        sql`insert into ledger_transactions (tenant_id, tx_type, idempotency_key)
            values (${tenant.id}, 'adjustment', ${stolen}) returning id`,
      );
      // The other tenant's account id under this tenant: no such account here (on Citus it lives
      // on another shard, where no key of this tenant's could reach it).
      for (const [account, amount] of [
        [theirWallet, -500],
        [ourWallet, 500],
      ] as const) {
        await tx.execute(
          sql`insert into ledger_entries (tenant_id, transaction_id, account_id, bucket, amount)
              values (${tenant.id}, ${rows[0]?.id}, ${account}, 'available', ${amount})`,
        );
      }
    });
    expect(await refusal(attempt)).toBe('23503');
    expect(
      await count(
        sql`select count(*)::int as n from ledger_transactions where tenant_id = ${tenant.id} and idempotency_key = ${stolen}`,
      ),
    ).toBe(0);
    expect(await balanceOf(app.db, other.id, theirs)).toMatchObject({ available: 1_000 });
  });

  it('the database refuses a negative wallet balance written by hand', async () => {
    const userId = await newUser();
    await topUp(userId, 1_000);
    const wallet = await walletId(userId);
    for (const column of [sql`available`, sql`locked`]) {
      expect(
        await refusal(
          app.db.execute(
            sql`update ledger_accounts set ${column} = -1 where tenant_id = ${tenant.id} and id = ${wallet}`,
          ),
        ),
      ).toBe('23514');
    }
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 1_000, locked: 0 });
  });

  it('refuses to overdraw a wallet with insufficient_balance and leaves it as it was', async () => {
    const userId = await newUser();
    const receiver = await newUser();
    await topUp(userId, 1_000);
    const order: HoldRef = { userId, amount: 1_001, reference: { type: 'order', id: ++sequence } };
    await expect(inLedgerTransaction(app.db, (tx) => lockForOrder(tx, tenant.id, order))).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
      detail: '잔액이 부족합니다.',
    });
    const party = (id: number) => ({ id, name: '이웃' });
    await expect(
      inLedgerTransaction(app.db, (tx) =>
        transfer(tx, tenant.id, { from: party(userId), to: party(receiver), amount: 1_100, memo: '', key: key('t') }),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 1_000, locked: 0 });
    expect(await balanceOf(app.db, tenant.id, receiver)).toMatchObject({ available: 0, locked: 0 });
    // The refused lock left its key free: once the wallet holds enough, the same order locks.
    await topUp(userId, 1);
    expect((await inLedgerTransaction(app.db, (tx) => lockForOrder(tx, tenant.id, order))).replayed).toBe(false);
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 0, locked: 1_001 });
  });

  it('history leaves out locks and releases, and pages newest first', async () => {
    const userId = await newUser();
    const friend = await newUser();
    const hold = (type: 'order' | 'withdrawal', amount: number): HoldRef => ({
      userId,
      amount,
      reference: { type, id: ++sequence },
    });
    const step = (work: (tx: DbOrTx) => Promise<unknown>) => inLedgerTransaction(app.db, work);

    await topUp(userId, 10_000);
    const abandoned = hold('order', 3_000);
    await step((tx) => lockForOrder(tx, tenant.id, abandoned));
    await step((tx) => releaseOrderPoints(tx, tenant.id, abandoned));
    const paid = hold('order', 2_000);
    await step((tx) => lockForOrder(tx, tenant.id, paid));
    await step((tx) => captureOrderPoints(tx, tenant.id, paid));
    await step((tx) => earn(tx, tenant.id, { userId, amount: 100, key: key('order') }));
    const failed = hold('withdrawal', 1_000);
    await step((tx) => lockForWithdrawal(tx, tenant.id, failed));
    await step((tx) => failWithdrawal(tx, tenant.id, failed));
    const sent = hold('withdrawal', 500);
    await step((tx) => lockForWithdrawal(tx, tenant.id, sent));
    await step((tx) => settleWithdrawal(tx, tenant.id, sent));
    await step((tx) =>
      transfer(tx, tenant.id, {
        from: { id: userId, name: '김하늘' },
        to: { id: friend, name: '박바다' },
        amount: 700,
        memo: '점심값',
        key: key('t'),
      }),
    );
    await step((tx) => refundOrderPoints(tx, tenant.id, { ...paid, amount: 400 }));
    const pending = hold('order', 1_200);
    await step((tx) => lockForOrder(tx, tenant.id, pending));

    const page = async (offset: number, limit: number, txType?: 'refund') =>
      (await historyOf(app.db, tenant.id, userId, { offset, limit, txType })).map((h) => [h.txType, h.delta]);
    const everything = [
      ['refund', 400],
      ['adjustment', -700],
      ['withdraw', -500],
      ['earn', 100],
      ['spend', -2_000],
      ['topup', 10_000],
    ];
    expect(await page(0, 20)).toEqual(everything);
    expect(await page(0, 4)).toEqual(everything.slice(0, 4));
    expect(await page(4, 4)).toEqual(everything.slice(4));
    expect(await page(8, 4)).toEqual([]);
    // Releases and failed withdrawals are refunds of net 0: only the order refund shows.
    expect(await page(0, 20, 'refund')).toEqual([['refund', 400]]);

    const balance = await balanceOf(app.db, tenant.id, userId);
    expect(balance).toMatchObject({ available: 6_100, locked: 1_200 });
    expect(everything.reduce((sum, [, delta]) => sum + Number(delta), 0)).toBe(balance.available + balance.locked);

    const received = await historyOf(app.db, tenant.id, friend, { offset: 0, limit: 20 });
    expect(received).toMatchObject([
      {
        txType: 'adjustment',
        delta: 700,
        meta: { transfer_from: userId, transfer_to: friend, transfer_from_name: '김하늘', memo: '점심값' },
      },
    ]);
  });

  it('ledgerProblems reports a balance row that differs from its entries', async () => {
    const t = await createTenant(app.db);
    const userId = await newUser(t);
    await topUp(userId, 5_000, t);
    expect(await ledgerProblems(app.db, t.id)).toEqual([]);
    await app.db.execute(
      sql`update ledger_accounts set available = available + 1 where tenant_id = ${t.id} and user_id = ${userId}`,
    );
    expect(await ledgerProblems(app.db, t.id)).toEqual([expect.stringMatching(/balance 5001\/0, entries 5000\/0/)]);
  });
});

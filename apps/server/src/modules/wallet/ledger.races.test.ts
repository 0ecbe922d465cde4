import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../platform/db/client.js';
import { createTenant, createUser } from '../../seed/factories.js';
import { buildTestApp, onPostgres } from '../../test/app.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { balanceOf, inLedgerTransaction, ledgerProblems, type Posted } from './ledger.js';
import { captureOrderPoints, creditTopup, lockForOrder, transfer } from './points.js';

/**
 * The ledger under real concurrency on PostgreSQL (issue 11): every call below is one
 * `inLedgerTransaction` started at the same time as the others, each on its own pooled connection
 * (20 of them). PGlite runs one transaction at a time, so these only mean something on a server.
 */
describe.runIf(onPostgres)('points ledger races on PostgreSQL', () => {
  let app: FastifyInstance;
  let tenant: TenantRow;
  let sequence = 0;

  beforeAll(async () => {
    app = await buildTestApp({ databasePoolMax: 20 });
  });
  afterAll(() => app.close());
  // A tenant per case, so that ledgerProblems of one case sees only its own postings.
  beforeEach(async () => {
    tenant = await createTenant(app.db);
  });

  const newUser = async () => (await createUser(app.db, tenant.id)).user.id;
  const topUp = (userId: number, amount: number) =>
    inLedgerTransaction(app.db, (tx) => creditTopup(tx, tenant.id, { userId, amount, paymentId: `pay-${++sequence}` }));
  /** Starts every piece of work at once, each in its own ledger transaction; counts the attempts. */
  async function together<T>(works: ((tx: DbOrTx) => Promise<T>)[]) {
    let attempts = 0;
    const results = await Promise.allSettled(
      works.map((work) =>
        inLedgerTransaction(app.db, (tx) => {
          attempts++;
          return work(tx);
        }),
      ),
    );
    return {
      attempts,
      fulfilled: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
      rejected: results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : [])),
    };
  }

  it('50 parallel spends of 30% of one balance: exactly 3 go through', async () => {
    const userId = await newUser();
    await topUp(userId, 10_000);
    const { fulfilled, rejected } = await together(
      Array.from({ length: 50 }, () => async (tx: DbOrTx) => {
        const order = { userId, amount: 3_000, reference: { type: 'order' as const, id: ++sequence } };
        await lockForOrder(tx, tenant.id, order);
        return captureOrderPoints(tx, tenant.id, order);
      }),
    );
    expect(fulfilled).toHaveLength(3);
    expect(rejected).toHaveLength(47);
    for (const err of rejected) expect(err).toMatchObject({ status: 400, code: 'insufficient_balance' });
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 1_000, locked: 0 });
    expect(await ledgerProblems(app.db, tenant.id)).toEqual([]);
  });

  it('50 parallel transfers A→B and B→A: no error reaches the caller, totals are conserved', async () => {
    const [a, b] = [await newUser(), await newUser()] as [number, number];
    await topUp(a, 100_000);
    await topUp(b, 100_000);
    const party = (id: number) => ({ id, name: `사용자${id}` });
    const { attempts, fulfilled, rejected } = await together(
      Array.from({ length: 50 }, (_, i) => (tx: DbOrTx) => {
        const [from, to, amount] = i % 2 === 0 ? [a, b, 1_000] : [b, a, 700];
        return transfer(tx, tenant.id, { from: party(from), to: party(to), amount, memo: '', key: `t-${i}` });
      }),
    );
    expect(rejected).toEqual([]);
    expect(fulfilled).toHaveLength(50);
    const [balanceA, balanceB] = [await balanceOf(app.db, tenant.id, a), await balanceOf(app.db, tenant.id, b)];
    expect(balanceA).toMatchObject({ available: 100_000 - 25 * 1_000 + 25 * 700, locked: 0 });
    expect(balanceB).toMatchObject({ available: 100_000 + 25 * 1_000 - 25 * 700, locked: 0 });
    expect(balanceA.available + balanceB.available).toBe(200_000);
    expect(await ledgerProblems(app.db, tenant.id)).toEqual([]);
    // Wallets are locked in account-id order, so no transfer ever had to be retried as a deadlock
    // victim (a retry would cost the user PostgreSQL's deadlock timeout, a second).
    expect(attempts, 'attempts (more than 50 means deadlocks were retried)').toBe(50);
  }, 120_000); // with a lock-order bug, deadlocks take a second each to detect before this fails

  it('the same idempotency key from 20 parallel callers credits once', async () => {
    const userId = await newUser(); // no wallet yet: the first caller creates it
    const paymentId = `pay-${++sequence}`;
    const { fulfilled, rejected } = await together<Posted>(
      Array.from(
        { length: 20 },
        () => (tx: DbOrTx) => creditTopup(tx, tenant.id, { userId, amount: 5_000, paymentId }),
      ),
    );
    expect(rejected).toEqual([]);
    expect(fulfilled.filter((p) => !p.replayed)).toHaveLength(1);
    expect(new Set(fulfilled.map((p) => p.transactionId)).size).toBe(1);
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 5_000, locked: 0 });
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where tenant_id = ${tenant.id} and idempotency_key = ${`topup:${paymentId}`}`,
    );
    expect(rows[0]?.n).toBe(1);
    expect(await ledgerProblems(app.db, tenant.id)).toEqual([]);
  });

  it('20 parallel first top-ups of a new wallet all land in one wallet', async () => {
    const userId = await newUser();
    const { fulfilled, rejected } = await together<Posted>(
      Array.from(
        { length: 20 },
        () => (tx: DbOrTx) => creditTopup(tx, tenant.id, { userId, amount: 1_000, paymentId: `pay-${++sequence}` }),
      ),
    );
    expect(rejected).toEqual([]);
    expect(fulfilled).toHaveLength(20);
    expect(await balanceOf(app.db, tenant.id, userId)).toMatchObject({ available: 20_000, locked: 0 });
    expect(await ledgerProblems(app.db, tenant.id)).toEqual([]);
  });
});

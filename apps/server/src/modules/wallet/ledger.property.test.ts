import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../platform/db/client.js';
import { createTenant, createUser } from '../../seed/factories.js';
import { buildTestApp } from '../../test/app.js';
import { balanceOf, historyOf, inLedgerTransaction, ledgerProblems, type Posted } from './ledger.js';
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
 * Model-based property test of the points ledger (issue 11): random sequences of top-ups,
 * transfers, spends (lock, then capture or release), refunds, withdrawals, rewards and replays of
 * earlier postings, on four users of a fresh tenant per run, each command in its own
 * `inLedgerTransaction`. After every command each balance equals the model's (available and
 * locked), a command the model says would overdraw is refused with `insufficient_balance` and
 * changes nothing (not even the count of ledger transactions), a replay moves nothing and answers
 * the first transaction, `ledgerProblems` is empty, and a user's history sums to what they hold.
 * Replay a failure with FC_SEED=<seed printed below>; FC_RUNS sets the number of sequences.
 */
const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FC_RUNS ?? 40);
console.log(`ledger property test: FC_SEED=${seed} FC_RUNS=${numRuns}`);

const USERS = 4;

interface Hold {
  user: number;
  ref: HoldRef;
}
interface Model {
  wallets: { available: number; locked: number }[];
  /** The ledger transactions the tenant must hold. */
  transactions: number;
  pendingOrders: Hold[];
  paidOrders: (Hold & { refundable: number; refunds: number })[];
  pendingWithdrawals: Hold[];
  /** Postings that went through: how to make them again, and what they answered the first time. */
  posted: { label: string; again: Work; answers: Posted[] }[];
}
interface Real {
  tenantId: number;
  userIds: number[];
}
type Work = (tx: DbOrTx) => Promise<Posted[]>;
type Command = fc.AsyncCommand<Model, Real>;

let app: FastifyInstance;
let sequence = 0;
/** How often each outcome happened, printed at the end to show the runs reach refusals and replays. */
const tally = { posted: 0, refused: 0, replayed: 0 };
const nextId = () => ++sequence;

/** What must hold after every command. */
async function expectMatchesModel(m: Model, r: Real) {
  for (const [i, userId] of r.userIds.entries()) {
    const { available, locked } = await balanceOf(app.db, r.tenantId, userId);
    expect({ available, locked }, `balance of user ${i}`).toEqual(m.wallets[i]);
    expect(available >= 0 && locked >= 0, `user ${i} never below zero`).toBe(true);
    const history = await historyOf(app.db, r.tenantId, userId, { offset: 0, limit: 1_000 });
    expect(
      history.reduce((sum, h) => sum + h.delta, 0),
      `history of user ${i} sums to what they hold`,
    ).toBe(available + locked);
  }
  expect(await ledgerProblems(app.db, r.tenantId)).toEqual([]);
  const [count] = (
    await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where tenant_id = ${r.tenantId}`,
    )
  ).rows;
  expect(count?.n, 'ledger transactions of the tenant').toBe(m.transactions);
}

/**
 * Runs one movement; when the model says it would overdraw, it must be refused, else it must go
 * through as new transactions and the model moves (`apply`).
 */
async function attempt(m: Model, r: Real, label: string, work: Work, overdraws: boolean, apply: () => void) {
  if (overdraws) {
    await expect(inLedgerTransaction(app.db, work), label).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    tally.refused++;
  } else {
    const answers = await inLedgerTransaction(app.db, work);
    expect(
      answers.map((a) => a.replayed),
      label,
    ).toEqual(answers.map(() => false));
    m.transactions += answers.length;
    m.posted.push({ label, again: work, answers });
    apply();
    tally.posted++;
  }
  await expectMatchesModel(m, r);
}

function command(
  label: string,
  check: (m: Readonly<Model>) => boolean,
  run: (m: Model, r: Real) => Promise<void>,
): Command {
  return { check, run, toString: () => label };
}

const user = fc.nat(USERS - 1);
const pointsIn = (min: number, max: number, step: number) => fc.integer({ min, max }).map((n) => n * step);

const topUp = fc.record({ user, amount: pointsIn(1, 30, 1_000) }).map(({ user: u, amount }) =>
  command(
    `topUp(u${u}, ${amount})`,
    () => true,
    (m, r) => {
      const paymentId = `pay-${nextId()}`;
      const w = m.wallets[u] as Model['wallets'][number];
      return attempt(
        m,
        r,
        `top-up ${paymentId}`,
        async (tx) => [await creditTopup(tx, r.tenantId, { userId: r.userIds[u] as number, amount, paymentId })],
        false,
        () => {
          w.available += amount;
        },
      );
    },
  ),
);

const transferArb = fc
  .record({ from: user, offset: fc.integer({ min: 1, max: USERS - 1 }), amount: pointsIn(1, 100, 100) })
  .map(({ from, offset, amount }) => {
    const to = (from + offset) % USERS;
    return command(
      `transfer(u${from} -> u${to}, ${amount})`,
      () => true,
      (m, r) => {
        const key = `k-${nextId()}`;
        const sender = m.wallets[from] as Model['wallets'][number];
        const receiver = m.wallets[to] as Model['wallets'][number];
        const party = (i: number) => ({ id: r.userIds[i] as number, name: `사용자${i}` });
        return attempt(
          m,
          r,
          `transfer ${key}`,
          async (tx) => [await transfer(tx, r.tenantId, { from: party(from), to: party(to), amount, memo: '', key })],
          sender.available < amount,
          () => {
            sender.available -= amount;
            receiver.available += amount;
          },
        );
      },
    );
  });

/** Points locked for an order, then captured or released in the same transaction, or left pending. */
const spend = fc
  .record({ user, amount: pointsIn(1, 40, 500), outcome: fc.constantFrom('capture', 'release', 'pending') })
  .map(({ user: u, amount, outcome }) =>
    command(
      `spend(u${u}, ${amount}, ${outcome})`,
      () => true,
      (m, r) => {
        const ref: HoldRef = { userId: r.userIds[u] as number, amount, reference: { type: 'order', id: nextId() } };
        const w = m.wallets[u] as Model['wallets'][number];
        return attempt(
          m,
          r,
          `spend order ${ref.reference.id}`,
          async (tx) => {
            const locked = await lockForOrder(tx, r.tenantId, ref);
            if (outcome === 'capture') return [locked, await captureOrderPoints(tx, r.tenantId, ref)];
            if (outcome === 'release') return [locked, await releaseOrderPoints(tx, r.tenantId, ref)];
            return [locked];
          },
          w.available < amount,
          () => {
            if (outcome === 'capture') {
              w.available -= amount;
              m.paidOrders.push({ user: u, ref, refundable: amount, refunds: 0 });
            } else if (outcome === 'pending') {
              w.available -= amount;
              w.locked += amount;
              m.pendingOrders.push({ user: u, ref });
            }
          },
        );
      },
    ),
  );

/** A pending order is paid (its locked points captured) or abandoned (released). */
const settleOrder = fc
  .record({ pick: fc.nat(), outcome: fc.constantFrom('capture', 'release') })
  .map(({ pick, outcome }) =>
    command(
      `settleOrder(#${pick}, ${outcome})`,
      (m) => m.pendingOrders.length > 0,
      (m, r) => {
        const [hold] = m.pendingOrders.splice(pick % m.pendingOrders.length, 1) as [Hold];
        const w = m.wallets[hold.user] as Model['wallets'][number];
        return attempt(
          m,
          r,
          `${outcome} order ${hold.ref.reference.id}`,
          async (tx) => [
            outcome === 'capture'
              ? await captureOrderPoints(tx, r.tenantId, hold.ref)
              : await releaseOrderPoints(tx, r.tenantId, hold.ref),
          ],
          false,
          () => {
            w.locked -= hold.ref.amount;
            if (outcome === 'release') w.available += hold.ref.amount;
            else m.paidOrders.push({ ...hold, refundable: hold.ref.amount, refunds: 0 });
          },
        );
      },
    ),
  );

/** Part (or all) of what a paid order still may refund comes back. */
const refund = fc.record({ pick: fc.nat(), percent: fc.integer({ min: 1, max: 100 }) }).map(({ pick, percent }) =>
  command(
    `refund(#${pick}, ${percent}%)`,
    (m) => m.paidOrders.length > 0,
    (m, r) => {
      const order = m.paidOrders[pick % m.paidOrders.length] as Model['paidOrders'][number];
      const amount = Math.max(1, Math.floor((order.refundable * percent) / 100));
      const step = `refund-${order.refunds + 1}`;
      const w = m.wallets[order.user] as Model['wallets'][number];
      return attempt(
        m,
        r,
        `${step} of order ${order.ref.reference.id}`,
        async (tx) => [await refundOrderPoints(tx, r.tenantId, { ...order.ref, amount, step })],
        false,
        () => {
          w.available += amount;
          order.refunds += 1;
          order.refundable -= amount;
          if (order.refundable === 0) m.paidOrders.splice(m.paidOrders.indexOf(order), 1);
        },
      );
    },
  ),
);

const withdraw = fc.record({ user, amount: pointsIn(1, 40, 500) }).map(({ user: u, amount }) =>
  command(
    `withdraw(u${u}, ${amount})`,
    () => true,
    (m, r) => {
      const ref: HoldRef = { userId: r.userIds[u] as number, amount, reference: { type: 'withdrawal', id: nextId() } };
      const w = m.wallets[u] as Model['wallets'][number];
      return attempt(
        m,
        r,
        `withdrawal ${ref.reference.id}`,
        async (tx) => [await lockForWithdrawal(tx, r.tenantId, ref)],
        w.available < amount,
        () => {
          w.available -= amount;
          w.locked += amount;
          m.pendingWithdrawals.push({ user: u, ref });
        },
      );
    },
  ),
);

/** The bridge settles a pending withdrawal (the points leave) or fails it (they come back). */
const finishWithdrawal = fc
  .record({ pick: fc.nat(), outcome: fc.constantFrom('settle', 'fail') })
  .map(({ pick, outcome }) =>
    command(
      `finishWithdrawal(#${pick}, ${outcome})`,
      (m) => m.pendingWithdrawals.length > 0,
      (m, r) => {
        const [hold] = m.pendingWithdrawals.splice(pick % m.pendingWithdrawals.length, 1) as [Hold];
        const w = m.wallets[hold.user] as Model['wallets'][number];
        return attempt(
          m,
          r,
          `${outcome} withdrawal ${hold.ref.reference.id}`,
          async (tx) => [
            outcome === 'settle'
              ? await settleWithdrawal(tx, r.tenantId, hold.ref)
              : await failWithdrawal(tx, r.tenantId, hold.ref),
          ],
          false,
          () => {
            w.locked -= hold.ref.amount;
            if (outcome === 'fail') w.available += hold.ref.amount;
          },
        );
      },
    ),
  );

const earnArb = fc.record({ user, amount: fc.integer({ min: 1, max: 3_000 }) }).map(({ user: u, amount }) =>
  command(
    `earn(u${u}, ${amount})`,
    () => true,
    (m, r) => {
      const key = `order-${nextId()}`;
      const w = m.wallets[u] as Model['wallets'][number];
      return attempt(
        m,
        r,
        `earn ${key}`,
        async (tx) => [await earn(tx, r.tenantId, { userId: r.userIds[u] as number, amount, key })],
        false,
        () => {
          w.available += amount;
        },
      );
    },
  ),
);

/**
 * An earlier posting made again with the same key (a replayed payment callback, a retried
 * transfer, a second capture of the same order): it answers the first transactions, marked
 * replayed, and moves nothing.
 */
const again = fc.nat().map((pick) =>
  command(
    `again(#${pick})`,
    (m) => m.posted.length > 0,
    async (m, r) => {
      const earlier = m.posted[pick % m.posted.length] as Model['posted'][number];
      const answers = await inLedgerTransaction(app.db, earlier.again);
      expect(answers, `again: ${earlier.label}`).toEqual(earlier.answers.map((a) => ({ ...a, replayed: true })));
      tally.replayed++;
      await expectMatchesModel(m, r);
    },
  ),
);

describe('points ledger against a model', () => {
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('keeps every balance equal to the model, refuses overdrafts and stays balanced', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Top-ups twice as likely as the rest, so that wallets hold enough for most spends to go through.
        fc.commands(
          [topUp, topUp, transferArb, spend, settleOrder, refund, withdraw, finishWithdrawal, earnArb, again],
          { maxCommands: 20, size: 'max' },
        ),
        async (commands) => {
          const setup = async () => {
            const tenant = await createTenant(app.db);
            const userIds: number[] = [];
            for (let i = 0; i < USERS; i++) userIds.push((await createUser(app.db, tenant.id)).user.id);
            const model: Model = {
              wallets: userIds.map(() => ({ available: 0, locked: 0 })),
              transactions: 0,
              pendingOrders: [],
              paidOrders: [],
              pendingWithdrawals: [],
              posted: [],
            };
            return { model, real: { tenantId: tenant.id, userIds } };
          };
          await fc.asyncModelRun(setup, commands);
        },
      ),
      { seed, numRuns },
    );
    console.log(`ledger property test: ${JSON.stringify(tally)}`);
  }, 120_000);
});

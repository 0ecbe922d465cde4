import { randomBytes } from 'node:crypto';

/**
 * What the money code takes from outside itself, injected so that the money simulation
 * (src/sim, docs/decisions/035-money-simulation.md) can replay a run exactly from its seed:
 * the time, the random bytes of ids that end up in the books, and failpoints where a flow can be
 * interrupted. `npm start` wires the real clock, the machine's randomness and no failpoints.
 *
 * Only times that decide something read the clock (a payment's age and window, a withdrawal's due
 * time, a pending card's settle time, the paid and cancelled times of orders and payments);
 * bookkeeping columns (`updated_at`) keep the database's `now()`.
 */
export interface Clock {
  now(): Date;
}

export interface Random {
  /** `n` random bytes (ids: payment ids, the sandbox's transaction and cancellation ids). */
  bytes(n: number): Buffer;
}

/**
 * Named places where a flow may be interrupted: between two of its transactions
 * (`payments.confirm:committed`), and around each gateway call (`gateway.cancel:before`, the
 * request never reached the gateway; `gateway.cancel:after`, the gateway did the work and its
 * answer was lost). `reach` throws to interrupt (the simulation's crash or a gateway timeout);
 * production has none.
 */
export interface Failpoints {
  reach(name: Failpoint): void;
}

export type GatewayCall = 'prepare' | 'getPayment' | 'cancel';
export type Failpoint =
  | `gateway.${GatewayCall}:${'before' | 'after'}`
  /** The verdict on a payment committed; closing it at the gateway (or giving a late one back) comes next. */
  | 'payments.confirm:committed'
  /** A prepare gave back the buyer's stale holds; the prepare itself runs next. */
  | 'checkout.prepare:released'
  /** A cancel or refund recorded its intent; the reversal with the gateway's cancel runs next. */
  | 'checkout.reverse:intended'
  /** The reconciliation job settled one payment and goes on with the next. */
  | 'payments.reconcile:between'
  /** The withdrawal job settled one tenant's due withdrawals and goes on with the next tenant. */
  | 'wallet.settle:between';

export interface Seams {
  clock: Clock;
  random: Random;
  /** Absent in production. */
  failpoints?: Failpoints;
}

export const systemClock: Clock = { now: () => new Date() };

export const productionSeams: Seams = {
  clock: systemClock,
  random: { bytes: (n) => randomBytes(n) },
};

/** Reaches a failpoint when there are any (a no-op in production). */
export function failpoint(seams: Pick<Seams, 'failpoints'>, name: Failpoint): void {
  seams.failpoints?.reach(name);
}

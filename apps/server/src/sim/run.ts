import { createHash } from 'node:crypto';
import { cardMoneyProblems, comparable, differences, snapshot } from './check.js';
import { type Cast, Model, SIM, type State } from './model.js';
import {
  cartKey,
  describe,
  nextOp,
  type Op,
  onModel,
  onWorld,
  type Refs,
  resetKeys,
  resolve,
  type Sent,
} from './ops.js';
import { Rng } from './rng.js';
import { buildWorld, castOf, type DbKind, type World } from './world.js';

export interface RunOptions {
  kind: DbKind;
  /** The server of `postgres` and `citus` runs (a database of its own is made there per run). */
  serverUrl: string;
  seed: number;
  gateway: Cast['gateway'];
  /** Steps to generate; or `ops`, a sequence to replay (a shrunk failure). */
  steps: number;
  ops?: Op[];
}

export interface Failure {
  step: number;
  op: Op;
  message: string;
}

export interface RunResult {
  ops: Op[];
  failure: Failure | null;
  /** A hash of the final state (PGlite: the same seed, the same digest). */
  digest: string;
  faultsFired: number;
  together: number;
  /** How often each kind of step answered what (`kind → answer`), and figures of the final state. */
  stats: Record<string, number>;
}

/** The steps that end every run: past every window and due time, the jobs run, nothing left in flight. */
const DRAIN: Op[] = [
  { k: 'tick', ms: SIM.windowMs + SIM.minAgeMs + SIM.pendingSettleMs },
  { k: 'reconcile' },
  { k: 'reconcile' },
  { k: 'settleWithdrawals' },
];

/**
 * What two operations run at once may do: one after the other in either order, or the second at
 * any failpoint of the first (the places between its transactions and around its gateway calls).
 */
function togetherCandidates(m: Model, ops: Op[]): { outcomes: string[]; state: State }[] {
  const candidates: { outcomes: string[]; state: State }[] = [];
  for (const [a, b] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const first = ops[a] as Op;
    const second = ops[b] as Op;
    const c = m.clone();
    const outcomes: string[] = [];
    outcomes[a] = c.run((mm) => onModel(mm, first));
    outcomes[b] = c.run((mm) => onModel(mm, second));
    candidates.push({ outcomes, state: c.s });
    for (let at = 0; at < 64; at++) {
      const d = m.clone();
      const seen: string[] = [];
      let ran = false;
      seen[a] = d.run((mm) => onModel(mm, first), null, {
        at,
        run: () => {
          ran = true;
          seen[b] = onModel(d, second);
        },
      });
      if (!ran) break;
      candidates.push({ outcomes: seen, state: d.s });
    }
  }
  return candidates;
}

/**
 * One step: the real services and the model both run it (with the same fault armed), then the
 * answers and the database must be the model's; for operations run together, those of one order
 * of them (the database decides the order on PostgreSQL).
 */
async function step(
  w: World,
  m: Model,
  refs: Refs,
  drawn: Op,
  sent: Sent,
): Promise<{ refs: Refs; error?: string; fired: boolean; op: Op; seen: string[] }> {
  // What the request carries from the screen before the step (totals, cart lines, the form's count).
  const op = resolve(m, drawn, sent);
  let candidates: { outcomes: string[]; state: State }[];
  let seen: string[];
  let fired = false;
  if (op.k === 'together') {
    seen = await Promise.all(op.ops.map((o) => onWorld(w, m, refs, o)));
    candidates = togetherCandidates(m, op.ops);
  } else {
    w.failpoints.arm(op.fault ?? null);
    seen = [await onWorld(w, m, refs, op)];
    fired = w.failpoints.fired !== null;
    w.failpoints.arm(null);
    const c = m.clone();
    const outcome = c.run((mm) => onModel(mm, op), op.fault ?? null);
    candidates = [{ outcomes: [outcome], state: c.s }];
  }
  if (process.env.SIM_TRACE) console.log(`  ${describe(op)} → ${seen.join(', ')}${fired ? ' (fault fired)' : ''}`);
  const snap = await snapshot(w, m);
  // A line keeps its database id after it left the cart (a retried checkout sends it again).
  snap.refs.lineIds = refs.lineIds;
  if (snap.problems.length) return { refs: snap.refs, error: snap.problems.join('; '), fired, op, seen };
  const actual = JSON.stringify(snap.state);
  const match = candidates.find(
    (c) => JSON.stringify(c.outcomes) === JSON.stringify(seen) && JSON.stringify(comparable(c.state)) === actual,
  );
  if (match) {
    m.s = structuredClone(match.state);
    for (const l of m.s.cart) {
      const id = snap.refs.cart.get(cartKey(l.user, l.product, l.option));
      if (id !== undefined) snap.refs.lineIds.set(l.id, id);
    }
    for (const o of op.k === 'together' ? op.ops : [op]) {
      if (o.k === 'checkoutCart' && o.ids && o.amount !== undefined) {
        sent.lastCart.set(o.user, { key: o.key, ids: o.ids, amount: o.amount });
      }
    }
    return { refs: snap.refs, fired, op, seen };
  }
  // The nearest candidate is reported: the same answers if one gave them, then the fewest differences.
  const distance = (c: (typeof candidates)[number]) =>
    (JSON.stringify(c.outcomes) === JSON.stringify(seen) ? 0 : 1000) +
    differences(comparable(c.state), snap.state, '', [], 999).length;
  const expected = candidates.reduce((best, c) => (distance(c) < distance(best) ? c : best));
  const outcomes =
    JSON.stringify(expected.outcomes) !== JSON.stringify(seen)
      ? [`answered ${seen.join(', ')} where the model answers ${expected.outcomes.join(', ')}`]
      : [];
  return {
    refs: snap.refs,
    error: [...outcomes, ...differences(comparable(expected.state), snap.state)].join('; ') || 'no state matches',
    fired,
    op,
    seen,
  };
}

/** Runs one seed (or replays `ops`) on a fresh database, checking after every step. */
export async function runSeed(o: RunOptions): Promise<RunResult> {
  const rng = new Rng(o.seed);
  const cast = castOf(o.gateway);
  const m = new Model(cast);
  resetKeys();
  const w = await buildWorld(o.kind, o.serverUrl, cast, new Rng(o.seed ^ 0x5eed));
  const ops: Op[] = [];
  let faultsFired = 0;
  let together = 0;
  const stats: Record<string, number> = {};
  const tally = (name: string, n = 1) => {
    stats[name] = (stats[name] ?? 0) + n;
  };
  try {
    let { refs } = await snapshot(w, m);
    const sent: Sent = { lastCart: new Map() };
    const total = (o.ops?.length ?? o.steps) + DRAIN.length;
    for (let i = 0; i < total; i++) {
      const drain = i >= total - DRAIN.length;
      const op = drain ? (DRAIN[i - (total - DRAIN.length)] as Op) : (o.ops?.[i] ?? nextOp(rng, m));
      if (!drain) ops.push(op);
      // A second passes between steps.
      m.s.now += 1_000;
      w.clock.t += 1_000;
      let result: Awaited<ReturnType<typeof step>>;
      try {
        result = await step(w, m, refs, op, sent);
      } catch (err) {
        const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        return {
          ops,
          failure: { step: i, op, message: `unexpected error: ${message}` },
          digest: '',
          faultsFired,
          together,
          stats,
        };
      }
      if (result.fired) faultsFired++;
      if (op.k === 'together') together++;
      const run = result.op.k === 'together' ? result.op.ops : [result.op];
      // A cancel or refund of an order of a payment of several is told apart.
      const label = (o: Op) =>
        o.k === 'checkoutCart' && o.retry
          ? 'checkoutCart (retry)'
          : (o.k === 'cancel' || o.k === 'status') &&
              (m.s.payments[m.s.orders[o.order]?.payment ?? -1]?.orders.length ?? 0) > 1
            ? `${o.k} (of several)`
            : o.k;
      for (const [n, o] of run.entries())
        tally(`${label(o)}${op.k === 'together' ? ' (together)' : ''} → ${result.seen[n]}`);
      if (result.fired) tally(`fault fired at ${(op.fault as NonNullable<Op['fault']>).point} (${label(op)})`);
      if (result.error)
        return {
          ops,
          failure: { step: i, op: result.op, message: result.error },
          digest: '',
          faultsFired,
          together,
          stats,
        };
      refs = result.refs;
    }
    const { state } = await snapshot(w, m);
    for (const p of state.payments) {
      if (p.purpose !== 'order') continue;
      tally(`payments of ${p.orders.length} order(s), ${p.status}`);
      const reversed = p.orders.filter(
        (j) => ['CANCELLED', 'REFUNDED'].includes(state.orders[j]?.status ?? '') && state.orders[j]?.paid,
      );
      if (p.orders.length > 1 && reversed.length)
        tally(`payments of several with ${reversed.length} order(s) given back`);
    }
    tally('orders of several lines', state.orders.filter((o) => o.lines.length > 1).length);
    tally('orders picked up', state.orders.filter((o) => o.type === 'pickup').length);
    const money = cardMoneyProblems(state);
    const digest = createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 16);
    if (money.length) {
      return {
        ops,
        failure: { step: total, op: { k: 'reconcile' }, message: `after the drain: ${money.join('; ')}` },
        digest,
        faultsFired,
        together,
        stats,
      };
    }
    return { ops, failure: null, digest, faultsFired, together, stats };
  } finally {
    await w.close();
  }
}

/**
 * Shortens a failing sequence (delta debugging): drops chunks of steps, halving the chunk size,
 * keeping each shorter sequence that still fails; bounded by `budget` replays.
 */
export async function shrink(
  o: RunOptions,
  failing: Op[],
  budget = 150,
  progress: (ops: Op[]) => void = () => {},
): Promise<{ ops: Op[]; failure: Failure }> {
  let best = failing;
  let bestFailure: Failure | null = null;
  let tries = 0;
  const fails = async (ops: Op[]) => {
    tries++;
    const r = await runSeed({ ...o, ops });
    return r.failure ? { ops: r.ops.slice(0, Math.min(r.failure.step + 1, r.ops.length)), failure: r.failure } : null;
  };
  const first = await fails(best);
  if (!first) throw new Error('the failure did not reproduce on replay');
  best = first.ops;
  bestFailure = first.failure;
  for (let size = Math.max(1, Math.floor(best.length / 2)); size >= 1 && tries < budget; ) {
    let shrunk = false;
    for (let at = 0; at < best.length && tries < budget; at += size) {
      const candidate = [...best.slice(0, at), ...best.slice(at + size)];
      if (candidate.length === 0) continue;
      const r = await fails(candidate);
      if (r) {
        best = r.ops;
        bestFailure = r.failure;
        shrunk = true;
        progress(best);
        break;
      }
    }
    if (!shrunk) size = Math.floor(size / 2);
  }
  return { ops: best, failure: bestFailure };
}

/** The gateway of a seed: the one asked for, else even seeds pay through PortOne's stand-in, odd ones the sandbox. */
export function gatewayOf(seed: number, asked?: string): Cast['gateway'] {
  if (asked === 'sandbox' || asked === 'portone') return asked;
  if (asked !== undefined) throw new Error(`--gateway must be sandbox or portone, not ${asked}`);
  return seed % 2 === 0 ? 'portone' : 'sandbox';
}

export function report(seed: number, failure: Failure): string {
  return `seed ${seed} failed at step ${failure.step}: ${describe(failure.op)}\n  ${failure.message}`;
}

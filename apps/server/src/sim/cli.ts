import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serverRoot } from '../paths.js';
import { describe, type Op } from './ops.js';
import { gatewayOf, report, runSeed, shrink } from './run.js';
import type { DbKind } from './world.js';

/**
 * npm run sim -- --seed N --steps M [--db pglite|postgres|citus] [--seeds K] [--gateway sandbox|portone]
 *   [--replay file] [--check-replay] [--no-shrink] [--stats]
 *
 * Without --gateway, even seeds pay through PortOne's stand-in (a remote gateway, webhooks) and
 * odd ones through the sandbox (its book in our database).
 * Runs the money simulation (docs/decisions/035-money-simulation.md) for seeds N .. N+K-1: each a
 * fresh database, M generated steps checked against the model, then the drain. A failure prints
 * the seed, the step and how the state diverged, shrinks the sequence and writes it to
 * test-output/sim-failure-{seed}.json (`--replay` runs that file again). Exit code 1 on failure.
 * `--stats` prints, for a clean run, how often each kind of step answered what, the faults that
 * fired, and the payments (of one order or several) as the runs ended.
 */
const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    seeds: { type: 'string', default: '1' },
    steps: { type: 'string', default: '200' },
    db: { type: 'string', default: 'pglite' },
    gateway: { type: 'string' },
    replay: { type: 'string' },
    'no-shrink': { type: 'boolean', default: false },
    'check-replay': { type: 'boolean', default: false },
    stats: { type: 'boolean', default: false },
  },
});

const kind = values.db as DbKind;
if (!['pglite', 'postgres', 'citus'].includes(kind))
  throw new Error(`--db must be pglite, postgres or citus, not ${kind}`);
const serverUrl =
  process.env.DATABASE_URL ??
  (kind === 'citus' ? 'postgres://postgres@127.0.0.1:9700/postgres' : 'postgres://postgres@127.0.0.1:5432/test');
const first = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const seeds = Number(values.seeds);
const steps = Number(values.steps);
if (![first, seeds, steps].every(Number.isSafeInteger)) throw new Error('--seed, --seeds and --steps are integers');

const where =
  kind === 'pglite' ? 'PGlite' : `${kind === 'citus' ? 'Citus' : 'PostgreSQL'} (${new URL(serverUrl).host})`;
console.log(
  `money simulation on ${where}: seeds ${first}..${first + seeds - 1}, ${steps} steps each; ` +
    (kind === 'pglite'
      ? 'steps and their interleavings are the seed’s: a seed replays exactly'
      : 'steps run concurrently where the seed says so and the database orders them: a seed checks the invariants but need not replay exactly'),
);

async function main(): Promise<number> {
  if (values.replay) {
    const saved = JSON.parse(readFileSync(values.replay, 'utf8')) as { seed: number; gateway: string; ops: Op[] };
    const gateway = gatewayOf(saved.seed, saved.gateway);
    const r = await runSeed({ kind, serverUrl, seed: saved.seed, gateway, steps: 0, ops: saved.ops });
    console.log(r.failure ? report(saved.seed, r.failure) : `replay of ${values.replay}: clean`);
    return r.failure ? 1 : 0;
  }
  const started = Date.now();
  let totalSteps = 0;
  let faults = 0;
  let together = 0;
  const stats: Record<string, number> = {};
  for (let seed = first; seed < first + seeds; seed++) {
    const gateway = gatewayOf(seed, values.gateway);
    const r = await runSeed({ kind, serverUrl, seed, gateway, steps });
    totalSteps += r.ops.length;
    faults += r.faultsFired;
    together += r.together;
    for (const [k, n] of Object.entries(r.stats)) stats[k] = (stats[k] ?? 0) + n;
    if (values['check-replay'] && kind === 'pglite' && !r.failure) {
      const again = await runSeed({ kind, serverUrl, seed, gateway, steps });
      if (again.digest !== r.digest || JSON.stringify(again.ops) !== JSON.stringify(r.ops)) {
        console.log(`seed ${seed}: a second run differs (digest ${r.digest} then ${again.digest})`);
        return 1;
      }
    }
    if (!r.failure) {
      if (seeds <= 20)
        console.log(
          `seed ${seed} (${gateway}): clean, ${r.ops.length} steps, ${r.faultsFired} faults fired, state ${r.digest}`,
        );
      else if ((seed - first + 1) % 25 === 0)
        console.log(`seeds ${first}..${seed} clean (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      continue;
    }
    console.log(`${report(seed, r.failure)} (${gateway})`);
    if (values['no-shrink']) return 1;
    console.log('shrinking…');
    const small = await shrink({ kind, serverUrl, seed, gateway, steps }, r.ops, 150, (ops) =>
      process.stdout.write(`  ${ops.length} steps still fail\n`),
    );
    const dir = join(serverRoot, '..', '..', 'test-output');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `sim-failure-${seed}.json`);
    writeFileSync(file, `${JSON.stringify({ seed, gateway, ops: small.ops }, null, 1)}\n`);
    console.log(`shortest failing sequence (${small.ops.length} steps), saved to ${file}:`);
    for (const [i, op] of small.ops.entries()) console.log(`  ${i}. ${describe(op)}`);
    console.log(report(seed, small.failure));
    console.log(`replay: npm run sim -- --db ${kind} --replay ${file}`);
    return 1;
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (values.stats) {
    for (const k of Object.keys(stats).sort()) console.log(`  ${String(stats[k]).padStart(6)}  ${k}`);
  }
  console.log(
    `clean: ${seeds} seeds, ${totalSteps} steps (${faults} faults fired, ${together} steps run together) in ${secs} s`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);

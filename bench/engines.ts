/**
 * Plain PostgreSQL beside Citus: the route bench (uncached, then cached), the checkout bench and the
 * wallet bench on each engine in one run, on the same data (BENCH_SEED_PRODUCTS products and
 * BENCH_SEED_POSTS posts per tenant in BENCH_SEED_TENANTS tenants; default 20,000, 10,000 and 4),
 * then one table: each route's or operation's rate (req/s; purchases/s for checkout) and p99 on
 * each engine beside that engine's bare Fastify rate, and Citus over PostgreSQL. Each engine's
 * database is seeded once (timed) and the three benches run on it, unchanged (they print their own
 * tables and checks as they go); for each bench the two engines run back to back, the first one
 * alternating, so that the drift of a shared machine falls on both. `vs bare` divides each engine's
 * rate by its own bare rate first: a ratio that load on the machine moves less.
 *
 * The Citus nodes of cluster/citus.sh run with fsync off; the PostgreSQL database gets
 * synchronous_commit = off, so that the write benches do not compare a server that waits for its
 * disk at every commit with one that never does.
 *
 *   cluster/citus.sh start marketplace
 *   npm run bench:engines --workspace bench
 *     (BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
 *      BENCH_CITUS_URL=postgres://postgres@127.0.0.1:9700/marketplace
 *      BENCH_ENGINE_BENCHES=routes,checkout,wallet; BENCH_DURATION and BENCH_CONNECTIONS as each bench)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase, exited, type Figures, root, seedSize, seedTimes } from './support.js';

const engines = [
  {
    name: 'PostgreSQL',
    citus: false,
    serverUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  },
  {
    name: 'Citus',
    citus: true,
    serverUrl: process.env.BENCH_CITUS_URL ?? 'postgres://postgres@127.0.0.1:9700/marketplace',
  },
];
const benches = (process.env.BENCH_ENGINE_BENCHES ?? 'routes,checkout,wallet').split(',');
const size = seedSize({ products: 20_000, posts: 10_000, tenants: 4 });
const resultsDir = mkdtempSync(join(tmpdir(), 'bench-engines-'));

const databases = engines.map((engine) => ({ ...engine, database: benchDatabase('engines', engine.serverUrl) }));
const seeds: string[] = [];
const failures: string[] = [];
const figures = new Map<string, Figures[]>();

/** Runs bench/`bench`.bench.ts on `engine`'s seeded database; answers the figures it recorded. */
async function runBench(bench: string, engine: (typeof databases)[number]) {
  const file = join(resultsDir, `${bench}-${engine.name}.jsonl`);
  console.log(`\n=== ${bench} on ${engine.name} ===`);
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [`${bench}.bench.ts`], {
    cwd: join(root, 'bench'),
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: engine.database.url,
      BENCH_DATABASE_URL: engine.database.url,
      BENCH_DATA_DIR: engine.database.dataDir,
      BENCH_RESULTS: file,
      BENCH_SEED_PRODUCTS: String(size.products),
      BENCH_SEED_POSTS: String(size.posts),
      BENCH_SEED_TENANTS: String(size.tenants),
    },
  });
  await exited(child);
  if (child.exitCode !== 0) failures.push(`${bench} on ${engine.name}: exit ${child.exitCode ?? child.signalCode}`);
  // No file: the bench failed before its first figure.
  return (existsSync(file) ? readFileSync(file, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Figures);
}

// Both servers answer, and each is the engine it is named for, before anything is made or seeded.
for (const engine of databases) {
  if ((await engine.database.citus()) !== engine.citus) {
    throw new Error(`${engine.serverUrl} is ${engine.citus ? 'not ' : ''}a Citus coordinator's database`);
  }
}
try {
  for (const engine of databases) {
    await engine.database.create();
    if (!engine.citus) {
      await engine.database.query(
        `alter database "${new URL(engine.database.url).pathname.slice(1)}" set synchronous_commit = off`,
      );
    }
    const times = await engine.database.seed(size);
    if (times) seeds.push(`${engine.name.padEnd(11)} ${seedTimes(size, times)}`);
    console.log(seeds.at(-1));
  }
  for (const [i, bench] of benches.entries()) {
    for (const engine of i % 2 === 0 ? databases : [...databases].reverse()) {
      figures.set(`${bench} ${engine.name}`, await runBench(bench, engine));
    }
  }
} finally {
  for (const engine of databases) await engine.database.drop();
  rmSync(resultsDir, { recursive: true, force: true });
}

const [pg, citus] = engines.map((e) => e.name) as [string, string];
const rate = (n: number | undefined) => (n === undefined ? '-' : Math.round(n).toString()).padStart(6);
const p99 = (n: number | undefined) => (n === undefined ? '-' : `${Math.round(n)}`).padStart(5);
const ratio = (a: number | undefined, b: number | undefined) =>
  (a === undefined || b === undefined ? '-' : (a / b).toFixed(2)).padStart(5);
const table = [
  `${''.padEnd(48)} ${pg.padEnd(20)}  ${citus.padEnd(20)}  ${citus}/${pg}`,
  `${'bench, route or operation'.padEnd(48)} ${'rate'.padStart(6)} ${'p99'.padStart(5)} ${'bare'.padStart(6)}   ` +
    `${'rate'.padStart(6)} ${'p99'.padStart(5)} ${'bare'.padStart(6)}   ${'rate'.padStart(5)} ${'p99'.padStart(5)} vs bare`,
];
for (const bench of benches) {
  const onPg = figures.get(`${bench} ${pg}`) ?? [];
  const onCitus = figures.get(`${bench} ${citus}`) ?? [];
  const names = [...new Set([...onPg, ...onCitus].map((f) => f.name))];
  for (const name of names) {
    const a = onPg.find((f) => f.name === name);
    const b = onCitus.find((f) => f.name === name);
    const slower = a && b ? a.rate / b.rate : 0;
    table.push(
      `${`${bench} ${name}`.slice(0, 48).padEnd(48)} ${rate(a?.rate)} ${p99(a?.p99)} ${rate(a?.bare)}   ` +
        `${rate(b?.rate)} ${p99(b?.p99)} ${rate(b?.bare)}   ${ratio(b?.rate, a?.rate)} ${ratio(b?.p99, a?.p99)} ` +
        `${a && b ? ratio(b.rate / b.bare, a.rate / a.bare) : '  -'}${slower > 1.5 ? `  ${slower.toFixed(1)}x slower` : ''}`,
    );
  }
}
console.log(
  `\n${size.products} products and ${size.posts} posts per tenant, ${size.tenants} tenants; ` +
    `rate = req/s (checkout: purchases/s), p99 in ms, bare = Fastify with no plugins, same answers`,
);
for (const line of seeds) console.log(line);
for (const line of table) console.log(line);
for (const line of failures)
  console.log(`${line}: a check failed or a p99 missed its goal (its output above says which)`);
if (failures.length) process.exitCode = 1;

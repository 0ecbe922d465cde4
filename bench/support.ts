/**
 * What every bench shares: starting the built server and the bare Fastify baseline as processes
 * of their own, and measuring a route with autocannon (a 2 s warm-up, then the measured run).
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { seedDemoCatalogue } from '../apps/server/src/modules/catalogue/demo-catalogue.js';
import { seedDemoContent } from '../apps/server/src/modules/content/demo-content.js';
import { createDistributedDatabase, dropDistributedDatabase } from '../apps/server/src/platform/db/citus.js';
import { createDatabase, type Database } from '../apps/server/src/platform/db/client.js';
import { createStorage, uploadsDir } from '../apps/server/src/platform/storage/storage.plugin.js';
import { DEMO_PASSWORD, demoTenants, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { allFeatures, createTenant, createUser, DEFAULT_PASSWORD } from '../apps/server/src/seed/factories.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Seconds of each measured run: BENCH_DURATION, else the bench's own default. */
export const durationOr = (seconds: number) => Number(process.env.BENCH_DURATION ?? seconds);

/** Runs `command` from the repository root; answers once its stdout has printed `readyText`. */
export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyText: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes(readyText)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${out.slice(-2000)}`)));
  });
}

/**
 * The bench's own build of the server: a folder beside apps/server/dist (so the bundle still finds
 * ../drizzle and the server's node_modules) that only this process writes, removed when it exits.
 * Never apps/server/dist itself, which an e2e run or another bench may be serving from.
 */
const buildDir = join(root, 'apps/server', `.bench-build-${process.pid}`);

export function buildServer() {
  execSync(`npx tsup --out-dir ${buildDir}`, { cwd: join(root, 'apps/server'), stdio: 'ignore' });
  process.once('exit', () => rmSync(buildDir, { recursive: true, force: true }));
}

/**
 * The built server (`buildServer` first) on 127.0.0.1:`port` with the demo data, without the web
 * app; answers once it is listening and seeded. `env` adds to or overrides these settings.
 */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return start(
    'node',
    [join(buildDir, 'main.js')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    'Demo tenants',
  );
}

export type Options = Omit<autocannon.Options, 'url'>;

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** The measured run and its warm-up, for what the figures above leave out. */
  result: autocannon.Result;
  warmUp: autocannon.Result;
}

/**
 * A 2 s warm-up, then `duration` seconds (default 5, BENCH_DURATION) with `connections`; throws
 * when the measured run had a non-2xx answer or an error.
 */
export async function measure(url: string, options: Options = {}): Promise<Measured> {
  const run = { url, connections, duration: durationOr(5), ...options };
  const warmUp = await autocannon({ ...run, duration: 2 });
  const result = await autocannon(run);
  if (result.non2xx > 0) console.log(url, JSON.stringify(result.statusCodeStats));
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors ${JSON.stringify(result.statusCodeStats)}`,
    );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, result, warmUp };
}

/**
 * The same answer `body` from a bare Fastify route (bare-server.mjs, a process of its own like the
 * app), measured like the app's route: GET by default, or the app's method, headers and body.
 */
export async function bare(body: string, port: number, options: Options = {}) {
  const child = await start('node', ['bench/bare-server.mjs'], { PORT: String(port), BENCH_BODY: body }, 'ready');
  try {
    return await measure(`http://127.0.0.1:${port}/bare`, options);
  } finally {
    child.kill('SIGTERM');
  }
}

/** One statement on a connection of its own to `url`; answers the rows. */
export async function query<T extends pg.QueryResultRow>(url: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A database of the bench's own on the PostgreSQL server of `serverUrl` (default DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), with a folder for its media (`dataDir`, the
 * server's DATA_DIR): `create()` it, `seed()` it, run the server on `url`, `drop()` both. When the
 * server is a Citus coordinator (its database has the extension), the database is made distributed
 * on every node of that cluster, and the migrations shard its tables. When BENCH_DATABASE_URL (and
 * BENCH_DATA_DIR) name a database seeded already (bench/engines.ts runs several benches on one),
 * the bench uses that: create, seed and drop leave it as it is.
 */
export type BenchDatabase = ReturnType<typeof benchDatabase>;

export function benchDatabase(
  name: string,
  serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
) {
  const given = process.env.BENCH_DATABASE_URL;
  const dbName = `bench_${name}_${Date.now().toString(36)}`;
  const url = given ?? Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const givenDir = given ? process.env.BENCH_DATA_DIR : undefined;
  const dataDir = givenDir ?? mkdtempSync(join(tmpdir(), `bench-${name}-`));
  let onCitus: Promise<boolean> | undefined;
  /** Whether the server is a Citus coordinator (asked once). */
  const citus = () => {
    onCitus ??= query(given ?? serverUrl, `select 1 from pg_extension where extname = 'citus'`).then(
      (rows) => rows.length > 0,
    );
    return onCitus;
  };
  return {
    url,
    dataDir,
    citus,
    create: async () => {
      if (given) return;
      if (await citus()) await createDistributedDatabase(serverUrl, dbName);
      else await query(serverUrl, `create database "${dbName}"`);
    },
    /** Migrates and seeds (`seedBench`); answers how long each part took, or undefined when given. */
    seed: (size: SeedSize) => (given ? Promise.resolve(undefined) : seedBench(url, dataDir, size)),
    drop: async () => {
      if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
      if (given) return;
      if (await citus()) await dropDistributedDatabase(serverUrl, dbName);
      else await query(serverUrl, `drop database if exists "${dbName}" with (force)`);
    },
    query: <T extends pg.QueryResultRow>(statement: string, params: unknown[] = []) => query<T>(url, statement, params),
  };
}

/**
 * How much data a bench seeds: per tenant, BENCH_SEED_PRODUCTS generated products and
 * BENCH_SEED_POSTS generated posts beside the demo ones, in BENCH_SEED_TENANTS tenants in all (the
 * two demo tenants, then farm-like ones at bench3.localhost, …); else the bench's `defaults`, else
 * the plain demo data.
 */
export interface SeedSize {
  products: number;
  posts: number;
  tenants: number;
}

export function seedSize(defaults: Partial<SeedSize> = {}): SeedSize {
  const pick = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return {
    products: pick('BENCH_SEED_PRODUCTS', defaults.products ?? 0),
    posts: pick('BENCH_SEED_POSTS', defaults.posts ?? 0),
    tenants: Math.max(demoTenants.length, pick('BENCH_SEED_TENANTS', defaults.tenants ?? demoTenants.length)),
  };
}

/**
 * Migrates the database at `url` and seeds it as the server would at its first start (the demo
 * data with its media under `dataDir`, where the server started with that DATA_DIR finds it), at
 * `size`: the tenants beyond the demo ones get the demo catalogue and posts without media, and
 * every tenant the generated rows. The server then finds its data and seeds nothing, so the seed is
 * timed apart from its start. Answers the milliseconds of each part.
 */
export async function seedBench(url: string, dataDir: string, size: SeedSize) {
  const database = createDatabase({ databaseUrl: url, poolMax: 2 });
  const { db } = database;
  try {
    let started = Date.now();
    await database.migrate();
    const migrateMs = Date.now() - started;
    started = Date.now();
    await seedDemoIfEmpty(db, pino({ level: 'warn' }), {
      storage: createStorage({ driver: 'local', localDir: uploadsDir(dataDir) }),
      extraProducts: size.products,
      extraPosts: size.posts,
    });
    const demoMs = Date.now() - started;
    started = Date.now();
    for (let n = demoTenants.length + 1; n <= size.tenants; n++) {
      await db.transaction(async (tx) => {
        const tenant = await createTenant(tx, {
          name: `bench${n}`,
          displayName: `벤치 마켓 ${n}`,
          domain: `bench${n}.localhost`,
          features: allFeatures(),
          settings: structuredClone(demoTenants[0].settings) as never,
        });
        const { merchant } = await createUser(tx, tenant.id, {
          email: 'merchant@example.com',
          password: DEMO_PASSWORD,
          merchant: { businessName: `벤치 상점 ${n}` },
        });
        await seedDemoCatalogue(tx, tenant, merchant?.id as number, {
          extraProducts: size.products,
          password: DEMO_PASSWORD,
        });
        await seedDemoContent(tx, tenant, { extraPosts: size.posts, password: DEMO_PASSWORD });
      });
    }
    // As the demo seed does after its bulk rows: statistics and the visibility map, for these too.
    if (size.tenants > demoTenants.length) await db.execute(sql`vacuum (analyze) products, posts`);
    return { migrateMs, demoMs, moreTenantsMs: Date.now() - started };
  } finally {
    await database.close();
  }
}

/** What `seedBench` answered, as one line. */
export function seedTimes(size: SeedSize, times: Awaited<ReturnType<typeof seedBench>>) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return (
    `seed ${s(times.migrateMs + times.demoMs + times.moreTenantsMs).padStart(7)}: migrations ${s(times.migrateMs)}, ` +
    `${demoTenants.length} demo tenants with media ${s(times.demoMs)}, ` +
    `${size.tenants - demoTenants.length} more tenants ${s(times.moreTenantsMs)}`
  );
}

/**
 * When BENCH_RESULTS names a file (bench/engines.ts sets it), appends `figures` to it as one JSON
 * line, for a driver that runs the benches and puts their figures side by side.
 */
export function record(figures: Figures) {
  if (process.env.BENCH_RESULTS) appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(figures)}\n`);
}

/** One measured operation of a bench: its rate (requests or purchases per second), p99 (ms), the bare route's rate. */
export interface Figures {
  bench: string;
  name: string;
  rate: number;
  p99: number;
  bare: number;
}

/** The server's PostgreSQL pool in the benches on PostgreSQL (DATABASE_POOL_MAX). */
export const serverPool = 20;

/**
 * Runs `work` against the built server (built here) on a database of its own (`benchDatabase`,
 * seeded at `seedSize(size)`), with a pool of `serverPool` and RATE_LIMITS=false, handing it a
 * small pool of its own on the same database (`db`) and `query`; stops the server and drops the
 * database afterwards. When `work` answers false (one of its checks failed), the process exits
 * with 1.
 */
export async function onPostgres(
  name: string,
  port: number,
  work: (env: { db: Database['db']; query: BenchDatabase['query'] }) => Promise<boolean>,
  size: Partial<SeedSize> = {},
): Promise<void> {
  buildServer();
  const bench = benchDatabase(name);
  await bench.create();
  let database: Database | undefined;
  let server: ChildProcess | undefined;
  try {
    await bench.seed(seedSize(size));
    database = createDatabase({ databaseUrl: bench.url, poolMax: 2 });
    server = await startServer(port, bench.dataDir, {
      DATABASE_URL: bench.url,
      DATABASE_POOL_MAX: String(serverPool),
      RATE_LIMITS: 'false',
    });
    if (!(await work({ db: database.db, query: bench.query }))) {
      console.error(`${name}: a check failed`);
      process.exitCode = 1;
    }
  } finally {
    await database?.close();
    server?.kill('SIGTERM');
    if (server) await exited(server);
    await bench.drop();
  }
}

/** Resolves once `child` has exited. */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

/** `work` over `items`, `width` at a time. */
export async function inBatches<T>(items: T[], width: number, work: (item: T, i: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) {
    await Promise.all(items.slice(i, i + width).map((item, j) => work(item, i + j)));
  }
}

/**
 * Signs `email` in on the app at `api` as `host` (with the factories' password unless told);
 * answers the bearer token.
 */
export async function login(api: string, host: string, email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

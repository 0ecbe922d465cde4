/**
 * What every bench shares: starting the built server and the bare Fastify baseline as processes
 * of their own, and measuring a route with autocannon (a 2 s warm-up, then the measured run).
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, type Database } from '../apps/server/src/platform/db/client.js';
import { DEFAULT_PASSWORD } from '../apps/server/src/seed/factories.js';

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
 * A database of the bench's own on the PostgreSQL server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres): `create()` it, run the server on `url`, `drop()` it.
 */
export type BenchDatabase = ReturnType<typeof benchDatabase>;

export function benchDatabase(name: string) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_${name}_${Date.now().toString(36)}`;
  const url = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  return {
    url,
    create: () => query(serverUrl, `create database "${dbName}"`),
    drop: () => query(serverUrl, `drop database if exists "${dbName}" with (force)`),
    query: <T extends pg.QueryResultRow>(statement: string, params: unknown[] = []) => query<T>(url, statement, params),
  };
}

/** The server's PostgreSQL pool in the benches on PostgreSQL (DATABASE_POOL_MAX). */
export const serverPool = 20;

/**
 * Runs `work` against the built server (built here) on a database of its own (`benchDatabase`),
 * with a pool of `serverPool` and RATE_LIMITS=false, handing it a small pool of its own on the same
 * database (`db`) and `query`; stops the server and drops the database afterwards. When `work`
 * answers false (one of its checks failed), the process exits with 1.
 */
export async function onPostgres(
  name: string,
  port: number,
  work: (env: { db: Database['db']; query: BenchDatabase['query'] }) => Promise<boolean>,
): Promise<void> {
  buildServer();
  const bench = benchDatabase(name);
  await bench.create();
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const database = createDatabase({ databaseUrl: bench.url, poolMax: 2 });
  let server: ChildProcess | undefined;
  try {
    server = await startServer(port, dataDir, {
      DATABASE_URL: bench.url,
      DATABASE_POOL_MAX: String(serverPool),
      RATE_LIMITS: 'false',
    });
    if (!(await work({ db: database.db, query: bench.query }))) {
      console.error(`${name}: a check failed`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    server?.kill('SIGTERM');
    if (server) await exited(server);
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
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

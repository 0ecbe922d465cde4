/**
 * Points transfers per second through the whole stack on PostgreSQL: POST /api/wallet/transfer of
 * 100 points (a fresh Idempotency-Key each) between random pairs of BENCH_WALLETS wallets (default
 * 100), then only between 2 hot wallets (A->B and B->A alternating), each against a bare Fastify
 * route taking the same POST and answering a body of the same size. The hot/spread ratio is what
 * contention on two balance rows costs. Afterwards every answer must have been 200, each one a
 * recorded transfer, the ledger sound and the wallets' total unchanged.
 *
 * The server runs on a database of its own, created on the PostgreSQL server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end, with a pool of 20
 * (DATABASE_POOL_MAX) and RATE_LIMITS=false (the transfer call allows 30 a minute per address).
 *
 *   npm run bench:wallet   (BENCH_DURATION=10 BENCH_CONNECTIONS=20 BENCH_WALLETS=100)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { findTenantByDomain } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { ledgerProblems } from '../apps/server/src/modules/wallet/ledger.js';
import { creditTopup } from '../apps/server/src/modules/wallet/points.js';
import { createDatabase } from '../apps/server/src/platform/db/client.js';
import { createUser, DEFAULT_PASSWORD } from '../apps/server/src/seed/factories.js';
import { bare, buildServer, connections, durationOr, type Measured, measure, startServer } from './support.js';

const duration = durationOr(10);
const walletCount = Number(process.env.BENCH_WALLETS ?? 100);
const funds = 10_000_000;
const amount = 100;
const poolMax = '20';
const host = 'farm.localhost';
const port = 3913;
const api = `http://127.0.0.1:${port}/api`;

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_wallet_${Date.now().toString(36)}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();

/** One statement on its own connection (the admin one unless `url` says otherwise). */
async function query<T extends pg.QueryResultRow>(statement: string, params: unknown[] = [], url = serverUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

buildServer();
await query(`create database "${dbName}"`);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-wallet-'));
const children: ChildProcess[] = [];
const database = createDatabase({ databaseUrl, poolMax: 2 });
let failed = false;
try {
  children.push(
    await startServer(port, dataDir, { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: poolMax, RATE_LIMITS: 'false' }),
  );
  const { db } = database;
  const tenant = await findTenantByDomain(db, host);
  if (!tenant?.features.wallet) throw new Error(`${host} has no wallet`);

  // The wallets: customers of the demo tenant, each funded by a top-up posted through the ledger.
  const wallets = await db.transaction(async (tx) => {
    const made: { id: number; email: string; token: string }[] = [];
    for (let i = 1; i <= walletCount; i++) {
      const { user } = await createUser(tx, tenant.id, {
        email: `wallet${i}@bench.example.com`,
        username: `지갑${i}`,
        phone: null,
      });
      await creditTopup(tx, tenant.id, { userId: user.id, amount: funds, paymentId: `bench-${user.id}` });
      made.push({ id: user.id, email: user.email, token: '' });
    }
    return made;
  });
  for (const w of wallets) {
    const res = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: w.email, password: DEFAULT_PASSWORD }),
    });
    if (!res.ok) throw new Error(`login ${w.email}: ${res.status} ${await res.text()}`);
    w.token = ((await res.json()) as { access_token: string }).access_token;
  }
  const ids = wallets.map((w) => w.id);
  const totals = async () => {
    const [row] = await query<{ total: string; transfers: string }>(
      `select (select sum(available + locked) from ledger_accounts where tenant_id = $1 and user_id = any($2))::text as total,
              (select count(*) from ledger_transactions where tenant_id = $1 and reference_type = 'transfer')::text as transfers`,
      [tenant.id, ids],
      databaseUrl,
    );
    return { total: Number(row?.total), transfers: Number(row?.transfers) };
  };
  const before = await totals();

  const body = (to: number) => JSON.stringify({ to_user_id: to, amount, memo: '벤치마크' });
  let sent = 0;
  const keyPrefix = `bench-${Date.now().toString(36)}`;
  /** Each request a transfer from wallet `from` to wallet `to` of `pick()`, under a key of its own. */
  const transfers = (pick: () => [number, number]): autocannon.Options['requests'] => [
    {
      method: 'POST',
      setupRequest: (req) => {
        const [from, to] = pick();
        return {
          ...req,
          headers: {
            ...req.headers,
            host,
            'content-type': 'application/json',
            authorization: `Bearer ${wallets[from]?.token}`,
            'idempotency-key': `${keyPrefix}-${++sent}`,
          },
          body: body(wallets[to]?.id as number),
        };
      },
    },
  ];
  const spread = (): [number, number] => {
    const from = Math.floor(Math.random() * wallets.length);
    const to = Math.floor(Math.random() * (wallets.length - 1));
    return [from, to >= from ? to + 1 : to];
  };
  let turn = 0;
  const hot = (): [number, number] => (turn++ % 2 === 0 ? [0, 1] : [1, 0]);

  // One transfer by hand: the answer the bare route sends back, and a check that the call works.
  const sampleRes = await fetch(`${api}/wallet/transfer`, {
    method: 'POST',
    headers: {
      host,
      'content-type': 'application/json',
      authorization: `Bearer ${wallets[0]?.token}`,
      'idempotency-key': `${keyPrefix}-sample`,
    },
    body: body(wallets[1]?.id as number),
  });
  const sample = await sampleRes.text();
  if (sampleRes.status !== 200) throw new Error(`transfer: ${sampleRes.status} ${sample}`);
  let answered = 1;

  const url = `${api}/wallet/transfer`;
  const scenarios = [
    [`POST /api/wallet/transfer, ${walletCount} wallets`, spread],
    ['POST /api/wallet/transfer, 2 hot wallets', hot],
  ] as const;
  const results: Measured[] = [];
  const rows: string[] = [];
  let barePort = 3940;
  for (const [title, pick] of scenarios) {
    const base = await bare(sample, barePort++, {
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(2),
    });
    const full = await measure(url, { duration, requests: transfers(pick) });
    for (const run of [full.warmUp, full.result]) {
      const codes = Object.keys(run.statusCodeStats ?? {});
      if (run.non2xx || run.errors || run.timeouts || codes.some((c) => c !== '200'))
        throw new Error(`${title}: answers ${JSON.stringify(run.statusCodeStats)}, ${run.errors} errors`);
      answered += run['2xx'];
    }
    results.push(full);
    rows.push(
      `${title.padEnd(42)} ${Math.round(full.rps).toString().padStart(6)} req/s  p50 ${String(full.p50).padStart(4)} ms` +
        `  p99 ${String(full.p99).padStart(4)} ms  non-2xx ${full.result.non2xx}` +
        `   bare ${Math.round(base.rps).toString().padStart(6)} req/s  ratio ${(full.rps / base.rps).toFixed(2)}`,
    );
    console.log(rows.at(-1));
  }

  const after = await totals();
  const problems = await ledgerProblems(db, tenant.id);
  // Autocannon stops counting at the end of a run, while the server may still finish what was in
  // flight: at most one request per connection per run (warm-up and measured) goes uncounted.
  const recorded = after.transfers - before.transfers;
  const unanswered = recorded - answered;
  const inFlight = scenarios.length * 2 * connections;
  const [a, b] = results as [Measured, Measured];
  console.log(
    `\n${connections} connections, ${duration} s each (after a 2 s warm-up), ${amount} points per transfer, ` +
      `PostgreSQL pool ${poolMax}, ${sample.length}-byte answers`,
  );
  for (const row of rows) console.log(row);
  console.log(`hot / spread  ${(b.rps / a.rps).toFixed(2)}   (p99 ${b.p99} ms vs ${a.p99} ms)`);
  console.log(
    `transfers recorded ${recorded} for ${answered} answers 200 (${unanswered} in flight when a run stopped)`,
  );
  console.log(
    `ledger ${problems.length ? `BROKEN: ${problems.join('; ')}` : 'sound'}; the ${walletCount} wallets hold ` +
      `${after.total.toLocaleString('en')} points (before: ${before.total.toLocaleString('en')})`,
  );
  if (problems.length || after.total !== before.total || unanswered < 0 || unanswered > inFlight) failed = true;
} finally {
  await database.close();
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map(exited));
  await query(`drop database if exists "${dbName}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error('the ledger check failed');
  process.exitCode = 1;
}

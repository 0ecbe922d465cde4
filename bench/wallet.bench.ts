import type autocannon from 'autocannon';
import { findTenantByDomain } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { ledgerProblems } from '../apps/server/src/modules/wallet/ledger.js';
import { creditTopup } from '../apps/server/src/modules/wallet/points.js';
import { createUser } from '../apps/server/src/seed/factories.js';
import {
  bare,
  connections,
  durationOr,
  login,
  type Measured,
  measure,
  onPostgres,
  record,
  serverPool,
} from './support.js';

const duration = durationOr(10);
const walletCount = Number(process.env.BENCH_WALLETS ?? 100);
const funds = 10_000_000;
const amount = 100;
const host = 'farm.localhost';
const port = 3913;
const api = `http://127.0.0.1:${port}/api`;

await onPostgres('wallet', port, async ({ db, query }) => {
  let failed = false;
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
  for (const w of wallets) w.token = await login(api, host, w.email);
  const ids = wallets.map((w) => w.id);
  const totals = async () => {
    const [row] = await query<{ total: string; transfers: string }>(
      `select (select sum(available + locked) from ledger_accounts where tenant_id = $1 and user_id = any($2))::text as total,
              (select count(*) from ledger_transactions where tenant_id = $1 and reference_type = 'transfer')::text as transfers`,
      [tenant.id, ids],
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
    record({ bench: 'wallet', name: title, rate: full.rps, p99: full.p99, bare: base.rps });
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
      `PostgreSQL pool ${serverPool}, ${sample.length}-byte answers`,
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
  return !failed;
});

/**
 * The statements one purchase sends to PostgreSQL, step by step: buy-now paid with points, buy-now
 * by card through the sandbox, and a cart of two merchants by card. Each statement is one round
 * trip (node-postgres sends one at a time); BEGIN and COMMIT count. The app runs in this process on
 * a database of its own on DATABASE_URL's server, warmed by one purchase of each kind first.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:checkout-statements [-- --sql]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { catalogueTenant, deliveryProduct } from '../apps/server/src/modules/catalogue/catalogue.test-helpers.js';
import { creditTopup } from '../apps/server/src/modules/wallet/points.js';
import { SANDBOX_CARDS } from '../apps/server/src/platform/payments/sandbox-gateway.js';
import { buildTestApp } from '../apps/server/src/test/app.js';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL must name a PostgreSQL server');
const showSql = process.argv.includes('--sql');

let log: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  log?.push((typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160));
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** The CPU time (ms) of every PostgreSQL process on this machine so far (Linux's /proc). */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

const app = await buildTestApp({ rateLimits: false });
try {
  const w = await catalogueTenant(app, { settings: { point_reward_rate: 1 } });
  const farm = await w.signIn('merchant', '벤치 도시락');
  const shop = await w.signIn('merchant', '벤치 반찬');
  const buyer = await w.signIn('customer');
  await app.db.transaction((tx) =>
    creditTopup(tx, w.tenant.id, { userId: buyer.user.id, amount: 10_000_000, paymentId: 'statements' }),
  );
  const newProduct = async (token: string) => {
    const res = await w.call(
      'POST',
      '/api/products',
      deliveryProduct({ price: 5_000, display_remaining: 1_000_000 }),
      token,
    );
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json() as { id: number }).id;
  };
  const [first, second] = [await newProduct(farm.token), await newProduct(shop.token)];
  const fields = { buyer_name: '구매자', buyer_email: 'b@example.com', buyer_tel: '01012345678', buyer_addr: '서울' };
  let keys = 0;

  /** Runs one call, answers its body; with `counts`, records its statements under `step`. */
  const counted = new Map<string, string[]>();
  async function step(counts: boolean, name: string, run: () => ReturnType<typeof w.call>, expected = 200) {
    log = counts ? [] : null;
    const res = await run();
    if (counts) counted.set(name, log ?? []);
    log = null;
    if (res.statusCode !== expected) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    return res;
  }
  const sandbox = (counts: boolean, name: string, url: string) =>
    step(
      counts,
      name,
      () =>
        app.inject({
          method: 'POST',
          url,
          headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString(),
        }),
      303,
    );

  async function buyNow(counts: boolean, pay: 'points' | 'card') {
    const p = pay === 'points' ? 'points' : 'card';
    const prepared = (
      await step(counts, `buy-now ${p}: prepare`, () =>
        w.call(
          'POST',
          '/api/payment/prepare',
          {
            ...fields,
            product_id: first,
            qty: 1,
            amount: 5_000,
            points_used: pay === 'points' ? 5_000 : 0,
            order_type: 'delivery',
          },
          buyer.token,
          { headers: { 'idempotency-key': `k${++keys}` } },
        ),
      )
    ).json() as { merchant_uid: string; checkout: { url: string } | null };
    if (prepared.checkout) await sandbox(counts, `buy-now ${p}: sandbox`, prepared.checkout.url);
    await step(counts, `buy-now ${p}: callback`, () =>
      w.call('POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid, status: 'paid' }, buyer.token),
    );
  }

  async function cart(counts: boolean) {
    for (const [i, id] of [first, second].entries()) {
      await step(counts, `cart: add ${i + 1}`, () =>
        w.call('POST', '/api/cart/items', { product_id: id, qty: 1 }, buyer.token),
      );
    }
    const view = (await w.call('GET', '/api/cart', undefined, buyer.token)).json() as {
      groups: { items: { id: number }[] }[];
      total_amount: number;
    };
    const prepared = (
      await step(counts, 'cart: checkout', () =>
        w.call(
          'POST',
          '/api/cart/checkout',
          {
            ...fields,
            item_ids: view.groups.flatMap((g) => g.items.map((i) => i.id)),
            amount: view.total_amount,
            order_types: [],
          },
          buyer.token,
          { headers: { 'idempotency-key': `k${++keys}` } },
        ),
      )
    ).json() as { merchant_uid: string; checkout: { url: string } };
    await sandbox(counts, 'cart: sandbox', prepared.checkout.url);
    await step(counts, 'cart: callback', () =>
      w.call('POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid, status: 'paid' }, buyer.token),
    );
  }

  for (const counts of [false, true]) {
    await buyNow(counts, 'points');
    await buyNow(counts, 'card');
    await cart(counts);
  }

  // The CPU this process (the app, its driver and the injected HTTP) spends on one purchase, and the
  // wall time of one purchase alone, over `rounds` purchases one after another.
  const rounds = Number(process.env.ROUNDS ?? 200);
  const cost: string[] = [];
  for (const [kind, run] of [
    ['buy-now points', () => buyNow(false, 'points')],
    ['buy-now card', () => buyNow(false, 'card')],
    ['cart', () => cart(false)],
  ] as const) {
    const cpu = process.cpuUsage();
    const database = postgresCpuMs();
    const started = performance.now();
    for (let i = 0; i < rounds; i++) await run();
    const used = process.cpuUsage(cpu);
    cost.push(
      `${kind.padEnd(16)} ${((used.user + used.system) / 1000 / rounds).toFixed(2)} ms CPU here, ` +
        `${((postgresCpuMs() - database) / rounds).toFixed(2)} ms in PostgreSQL's processes, ` +
        `${((performance.now() - started) / rounds).toFixed(2)} ms wall per purchase (${rounds} in a row)`,
    );
  }

  let purchase = '';
  let total = 0;
  const flush = () => {
    if (purchase) console.log(`${purchase.padEnd(16)} ${String(total).padStart(3)} statements in all\n`);
    total = 0;
  };
  for (const [name, statements] of counted) {
    const kind = name.split(':')[0] as string;
    if (kind !== purchase) {
      flush();
      purchase = kind;
    }
    total += statements.length;
    console.log(`${name.padEnd(28)} ${String(statements.length).padStart(3)}`);
    if (showSql) for (const s of statements) console.log(`    ${s}`);
  }
  flush();
  for (const line of cost) console.log(line);
} finally {
  await app.close();
}

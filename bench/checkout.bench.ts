import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Cart, CartCheckedOut, PaymentConfirmed, PaymentPrepared } from '@app/contracts';
import { insertSession } from '../apps/server/src/modules/auth/auth.repository.js';
import { hashSecret, newToken } from '../apps/server/src/modules/auth/tokens.js';
import { findTenantByDomain } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { ledgerProblems } from '../apps/server/src/modules/wallet/ledger.js';
import { creditTopup } from '../apps/server/src/modules/wallet/points.js';
import { SANDBOX_CARDS } from '../apps/server/src/platform/payments/sandbox-gateway.js';
import { createUser } from '../apps/server/src/seed/factories.js';
import { connections, durationOr, exited, inBatches, login, onPostgres, record, serverPool, start } from './support.js';

const duration = durationOr(10);
const warmUp = 2;
const buyerCount = Number(process.env.BENCH_BUYERS ?? 200);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 200);
const price = 5_000;
const stock = 1_000_000;
const funds = 10_000_000;
const host = 'farm.localhost';
const port = 3915;
const api = `http://127.0.0.1:${port}/api`;

// --- the driver ------------------------------------------------------------------------------------

interface Answer {
  status: number;
  location: string | undefined;
  text: string;
}

/** One keep-alive connection, like one of autocannon's: its worker's calls go over it one at a time. */
class Connection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(private readonly port: number) {}

  post(path: string, headers: Record<string, string>, body: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: 'POST',
          path,
          agent: this.agent,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }));
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** A purchase that did not go as it should: `key` says which step, with what status and error code. */
class Failure extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** One call of a purchase: timed as `step`; anything but the `expected` status is a Failure. */
type Call = (
  step: string,
  path: string,
  body: string,
  headers: Record<string, string>,
  expected: number,
) => Promise<Answer>;
type Purchase = (call: Call, worker: number) => Promise<void>;

interface Tally {
  purchases: number;
  seconds: number;
  /** ms of each purchase that succeeded, first request sent to last answer read. */
  latencies: number[];
  /** ms of each call, by step. */
  steps: Map<string, number[]>;
  failures: Map<string, number>;
}

const codeOf = (text: string) => {
  try {
    return String((JSON.parse(text) as { code?: unknown }).code ?? '');
  } catch {
    return text.slice(0, 80);
  }
};

const add = <K>(map: Map<K, number>, key: K, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

/** Every worker runs purchases one after another until `seconds` have passed, then ends the one it is in. */
async function phase(links: Connection[], purchase: Purchase, seconds: number): Promise<Tally> {
  const tally: Tally = { purchases: 0, seconds: 0, latencies: [], steps: new Map(), failures: new Map() };
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    links.map(async (link, worker) => {
      const call: Call = async (step, path, body, headers, expected) => {
        const sent = performance.now();
        const answer = await link.post(path, headers, body).catch((err: NodeJS.ErrnoException) => {
          throw new Failure(`${step} ${err.code ?? err.message}`);
        });
        const times = tally.steps.get(step) ?? [];
        times.push(performance.now() - sent);
        tally.steps.set(step, times);
        if (answer.status !== expected) throw new Failure(`${step} ${answer.status} ${codeOf(answer.text)}`);
        return answer;
      };
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          await purchase(call, worker);
          tally.purchases++;
          tally.latencies.push(performance.now() - sent);
        } catch (err) {
          if (!(err instanceof Failure)) throw err;
          add(tally.failures, err.key);
        }
      }
    }),
  );
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

/** A warm-up, then the measured run, over `connections` connections of their own. */
async function drive(target: number, purchase: Purchase) {
  const links = Array.from({ length: connections }, () => new Connection(target));
  try {
    const first = await phase(links, purchase, warmUp);
    const measured = await phase(links, purchase, duration);
    return { warmUp: first, measured };
  } finally {
    for (const link of links) link.close();
  }
}

/** The exact percentile `q` (0..1) of `values`, in ms. */
function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}
const ms = (n: number) => n.toFixed(1).padStart(6);

/**
 * The machine's limit in the same run: pgbench's TPC-B-like transaction (BEGIN, three UPDATEs, a
 * SELECT, an INSERT, END: 7 statements) with as many clients as the purchases had connections, on
 * a scratch database of the same server. Our statements per purchase: `npm run bench:checkout-statements`.
 */
function pgbench(): string {
  const server = new URL(process.env.DATABASE_URL ?? '');
  const name = `bench_pgbench_${Date.now().toString(36)}`;
  const args = ['-h', server.hostname, '-p', server.port || '5432', '-U', server.username || 'postgres'];
  const psql = (sqlText: string) => execFileSync('psql', [...args, '-d', 'postgres', '-qAtc', sqlText]);
  try {
    psql(`create database ${name}`);
    execFileSync('pgbench', [...args, '-i', '-s', '10', '-q', name], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [...args, '-c', String(connections), '-j', '2', '-T', String(duration), name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    return `pgbench, ${connections} clients, ${duration} s: ${tps.toFixed(0)} transactions/s = ${(tps * 7).toFixed(0)} statements/s`;
  } catch (err) {
    return `pgbench: not run (${(err as Error).message.split('\n')[0]})`;
  } finally {
    try {
      psql(`drop database if exists ${name}`);
    } catch {
      // The server is gone; nothing to drop.
    }
  }
}

// --- the run ---------------------------------------------------------------------------------------

await onPostgres('checkout', port, async ({ db, query }) => {
  let failed = false;
  const tenant = await findTenantByDomain(db, host);
  if (!tenant?.features.payment || !tenant.features.wallet || !tenant.features.delivery) {
    throw new Error(`${host} lacks payment, wallet or delivery`);
  }

  const signIn = (email: string) => login(api, host, email);

  // The buyers: customers of the demo tenant, each funded by a top-up posted through the ledger.
  const buyers = await db.transaction(async (tx) => {
    const made: { id: number; email: string; headers: Record<string, string>; fields: object }[] = [];
    for (let i = 1; i <= buyerCount; i++) {
      const { user } = await createUser(tx, tenant.id, {
        email: `buyer${i}@bench.example.com`,
        username: `구매자${i}`,
      });
      await creditTopup(tx, tenant.id, { userId: user.id, amount: funds, paymentId: `bench-${user.id}` });
      made.push({
        id: user.id,
        email: user.email,
        headers: {},
        fields: {
          buyer_name: `구매자${i}`,
          buyer_email: user.email,
          buyer_tel: `010${String(20_000_000 + i).slice(-8)}`,
          buyer_addr: '서울특별시 마포구 월드컵로 1, 101호',
        },
      });
    }
    return made;
  });
  await inBatches(buyers, 10, async (b) => {
    b.headers = { host, 'content-type': 'application/json', authorization: `Bearer ${await signIn(b.email)}` };
  });
  /** Worker w buys as buyers w, w + connections, w + 2 × connections, … in turn: no two workers share one. */
  const turns = new Array<number>(connections).fill(0);
  const buyerFor = (worker: number) => {
    const own = Math.max(1, Math.floor((buyers.length - worker - 1) / connections) + 1);
    const n = turns[worker] ?? 0;
    turns[worker] = n + 1;
    return buyers[(worker + connections * (n % own)) % buyers.length] as (typeof buyers)[number];
  };

  // The products: a merchant of its own selling delivery lunch boxes at `price`.
  await createUser(db, tenant.id, {
    email: 'merchant@bench.example.com',
    username: '벤치상점',
    userType: 'merchant',
    merchant: { businessName: '벤치 도시락' },
  });
  const merchantToken = await signIn('merchant@bench.example.com');
  // A second merchant: a cart of both is one payment of two orders (issue 40).
  await createUser(db, tenant.id, {
    email: 'merchant2@bench.example.com',
    username: '벤치상점2',
    userType: 'merchant',
    merchant: { businessName: '벤치 반찬' },
  });
  const secondToken = await signIn('merchant2@bench.example.com');
  const newProducts = async (n: number, remaining: number, label: string, token = merchantToken) => {
    const ids = Array.from({ length: n }, () => 0);
    await inBatches(ids, 10, async (_, i) => {
      const res = await fetch(`${api}/products`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          category_type: 'pickup',
          title: `${label} 도시락 ${i + 1}`,
          description: '벤치마크용 도시락',
          price,
          delivery_category: 'korean',
          is_delivery: true,
          is_available: true,
          display_remaining: remaining,
        }),
      });
      if (res.status !== 201) throw new Error(`product: ${res.status} ${await res.text()}`);
      ids[i] = ((await res.json()) as { id: number }).id;
    });
    return ids;
  };

  const keyPrefix = `bench-${Date.now().toString(36)}`;
  let keys = 0;
  const approve = new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString();

  /**
   * A purchase of one of `products` (picked at random), paid with points or by card. Against the
   * bare server (`bare`), the same calls go to /bare/{step}, which answer the app's answers.
   */
  const purchase =
    (products: number[], pay: 'points' | 'card', bare = false): Purchase =>
    async (call, worker) => {
      const buyer = buyerFor(worker);
      const productId = products[Math.floor(Math.random() * products.length)] as number;
      const prepareAnswer = await call(
        'prepare',
        bare ? '/bare/prepare' : '/api/payment/prepare',
        JSON.stringify({
          ...buyer.fields,
          product_id: productId,
          qty: 1,
          amount: price,
          points_used: pay === 'points' ? price : 0,
          order_type: 'delivery',
        }),
        { ...buyer.headers, 'idempotency-key': `${keyPrefix}-${++keys}` },
        200,
      );
      const prepared = JSON.parse(prepareAnswer.text) as PaymentPrepared;
      let paymentId = prepared.merchant_uid;
      let txId: string | undefined;
      if (pay === 'card') {
        if (prepared.checkout?.gateway !== 'sandbox') throw new Failure('prepare no sandbox checkout');
        const paid = await call(
          'sandbox',
          bare ? '/bare/sandbox' : prepared.checkout.url,
          approve,
          { host, 'content-type': 'application/x-www-form-urlencoded' },
          bare ? 200 : 303,
        );
        const back = new URL(
          paid.location ?? (JSON.parse(paid.text) as { location: string }).location,
          'http://farm.localhost',
        );
        paymentId = back.searchParams.get('paymentId') ?? '';
        txId = back.searchParams.get('txId') ?? undefined;
        if (back.searchParams.get('code')) throw new Failure(`sandbox ${back.searchParams.get('code')}`);
      } else if (prepared.actual_payment_amount !== 0 || prepared.checkout !== null) {
        throw new Failure('prepare charges a card for points');
      }
      const confirmedAnswer = await call(
        'callback',
        bare ? '/bare/callback' : '/api/payment/callback',
        JSON.stringify({ merchant_uid: paymentId, ...(txId ? { imp_uid: txId } : {}), status: 'paid' }),
        buyer.headers,
        200,
      );
      const confirmed = JSON.parse(confirmedAnswer.text) as PaymentConfirmed;
      const type = pay === 'points' ? 'full_points' : 'card_only';
      if (!confirmed.success || confirmed.payment_type !== type)
        throw new Failure(`callback ${confirmed.payment_type}`);
    };

  /**
   * A cart purchase (issue 40): a product of each merchant put in the cart (one call each), the
   * cart checked out as one payment of two orders, paid by card at the sandbox, confirmed.
   */
  const cartPurchase =
    (first: number[], second: number[], bare = false): Purchase =>
    async (call, worker) => {
      const buyer = buyerFor(worker);
      const pick = (ids: number[]) => ids[Math.floor(Math.random() * ids.length)] as number;
      let cart: Cart | undefined;
      for (const [step, productId] of [
        ['cart add 1', pick(first)],
        ['cart add 2', pick(second)],
      ] as const) {
        const added = await call(
          step,
          bare ? `/bare/${step.replaceAll(' ', '-')}` : '/api/cart/items',
          JSON.stringify({ product_id: productId, qty: 1 }),
          buyer.headers,
          200,
        );
        cart = JSON.parse(added.text) as Cart;
      }
      // The merchants deliver for free with no minimum: the lines' totals are the amount.
      const lines = cart?.groups.flatMap((g) => g.items) ?? [];
      const checkedOut = await call(
        'cart checkout',
        bare ? '/bare/cart-checkout' : '/api/cart/checkout',
        JSON.stringify({
          ...buyer.fields,
          item_ids: lines.map((l) => l.id),
          amount: lines.reduce((n, l) => n + l.line_total, 0),
          order_types: [],
        }),
        { ...buyer.headers, 'idempotency-key': `${keyPrefix}-${++keys}` },
        200,
      );
      const prepared = JSON.parse(checkedOut.text) as CartCheckedOut;
      if (prepared.checkout?.gateway !== 'sandbox') throw new Failure('cart checkout no sandbox checkout');
      const paid = await call(
        'sandbox',
        bare ? '/bare/sandbox' : prepared.checkout.url,
        approve,
        { host, 'content-type': 'application/x-www-form-urlencoded' },
        bare ? 200 : 303,
      );
      const back = new URL(
        paid.location ?? (JSON.parse(paid.text) as { location: string }).location,
        'http://farm.localhost',
      );
      if (back.searchParams.get('code')) throw new Failure(`sandbox ${back.searchParams.get('code')}`);
      const confirmedAnswer = await call(
        'callback',
        bare ? '/bare/callback' : '/api/payment/callback',
        JSON.stringify({ merchant_uid: back.searchParams.get('paymentId') ?? '', status: 'paid' }),
        buyer.headers,
        200,
      );
      const confirmed = JSON.parse(confirmedAnswer.text) as PaymentConfirmed;
      if (!confirmed.success || confirmed.order_ids.length !== 2) throw new Failure('callback not two orders');
    };

  /** One purchase by hand against the app: each step's answer (for the bare server), and a check that it works. */
  async function sample(buy: Purchase) {
    const link = new Connection(port);
    const answers: Record<string, unknown> = {};
    try {
      await buy(async (step, path, body, headers, expected) => {
        const answer = await link.post(path, headers, body);
        if (answer.status !== expected) throw new Error(`${step}: ${answer.status} ${answer.text}`);
        answers[step.replaceAll(' ', '-')] = answer.location ? { location: answer.location } : JSON.parse(answer.text);
        return answer;
      }, 0);
    } finally {
      link.close();
    }
    return answers;
  }

  const spreadUnlimited = await newProducts(productCount, -1, '무제한');
  const spreadCounted = await newProducts(productCount, stock, '재고');
  const [hotUnlimited] = (await newProducts(1, -1, '인기 무제한')) as [number];
  const [hotCounted] = (await newProducts(1, stock, '인기 재고')) as [number];
  const cardProducts = await newProducts(productCount, -1, '카드');
  const cartFirst = await newProducts(productCount, stock, '장바구니');
  const cartSecond = await newProducts(productCount, stock, '장바구니 반찬', secondToken);
  const variants = [
    {
      title: `points, ${productCount} products, unlimited stock`,
      products: spreadUnlimited,
      pay: 'points',
      counted: false,
    },
    { title: `points, ${productCount} products, counted stock`, products: spreadCounted, pay: 'points', counted: true },
    { title: 'points, 1 hot product, unlimited stock', products: [hotUnlimited], pay: 'points', counted: false },
    { title: 'points, 1 hot product, counted stock', products: [hotCounted], pay: 'points', counted: true },
    {
      title: `card (sandbox), ${productCount} products, unlimited`,
      products: cardProducts,
      pay: 'card',
      counted: false,
    },
    {
      title: `cart of 2 merchants, card (sandbox), counted`,
      products: [...cartFirst, ...cartSecond],
      pay: 'cart',
      counted: true,
    },
  ] as const;
  /** Orders a purchase of the variant makes (a cart of two merchants: two). */
  const ordersPerPurchase = (v: (typeof variants)[number]) => (v.pay === 'cart' ? 2 : 1);
  const buyerOf = (v: (typeof variants)[number], bare = false): Purchase =>
    v.pay === 'cart' ? cartPurchase(cartFirst, cartSecond, bare) : purchase([...v.products], v.pay, bare);

  const rows: string[] = [];
  const figures: { pps: number; p99: number }[] = [];
  const bought = new Map<string, number>();
  const failures = new Map<string, number>();
  let barePort = 3950;
  for (const v of variants) {
    const answers = await sample(buyerOf(v));
    let done = 1;
    const bareChild = await start(
      'node',
      ['bench/bare-server.mjs'],
      { PORT: String(barePort), BENCH_BODIES: JSON.stringify(answers) },
      'ready',
    );
    let base: Awaited<ReturnType<typeof drive>>;
    try {
      base = await drive(barePort++, buyerOf(v, true));
    } finally {
      bareChild.kill('SIGTERM');
      await exited(bareChild);
    }
    const full = await drive(port, buyerOf(v));
    for (const run of [base.warmUp, base.measured]) {
      if (run.failures.size) throw new Error(`bare ${v.title}: ${JSON.stringify([...run.failures])}`);
    }
    for (const run of [full.warmUp, full.measured]) {
      done += run.purchases;
      for (const [key, n] of run.failures) add(failures, `${v.title}: ${key}`, n);
    }
    bought.set(v.title, done);
    const m = full.measured;
    const pps = m.purchases / m.seconds;
    const barePps = base.measured.purchases / base.measured.seconds;
    const p99 = percentile(m.latencies, 0.99);
    figures.push({ pps, p99 });
    record({ bench: 'checkout', name: v.title, rate: pps, p99, bare: barePps });
    const steps = [...m.steps]
      .map(([step, t]) => `${step} p50 ${ms(percentile(t, 0.5))} p99 ${ms(percentile(t, 0.99))}`)
      .join('   ');
    const failedHere = [...m.failures.values()].reduce((a, b) => a + b, 0);
    rows.push(
      `${v.title.padEnd(44)} ${pps.toFixed(0).padStart(5)} /s  p50 ${ms(percentile(m.latencies, 0.5))} ms` +
        `  p99 ${ms(p99)} ms  failed ${failedHere}` +
        `   bare ${barePps.toFixed(0).padStart(5)} /s (p99 ${ms(percentile(base.measured.latencies, 0.99))} ms)` +
        `  ratio ${(pps / barePps).toFixed(3)}\n${''.padEnd(46)}${steps}`,
    );
    console.log(rows.at(-1));
  }

  // --- a flash sale: `flashUnits` units of one product, `flashBuyers` buyers at once -------------------
  // Each buyer has exactly the price in points and a session of its own (minted here: 2,000 password
  // logins would measure Argon2); every one sends prepare at the same moment, then its callback.
  const flashBuyers = Number(process.env.BENCH_FLASH_BUYERS ?? 2_000);
  const flashUnits = 100;
  const [flashProduct] = (await newProducts(1, flashUnits, '한정 수량')) as [number];
  const flashIds: number[] = [];
  const flashTokens = await db.transaction(async (tx) => {
    const tokens: string[] = [];
    const now = Date.now();
    for (let i = 1; i <= flashBuyers; i++) {
      const { user } = await createUser(tx, tenant.id, { email: `flash${i}@bench.example.com`, username: `한정${i}` });
      await creditTopup(tx, tenant.id, { userId: user.id, amount: price, paymentId: `flash-${user.id}` });
      const token = newToken();
      await insertSession(tx, {
        tenantId: tenant.id,
        userId: user.id,
        tokenHash: hashSecret(token),
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + 86_400_000),
      });
      tokens.push(token);
      flashIds.push(user.id);
    }
    return tokens;
  });
  const outcomes = new Map<string, number>();
  const saleStarted = performance.now();
  let soldOutAt = 0;
  await Promise.all(
    flashTokens.map(async (token, i) => {
      const headers = { host, 'content-type': 'application/json', authorization: `Bearer ${token}` };
      try {
        const prepared = await fetch(`${api}/payment/prepare`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': `${keyPrefix}-flash-${i}` },
          body: JSON.stringify({
            buyer_name: `한정${i + 1}`,
            buyer_email: `flash${i + 1}@bench.example.com`,
            buyer_tel: '01012345678',
            buyer_addr: '서울특별시 마포구 월드컵로 1',
            product_id: flashProduct,
            qty: 1,
            amount: price,
            points_used: price,
            order_type: 'delivery',
          }),
        });
        const answer = (await prepared.json()) as { merchant_uid?: string; code?: string };
        if (prepared.status !== 200) {
          add(outcomes, `prepare ${prepared.status} ${answer.code}`);
          if (answer.code === 'sold_out' && !soldOutAt) soldOutAt = performance.now();
          return;
        }
        const confirmed = await fetch(`${api}/payment/callback`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ merchant_uid: answer.merchant_uid, status: 'paid' }),
        });
        const paid = (await confirmed.json()) as { success?: boolean; code?: string };
        add(outcomes, confirmed.status === 200 && paid.success ? 'paid' : `callback ${confirmed.status} ${paid.code}`);
      } catch (err) {
        add(outcomes, `error ${(err as Error).cause ?? (err as Error).message}`);
      }
    }),
  );
  const saleSeconds = (performance.now() - saleStarted) / 1000;
  const [flashBooks] = await query<{ remaining: number; orders_count: number; paid: number; open: number }>(
    `select p.display_remaining as remaining, p.orders_count,
            (select count(*) from orders o join order_items i on i.tenant_id = o.tenant_id and i.order_id = o.id
              where o.tenant_id = p.tenant_id and i.product_id = p.id and o.paid_at is not null)::int as paid,
            (select count(*) from orders o join order_items i on i.tenant_id = o.tenant_id and i.order_id = o.id
              where o.tenant_id = p.tenant_id and i.product_id = p.id and o.status = 'AWAITING_PAYMENT')::int as open
       from products p where p.tenant_id = $1 and p.id = $2`,
    [tenant.id, flashProduct],
  );
  const [flashPoints] = await query<{ available: string; locked: string; spent: number }>(
    `select sum(available)::text as available, sum(locked)::text as locked,
            (count(*) filter (where available = 0))::int as spent
       from ledger_accounts where tenant_id = $1 and user_id = any($2) and kind = 'wallet'`,
    [tenant.id, flashIds],
  );
  const flashRow =
    `flash sale: ${flashUnits} units, ${flashBuyers} buyers at once: ${JSON.stringify(Object.fromEntries(outcomes))}` +
    ` in ${saleSeconds.toFixed(1)} s (first sold-out answer after ${((soldOutAt - saleStarted) / 1000).toFixed(1)} s)`;
  console.log(flashRow);
  const flashChecks: [string, boolean][] = [
    [
      `flash sale: ${outcomes.get('paid') ?? 0} paid, the rest sold out, nothing else`,
      outcomes.get('paid') === flashUnits &&
        outcomes.get('prepare 400 sold_out') === flashBuyers - flashUnits &&
        outcomes.size === 2,
    ],
    [
      `flash sale books: ${JSON.stringify(flashBooks)}: stock 0, ${flashUnits} paid orders counted, none open`,
      flashBooks?.remaining === 0 &&
        flashBooks.paid === flashUnits &&
        flashBooks.orders_count === flashUnits &&
        flashBooks.open === 0,
    ],
    [
      `flash sale points: ${JSON.stringify(flashPoints)}: ${flashUnits} buyers spent theirs, the others kept them, none locked`,
      Number(flashPoints?.available) === (flashBuyers - flashUnits) * price &&
        Number(flashPoints?.locked) === 0 &&
        flashPoints?.spent === flashUnits,
    ],
  ];

  // --- what the database says ---------------------------------------------------------------------
  const ids = buyers.map((b) => b.id);
  const perProduct = await query<{
    id: number;
    remaining: number;
    orders_count: number;
    paid: number;
    waiting: number;
    holding: number;
  }>(
    `select p.id, p.display_remaining as remaining, p.orders_count,
            (count(o.id) filter (where o.paid_at is not null and o.status not in ('CANCELLED', 'REFUNDED')))::int as paid,
            (count(o.id) filter (where o.status = 'AWAITING_PAYMENT'))::int as waiting,
            coalesce(sum(i.stock_reserved) filter (where o.status not in ('CANCELLED', 'REFUNDED')), 0)::int as holding
       from products p
       left join order_items i on i.tenant_id = p.tenant_id and i.product_id = p.id
       left join orders o on o.tenant_id = i.tenant_id and o.id = i.order_id
      where p.tenant_id = $1 and p.id = any($2)
      group by p.tenant_id, p.id, p.display_remaining, p.orders_count`,
    [tenant.id, variants.flatMap((v) => v.products)],
  );
  const byId = new Map(perProduct.map((r) => [r.id, r]));
  const [orders] = await query<{ paid: number; statuses: Record<string, number>; spent: string; earned: string }>(
    `select (count(*) filter (where paid_at is not null))::int as paid,
            coalesce((select jsonb_object_agg(status, n) from (select status, count(*)::int as n from orders
                       where tenant_id = $1 and buyer_id = any($2) group by status) s), '{}') as statuses,
            coalesce(sum(points_used) filter (where paid_at is not null), 0)::text as spent,
            coalesce(sum(reward_points) filter (where paid_at is not null), 0)::text as earned
       from orders where tenant_id = $1 and buyer_id = any($2)`,
    [tenant.id, ids],
  );
  const [wallets] = await query<{ available: string; locked: string }>(
    `select sum(available)::text as available, sum(locked)::text as locked
       from ledger_accounts where tenant_id = $1 and user_id = any($2)`,
    [tenant.id, ids],
  );
  const problems = await ledgerProblems(db, tenant.id);

  const checks: [string, boolean][] = [...flashChecks];
  const total = variants.reduce((n, v) => n + (bought.get(v.title) ?? 0) * ordersPerPurchase(v), 0);
  checks.push([`paid orders ${orders?.paid} = purchases counted ${total}`, orders?.paid === total]);
  checks.push([
    `orders by status ${JSON.stringify(orders?.statuses)}: all PENDING`,
    Object.keys(orders?.statuses ?? {}).every((s) => s === 'PENDING'),
  ]);
  for (const v of variants) {
    const rowsOf = v.products.map((id) => byId.get(id));
    const paid = rowsOf.reduce((a, r) => a + (r?.paid ?? 0), 0);
    const counts = rowsOf.every((r) => r && r.orders_count === r.paid);
    const { counted } = v;
    const stockRight = rowsOf.every((r) => r && (counted ? stock - r.remaining === r.holding : r.remaining === -1));
    const taken = rowsOf.reduce((a, r) => a + (r && counted ? stock - r.remaining : 0), 0);
    checks.push([
      `${v.title}: paid orders ${paid} = purchases ${bought.get(v.title)} × ${ordersPerPurchase(v)}, orders_count = paid orders per product` +
        (counted ? `, stock taken ${taken} = orders` : ', stock still unlimited'),
      paid === (bought.get(v.title) ?? 0) * ordersPerPurchase(v) &&
        counts &&
        stockRight &&
        rowsOf.every((r) => r?.waiting === 0),
    ]);
  }
  const expected = buyers.length * funds - Number(orders?.spent) + Number(orders?.earned);
  checks.push([
    `buyers' points ${Number(wallets?.available).toLocaleString('en')} = ${buyers.length} × ${funds.toLocaleString('en')}` +
      ` - ${Number(orders?.spent).toLocaleString('en')} spent + ${Number(orders?.earned).toLocaleString('en')} earned, ` +
      `${wallets?.locked} locked`,
    Number(wallets?.available) === expected && Number(wallets?.locked) === 0,
  ]);
  checks.push([`ledger ${problems.length ? `BROKEN: ${problems.join('; ')}` : 'sound'}`, problems.length === 0]);
  checks.push([
    `failures ${failures.size ? JSON.stringify(Object.fromEntries(failures)) : 'none'}`,
    failures.size === 0,
  ]);

  const [su, sc, hu, hc] = figures as [
    (typeof figures)[number],
    (typeof figures)[number],
    (typeof figures)[number],
    (typeof figures)[number],
  ];
  console.log(
    `\n${connections} connections, ${duration} s each (after a ${warmUp} s warm-up), purchases of ${price.toLocaleString('en')} won, ` +
      `${buyers.length} buyers, PostgreSQL pool ${serverPool}; /s = purchases (prepare + callback, card: + sandbox form) per second`,
  );
  for (const row of rows) console.log(row);
  console.log(flashRow);
  console.log(
    `hot unlimited / spread unlimited  ${(hu.pps / su.pps).toFixed(2)}   (p99 ${hu.p99.toFixed(1)} ms vs ${su.p99.toFixed(1)} ms)`,
  );
  console.log(
    `hot counted / spread counted      ${(hc.pps / sc.pps).toFixed(2)}   (p99 ${hc.p99.toFixed(1)} ms vs ${sc.p99.toFixed(1)} ms)`,
  );
  console.log(`spread counted / spread unlimited ${(sc.pps / su.pps).toFixed(2)}`);
  console.log(pgbench());
  for (const [text, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
  if (checks.some(([, ok]) => !ok)) failed = true;
  return !failed;
});

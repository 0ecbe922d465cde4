import { sql } from 'drizzle-orm';
import { findTenantByDomain } from '../../apps/server/src/modules/tenants/tenants.repository';
import { ledgerProblems } from '../../apps/server/src/modules/wallet/ledger';
import { creditTopup } from '../../apps/server/src/modules/wallet/points';
import type { Db } from '../../apps/server/src/platform/db/client';
import { createUser, DEFAULT_PASSWORD } from '../../apps/server/src/seed/factories';
import { expectStatus, type TenantApi } from './client';

/*
 * The soak: a mixed load (reads, likes, comments, purchases with points, card top-ups, transfers)
 * from several users while nodes die, then what must hold whatever died when: every acknowledged
 * write is stored, the ledger balances, no wallet is negative, stock and order counts match the
 * orders, no payment is credited twice, like counts are exact.
 */

export const SOAK_HOST = 'farm.localhost';
const CARD = '4242 4242 4242 4242';
const STOCK = 5_000;
const PRICE = 1_000;

export interface SoakSetUp {
  tenantId: number;
  users: { id: number; email: string }[];
}

/** Soak users, each with a million points, made straight in the database. */
export async function createSoakUsers(db: Db, count: number): Promise<SoakSetUp> {
  const tenant = await findTenantByDomain(db, SOAK_HOST);
  if (!tenant) throw new Error(`${SOAK_HOST} is missing`);
  const users = await db.transaction(async (tx) => {
    const made: { id: number; email: string }[] = [];
    for (let i = 1; i <= count; i++) {
      const { user } = await createUser(tx, tenant.id, { email: `soak${i}@soak.example.com`, username: `부하${i}` });
      await creditTopup(tx, tenant.id, { userId: user.id, amount: 1_000_000, paymentId: `soak-${user.id}` });
      made.push({ id: user.id, email: user.email });
    }
    return made;
  });
  return { tenantId: tenant.id, users };
}

export interface SoakRecord {
  comments: number[];
  transfers: number[];
  orders: number[];
  topups: { paymentId: string; amount: number }[];
  /** Per user and post, the like state of the user's last acknowledged call (when it was the last call). */
  likes: Map<string, boolean>;
  products: number[];
  calls: number;
  failed: Map<string, number>;
  /** Every call in the order it ended: when, how long it took, and how it was answered. */
  log: SoakCall[];
}

export interface SoakCall {
  what: string;
  /** When the answer (or the network error) came. */
  at: number;
  ms: number;
  ok: boolean;
  /** The status, or the network error's message. */
  status: number | string;
  /** The `code` of a JSON error body (`{ detail, code }`), when the answer had one. */
  code?: string;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the load for `durationMs` through `api` (the balancer or the one node); `during` runs alongside (the killer). */
export async function runSoak(
  api: TenantApi,
  setUp: SoakSetUp,
  durationMs: number,
  during: () => Promise<void>,
  /** An earlier run's record to go on with (its products, its like states). */
  record: SoakRecord = {
    comments: [],
    transfers: [],
    orders: [],
    topups: [],
    likes: new Map(),
    products: [],
    calls: 0,
    failed: new Map(),
    log: [],
  },
): Promise<SoakRecord> {
  const merchant = await api.login('merchant@example.com');
  for (let i = record.products.length; i < 2; i++) {
    const made = await api.post<{ id: number }>(
      '/api/products',
      {
        category_type: 'pickup',
        title: `부하 도시락 ${i + 1}`,
        description: '부하 시험용 도시락',
        price: PRICE,
        delivery_category: 'korean',
        is_delivery: true,
        is_available: true,
        display_remaining: STOCK,
      },
      { token: merchant },
    );
    record.products.push(expectStatus(made, 201, 'product').id);
  }
  const posts = expectStatus(
    await api.get<{ posts: { id: number }[] }>('/api/content/posts?size=10'),
    200,
    'posts',
  ).posts.map((p) => p.id);
  const tokens = await Promise.all(setUp.users.map((u) => api.login(u.email, DEFAULT_PASSWORD)));
  const until = Date.now() + durationMs;

  const fail = (what: string, why: unknown) => {
    const key = `${what}: ${typeof why === 'number' ? why : (why as Error).message}`;
    record.failed.set(key, (record.failed.get(key) ?? 0) + 1);
  };
  /** One call: its answer's body, or null (counted) for another status or a network error. */
  async function attempt<T>(what: string, ok: number, run: () => Promise<{ status: number; body: T }>) {
    record.calls++;
    const started = Date.now();
    const logged = (status: number | string, code?: string) =>
      record.log.push({ what, at: Date.now(), ms: Date.now() - started, ok: status === ok, status, code });
    try {
      const res = await run();
      if (res.status === ok) {
        logged(res.status);
        return res.body;
      }
      const code = (res.body as { code?: unknown } | null)?.code;
      logged(res.status, typeof code === 'string' ? code : undefined);
      fail(what, res.status);
    } catch (err) {
      logged((err as Error).message);
      fail(what, err);
      // A node going down refuses at once: do not spin.
      await pause(100);
    }
    return null;
  }

  const worker = async (w: number) => {
    const token = tokens[w] as string;
    const from = `10.3.${w}.1`;
    const buyer = {
      buyer_name: `부하${w + 1}`,
      buyer_email: setUp.users[w]?.email,
      buyer_tel: '01012345678',
      buyer_addr: '서울특별시 마포구 월드컵로 1, 101호',
    };
    for (let i = 0; Date.now() < until; i++) {
      const roll = Math.random();
      const key = `soak-${w}-${i}-${Date.now().toString(36)}`;
      if (roll < 0.3) {
        const path = pick(['/api/main/posts', '/api/products?page=1', `/api/products/${pick(record.products)}`]);
        await attempt('read', 200, () => api.get(path, { from }));
      } else if (roll < 0.5) {
        const post = pick(posts);
        const like = Math.random() < 0.6;
        const slot = `${w}:${post}`;
        record.likes.delete(slot);
        const done = await attempt('like', 200, () =>
          like
            ? api.post(`/api/content/posts/${post}/like`, {}, { token, from })
            : api.del(`/api/content/posts/${post}/like`, { token, from }),
        );
        if (done !== null) record.likes.set(slot, like);
      } else if (roll < 0.65) {
        const made = await attempt<{ id: number }>('comment', 201, () =>
          api.post(`/api/content/posts/${pick(posts)}/comments`, { content: `부하 댓글 ${key}` }, { token, from }),
        );
        if (made !== null) record.comments.push(made.id);
      } else if (roll < 0.8) {
        const prepared = await attempt<{ merchant_uid: string }>('purchase prepare', 200, () =>
          api.post(
            '/api/payment/prepare',
            {
              ...buyer,
              product_id: pick(record.products),
              qty: 1,
              amount: PRICE,
              points_used: PRICE,
              order_type: 'delivery',
            },
            { token, from, key },
          ),
        );
        if (prepared === null) continue;
        const paid = await attempt<{ order_id: number }>('purchase callback', 200, () =>
          api.post('/api/payment/callback', { merchant_uid: prepared.merchant_uid, status: 'paid' }, { token, from }),
        );
        if (paid !== null) record.orders.push(paid.order_id);
      } else if (roll < 0.9) {
        const amount = 1_000 * (1 + Math.floor(Math.random() * 5));
        const prepared = await attempt<{ payment_id: string; checkout: { url: string } }>('top-up prepare', 200, () =>
          api.post('/api/wallet/charge/prepare', { ...buyer, amount }, { token, from }),
        );
        if (prepared === null) continue;
        const page = new URL(prepared.checkout.url, 'http://farm.localhost');
        const sent = await attempt('top-up card', 303, () =>
          api.post(page.pathname + page.search, undefined, { form: { card: CARD }, from }),
        );
        if (sent === null) continue;
        const confirmed = await attempt('top-up confirm', 200, () =>
          api.post('/api/wallet/charge/callback', { payment_id: prepared.payment_id }, { token, from }),
        );
        if (confirmed !== null) record.topups.push({ paymentId: prepared.payment_id, amount });
      } else {
        // A transfer retried under the same key after a failure, as the app does: once in all.
        const to = pick(setUp.users.filter((_, j) => j !== w)).id;
        for (let tries = 0; tries < 5; tries++) {
          const sentTransfer = await attempt<{ transaction_id: number }>('transfer', 200, () =>
            api.post('/api/wallet/transfer', { to_user_id: to, amount: 100, memo: '부하' }, { token, from, key }),
          );
          if (sentTransfer !== null) {
            record.transfers.push(sentTransfer.transaction_id);
            break;
          }
          await pause(300);
        }
      }
    }
  };
  await Promise.all([...setUp.users.map((_, w) => worker(w)), during()]);
  return record;
}

/** What must hold after the soak; answers the problems found (none is the goal) and a summary. */
export async function soakProblems(db: Db, setUp: SoakSetUp, record: SoakRecord) {
  const problems: string[] = [];
  // Every join and subquery names the tenant too: on Citus that keeps it on the tenant's shard.
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
  const missing = async (table: string, ids: number[]) => {
    if (!ids.length) return [];
    const found = await rows<{ id: number }>(
      sql`select id from ${sql.raw(table)} where tenant_id = ${setUp.tenantId} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    const have = new Set(found.map((r) => Number(r.id)));
    return ids.filter((id) => !have.has(id));
  };
  for (const [table, ids] of [
    ['comments', record.comments],
    ['ledger_transactions', record.transfers],
    ['orders', record.orders],
  ] as const) {
    const lost = await missing(table, ids);
    if (lost.length) problems.push(`${lost.length} acknowledged ${table} rows are missing: ${lost.slice(0, 5)}`);
  }
  const paidOrders = await rows<{ id: number }>(
    sql`select id from orders where tenant_id = ${setUp.tenantId} and id = any(${`{${record.orders.join(',') || 0}}`}::int[]) and status in ('AWAITING_PAYMENT', 'CANCELLED')`,
  );
  if (paidOrders.length) problems.push(`${paidOrders.length} acknowledged orders are not paid`);

  for (const t of record.topups) {
    const credits = await rows<{ n: number; amount: string }>(
      sql`select count(*)::int as n, coalesce(sum(e.amount), 0)::text as amount
          from ledger_transactions t join ledger_entries e on e.tenant_id = t.tenant_id and e.transaction_id = t.id
          join ledger_accounts a on a.tenant_id = e.tenant_id and a.id = e.account_id and a.kind = 'wallet'
          where t.tenant_id = ${setUp.tenantId} and t.tx_type = 'topup' and t.reference_id = ${t.paymentId}`,
    );
    const c = credits[0];
    if (c?.n !== 1 || Number(c.amount) !== t.amount) problems.push(`top-up ${t.paymentId}: ${JSON.stringify(c)}`);
  }
  const twice = await rows<{ reference_id: string }>(
    sql`select reference_id from ledger_transactions where tenant_id = ${setUp.tenantId} and tx_type = 'topup'
        group by reference_id having count(*) > 1`,
  );
  if (twice.length) problems.push(`payments credited twice: ${twice.map((r) => r.reference_id)}`);

  problems.push(...(await ledgerProblems(db, setUp.tenantId)));
  const negative = await rows<{ id: number }>(
    sql`select id from ledger_accounts where tenant_id = ${setUp.tenantId} and kind = 'wallet' and (available < 0 or locked < 0)`,
  );
  if (negative.length) problems.push(`${negative.length} wallets are negative`);

  for (const productId of record.products) {
    const [p] = await rows<{ remaining: number; orders_count: number; reserved: number; counted: number }>(
      sql`select p.display_remaining as remaining, p.orders_count,
                 coalesce((select sum(i.stock_reserved) from orders o
                   join order_items i on i.tenant_id = o.tenant_id and i.order_id = o.id
                   where o.tenant_id = p.tenant_id and i.product_id = p.id and o.status not in ('CANCELLED', 'REFUNDED')), 0)::int as reserved,
                 (select count(*) from orders o join order_items i on i.tenant_id = o.tenant_id and i.order_id = o.id
                   where o.tenant_id = p.tenant_id and i.product_id = p.id
                     and o.status not in ('AWAITING_PAYMENT', 'CANCELLED', 'REFUNDED'))::int as counted
          from products p where p.tenant_id = ${setUp.tenantId} and p.id = ${productId}`,
    );
    if (!p || STOCK - p.remaining !== p.reserved || p.orders_count !== p.counted) {
      problems.push(`product ${productId}: ${JSON.stringify(p)} (stock ${STOCK})`);
    }
  }

  const likeCounts = await rows<{ id: number; likes_count: number; n: number }>(
    sql`select p.id, p.likes_count, (select count(*) from post_likes l where l.tenant_id = p.tenant_id and l.post_id = p.id)::int as n
        from posts p where p.tenant_id = ${setUp.tenantId}
          and p.likes_count <> (select count(*) from post_likes l where l.tenant_id = p.tenant_id and l.post_id = p.id)`,
  );
  if (likeCounts.length) problems.push(`like counts differ from the likes: ${JSON.stringify(likeCounts.slice(0, 5))}`);
  for (const [slot, liked] of record.likes) {
    const [w, post] = slot.split(':').map(Number) as [number, number];
    const user = setUp.users[w]?.id;
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from post_likes where tenant_id = ${setUp.tenantId} and post_id = ${post} and user_id = ${user}`,
    );
    if ((row?.n === 1) !== liked)
      problems.push(`user ${user}'s acknowledged ${liked ? 'like' : 'unlike'} of post ${post} is lost`);
  }

  const summary =
    `${record.calls} calls; acknowledged: ${record.comments.length} comments, ${record.orders.length} purchases, ` +
    `${record.topups.length} top-ups, ${record.transfers.length} transfers, ${record.likes.size} like states; ` +
    `failed: ${[...record.failed].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}`;
  return { problems, summary };
}

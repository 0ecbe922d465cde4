import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type TenantApi, tenantApi } from './support/client';
import { buildServer, type Cluster, startCluster } from './support/cluster';
import { freshDatabase, redisUrl, serverUrl } from './support/database';

/*
 * Three API nodes on one PostgreSQL and Redis behind HAProxy: what one node does, the others (and
 * the balancer) see at once; a node killed mid-load loses no acknowledged write.
 */

const host = 'farm.localhost';
const CARD = '4242 4242 4242 4242';

function nth<T>(items: T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`no item ${i} among ${items.length}`);
  return item;
}

describe.runIf(serverUrl)('several API nodes behind HAProxy', () => {
  let cluster: Cluster;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let lb: TenantApi;
  let nodes: TenantApi[];
  let n1: TenantApi;
  let n2: TenantApi;
  let n3: TenantApi;
  let tenantId: number;

  beforeAll(async () => {
    buildServer();
    database = await freshDatabase('multi');
    cluster = await startCluster({
      databaseUrl: database.url,
      redisUrl,
      redisKeyPrefix: `multi${process.pid}:`,
      // Views reach the database within a fifth of a second.
      env: { COUNTER_FLUSH_MS: '200' },
    });
    lb = tenantApi(cluster.url, host);
    nodes = cluster.nodes.map((n) => tenantApi(`http://127.0.0.1:${n.port}`, host));
    [n1, n2, n3] = nodes as [TenantApi, TenantApi, TenantApi];
    tenantId = expectStatus(await lb.get<{ id: number }>('/api/tenant/current'), 200, 'tenant').id;
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  /** Polls `check` on every node until all pass; answers how long that took. */
  async function everyNode(check: (node: TenantApi) => Promise<boolean>, withinMs: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const results = await Promise.all(nodes.map(check));
      if (results.every(Boolean)) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`not on every node within ${withinMs} ms: ${results}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('every node and the balancer answer the same tenant', async () => {
    for (let i = 0; i < 6; i++) expect((await lb.get('/api/tenant/current')).status).toBe(200);
    for (const node of nodes)
      expect(expectStatus(await node.get<{ id: number }>('/api/tenant/current'), 200, 'node').id).toBe(tenantId);
  });

  it('a feature switched off on one node is honoured by every node within a second, and back on', async () => {
    const admin = await n1.login('admin@example.com');
    // Every node has the tenant cached (its TTL is 30 s): only the bus can tell them.
    for (const node of nodes) expect((await node.get('/api/content/posts')).status).toBe(200);

    expectStatus(
      await n1.put(`/api/tenant/${tenantId}/features`, { features: { content: false } }, { token: admin }),
      200,
      'off',
    );
    const off = await everyNode(async (n) => (await n.get('/api/content/posts')).status === 404, 1_000);
    const disabled = await n3.get<{ code: string }>('/api/content/posts');
    expect(disabled.body.code).toBe('feature_disabled');
    expect((await n2.get<{ features: { content: boolean } }>('/api/tenant/current')).body.features.content).toBe(false);

    expectStatus(
      await n2.put(`/api/tenant/${tenantId}/features`, { features: { content: true } }, { token: admin }),
      200,
      'on',
    );
    const on = await everyNode(async (n) => (await n.get('/api/content/posts')).status === 200, 1_000);
    console.log(`feature switch seen on all three nodes after ${off} ms (off) and ${on} ms (on)`);
  });

  it('a like and a comment made through one node are seen through the others at once', async () => {
    const reader = await n1.login('reader1@example.com');
    const list = expectStatus(
      await n1.get<{ posts: { id: number; likes_count: number }[] }>('/api/content/posts?size=20'),
      200,
      'posts',
    );
    const post = nth(list.posts, 0);
    // Every node caches the anonymous post answer first.
    const likesOn = async (n: TenantApi) =>
      expectStatus(await n.get<{ likes_count: number }>(`/api/content/posts/${post.id}`), 200, 'post').likes_count;
    const before = await likesOn(n2);
    for (const n of nodes) expect(await likesOn(n)).toBe(before);
    // Unlike first so that the like below is a new one whatever the demo data holds.
    await n1.del(`/api/content/posts/${post.id}/like`, { token: reader });
    const base = await likesOn(n1);
    for (const n of nodes) await likesOn(n);
    expectStatus(await n1.post(`/api/content/posts/${post.id}/like`, {}, { token: reader }), 200, 'like');
    await everyNode(async (n) => (await likesOn(n)) === base + 1, 1_000);

    const text = `노드 사이 댓글 ${Date.now()}`;
    const comments = (n: TenantApi) =>
      n
        .get<{ comments: { content: string }[] }>(`/api/content/posts/${post.id}/comments`)
        .then((r) => expectStatus(r, 200, 'comments').comments);
    for (const n of nodes) await comments(n);
    expectStatus(
      await n2.post(`/api/content/posts/${post.id}/comments`, { content: text }, { token: reader }),
      201,
      'comment',
    );
    await everyNode(async (n) => (await comments(n)).some((c) => c.content === text), 1_000);
  });

  it('a viewer counts once across the nodes', async () => {
    const list = expectStatus(await lb.get<{ posts: { id: number }[] }>('/api/content/posts?size=20'), 200, 'posts');
    const id = nth(list.posts, 3).id;
    const views = async () =>
      Number((await database.query<{ n: number }>('select views_count as n from posts where id = $1', [id]))[0]?.n);
    const before = await views();
    for (const n of nodes) for (let i = 0; i < 2; i++) await n.get(`/api/content/posts/${id}`, { from: '10.1.1.1' });
    await n2.get(`/api/content/posts/${id}`, { from: '10.1.1.2' });
    await expect.poll(views, { timeout: 3_000 }).toBe(before + 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await views()).toBe(before + 2);
  });

  it('a card payment and a transfer made through one node are seen through the others', async () => {
    const buyer = await n1.login('customer@example.com');
    const balanceOn = async (n: TenantApi, token: string) =>
      expectStatus(await n.get<{ available: number }>('/api/wallet/balance', { token }), 200, 'balance').available;
    const start = await balanceOn(n3, buyer);

    // Prepared on node 1, paid on node 2's checkout page, confirmed on node 3.
    const prepared = expectStatus(
      await n1.post<{ payment_id: string; checkout: { url: string } }>(
        '/api/wallet/charge/prepare',
        { amount: 5_000, buyer_name: '김고객', buyer_email: 'customer@example.com', buyer_tel: '01012345678' },
        { token: buyer },
      ),
      200,
      'prepare',
    );
    const checkout = new URL(prepared.checkout.url, 'http://farm.localhost');
    const paid = await n2.post(checkout.pathname + checkout.search, undefined, { form: { card: CARD } });
    expect(paid.status).toBe(303);
    const back = new URL(String(paid.headers.location), 'http://farm.localhost');
    expect(back.searchParams.get('code')).toBeNull();
    const confirmed = expectStatus(
      await n3.post<{ amount: number }>(
        '/api/wallet/charge/callback',
        { payment_id: prepared.payment_id },
        { token: buyer },
      ),
      200,
      'confirm',
    );
    expect(confirmed.amount).toBe(5_000);
    // A second confirmation through another node credits nothing more.
    expectStatus(
      await n1.post('/api/wallet/charge/callback', { payment_id: prepared.payment_id }, { token: buyer }),
      200,
      'again',
    );
    for (const n of nodes) expect(await balanceOn(n, buyer)).toBe(start + 5_000);

    const receiver = await n2.login('reader2@example.com');
    const receiverId = expectStatus(await n2.get<{ id: number }>('/api/auth/me', { token: receiver }), 200, 'me').id;
    const received = await balanceOn(n1, receiver);
    const key = `transfer-${Date.now()}`;
    const transfer = { to_user_id: receiverId, amount: 1_000, memo: '노드 사이' };
    expectStatus(await n3.post('/api/wallet/transfer', transfer, { token: buyer, key }), 200, 'transfer');
    // The same key through another node: the same transfer, not a second one.
    expectStatus(await n1.post('/api/wallet/transfer', transfer, { token: buyer, key }), 200, 'retry');
    for (const n of nodes) {
      expect(await balanceOn(n, receiver)).toBe(received + 1_000);
      expect(await balanceOn(n, buyer)).toBe(start + 4_000);
    }
  });

  it('a node killed mid-load loses no acknowledged write, and the balancer routes around it', async () => {
    const writer = await lb.login('reader3@example.com');
    const list = expectStatus(await lb.get<{ posts: { id: number }[] }>('/api/content/posts?size=5'), 200, 'posts');
    const postId = nth(list.posts, 1).id;
    const acknowledged: number[] = [];
    const failures: { at: number; status: number | string }[] = [];
    const run = `부하 ${Date.now()}`;
    let killedAt = 0;
    const until = Date.now() + 6_000;
    const worker = async (w: number) => {
      for (let i = 0; Date.now() < until; i++) {
        try {
          const res = await lb.post<{ id: number }>(
            `/api/content/posts/${postId}/comments`,
            { content: `${run} ${w}-${i}` },
            { token: writer, from: `10.2.0.${w + 1}` },
          );
          if (res.status === 201) acknowledged.push(res.body.id);
          else failures.push({ at: Date.now(), status: res.status });
        } catch (err) {
          failures.push({ at: Date.now(), status: (err as Error).message });
        }
      }
    };
    const victim = nth(cluster.nodes, 1);
    const killer = (async () => {
      await new Promise((r) => setTimeout(r, 2_000));
      killedAt = Date.now();
      await victim.kill('SIGKILL');
    })();
    await Promise.all([...Array.from({ length: 8 }, (_, w) => worker(w)), killer]);

    // What failed, failed while the node died (at most the requests it held): none a second later.
    expect(failures.filter((f) => f.at > killedAt + 1_500)).toEqual([]);
    expect(failures.length).toBeLessThanOrEqual(8);
    expect(acknowledged.length).toBeGreaterThan(50);
    const stored = await database.query<{ id: number }>(
      `select id from comments where post_id = $1 and content like $2`,
      [postId, `${run} %`],
    );
    const ids = new Set(stored.map((r) => Number(r.id)));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    console.log(
      `kill mid-load: ${acknowledged.length} comments acknowledged, all stored; ${failures.length} failed (${failures.map((f) => f.status).join(', ')}); ${stored.length - acknowledged.length} stored unacknowledged`,
    );

    await victim.start();
    const back = tenantApi(`http://127.0.0.1:${victim.port}`, host);
    expect((await back.get('/api/tenant/current')).status).toBe(200);
  }, 60_000);
});

/**
 * Throughput of the content module's hot calls through the whole stack, each against a bare
 * Fastify route answering a body of the same size, on a demo database with BENCH_POSTS extra
 * posts per tenant (default 10,000, bulk-inserted by the seed: SEED_POSTS_PER_TENANT). Also
 * compares page 100 with page 1 of the main feed.
 *
 * The like calls are signed in, one reader per connection, each alternating POST and DELETE of
 * its like: spread over BENCH_LIKE_POSTS posts (default 1,000; a random post for each pair) and
 * all on one hot post. After each like run, every touched post's likes_count is compared with the
 * count of its rows in post_likes; a difference fails the bench (exit code 1).
 *
 * On PostgreSQL (DATABASE_URL set) the server runs on a database of its own with a pool of 20
 * and BENCH_CONNECTIONS bench readers; on PGlite, with the six demo readers (one connection each),
 * and the counts are checked once the server has stopped (it holds the data folder).
 *
 *   npm run bench:content   (BENCH_DURATION=5 BENCH_CONNECTIONS=20 BENCH_POSTS=10000;
 *                            DATABASE_URL=... to run on PostgreSQL instead of PGlite)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { findTenantByDomain } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { createDatabase, type Database } from '../apps/server/src/platform/db/client.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';
import { createUser } from '../apps/server/src/seed/factories.js';
import {
  bare,
  buildServer,
  connections,
  durationOr,
  exited,
  inBatches,
  login,
  measure,
  type Options,
  onPostgres,
  serverPool,
  startServer,
} from './support.js';

const duration = durationOr(5);
const postsPerTenant = process.env.BENCH_POSTS ?? '10000';
const spreadCount = Number(process.env.BENCH_LIKE_POSTS ?? 1000);
const host = 'farm.localhost';
const port = 3912;
const api = `http://127.0.0.1:${port}/api`;

type Db = Database['db'];

/** Touched posts whose likes_count differs from their rows in post_likes, and what was checked. */
async function countCheck(db: Db, ids: number[]) {
  const tenant = await findTenantByDomain(db, host);
  if (!tenant) throw new Error(`no tenant ${host}`);
  const { rows } = await db.execute<{ id: number; likes_count: number; rows: number }>(sql`
    select p.id, p.likes_count, coalesce(l.n, 0)::int as rows
      from posts p
      left join (select post_id, count(*)::int as n from post_likes
                  where tenant_id = ${tenant.id} and post_id = any(${`{${ids.join(',')}}`}::int[])
                  group by post_id) l on l.post_id = p.id
     where p.tenant_id = ${tenant.id} and p.id = any(${`{${ids.join(',')}}`}::int[])`);
  const wrong = rows.filter((r) => r.likes_count !== r.rows);
  return { posts: rows.length, likes: rows.reduce((sum, r) => sum + r.rows, 0), wrong };
}

/** One line per check; answers whether it held. */
function report(title: string, check: Awaited<ReturnType<typeof countCheck>>, expected: number) {
  const ok = check.wrong.length === 0 && check.posts === expected;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} likes_count after ${title}: ${check.posts} of ${expected} touched posts checked, ` +
      `${check.likes} likes rows, ${check.wrong.length} differ` +
      (check.wrong.length
        ? ` (${check.wrong
            .slice(0, 5)
            .map((w) => `post ${w.id}: likes_count ${w.likes_count}, rows ${w.rows}`)
            .join('; ')})`
        : ''),
  );
  return ok;
}

/**
 * The runs, with the bench readers' `tokens`; `checkNow` checks the counts of `ids` at once (on
 * PostgreSQL), else the caller checks the answered `touched` posts afterwards.
 */
async function runs(tokens: string[], checkNow?: (title: string, ids: number[]) => Promise<boolean>) {
  let ok = true;
  const pages = await Promise.all(
    Array.from({ length: Math.ceil(spreadCount / 100) }, async (_, i) => {
      const res = await fetch(`${api}/main/posts?page=${i + 1}&size=100`, { headers: { host } });
      return (await res.json()) as { posts: { id: number }[]; total: number };
    }),
  );
  const total = pages[0]?.total ?? 0;
  const spread = pages.flatMap((p) => p.posts.map((post) => post.id)).slice(0, spreadCount);
  const postId = spread[0] as number;

  let next = 0;
  // Each connection signs in as one reader (its context keeps the token) and alternates POST and
  // DELETE of one post: the hot one, or a random one of `spread` chosen for each pair.
  const likeRun = (pick?: () => number): Options & { connections: number } => {
    const setup =
      (method: 'POST' | 'DELETE') =>
      (req: autocannon.Request, context: object): autocannon.Request => {
        const c = context as { token?: string; post?: number };
        c.token ??= tokens[next++ % tokens.length];
        if (method === 'POST') c.post = pick ? pick() : postId;
        return {
          ...req,
          method,
          path: `/api/content/posts/${c.post ?? postId}/like`,
          headers: { ...req.headers, host, authorization: `Bearer ${c.token}` },
        };
      };
    return {
      connections: tokens.length,
      headers: { host },
      requests: [{ setupRequest: setup('POST') }, { setupRequest: setup('DELETE') }],
    };
  };
  const likeSample = await (
    await fetch(`${api}/content/posts/${postId}/like`, {
      method: 'DELETE',
      headers: { host, authorization: `Bearer ${tokens[0]}` },
    })
  ).text();
  const randomPost = () => spread[Math.floor(Math.random() * spread.length)] as number;

  const routes: [string, string, Options, string?, number[]?][] = [
    ['GET /api/main/posts', `${api}/main/posts`, { headers: { host } }],
    ['GET /api/content/posts/{id}', `${api}/content/posts/${postId}`, { headers: { host } }],
    [`like+unlike, ${spread.length} posts`, `${api}/content`, likeRun(randomPost), likeSample, spread],
    ['like+unlike, one hot post', `${api}/content`, likeRun(), likeSample, [postId]],
  ];
  const rows: string[] = [];
  let barePort = 3930;
  for (const [title, url, options, body, touched] of routes) {
    const sample = body ?? (await (await fetch(url, { headers: { host } })).text());
    const base = await bare(
      sample,
      barePort++,
      touched ? { connections: options.connections ?? connections, method: 'POST' } : {},
    );
    const full = await measure(url, options);
    rows.push(
      `${title.padEnd(30)} ${Math.round(full.rps).toString().padStart(6)} req/s  p99 ${String(full.p99).padStart(4)} ms` +
        `   bare ${Math.round(base.rps).toString().padStart(6)} req/s  ratio ${(full.rps / base.rps).toFixed(2)}  (${sample.length} B)` +
        (touched ? `  ${options.connections} conn.` : ''),
    );
    console.log(rows.at(-1));
    if (touched && checkNow && !(await checkNow(title, touched))) ok = false;
  }
  for (const [title, url] of [
    ['GET /api/main/posts page 1', `${api}/main/posts?page=1&size=20`],
    ['GET /api/main/posts page 100', `${api}/main/posts?page=100&size=20`],
    ['GET /api/content/posts p.100', `${api}/content/posts?page=100&size=20`],
  ] as const) {
    const r = await measure(url, { headers: { host } });
    rows.push(
      `${title.padEnd(30)} ${Math.round(r.rps).toString().padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\n${connections} connections (likes: one per reader), ${duration} s each, ${total} posts in ${host}`);
  for (const row of rows) console.log(row);
  return { ok, touched: [...new Set(spread)] };
}

if (process.env.DATABASE_URL) {
  await onPostgres(
    'content',
    port,
    async ({ db }) => {
      const tenant = await findTenantByDomain(db, host);
      if (!tenant?.features.content) throw new Error(`${host} has no content`);
      const readers = await db.transaction(async (tx) => {
        const made: string[] = [];
        for (let i = 1; i <= connections; i++) {
          const { user } = await createUser(tx, tenant.id, {
            email: `liker${i}@bench.example.com`,
            username: `독자${i}`,
          });
          made.push(user.email);
        }
        return made;
      });
      const tokens = Array.from(readers, () => '');
      await inBatches(readers, 10, async (email, i) => {
        tokens[i] = await login(api, host, email);
      });
      console.log(`PostgreSQL, server pool ${serverPool}, ${tokens.length} bench readers`);
      const { ok } = await runs(tokens, async (title, ids) => report(title, await countCheck(db, ids), ids.length));
      return ok;
    },
    { posts: Number(postsPerTenant) },
  );
} else {
  buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-content-'));
  try {
    const started = Date.now();
    const server = await startServer(port, dataDir, { SEED_POSTS_PER_TENANT: postsPerTenant });
    let touched: number[] = [];
    try {
      console.log(
        `PGlite: server up with ${postsPerTenant} extra posts per tenant in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      const tokens: string[] = [];
      for (const name of ['customer', 'reader1', 'reader2', 'reader3', 'reader4', 'reader5']) {
        tokens.push(await login(api, host, `${name}@example.com`, DEMO_PASSWORD));
      }
      ({ touched } = await runs(tokens));
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
    // The server has let go of the data folder: the counts of every post the like runs touched.
    const database = createDatabase({ dataDir });
    try {
      if (!report('both like runs', await countCheck(database.db, touched), touched.length)) process.exitCode = 1;
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

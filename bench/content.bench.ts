/**
 * Throughput of the content module's hot calls through the whole stack, each against a bare
 * Fastify route answering a body of the same size, on a demo database with BENCH_POSTS extra
 * posts per tenant (default 10,000, bulk-inserted by the seed: SEED_POSTS_PER_TENANT). The like
 * call is signed in: six demo readers, one connection each, alternate POST and DELETE of
 * the like on the same post (a hot post). Also compares page 100 with page 1 of the main feed.
 *
 *   npm run bench:content   (BENCH_DURATION=5 BENCH_CONNECTIONS=20 BENCH_POSTS=10000;
 *                            DATABASE_URL=... to run on PostgreSQL instead of PGlite)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';
import { bare, buildServer, connections, durationOr, login, measure, type Options, startServer } from './support.js';

const duration = durationOr(5);
const postsPerTenant = process.env.BENCH_POSTS ?? '10000';

buildServer();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-content-'));
const children: ChildProcess[] = [];
const host = 'farm.localhost';
try {
  const started = Date.now();
  children.push(await startServer(3912, dataDir, { SEED_POSTS_PER_TENANT: postsPerTenant }));
  console.log(
    `server up with ${postsPerTenant} extra posts per tenant in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const api = 'http://127.0.0.1:3912/api';
  const feed = (await (await fetch(`${api}/main/posts?size=1`, { headers: { host } })).json()) as {
    posts: { id: number }[];
    total: number;
  };
  const postId = feed.posts[0]?.id as number;
  const tokens: string[] = [];
  for (const name of ['customer', 'reader1', 'reader2', 'reader3', 'reader4', 'reader5']) {
    tokens.push(await login(api, host, `${name}@example.com`, DEMO_PASSWORD));
  }
  let next = 0;
  // Each connection signs in as one reader (its context keeps the token) and alternates POST and
  // DELETE; one connection per reader, so a reader's like and unlike follow each other.
  const signed = (req: autocannon.Request, context: object) => {
    const c = context as { token?: string };
    c.token ??= tokens[next++ % tokens.length];
    return { ...req, headers: { ...req.headers, host, authorization: `Bearer ${c.token}` } };
  };
  const likeOptions: Options & { connections: number } = {
    connections: tokens.length,
    headers: { host },
    requests: [
      { method: 'POST', setupRequest: signed },
      { method: 'DELETE', setupRequest: signed },
    ],
  };
  const likeSample = await (
    await fetch(`${api}/content/posts/${postId}/like`, {
      method: 'POST',
      headers: { host, authorization: `Bearer ${tokens[0]}` },
    })
  ).text();

  const routes: [string, string, Options, string?][] = [
    ['GET /api/main/posts', `${api}/main/posts`, { headers: { host } }],
    ['GET /api/content/posts/{id}', `${api}/content/posts/${postId}`, { headers: { host } }],
    ['POST+DELETE .../like', `${api}/content/posts/${postId}/like`, likeOptions, likeSample],
  ];
  const rows: string[] = [];
  let port = 3930;
  for (const [title, url, options, body] of routes) {
    const sample = body ?? (await (await fetch(url, { headers: { host } })).text());
    const base = await bare(sample, port++);
    const full = await measure(url, options);
    rows.push(
      `${title.padEnd(30)} ${Math.round(full.rps).toString().padStart(6)} req/s  p99 ${String(full.p99).padStart(4)} ms` +
        `   bare ${Math.round(base.rps).toString().padStart(6)} req/s  ratio ${(full.rps / base.rps).toFixed(2)}  (${sample.length} B)`,
    );
    console.log(rows.at(-1));
  }
  const check = (await (
    await fetch(`${api}/content/posts/${postId}`, { headers: { host, authorization: `Bearer ${tokens[0]}` } })
  ).json()) as { likes_count: number; is_liked: boolean };
  rows.push(`likes_count after the like run: ${check.likes_count} (is_liked for the first reader: ${check.is_liked})`);
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
  console.log(`\n${connections} connections, ${duration} s each, ${feed.total} posts in ${host}`);
  for (const row of rows) console.log(row);
} finally {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

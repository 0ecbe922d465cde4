/**
 * Every public list, feed and page of the catalogue and the posts in one run, on PostgreSQL (or a
 * Citus coordinator) with BENCH_SEED_PRODUCTS products and BENCH_SEED_POSTS posts per tenant
 * (default 20,000 and 10,000; BENCH_SEED_TENANTS tenants, default the two demo ones), first
 * with every answer cache off (each request reaches the database), then the hot routes with the
 * caches on. Each route is measured beside a bare Fastify route answering a body of the same size
 * (a process of its own, same connections); the table gives req/s, p99, the answer's size and the
 * ratio to the bare route, and flags a p99 over its goal (50 ms for lists, 20 ms for one product
 * or post).
 *
 *   npm run bench:routes --workspace bench   (BENCH_DURATION=3 BENCH_CONNECTIONS=20
 *                                             BENCH_SEED_PRODUCTS=20000 BENCH_SEED_POSTS=10000;
 *                                             DATABASE_URL=postgres://… the server to use)
 */
import type { ChildProcess } from 'node:child_process';
import {
  bare,
  benchDatabase,
  buildServer,
  connections,
  durationOr,
  exited,
  measure,
  record,
  seedSize,
  seedTimes,
  serverPool,
  startServer,
} from './support.js';

const duration = durationOr(3);
const size = seedSize({ products: 20_000, posts: 10_000 });
const headers = { host: 'farm.localhost' };
const hangul = (q: string) => encodeURIComponent(q);

buildServer();
const database = benchDatabase('routes');
await database.create();
const children: ChildProcess[] = [];
let failed = false;
const table: string[] = [];

async function run(
  title: string,
  section: string,
  port: number,
  cacheMs: string,
  routes: [string, string, number | null][],
) {
  const server = await startServer(port, database.dataDir, {
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: String(serverPool),
    RATE_LIMITS: 'false',
    CATALOGUE_CACHE_MS: cacheMs,
  });
  children.push(server);
  await database.query('analyze');
  table.push(
    '',
    title,
    `${'route'.padEnd(40)} ${'req/s'.padStart(7)} ${'p99'.padStart(6)} ${'size'.padStart(8)} ${'bare'.padStart(7)} ratio`,
  );
  console.log(table.slice(-2).join('\n'));
  const api = `http://127.0.0.1:${port}`;
  const first = async (path: string, key: string) =>
    String(
      ((await (await fetch(`${api}${path}`, { headers })).json()) as Record<string, { id: number }[]>)[key]?.[0]?.id,
    );
  const ids = { product: await first('/api/main/delivery', 'products'), post: await first('/api/main/posts', 'posts') };
  let barePort = port + 100;
  for (const [name, template, goal] of routes) {
    const path = template.replace('{product}', ids.product).replace('{post}', ids.post);
    const url = `${api}${path}`;
    const res = await fetch(url, { headers });
    const sample = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${sample.slice(0, 200)}`);
    const base = await bare(sample, barePort++);
    const full = await measure(url, { headers });
    const over = goal !== null && full.p99 >= goal;
    if (over) failed = true;
    table.push(
      `${name.padEnd(40)} ${Math.round(full.rps).toString().padStart(7)} ${`${full.p99} ms`.padStart(6)} ` +
        `${`${(sample.length / 1024).toFixed(1)} KB`.padStart(8)} ${Math.round(base.rps).toString().padStart(7)} ` +
        `${(full.rps / base.rps).toFixed(2)}${over ? `  p99 over ${goal} ms` : ''}`,
    );
    console.log(table.at(-1));
    record({ bench: 'routes', name: `${section} ${name}`, rate: full.rps, p99: full.p99, bare: base.rps });
  }
  server.kill('SIGTERM');
  await exited(server);
}

try {
  const seeded = await database.seed(size);
  if (seeded) console.log(seedTimes(size, seeded));
  const lists: [string, string, number | null][] = [
    ['GET /api/main/delivery', '/api/main/delivery', 50],
    ['GET /api/main/delivery?page=50', '/api/main/delivery?page=50', 50],
    ['GET /api/main/shopping', '/api/main/shopping', 50],
    ['GET /api/main/shopping?category=food', '/api/main/shopping?category=food', 50],
    ['GET /api/products?page=1', '/api/products?page=1', 50],
    ['GET /api/products?page=50', '/api/products?page=50', 50],
    ['GET /api/products/popular', '/api/products/popular', 50],
    ['GET /api/products/discount', '/api/products/discount', 50],
    ['GET /api/products/category/food', '/api/products/category/food', 50],
    ['GET /api/merchants', '/api/merchants', 50],
    ['GET /api/search?q=사과 (2 syllables)', `/api/search?q=${hangul('사과')}`, 50],
    ['GET /api/search?q=슈톨렌 (3, rare)', `/api/search?q=${hangul('슈톨렌')}`, 50],
    ['GET /api/products/search?q=토마토', `/api/products/search?q=${hangul('토마토')}`, 50],
    ['GET /api/main/posts', '/api/main/posts', 50],
    ['GET /api/main/posts?page=100', '/api/main/posts?page=100', 50],
    ['GET /api/content/posts?media_type=video', '/api/content/posts?media_type=video', 50],
  ];
  // {product} and {post}: the first of the delivery tab and of the posts feed.
  const pages: [string, string, number | null][] = [
    ['GET /api/products/{id}', '/api/products/{product}', 20],
    ['GET /api/content/posts/{id}', '/api/content/posts/{post}', 20],
    ['GET /api/main/posts/{id}/comments', '/api/main/posts/{post}/comments', 50],
  ];
  await run(
    `caches off (CATALOGUE_CACHE_MS=0), ${size.products} products and ${size.posts} posts per tenant, ${size.tenants} tenants`,
    'uncached',
    3960,
    '0',
    [...lists, ...pages],
  );
  await run('caches on (CATALOGUE_CACHE_MS=2000)', 'cached', 3961, '2000', [
    ['GET /api/tenant/current', '/api/tenant/current', null],
    ['GET /api/main/delivery', '/api/main/delivery', null],
    ['GET /api/main/shopping', '/api/main/shopping', null],
    ['GET /api/main/posts', '/api/main/posts', null],
    ['GET /api/products/{id}', '/api/products/{product}', null],
  ]);
  console.log(
    `\n${connections} connections, ${duration} s each after a 2 s warm-up, PostgreSQL pool ${serverPool}; bare = Fastify with no plugins answering the same body`,
  );
  for (const row of table) console.log(row);
} finally {
  for (const c of children) c.kill('SIGTERM');
  await database.drop();
}
if (failed) process.exitCode = 1;

/**
 * Throughput of the catalogue's hot GETs through the whole stack, each against a bare Fastify
 * route answering a body of the same size, on a demo database scaled to BENCH_PRODUCTS products
 * per tenant (default 10,000). Also compares page 50 with page 1 of the product list.
 *
 *   npm run bench:catalogue   (BENCH_DURATION=5 BENCH_CONNECTIONS=20 BENCH_PRODUCTS=10000;
 *                              DATABASE_URL=... to run on PostgreSQL instead of PGlite)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bare, buildServer, connections, durationOr, measure, startServer } from './support.js';

const duration = durationOr(5);
const productsPerTenant = process.env.BENCH_PRODUCTS ?? '10000';

buildServer();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
const children: ChildProcess[] = [];
const host = { host: 'farm.localhost' };
try {
  const started = Date.now();
  children.push(await startServer(3911, dataDir, { SEED_PRODUCTS_PER_TENANT: productsPerTenant }));
  console.log(
    `server up with ${productsPerTenant} extra products per tenant in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const api = 'http://127.0.0.1:3911/api';
  const first = (await (await fetch(`${api}/main/delivery`, { headers: host })).json()) as {
    products: { id: number }[];
  };
  const productId = first.products[0]?.id as number;
  const total = ((await (await fetch(`${api}/products?size=1`, { headers: host })).json()) as { total: number }).total;

  const routes = [
    ['GET /api/main/delivery', `${api}/main/delivery`],
    ['GET /api/main/shopping', `${api}/main/shopping`],
    ['GET /api/products/{id}', `${api}/products/${productId}`],
  ] as const;
  const rows: string[] = [];
  let port = 3920;
  for (const [title, url] of routes) {
    const sample = await (await fetch(url, { headers: host })).text();
    const base = await bare(sample, port++);
    const full = await measure(url, { headers: host });
    rows.push(
      `${title.padEnd(28)} ${Math.round(full.rps).toString().padStart(6)} req/s  p99 ${String(full.p99).padStart(4)} ms` +
        `   bare ${Math.round(base.rps).toString().padStart(6)} req/s  ratio ${(full.rps / base.rps).toFixed(2)}  (${sample.length} B)`,
    );
    console.log(rows.at(-1));
  }
  for (const [title, url] of [
    ['GET /api/products page 1', `${api}/products?page=1&size=20`],
    ['GET /api/products page 50', `${api}/products?page=50&size=20`],
    ['GET /api/main/delivery p.50', `${api}/main/delivery?page=50&size=20`],
  ] as const) {
    const r = await measure(url, { headers: host });
    rows.push(
      `${title.padEnd(28)} ${Math.round(r.rps).toString().padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\n${connections} connections, ${duration} s each, ${total} live products on sale in farm.localhost`);
  for (const row of rows) console.log(row);
} finally {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

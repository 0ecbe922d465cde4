/**
 * Throughput of GET /api/tenant/current through the whole stack against a bare Fastify route
 * with no plugins (answering a body of the same size), measured in one run. Both servers run as
 * their own processes; autocannon drives them from this one. The ratio is the figure we track.
 *
 *   npm run bench            (BENCH_DURATION=10 BENCH_CONNECTIONS=20 by default)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, connections, durationOr, measure, start, startServer } from './support.js';

const duration = durationOr(10);

buildServer();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const children: ChildProcess[] = [];
try {
  children.push(await startServer(3901, dataDir));
  const tenantUrl = 'http://127.0.0.1:3901/api/tenant/current';
  const sample = await (await fetch(tenantUrl, { headers: { host: 'farm.localhost' } })).text();
  children.push(await start('node', ['bench/bare-server.mjs'], { PORT: '3902', BENCH_BODY: sample }, 'ready'));

  const bare = { title: 'bare Fastify route', ...(await measure('http://127.0.0.1:3902/bare', { duration })) };
  const full = {
    title: 'GET /api/tenant/current',
    ...(await measure(tenantUrl, { duration, headers: { host: 'farm.localhost' } })),
  };
  const ratio = full.rps / bare.rps;
  console.log(`\n${connections} connections, ${duration} s each, ${sample.length}-byte answers`);
  for (const r of [bare, full]) {
    console.log(`${r.title.padEnd(26)} ${Math.round(r.rps).toString().padStart(7)} req/s   p99 ${r.p99} ms`);
  }
  console.log(`ratio (whole stack / bare)  ${ratio.toFixed(2)}   target >= 0.80`);
} finally {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

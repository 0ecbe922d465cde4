/**
 * Throughput of GET /api/tenant/current through the whole stack against a bare Fastify route
 * with no plugins (answering a body of the same size), measured in one run. Both servers run as
 * their own processes; autocannon drives them from this one. The ratio is the figure we track.
 *
 *   npm run bench            (BENCH_DURATION=10 BENCH_CONNECTIONS=20 by default)
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

function start(command: string, args: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes(readyText)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${out}`)));
  });
}

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { title, rps: result.requests.average, p99: result.latency.p99 };
}

execSync('npm run build --workspace apps/server', { cwd: root, stdio: 'ignore' });
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const children: ChildProcess[] = [];
try {
  const app = await start(
    'node',
    ['apps/server/dist/main.js'],
    { PORT: '3901', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent' },
    'Demo tenants',
  );
  children.push(app);
  const tenantUrl = 'http://127.0.0.1:3901/api/tenant/current';
  const sample = await (await fetch(tenantUrl, { headers: { host: 'farm.localhost' } })).text();
  children.push(await start('node', ['bench/bare-server.mjs'], { PORT: '3902', BENCH_BODY: sample }, 'ready'));

  const bare = await measure('bare Fastify route', 'http://127.0.0.1:3902/bare');
  const full = await measure('GET /api/tenant/current', tenantUrl, { host: 'farm.localhost' });
  const ratio = full.rps / bare.rps;
  console.log(`\n${connections} connections, ${duration} s each, ${sample.length}-byte answers`);
  for (const r of [bare, full]) {
    console.log(`${r.title.padEnd(26)} ${Math.round(r.rps).toString().padStart(7)} req/s   p99 ${r.p99} ms`);
  }
  console.log(`ratio (whole stack / bare)  ${ratio.toFixed(2)}   target >= 0.70`);
} finally {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

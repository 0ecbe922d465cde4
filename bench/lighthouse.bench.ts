/**
 * First-load speed of the web app as a phone sees it (issue 10): Lighthouse's default mobile
 * profile (emulated Moto G Power, simulated slow 4G and 4x CPU slowdown) against the production
 * build with the demo data, farm tenant, on the machine's Chromium. Each page is measured
 * BENCH_RUNS times (default 5) and every figure is the median of its runs; exits 1 when a page
 * misses a goal.
 *
 *   npm run bench:lighthouse --workspace bench            all four pages
 *   npm run bench:lighthouse --workspace bench -- post    only the pages whose name matches
 *
 * BENCH_WEB_DIST=<dir> measures an existing web build instead of building one of its own;
 * BENCH_SAVE=<dir> keeps each page's last Lighthouse report (JSON) there for a closer look;
 * BENCH_RUNNING=1 measures a server already listening on BENCH_PORT (nothing built or started).
 */
import type { ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer, exited, root, startServer } from './support.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3951);
const host = 'farm.localhost';
const origin = `http://${host}:${port}`;

/** The goals of issue 10. */
const goals = { performance: 95, lcpMs: 2000, tbtMs: 100, cls: 0.05, accessibility: 100 };

interface Figures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  accessibility: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/**
 * The app's own build in a folder only this run writes (other builds of apps/web/dist may run):
 * `dist` and, beside it, the server renderer `dist-ssr` that the server looks for there, as
 * `npm run build` lays them out. Without the renderer every page would be measured client-rendered.
 */
function buildWeb(): string {
  // Inside apps/web: the renderer imports React and the rest from the workspace's node_modules.
  const out = join(root, 'apps/web', `.bench-build-${process.pid}`);
  const build = (args: string) => execSync(`npx vite build ${args}`, { cwd: join(root, 'apps/web'), stdio: 'ignore' });
  build(`--outDir ${join(out, 'dist')} --emptyOutDir`);
  build(`--ssr src/entry-server.tsx --outDir ${join(out, 'dist-ssr')} --emptyOutDir`);
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  return join(out, 'dist');
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { host } });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The goal is about pages as a visitor gets them: the first screen rendered on the server
 * (decision 022). A build without the renderer would be measured client-rendered, without a word.
 */
async function expectServerRendered(path: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { host } });
  const html = await res.text();
  if (!res.ok || html.includes('<div id="root"></div>')) throw new Error(`${path}: not rendered on the server`);
}

/** The pages of the goal: landing, /main's delivery tab, the first product and the first post. */
async function pages(): Promise<{ name: string; path: string }[]> {
  const delivery = await getJson<{ products: { id: number }[] }>('/api/main/delivery');
  const feed = await getJson<{ posts: { id: number }[] }>('/api/main/posts');
  const product = delivery.products[0];
  const post = feed.posts[0];
  if (!product || !post) throw new Error('the demo seed has no delivery product or no post');
  return [
    { name: 'landing', path: '/' },
    { name: 'main delivery', path: '/main?tab=delivery' },
    { name: 'product', path: `/products/${product.id}` },
    { name: 'post', path: `/content/${post.id}` },
  ];
}

/**
 * A browser of its own for each run (a fresh profile): every run is a first visit. Lighthouse
 * clears the HTTP cache between runs but keeps local storage, which the app reads at start-up.
 */
async function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--host-resolver-rules=MAP *.localhost 127.0.0.1`,
    ],
  });
}

/** One Lighthouse run; a run whose trace broke (NO_NAVSTART and the like) is done again, twice at most. */
async function measurePage(url: string, attempt = 1): Promise<Figures> {
  const chrome = await launchChrome();
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
  } finally {
    await chrome.kill();
  }
  if (!result) throw new Error(`${url}: Lighthouse gave no result`);
  const { lhr } = result;
  if (process.env.BENCH_SAVE) {
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    writeFileSync(join(process.env.BENCH_SAVE, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    if (attempt < 3) return measurePage(url, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const { performance, accessibility } = lhr.categories;
  const failed = Object.values(lhr.audits).filter(
    (a) => a.score === 0 && accessibility?.auditRefs.some((r) => r.id === a.id),
  );
  if (failed.length) console.log(`  ${url} accessibility: ${failed.map((a) => a.id).join(', ')}`);
  return {
    performance: Math.round((performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
  };
}

function misses(f: Figures): string[] {
  const out: string[] = [];
  if (f.performance < goals.performance) out.push(`performance ${f.performance} < ${goals.performance}`);
  if (f.lcp >= goals.lcpMs) out.push(`LCP ${Math.round(f.lcp)} ms >= ${goals.lcpMs}`);
  if (f.tbt >= goals.tbtMs) out.push(`TBT ${Math.round(f.tbt)} ms >= ${goals.tbtMs}`);
  if (f.cls >= goals.cls) out.push(`CLS ${f.cls.toFixed(3)} >= ${goals.cls}`);
  if (f.accessibility < goals.accessibility) out.push(`accessibility ${f.accessibility} < ${goals.accessibility}`);
  return out;
}

const filters = process.argv.slice(2);
const running = process.env.BENCH_RUNNING === '1';
const webDist = running ? '' : (process.env.BENCH_WEB_DIST ?? buildWeb());
if (!running) buildServer();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
let server: ChildProcess | undefined;
let failed = false;
try {
  if (!running)
    server = await startServer(port, dataDir, {
      WEB_DIST_DIR: webDist,
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
    });
  const chosen = (await pages()).filter((p) => !filters.length || filters.some((f) => p.name.includes(f)));
  for (const page of chosen) await expectServerRendered(page.path);
  const rows: { name: string; path: string; figures: Figures }[] = [];
  for (const page of chosen) {
    const measured: Figures[] = [];
    for (let i = 0; i < runs; i++) measured.push(await measurePage(origin + page.path));
    const pick = (k: keyof Figures) => median(measured.map((m) => m[k]));
    const figures: Figures = {
      performance: pick('performance'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      fcp: pick('fcp'),
      accessibility: pick('accessibility'),
    };
    const each = (k: keyof Figures, f: (v: number) => string) => measured.map((m) => f(m[k])).join(' ');
    console.log(
      `  ${page.name}: performance ${each('performance', String)}; LCP ${each('lcp', (v) => (v / 1000).toFixed(2))} s; TBT ${each('tbt', (v) => String(Math.round(v)))} ms`,
    );
    rows.push({ ...page, figures });
  }

  const header = ['page', 'performance', 'LCP', 'TBT', 'CLS', 'FCP', 'accessibility', 'goals'];
  const lines = rows.map(({ name, path, figures: f }) => {
    const missed = misses(f);
    if (missed.length) failed = true;
    return [
      `${name} (${path})`,
      String(f.performance),
      `${(f.lcp / 1000).toFixed(2)} s`,
      `${Math.round(f.tbt)} ms`,
      f.cls.toFixed(3),
      `${(f.fcp / 1000).toFixed(2)} s`,
      String(f.accessibility),
      missed.length ? `MISSED: ${missed.join('; ')}` : 'met',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\nLighthouse ${lighthouseVersion()} mobile, median of ${runs} runs, ${host}`);
  console.log(format(header));
  for (const l of lines) console.log(format(l));
  console.log(
    `goals: performance >= ${goals.performance}, LCP < ${goals.lcpMs / 1000} s, TBT < ${goals.tbtMs} ms, CLS < ${goals.cls}, accessibility ${goals.accessibility}`,
  );
} finally {
  server?.kill('SIGTERM');
  if (server) await exited(server);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;

function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'));
  return String(pkg.version);
}

/**
 * What every bench shares: starting the built server and the bare Fastify baseline as processes
 * of their own, and measuring a route with autocannon (a 2 s warm-up, then the measured run).
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Seconds of each measured run: BENCH_DURATION, else the bench's own default. */
export const durationOr = (seconds: number) => Number(process.env.BENCH_DURATION ?? seconds);

/** Runs `command` from the repository root; answers once its stdout has printed `readyText`. */
export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyText: string,
): Promise<ChildProcess> {
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
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${out.slice(-2000)}`)));
  });
}

export function buildServer() {
  execSync('npm run build --workspace apps/server', { cwd: root, stdio: 'ignore' });
}

/**
 * The built server (`buildServer` first) on 127.0.0.1:`port` with the demo data, without the web
 * app; answers once it is listening and seeded. `env` adds to or overrides these settings.
 */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return start(
    'node',
    ['apps/server/dist/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    'Demo tenants',
  );
}

export type Options = Omit<autocannon.Options, 'url'>;

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** The measured run and its warm-up, for what the figures above leave out. */
  result: autocannon.Result;
  warmUp: autocannon.Result;
}

/**
 * A 2 s warm-up, then `duration` seconds (default 5, BENCH_DURATION) with `connections`; throws
 * when the measured run had a non-2xx answer or an error.
 */
export async function measure(url: string, options: Options = {}): Promise<Measured> {
  const run = { url, connections, duration: durationOr(5), ...options };
  const warmUp = await autocannon({ ...run, duration: 2 });
  const result = await autocannon(run);
  if (result.non2xx > 0) console.log(url, JSON.stringify(result.statusCodeStats));
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors ${JSON.stringify(result.statusCodeStats)}`,
    );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, result, warmUp };
}

/**
 * The same answer `body` from a bare Fastify route (bare-server.mjs, a process of its own like the
 * app), measured like the app's route: GET by default, or the app's method, headers and body.
 */
export async function bare(body: string, port: number, options: Options = {}) {
  const child = await start('node', ['bench/bare-server.mjs'], { PORT: String(port), BENCH_BODY: body }, 'ready');
  try {
    return await measure(`http://127.0.0.1:${port}/bare`, options);
  } finally {
    child.kill('SIGTERM');
  }
}

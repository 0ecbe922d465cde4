import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The deployment of ARCHITECTURE.md section 7 on one machine: N API processes (the built server,
 * production mode) on one PostgreSQL and one Redis, behind HAProxy from Debian's packages. Used by
 * `npm run cluster` (start.ts) and by the tests of this folder, which kill and restart nodes.
 */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = join(root, 'apps', 'server', 'dist', 'main.js');

export interface ClusterOptions {
  /** How many API processes (default 3). */
  nodes?: number;
  /** The load balancer's port (default: a free one). */
  port?: number;
  /** PostgreSQL every node shares (required: PGlite is one process's database). */
  databaseUrl: string;
  redisUrl: string;
  /** Each run's keys and bus channel apart from another run's on the same Redis. */
  redisKeyPrefix?: string;
  /** Media files (local storage driver): one folder every node shares; S3 in a real deployment. */
  dataDir?: string;
  /** More environment for every node (LOG_LEVEL, intervals…). */
  env?: Record<string, string>;
}

export interface ApiNode {
  readonly name: string;
  readonly port: number;
  readonly process: ChildProcess | null;
  /** Resolves with the exit code (or signal) of the current process. */
  exited(): Promise<number | string | null>;
  kill(signal: NodeJS.Signals): Promise<number | string | null>;
  /** Starts the node again and waits until it answers /readyz. */
  start(): Promise<void>;
  log(): string;
}

export interface Cluster {
  /** The load balancer's origin, http://127.0.0.1:port. */
  url: string;
  port: number;
  nodes: ApiNode[];
  /** The folder of the logs (api1.log…, haproxy.log) and the HAProxy configuration. */
  work: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, timeoutMs: number, alive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`exited before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The HAProxy configuration of the cluster: round robin, health checks on /readyz, retries elsewhere on a refused connection. */
export function haproxyConfig(port: number, nodes: { name: string; port: number }[], bind = '127.0.0.1'): string {
  return `global
  maxconn 4096
  # The access log (a line per request, into haproxy.log): the API nodes log only writes,
  # refusals and failures in production (REQUEST_LOG_LEVEL, decision 025).
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  # A request whose connection to a node fails (the node is down) goes to another node. Nothing
  # is retried once it reached a node: a POST may have done its work before the node died.
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend api
  bind ${bind}:${port}
  # The client's address for the API's logs and rate limits (TRUST_PROXY names this balancer).
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  # A node is out after two failed checks half a second apart, back after one good one.
  default-server inter 500ms fall 2 rise 1
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n')}
`;
}

export function haproxyBinary(): string {
  for (const path of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (existsSync(path)) return path;
  }
  throw new Error('HAProxy is not installed: apt-get install haproxy (.ci/run installs it)');
}

/** Builds the server (tsup, under a second) so that the nodes run what the sources say. */
export function buildServer() {
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/server'], { cwd: root, stdio: 'ignore' });
}

/** One API process of the built server (not started yet: `start()`). */
export function apiNode(name: string, port: number, env: Record<string, string>, logFile: string): ApiNode {
  let child: ChildProcess | null = null;
  let exit: Promise<number | string | null> = Promise.resolve(null);
  const node: ApiNode = {
    name,
    port,
    get process() {
      return child;
    },
    exited: () => exit,
    async kill(signal) {
      child?.kill(signal);
      return exit;
    },
    async start() {
      const out = createWriteStream(logFile, { flags: 'a' });
      // An empty value unsets a variable of this process (DATABASE_URL for an embedded node).
      const all = Object.entries({ ...process.env, ...env, PORT: String(port) }).filter(([, v]) => v !== '');
      const started = spawn(process.execPath, [serverEntry], {
        cwd: root,
        env: Object.fromEntries(all),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.stdout?.pipe(out);
      started.stderr?.pipe(out);
      child = started;
      exit = new Promise((resolve) => started.once('exit', (code, signal) => resolve(code ?? signal)));
      await waitFor(`http://127.0.0.1:${port}/readyz`, 120_000, () => started.exitCode === null && !started.killed);
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
  return node;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: npm run build --workspace apps/server`);
  const work = mkdtempSync(join(tmpdir(), 'cluster-'));
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: options.redisKeyPrefix ?? 'market:',
    DATA_DIR: options.dataDir ?? join(work, 'data'),
    // Links the API hands out name the balancer's port; the balancer is the one trusted proxy.
    PUBLIC_PORT: String(port),
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Named on purpose: a production server refuses to start with the sandbox unless told (its
    // screens then say every payment is a test); PAYMENT_GATEWAY=portone in the environment overrides.
    PAYMENT_GATEWAY: process.env.PAYMENT_GATEWAY || 'sandbox',
    TRACKING_SERVICE: process.env.TRACKING_SERVICE || 'sandbox',
    ...options.env,
  };
  const nodes: ApiNode[] = [];
  for (let i = 1; i <= (options.nodes ?? 3); i++) {
    nodes.push(apiNode(`api${i}`, await freePort(), env, join(work, `api${i}.log`)));
  }
  let haproxy: ChildProcess | null = null;
  const stop = async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(nodes.map((n) => (n.process && n.process.exitCode === null ? n.kill('SIGTERM') : null)));
  };
  try {
    // All at once: the first takes the start-up lock, migrates and seeds; the others wait for it.
    await Promise.all(nodes.map((n) => n.start()));
    const config = join(work, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(port, nodes));
    const lbLog = createWriteStream(join(work, 'haproxy.log'));
    haproxy = spawn(haproxyBinary(), ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout?.pipe(lbLog);
    haproxy.stderr?.pipe(lbLog);
    const lb = haproxy;
    await waitFor(`http://127.0.0.1:${port}/readyz`, 20_000, () => lb.exitCode === null);
  } catch (err) {
    await stop();
    const logs = nodes.map((n) => `--- ${n.name}\n${n.log().slice(-3000)}`).join('\n');
    throw new Error(`the cluster did not start: ${(err as Error).message}\n${logs}`);
  }
  return { url: `http://127.0.0.1:${port}`, port, nodes, work, stop };
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './mail-catcher';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    /** Folder where the SMTP stand-in writes every mail the server sends (see mail-catcher.ts). */
    mailDir: string;
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The journeys run on the embedded database the README's start command uses, in a DATA_DIR of
 * their own; a DATABASE_URL in the environment (set for the server suite's PostgreSQL pass) would
 * send the demo seed into a shared database.
 */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`e2e: the server exited early (code ${server.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e2e: the server did not become ready at ${url}`);
}

/**
 * Builds the app (unless E2E_SKIP_BUILD=1), starts the real server once with the demo seed on a
 * free port and a temporary DATA_DIR, sending mail to a local SMTP stand-in, and stops both
 * afterwards. A server that does not become ready fails the run with its log.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    console.log('e2e: building the app (npm run build)…');
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('e2e: npm run build failed');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  // Production has no outbox page: mails go through SMTP, as in a deployment.
  const mail = await startMailCatcher();
  const port = await freePort();
  // Everything the server prints goes to a log file, shown when it fails to start or dies.
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'w');
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...withoutDatabaseUrl(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Named on purpose: production refuses the sandbox gateway unless it is named.
      PAYMENT_GATEWAY: 'sandbox',
      TRACKING_SERVICE: 'sandbox',
      SEED_DEMO: 'true',
      SMTP_URL: mail.url,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const serverLog = () => `--- ${logFile} ---\n${readFileSync(logFile, 'utf8').slice(-20_000)}`;
  try {
    await waitForReady(`http://127.0.0.1:${port}/readyz`, server);
  } catch (err) {
    server.kill('SIGKILL');
    await mail.close();
    throw new Error(`${(err as Error).message}\n${serverLog()}`);
  }
  console.log(`e2e: server ready on port ${port} (DATA_DIR ${dataDir})`);
  project.provide('port', port);
  project.provide('mailDir', mail.dir);

  return async () => {
    if (server.exitCode !== null) {
      console.error(`e2e: the server died during the run (code ${server.exitCode})\n${serverLog()}`);
    } else {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 12_000)))]);
      clearTimeout(timer);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await mail.close();
  };
}

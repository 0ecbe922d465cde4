/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file (or stdout), for
 * `npm run lint:api` and client generators:
 *
 *   npx tsx apps/server/src/cli/openapi.ts test-output/openapi.json
 *
 * Builds the whole app on an empty in-memory database, with no demo data and no background jobs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

const out = process.argv[2];
const { DATABASE_URL: _onlyEmbedded, ...env } = process.env;
const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
const app = await buildApp({
  ...config,
  databaseUrl: undefined,
  inMemoryDatabase: true,
  seedDemo: false,
  webDistDir: '/nonexistent',
  payments: { ...config.payments, reconcileIntervalMs: 0 },
  wallet: { ...config.wallet, withdrawJobIntervalMs: 0 },
});
try {
  const res = await app.inject({ url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}`);
  const text = `${JSON.stringify(res.json(), null, 2)}\n`;
  if (out) {
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, text);
  } else process.stdout.write(text);
} finally {
  await app.close();
}

/**
 * Moves a big tenant to shards of its own on another Citus worker while the app keeps serving it
 * (see platform/db/tenant-move.ts):
 *
 *   npm run citus:move-tenant -- farm.example.com
 *   npm run citus:move-tenant -- 42 --to 10.0.0.12:5432
 *
 * DATABASE_URL names the coordinator's database. Without --to, the least loaded active worker that
 * does not hold the tenant now. Running it again does nothing more than what is still to do.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { findTenantByDomain, findTenantById } from '../modules/tenants/tenants.repository.js';
import { normaliseHost } from '../modules/tenants/tenants.service.js';
import { hasCitus } from '../platform/db/citus.js';
import { createDatabase } from '../platform/db/client.js';
import { moveTenant, type NodeAddress } from '../platform/db/tenant-move.js';

const usage = 'usage: npm run citus:move-tenant -- <tenant id or domain> [--to host:port]';

function parseNode(value: string): NodeAddress {
  const match = /^(.+):(\d{1,5})$/.exec(value);
  if (!match) throw new Error(`--to must read host:port, not ${value}`);
  return { host: match[1] as string, port: Number(match[2]) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  const [which] = positionals;
  if (values.help || !which || positionals.length > 1) {
    console.error(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const to = values.to === undefined ? undefined : parseNode(values.to);
  const { databaseUrl } = loadConfig();
  if (!databaseUrl)
    throw new Error('DATABASE_URL must name the Citus coordinator (the embedded database has no shards)');
  const database = createDatabase({ databaseUrl, poolMax: 2 });
  try {
    const { db } = database;
    if (!(await hasCitus(db))) throw new Error('the database is not a Citus coordinator (no citus extension)');
    const tenant = /^\d+$/.test(which)
      ? await findTenantById(db, Number(which))
      : await findTenantByDomain(db, normaliseHost(which));
    if (!tenant) throw new Error(`no tenant with the id or domain ${which}`);
    console.log(`tenant ${tenant.id} (${tenant.domain})`);
    const started = performance.now();
    const report = await moveTenant(db, tenant.id, {
      to,
      onStep: (message) => console.log(`${seconds(performance.now() - started).padStart(8)}  ${message}`),
    });
    for (const step of report.isolated) console.log(`isolated into shard ${step.shardId} in ${seconds(step.ms)}`);
    if (!report.isolated.length) console.log('already on shards of its own');
    for (const step of report.moved) console.log(`moved shard ${step.shardId} in ${seconds(step.ms)}`);
    const where = `${report.target.host}:${report.target.port}`;
    console.log(
      report.moved.length
        ? `done: tenant ${tenant.id} is on ${where} (${seconds(report.totalMs)} in all)`
        : `done: tenant ${tenant.id} was on ${where} already (${seconds(report.totalMs)})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`citus:move-tenant failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});

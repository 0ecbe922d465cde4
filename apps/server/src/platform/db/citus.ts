import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import type { Db, DbOrTx } from './client.js';
import { GLOBAL_TABLES } from './schema.js';

/**
 * Citus (docs/decisions/034-citus.md): the same migrations, with every table distributed the moment
 * it is created, before any foreign key points at it or from it: tenant-owned tables by
 * `tenant_id`, all colocated (Citus's default colocation group for an integer column and the
 * cluster's shard count), and the global tables (`GLOBAL_TABLES`) as reference tables copied to
 * every node. Foreign keys, indexes and column changes of later statements are then propagated to
 * the shards by Citus itself.
 */

/** True when the database has the Citus extension: migrations then distribute the tables. */
export async function hasCitus(db: Db): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from pg_extension where extname = 'citus'`);
  return rows.length > 0;
}

const CREATE_TABLE = /^\s*CREATE TABLE (?:IF NOT EXISTS )?(?:"public"\.)?"([a-z_0-9]+)"/i;

/**
 * Drizzle's migrator (same bookkeeping table, so a database can move between the two), with
 * `distributeTable` run after each CREATE TABLE. One transaction, as Drizzle's: a failed migration
 * leaves nothing behind.
 */
export async function migrateDistributed(db: Db, migrationsFolder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const { rows } = await db.execute<{ created_at: string }>(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const last = rows[0] ? Number(rows[0].created_at) : null;
  const pending = migrations.filter((m) => last === null || last < m.folderMillis);
  if (!pending.length) return;
  await db.transaction(async (tx) => {
    // The ledger's triggers only read and refuse rows of the shard they fire on (migration 0019);
    // Citus creates triggers on distributed tables only when told so.
    await tx.execute(sql`set local citus.enable_unsafe_triggers = on`);
    // DDL on distributed tables of one transaction over one connection per node, so that later
    // statements see the shards and foreign keys the earlier ones made.
    await tx.execute(sql`set local citus.multi_shard_modify_mode = 'sequential'`);
    // A migration may touch every tenant (a backfill): the tests' guard against requests that run
    // on several shards (citus.multi_task_query_log_level, test/app.ts) is not for it.
    await tx.execute(sql`set local citus.multi_task_query_log_level = off`);
    for (const migration of pending) {
      for (const statement of migration.sql) {
        await tx.execute(sql.raw(forShards(statement)));
        const table = CREATE_TABLE.exec(statement)?.[1];
        if (table) await distributeTable(tx as unknown as Db, table);
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}

const ADD_CHECK = /^\s*ALTER TABLE (?:"public"\.)?"([a-z_0-9]+)" ADD CONSTRAINT "[a-z_0-9]+" CHECK/i;

/**
 * Citus sends an added CHECK to every shard as written, where the table is named after its shard:
 * Drizzle's `"payments"."amount"` must read `"amount"` there (the same check on one table).
 */
function forShards(statement: string): string {
  const table = ADD_CHECK.exec(statement)?.[1];
  return table ? statement.replaceAll(`"${table}".`, '') : statement;
}

/** Makes a just-created table a reference table (global) or distributed by tenant (all others). */
export async function distributeTable(db: Db, table: string): Promise<void> {
  if ((GLOBAL_TABLES as readonly string[]).includes(table)) {
    await db.execute(sql`select create_reference_table(${table})`);
  } else {
    await db.execute(sql`select create_distributed_table(${table}, 'tenant_id', colocate_with => 'default')`);
  }
}

/** The nodes of the cluster whose coordinator database `coordinatorUrl` names (the coordinator first). */
async function clusterNodes(coordinatorUrl: string): Promise<{ host: string; port: number; coordinator: boolean }[]> {
  const client = new pg.Client({ connectionString: coordinatorUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nodename: string; nodeport: number; groupid: number }>(
      'select nodename, nodeport, groupid from pg_dist_node where isactive order by groupid',
    );
    return rows.map((r) => ({ host: r.nodename, port: r.nodeport, coordinator: r.groupid === 0 }));
  } finally {
    await client.end();
  }
}

function onNode(coordinatorUrl: string, node: { host: string; port: number }, database: string): string {
  const url = new URL(coordinatorUrl);
  url.hostname = node.host;
  url.port = String(node.port);
  url.pathname = `/${database}`;
  return url.toString();
}

async function run(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Makes an empty distributed database `name` on the cluster of `coordinatorUrl` (a database that
 * has Citus and its nodes): the database and the extension on every node, the workers registered
 * on the coordinator. Answers its URL. What `cluster/citus.sh start NAME` does, for tests that need
 * a platform of their own (the demo tenants at their fixed domains).
 */
export async function createDistributedDatabase(coordinatorUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const nodes = await clusterNodes(coordinatorUrl);
  const coordinator = nodes.find((n) => n.coordinator);
  if (!coordinator) throw new Error('the cluster has no coordinator in pg_dist_node');
  await Promise.all(
    nodes.map(async (node) => {
      await run(onNode(coordinatorUrl, node, 'postgres'), [`create database "${name}"`]);
      await run(onNode(coordinatorUrl, node, name), ['create extension citus']);
    }),
  );
  const url = onNode(coordinatorUrl, coordinator, name);
  await run(url, [
    `select citus_set_coordinator_host('${coordinator.host}', ${coordinator.port})`,
    ...nodes.filter((n) => !n.coordinator).map((n) => `select citus_add_node('${n.host}', ${n.port})`),
  ]);
  return url;
}

/** Drops a database made by `createDistributedDatabase` on every node. */
export async function dropDistributedDatabase(coordinatorUrl: string, name: string): Promise<void> {
  const nodes = await clusterNodes(coordinatorUrl);
  await Promise.all(
    nodes.map((node) =>
      run(onNode(coordinatorUrl, node, 'postgres'), [`drop database if exists "${name}" with (force)`]),
    ),
  );
}

/**
 * Runs a deliberate read across every tenant's shards (a job finding its due work, a platform-wide
 * list): on Citus a multi-shard query, allowed here even where `citus.multi_task_query_log_level`
 * refuses them elsewhere (the Citus test pass sets it to `error`, and production may log them), so
 * that a request fanning out by accident is found. A transaction of its own; on PostgreSQL and PGlite
 * the setting is an unused placeholder.
 */
export function acrossShards<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local citus.multi_task_query_log_level = 'off'`);
    return work(tx);
  });
}

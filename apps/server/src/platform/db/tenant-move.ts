import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { hasCitus } from './citus.js';
import type { Db } from './client.js';

/**
 * Moving a big tenant to a worker of its own choosing on Citus (`npm run citus:move-tenant`): its
 * rows are split off into shards holding only that tenant (`isolate_tenant_to_new_shard`), then
 * those shards are moved (`citus_move_shard_placement`) while the app keeps serving the tenant.
 *
 * The move copies through logical replication (`force_logical`): reads never stop, and writes to
 * the tenant wait only while Citus switches the shard's metadata at the end. The split blocks
 * writes to the shard it splits (the tenant and the few others sharing it) while it copies that
 * shard, reads going on: its logical mode hangs for good as soon as a row of the shard is updated
 * or deleted during the copy (Citus 13.2: the new shards' primary keys are made after the copy, so
 * the first change replicated names no key and the worker refuses it, "publisher did not send
 * replica identity column expected by the logical replication target relation", retrying forever;
 * citusdata/citus#6790). A tenant split off once keeps its shards, so that pause happens once.
 *
 * The nodes need `wal_level = logical` and free replication slots (the move takes one).
 */

export interface NodeAddress {
  host: string;
  port: number;
}

export interface TenantMoveStep {
  /** A table of the colocation group the step worked on (one step moves the whole group). */
  table: string;
  shardId: number;
  ms: number;
}

export interface TenantMoveReport {
  tenantId: number;
  target: NodeAddress;
  /** Shards split off for the tenant now (none when it had shards of its own already). */
  isolated: TenantMoveStep[];
  /** Shards moved to the target (none when they were there already), with where they were. */
  moved: (TenantMoveStep & { from: NodeAddress })[];
  totalMs: number;
}

/** A refusal to explain to the operator (not Citus, no such worker). */
export class TenantMoveError extends Error {}

const nodeName = (node: NodeAddress) => `${node.host}:${node.port}`;
const sameNode = (a: NodeAddress, b: NodeAddress) => a.host === b.host && a.port === b.port;

/** One hash-distributed table per colocation group: isolating or moving it carries the group. */
async function groupTables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ table: string }>(
    sql`select distinct on (colocationid) logicalrelid::text as table
        from pg_dist_partition where partmethod = 'h' order by colocationid, logicalrelid::text`,
  );
  return rows.map((r) => r.table);
}

/** The shard holding the tenant's rows of `table`, whether it holds that tenant only, and its node. */
async function tenantShard(db: Db, table: string, tenantId: number) {
  const { rows } = await db.execute<{ shard_id: string; own: boolean; host: string; port: number }>(
    sql`select s.shardid::text as shard_id, s.shardminvalue = s.shardmaxvalue as own, n.nodename as host, n.nodeport as port
        from pg_dist_shard s
        join pg_dist_placement p on p.shardid = s.shardid
        join pg_dist_node n on n.groupid = p.groupid and n.noderole = 'primary'
        where s.shardid = get_shard_id_for_distribution_column(${table}::regclass, ${tenantId}::integer)`,
  );
  const row = rows[0];
  if (!row) throw new TenantMoveError(`no placement of ${table}'s shard for tenant ${tenantId}`);
  return { shardId: Number(row.shard_id), own: row.own, node: { host: row.host, port: row.port } };
}

/** Active workers that take shards, the least loaded (bytes of shards held) first. */
async function workers(db: Db): Promise<NodeAddress[]> {
  const { rows } = await db.execute<{ host: string; port: number }>(
    sql`select n.nodename as host, n.nodeport as port
        from pg_dist_node n
        left join citus_shards s on s.nodename = n.nodename and s.nodeport = n.nodeport
        where n.isactive and n.noderole = 'primary' and n.shouldhaveshards
        group by n.nodename, n.nodeport
        order by coalesce(sum(s.shard_size), 0), n.nodename, n.nodeport`,
  );
  return rows;
}

/** `to` when it is an active worker that takes shards; else the least loaded one not holding `shards`. */
async function chooseTarget(db: Db, shards: { node: NodeAddress }[], to?: NodeAddress): Promise<NodeAddress> {
  const candidates = await workers(db);
  if (to) {
    const named = candidates.find((w) => sameNode(w, to));
    if (named) return named;
    throw new TenantMoveError(
      `${nodeName(to)} is not an active worker that takes shards (workers: ${candidates.map(nodeName).join(', ') || 'none'})`,
    );
  }
  const free = candidates.find((w) => !shards.some((s) => sameNode(s.node, w)));
  if (!free) throw new TenantMoveError('no other active worker to move the tenant to');
  return free;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return Math.round(performance.now() - start);
}

/**
 * Isolates tenant `tenantId` to shards of its own (unless it has them already) and moves them to
 * `to`, by default the least loaded worker that does not hold them now. `onStep` hears each step
 * before it starts. Run it outside a transaction: each Citus call commits on its own.
 */
export async function moveTenant(
  db: Db,
  tenantId: number,
  options: { to?: NodeAddress; onStep?: (message: string) => void } = {},
): Promise<TenantMoveReport> {
  if (!(await hasCitus(db))) throw new TenantMoveError('the database is not a Citus coordinator (no citus extension)');
  const say = options.onStep ?? (() => {});
  const start = performance.now();
  const tables = await groupTables(db);
  const isolated: TenantMoveStep[] = [];
  for (const table of tables) {
    const shard = await tenantShard(db, table, tenantId);
    if (shard.own) continue;
    say(`isolating tenant ${tenantId} out of shard ${shard.shardId} (${table} and its colocated tables)`);
    const ms = await timed(() =>
      db.execute(
        sql`select isolate_tenant_to_new_shard(${table}::regclass, ${tenantId}::integer, 'CASCADE', shard_transfer_mode => 'block_writes')`,
      ),
    );
    isolated.push({ table, shardId: (await tenantShard(db, table, tenantId)).shardId, ms });
  }

  const shards = await Promise.all(
    tables.map(async (table) => ({ table, ...(await tenantShard(db, table, tenantId)) })),
  );
  const target = await chooseTarget(db, shards, options.to);
  const moved: TenantMoveReport['moved'] = [];
  for (const shard of shards) {
    if (sameNode(shard.node, target)) continue;
    say(
      `moving shard ${shard.shardId} (${shard.table} and its colocated tables) from ${nodeName(shard.node)} to ${nodeName(target)}`,
    );
    const ms = await timed(() =>
      db.execute(
        sql`select citus_move_shard_placement(${shard.shardId}::bigint, ${shard.node.host}, ${shard.node.port}::integer,
              ${target.host}, ${target.port}::integer, shard_transfer_mode => 'force_logical')`,
      ),
    );
    moved.push({ table: shard.table, shardId: shard.shardId, from: shard.node, ms });
  }
  return { tenantId, target, isolated, moved, totalMs: Math.round(performance.now() - start) };
}

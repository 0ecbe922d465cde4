import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Checks the live catalog for the tenant-key rules of ARCHITECTURE.md section 3, so that every
 * table added later is held to them:
 * - every table not listed as global has a NOT NULL `tenant_id`;
 * - its primary key and every unique constraint or unique index include `tenant_id`;
 * - every foreign key that points at a tenant-owned table is composite and pairs `tenant_id`
 *   with `tenant_id`, so a row can never point into another tenant.
 * Answers one line per violation (empty when the schema is sound).
 */
export async function findTenancyViolations(
  db: DbOrTx,
  globalTables: readonly string[],
  schema = 'public',
): Promise<string[]> {
  const violations: string[] = [];
  const isGlobal = (t: string) => globalTables.includes(t) || t.startsWith('__drizzle');

  const tables = await rows<{ table_name: string; tenant_nullable: string | null }>(
    db,
    sql`select t.table_name, c.is_nullable as tenant_nullable
        from information_schema.tables t
        left join information_schema.columns c
          on c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'tenant_id'
        where t.table_schema = ${schema} and t.table_type = 'BASE TABLE'
        order by t.table_name`,
  );
  const owned = new Set<string>();
  for (const t of tables) {
    if (isGlobal(t.table_name)) continue;
    owned.add(t.table_name);
    if (t.tenant_nullable === null) violations.push(`${t.table_name}: has no tenant_id column`);
    else if (t.tenant_nullable !== 'NO') violations.push(`${t.table_name}: tenant_id may be null`);
  }

  // Primary keys and unique constraints and unique indexes, with their column names.
  const uniques = await rows<{ table_name: string; index_name: string; is_primary: boolean; columns: string[] }>(
    db,
    sql`select tbl.relname as table_name, idx.relname as index_name, i.indisprimary as is_primary,
               array(select a.attname from unnest(i.indkey) k join pg_attribute a
                     on a.attrelid = tbl.oid and a.attnum = k)::text[] as columns
        from pg_index i
        join pg_class tbl on tbl.oid = i.indrelid
        join pg_class idx on idx.oid = i.indexrelid
        join pg_namespace n on n.oid = tbl.relnamespace
        where n.nspname = ${schema} and i.indisunique`,
  );
  const hasPrimary = new Set<string>();
  for (const u of uniques) {
    if (!owned.has(u.table_name)) continue;
    if (u.is_primary) hasPrimary.add(u.table_name);
    if (!u.columns.includes('tenant_id')) {
      const kind = u.is_primary ? 'primary key' : 'unique index';
      violations.push(`${u.table_name}: ${kind} ${u.index_name} (${u.columns.join(', ')}) lacks tenant_id`);
    }
  }
  for (const t of owned) if (!hasPrimary.has(t)) violations.push(`${t}: has no primary key`);

  // Foreign keys into tenant-owned tables must pair tenant_id with tenant_id.
  const fks = await rows<{ table_name: string; name: string; target: string; columns: string[]; targets: string[] }>(
    db,
    sql`select src.relname as table_name, c.conname as name, dst.relname as target,
               array(select a.attname from unnest(c.conkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o)::text[] as columns,
               array(select a.attname from unnest(c.confkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o)::text[] as targets
        from pg_constraint c
        join pg_class src on src.oid = c.conrelid
        join pg_class dst on dst.oid = c.confrelid
        join pg_namespace n on n.oid = src.relnamespace
        where n.nspname = ${schema} and c.contype = 'f'`,
  );
  for (const fk of fks) {
    if (!owned.has(fk.target)) continue;
    const at = fk.columns.indexOf('tenant_id');
    if (at === -1 || fk.targets[at] !== 'tenant_id') {
      violations.push(
        `${fk.table_name}: foreign key ${fk.name} (${fk.columns.join(', ')}) -> ${fk.target} (${fk.targets.join(', ')}) is not composite on tenant_id`,
      );
    }
  }
  return violations.sort();
}

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/**
 * On Citus, checks how the live tables are placed (ARCHITECTURE.md section 3): every table not
 * listed as global is distributed by hash of `tenant_id`, all in one colocation group (a tenant's
 * rows of every table share a node, so its joins, foreign keys and transactions stay there); the
 * global tables are reference tables; no table is left on the coordinator alone. One line per
 * violation (empty when sound).
 */
export async function findDistributionViolations(
  db: DbOrTx,
  globalTables: readonly string[],
  schema = 'public',
): Promise<string[]> {
  const tables = await rows<{
    table_name: string;
    method: string | null;
    model: string | null;
    column: string | null;
    colocation: number | null;
  }>(
    db,
    sql`select c.relname as table_name, p.partmethod as method, p.repmodel as model, p.colocationid as colocation,
               case when p.partkey is not null then column_to_column_name(p.logicalrelid, p.partkey) end as column
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_dist_partition p on p.logicalrelid = c.oid
        where n.nspname = ${schema} and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const violations: string[] = [];
  const groups = new Set<number>();
  for (const t of tables) {
    if (t.method === null) violations.push(`${t.table_name}: is a local table`);
    else if (globalTables.includes(t.table_name)) {
      if (t.method !== 'n' || t.model !== 't') violations.push(`${t.table_name}: is not a reference table`);
    } else if (t.method !== 'h' || t.column !== 'tenant_id') {
      violations.push(`${t.table_name}: is not distributed by tenant_id`);
    } else if (t.colocation !== null) groups.add(t.colocation);
  }
  if (groups.size > 1) violations.push(`tenant tables are in ${groups.size} colocation groups, not one`);
  return violations;
}

import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

export interface VacuumWork {
  table: string;
  work: 'vacuum' | 'analyze';
}

/**
 * PostgreSQL's autovacuum for the embedded PGlite, which has none. Vacuums (with analyze) each
 * table past autovacuum's default thresholds, counted from its dead rows or its rows inserted
 * since the last vacuum; analyzes each whose statistics are out of date. Without it, on a
 * long-running embedded install, the list pages' index-only scans (decision 027) would slowly
 * fall back to reading rows, and the planner would plan on stale statistics.
 */
export async function vacuumDueTables(db: Db): Promise<VacuumWork[]> {
  const { rows } = await db.execute<{ table: string; vacuum: boolean; analyze: boolean }>(sql`
    select relname as "table",
           n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as "vacuum",
           n_mod_since_analyze > 50 + 0.1 * n_live_tup as "analyze"
      from pg_stat_user_tables
     where schemaname = 'public'
     order by relname`);
  const done: VacuumWork[] = [];
  for (const { table, vacuum, analyze } of rows) {
    // One table at a time: PGlite answers one statement at a time, and requests wait meanwhile.
    if (vacuum) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    else if (analyze) await db.execute(sql`analyze ${sql.identifier(table)}`);
    else continue;
    done.push({ table, work: vacuum ? 'vacuum' : 'analyze' });
  }
  return done;
}

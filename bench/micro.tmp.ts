import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { sessions } from '../apps/server/src/modules/auth/auth.schema.js';
import { orders } from '../apps/server/src/modules/orders/orders.schema.js';
import { createDatabase } from '../apps/server/src/platform/db/client.js';

const url = 'postgres://postgres@127.0.0.1:5432/test';
const d = createDatabase({ databaseUrl: url, poolMax: 1 });
await d.migrate();
const pool = new pg.Pool({ connectionString: url, max: 1 });
async function time(name: string, n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await f();
  const c = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < n; i++) await f();
  const u = process.cpuUsage(c);
  console.log(
    name.padEnd(40),
    ((u.user + u.system) / 1000 / n).toFixed(3),
    'ms cpu',
    ((performance.now() - t) / n).toFixed(3),
    'ms wall',
  );
}
await time('raw select 1', 3000, () => pool.query('select 1'));
await time('raw select orders by pk (param)', 3000, () =>
  pool.query('select * from orders where tenant_id=$1 and id=$2', [1, 1]),
);
await time('drizzle select orders by pk', 3000, () =>
  d.db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, 1), eq(orders.id, 1))),
);
await time('drizzle select sessions', 3000, () =>
  d.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, 1), eq(sessions.id, 1))),
);
const prep = d.db
  .select()
  .from(orders)
  .where(and(eq(orders.tenantId, 1), eq(orders.id, 1)))
  .prepare('p1');
await time('drizzle prepared orders by pk', 3000, () => prep.execute());
await time('drizzle tx begin/select/commit', 1000, () =>
  d.db.transaction(async (tx) =>
    tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, 1), eq(orders.id, 1))),
  ),
);
await time('raw named select orders by pk', 3000, () =>
  pool.query({ name: 'n1', text: 'select * from orders where tenant_id=$1 and id=$2', values: [1, 1] }),
);
await pool.end();
await d.close();

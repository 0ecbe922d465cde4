import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onCitus } from '../../test/app.js';
import { acrossShards } from './citus.js';
import { GLOBAL_TABLES } from './schema.js';
import { findDistributionViolations, findTenancyViolations } from './tenancy-rules.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('tenant-key rules of the schema', () => {
  it('hold for every table of the migrated schema', async () => {
    expect(await findTenancyViolations(app.db, GLOBAL_TABLES)).toEqual([]);
  });

  it('catch tables that break them', async () => {
    // A schema of this run's own (the Citus pass shares its database between test files).
    const schema = `broken_${randomBytes(4).toString('hex')}`;
    const statements = `
      create schema broken;
      create table broken.tenants (id serial primary key);
      create table broken.shops (tenant_id int not null, id int not null, primary key (tenant_id, id));
      create table broken.no_tenant (id int primary key);
      create table broken.nullable_tenant (tenant_id int, id int, primary key (id));
      alter table broken.shops add constraint shops_id_tenant unique (id, tenant_id);
      create table broken.items (
        tenant_id int not null, id int not null, shop_id int not null, sku text not null,
        primary key (tenant_id, id),
        unique (sku),
        foreign key (tenant_id, shop_id) references broken.shops (id, tenant_id)
      );
      create unique index items_sku_tenant on broken.items (tenant_id, sku);
      create table broken.good_items (
        tenant_id int not null, id int not null, shop_id int not null,
        primary key (tenant_id, id),
        foreign key (tenant_id, shop_id) references broken.shops (tenant_id, id)
      );
      create table broken.loose_items (
        tenant_id int not null, id int not null, shop_id int not null,
        primary key (tenant_id, id),
        foreign key (shop_id) references broken.no_tenant (id)
      );`;
    for (const statement of statements.split(';').filter((s) => s.trim())) {
      await app.db.execute(
        sql.raw(statement.replaceAll('broken.', `${schema}.`).replace('schema broken', `schema ${schema}`)),
      );
    }
    const violations = await findTenancyViolations(app.db, ['tenants'], schema);
    await app.db.execute(sql.raw(`drop schema ${schema} cascade`));
    expect(violations).toEqual([
      'items: foreign key items_tenant_id_shop_id_fkey (tenant_id, shop_id) -> shops (id, tenant_id) is not composite on tenant_id',
      'items: unique index items_sku_key (sku) lacks tenant_id',
      'loose_items: foreign key loose_items_shop_id_fkey (shop_id) -> no_tenant (id) is not composite on tenant_id',
      'no_tenant: has no tenant_id column',
      'no_tenant: primary key no_tenant_pkey (id) lacks tenant_id',
      'nullable_tenant: primary key nullable_tenant_pkey (id) lacks tenant_id',
      'nullable_tenant: tenant_id may be null',
    ]);
  });
});

describe.runIf(onCitus)('the schema on Citus', () => {
  it('distributes every tenant table by tenant_id in one colocation group, the global tables as reference tables', async () => {
    expect(await findDistributionViolations(app.db, GLOBAL_TABLES)).toEqual([]);
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select count(distinct colocationid)::int as n from pg_dist_partition where partmethod = 'h'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('finds a table left local, one distributed by another column or apart, and a global table distributed', async () => {
    const schema = `placed_${randomBytes(4).toString('hex')}`;
    const statements = [
      `create schema ${schema}`,
      `create table ${schema}.tenants (id int primary key)`,
      `select create_distributed_table('${schema}.tenants', 'id')`,
      `create table ${schema}.orders (tenant_id int not null, id int not null, primary key (tenant_id, id))`,
      `select create_distributed_table('${schema}.orders', 'tenant_id', colocate_with => 'none')`,
      `create table ${schema}.lines (tenant_id int not null, id int not null, primary key (tenant_id, id))`,
      `select create_distributed_table('${schema}.lines', 'id', colocate_with => 'none')`,
      `create table ${schema}.items (tenant_id int not null, id int not null, primary key (tenant_id, id))`,
      `select create_distributed_table('${schema}.items', 'tenant_id', colocate_with => 'none')`,
      `create table ${schema}.notes (tenant_id int not null, id int not null, primary key (tenant_id, id))`,
    ];
    try {
      for (const statement of statements) await app.db.execute(sql.raw(statement));
      expect(await findDistributionViolations(app.db, ['tenants'], schema)).toEqual([
        'lines: is not distributed by tenant_id',
        'notes: is a local table',
        'tenants: is not a reference table',
        'tenant tables are in 2 colocation groups, not one',
      ]);
    } finally {
      await app.db.execute(sql.raw(`drop schema ${schema} cascade`));
    }
  });

  it('runs the hot reads and the writes of a request on one shard (EXPLAIN: one task)', async () => {
    const tenant = (await app.db.execute<{ id: number }>(sql`select id from tenants limit 1`)).rows[0]?.id ?? 1;
    const plans = [
      sql`explain select * from products where tenant_id = ${tenant} and deleted_at is null order by id desc limit 20`,
      sql`explain select * from ledger_entries e join ledger_accounts a on a.tenant_id = e.tenant_id and a.id = e.account_id
          where e.tenant_id = ${tenant} and a.user_id = 1`,
      sql`explain update ledger_accounts set available = available + 1 where tenant_id = ${tenant} and id = 1`,
      sql`explain insert into post_likes (tenant_id, post_id, user_id) values (${tenant}, 1, 1) on conflict do nothing`,
      // The cart (issue 40): a buyer's lines, and the upsert of one.
      sql`explain select * from cart_items where tenant_id = ${tenant} and user_id = 1 order by id`,
      sql`explain insert into cart_items (tenant_id, user_id, product_id, option_id, qty, added_price)
          values (${tenant}, 1, 1, null, 1, 1000)
          on conflict (tenant_id, user_id, product_id, coalesce(option_id, 0)) do update
          set qty = least(cart_items.qty + excluded.qty, 99), updated_at = excluded.updated_at`,
      // Parcel tracking (issue 41): the webhook's look-up, a reading stored, the sandbox carrier's book.
      sql`explain select id from orders where tenant_id = ${tenant} and carrier = 'kr.cjlogistics' and tracking_number = '640123456789'`,
      sql`explain update orders set tracking_status = 'IN_TRANSIT' where tenant_id = ${tenant} and id = 1`,
      sql`explain insert into sandbox_parcels (tenant_id, carrier, tracking_number, started_at)
          values (${tenant}, 'kr.epost', '1234567890123', now()) on conflict do nothing`,
      // Every order of a payment (settling a cart's payment).
      sql`explain select * from orders where tenant_id = ${tenant} and payment_id = 1 order by id for update`,
    ];
    for (const plan of plans) {
      const text = (await app.db.execute<{ 'QUERY PLAN': string }>(plan)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Task Count: 1\b/);
    }
    // A read of every tenant is the other kind: one task per shard.
    const all = (
      await acrossShards(app.db, (tx) =>
        tx.execute<{ 'QUERY PLAN': string }>(sql`explain select count(*) from products`),
      )
    ).rows;
    expect(all.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/Task Count: 1\b/);
  });
});

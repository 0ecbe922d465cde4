import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { GLOBAL_TABLES } from './schema.js';
import { findTenancyViolations } from './tenancy-rules.js';

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

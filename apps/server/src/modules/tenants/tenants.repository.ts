import type { TenantFeatures, TenantSettings } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { type NewTenantRow, platformSettings, type TenantRow, tenants } from './tenants.schema.js';

const LOCALHOST_KEY = 'localhost_tenant_domain';

export async function findTenantByDomain(db: DbOrTx, domain: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.domain, domain)).limit(1);
  return row;
}

export async function findTenantById(db: DbOrTx, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row;
}

export async function findFirstTenant(db: DbOrTx): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).orderBy(asc(tenants.id)).limit(1);
  return row;
}

export function listTenants(db: DbOrTx): Promise<TenantRow[]> {
  return db.select().from(tenants).orderBy(asc(tenants.id));
}

export async function insertTenant(db: DbOrTx, values: NewTenantRow): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(values).returning();
  if (!row) throw new Error('insert into tenants returned no row');
  return row;
}

export async function updateTenant(
  db: DbOrTx,
  id: number,
  values: { features?: TenantFeatures; settings?: TenantSettings; displayName?: string },
): Promise<TenantRow | undefined> {
  const [row] = await db
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, id))
    .returning();
  return row;
}

export async function countTenants(db: DbOrTx): Promise<number> {
  return (await db.$count(tenants)) as number;
}

export async function readLocalhostDomain(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, LOCALHOST_KEY)).limit(1);
  return typeof row?.value === 'string' ? row.value : undefined;
}

export async function writeLocalhostDomain(db: DbOrTx, domain: string): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: LOCALHOST_KEY, value: domain })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: domain, updatedAt: new Date() } });
}

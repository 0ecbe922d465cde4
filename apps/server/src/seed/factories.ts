import { featureKeys, type TenantFeatures } from '@app/contracts';
import { insertTenant } from '../modules/tenants/tenants.repository.js';
import type { NewTenantRow, TenantRow } from '../modules/tenants/tenants.schema.js';
import type { DbOrTx } from '../platform/db/client.js';

let sequence = 0;
const next = () => ++sequence;

export function allFeatures(on = true): TenantFeatures {
  return Object.fromEntries(featureKeys.map((k) => [k, on])) as TenantFeatures;
}

/** A tenant row with sensible defaults; tests and the demo seed override what they need. */
export function buildTenant(overrides: Partial<NewTenantRow> = {}): NewTenantRow {
  const n = next();
  return {
    name: `tenant-${n}`,
    displayName: `테스트 마켓 ${n}`,
    domain: `tenant-${n}.test`,
    isActive: true,
    features: allFeatures(),
    settings: {},
    ...overrides,
  };
}

export function createTenant(db: DbOrTx, overrides: Partial<NewTenantRow> = {}): Promise<TenantRow> {
  return insertTenant(db, buildTenant(overrides));
}

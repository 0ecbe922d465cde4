import { type Tenant, tenantSchema } from '@app/contracts';
import { type JsonAnswer, jsonAnswer } from '../../platform/json-reply.js';
import type { TenantRow } from './tenants.schema.js';

/**
 * The public face of a tenant: only the fields of spec part 1 section 3, never secrets, and whether
 * the deployment's card payments are the sandbox's tests (`testPayments`, the same for every tenant).
 */
export function presentTenant(row: TenantRow, testPayments: boolean): Tenant {
  const {
    contact_email,
    contact_phone,
    business_hours,
    logo_url,
    theme_color,
    theme,
    company_info,
    service_info,
    legal_info,
    point_reward_rate,
  } = row.settings;
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    domain: row.domain,
    is_active: row.isActive,
    proxy_tenant: row.proxyTenant,
    features: row.features,
    // Listed field by field so that secrets later kept in settings (payment keys) never leak.
    settings: stripUndefined({
      contact_email,
      contact_phone,
      business_hours,
      logo_url,
      theme_color,
      theme,
      company_info,
      service_info,
      legal_info,
      point_reward_rate,
    }),
    test_payments: testPayments,
  };
}

function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** One cache per value of testPayments (it is fixed per server, so only one is ever filled). */
const jsonCaches = { live: new WeakMap<TenantRow, JsonAnswer>(), test: new WeakMap<TenantRow, JsonAnswer>() };

/**
 * The presented tenant as JSON text with its tag, made once per cached tenant row:
 * `/api/tenant/current` is the first call of every page load, so it skips per-request validation,
 * serialisation and hashing. The text is checked against the contract when it is made.
 */
export function presentTenantJson(row: TenantRow, testPayments: boolean): JsonAnswer {
  const jsonCache = testPayments ? jsonCaches.test : jsonCaches.live;
  let answer = jsonCache.get(row);
  if (answer === undefined) {
    answer = jsonAnswer(tenantSchema.parse(presentTenant(row, testPayments)));
    jsonCache.set(row, answer);
  }
  return answer;
}

import { randomBytes } from 'node:crypto';
import { featureKeys, type TenantFeatures } from '@app/contracts';
import { hashPassword } from '../modules/auth/passwords.js';
import { insertTenant } from '../modules/tenants/tenants.repository.js';
import type { NewTenantRow, TenantRow } from '../modules/tenants/tenants.schema.js';
import { grantAdmin, insertMerchant, insertUser } from '../modules/users/users.repository.js';
import type { NewMerchantRow } from '../modules/users/users.schema.js';
import type { DbOrTx } from '../platform/db/client.js';

let sequence = 0;
const next = () => ++sequence;
/**
 * Names and domains of made-up tenants differ between processes too: test files that share one
 * database (the Citus pass) never take each other's.
 */
const run = randomBytes(3).toString('hex');

export function allFeatures(on = true): TenantFeatures {
  return Object.fromEntries(featureKeys.map((k) => [k, on])) as TenantFeatures;
}

/** A tenant row with sensible defaults; tests and the demo seed override what they need. */
export function buildTenant(overrides: Partial<NewTenantRow> = {}): NewTenantRow {
  const n = next();
  return {
    name: `tenant-${run}-${n}`,
    displayName: `테스트 마켓 ${n}`,
    domain: `tenant-${run}-${n}.test`,
    isActive: true,
    features: allFeatures(),
    settings: {},
    ...overrides,
  };
}

export function createTenant(db: DbOrTx, overrides: Partial<NewTenantRow> = {}): Promise<TenantRow> {
  return insertTenant(db, buildTenant(overrides));
}

const passwordHashes = new Map<string, Promise<string>>();
/** Argon2id is slow on purpose: hash each distinct password once per process. */
export function passwordHashFor(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

export const DEFAULT_PASSWORD = 'password123';

export interface UserOverrides {
  email?: string;
  username?: string;
  /** Plain password (hashed here); `null` makes a social-only account. */
  password?: string | null;
  userType?: 'customer' | 'merchant';
  phone?: string | null;
  address?: string | null;
  /** The address's 5-digit postcode (none unless told). */
  postcode?: string | null;
  /** Merchant profile fields (a merchant always gets one). */
  merchant?: Partial<Omit<NewMerchantRow, 'tenantId' | 'userId'>>;
  admin?: boolean;
  emailVerified?: boolean;
}

/** A live account (verified e-mail, password `password123` unless told) with its merchant profile. */
export async function createUser(db: DbOrTx, tenantId: number, overrides: UserOverrides = {}) {
  const n = next();
  const userType = overrides.userType ?? (overrides.merchant ? 'merchant' : 'customer');
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  const user = await insertUser(db, {
    tenantId,
    email: (overrides.email ?? `user${n}@example.com`).toLowerCase(),
    username: overrides.username ?? `사용자${n}`,
    passwordHash: password === null ? null : await passwordHashFor(password),
    userType,
    phone: overrides.phone === undefined ? `010${String(10_000_000 + n).slice(-8)}` : overrides.phone,
    address: overrides.address === undefined ? '서울특별시 중구 세종대로 110, 3층' : overrides.address,
    postcode: overrides.postcode ?? null,
    emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
  });
  const merchant =
    userType === 'merchant'
      ? await insertMerchant(db, {
          tenantId,
          userId: user.id,
          businessName: `가게 ${n}`,
          businessNumber: String(1_000_000_000 + n).slice(-10),
          businessDescription: null,
          address: user.address,
          phone: user.phone,
          ...overrides.merchant,
        })
      : null;
  if (overrides.admin) await grantAdmin(db, tenantId, user.id, 'factory');
  return { user, merchant, password };
}

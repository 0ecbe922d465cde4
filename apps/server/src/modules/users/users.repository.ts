import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { containsPattern, prefixPattern } from '../../platform/db/like.js';
import { inJobScope, type JobScope } from '../../platform/jobs.js';
import {
  type MerchantRow,
  merchants,
  type NewMerchantRow,
  type NewUserRow,
  platformAdmins,
  type SocialAccountRow,
  socialAccounts,
  type UserRow,
  users,
} from './users.schema.js';

export interface AccountRow {
  user: UserRow;
  merchant: MerchantRow | null;
  isAdmin: boolean;
}

/** The columns of an account: the user, its merchant profile and its admin grant (see `toAccountRow`). */
export const accountColumns = { user: users, merchant: merchants, adminSince: platformAdmins.grantedAt };

/** The joins that bring an account's merchant profile and admin grant beside its user row. */
export const merchantOfUser = and(eq(merchants.tenantId, users.tenantId), eq(merchants.userId, users.id));
export const adminGrantOfUser = and(eq(platformAdmins.tenantId, users.tenantId), eq(platformAdmins.userId, users.id));

export function toAccountRow(row: {
  user: UserRow;
  merchant: MerchantRow | null;
  adminSince: Date | null;
}): AccountRow {
  return { user: row.user, merchant: row.merchant, isAdmin: row.adminSince !== null };
}

/** A live (not deleted) account with its merchant profile and admin grant, in one query. */
export async function findAccount(db: DbOrTx, tenantId: number, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(merchants, merchantOfUser)
    .leftJoin(platformAdmins, adminGrantOfUser)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row && toAccountRow(row);
}

export async function findUserByEmail(db: DbOrTx, tenantId: number, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Locks a live user's row and its merchant profile's row (FOR UPDATE: it waits for, and then holds
 * off, the key-share locks that a new order's foreign keys take on both).
 */
export async function lockLiveUser(db: DbOrTx, tenantId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (row) {
    await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.tenantId, tenantId), eq(merchants.userId, userId)))
      .for('update');
  }
  return row;
}

/** Deleted accounts of the job's tenants (all tenants: a deliberate multi-shard read on Citus). */
export async function deletedUserIds(db: DbOrTx, scope: JobScope = {}): Promise<{ tenantId: number; id: number }[]> {
  return db
    .select({ tenantId: users.tenantId, id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), inJobScope(users.tenantId, scope)));
}

export async function usernameExists(db: DbOrTx, tenantId: number, username: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = lower(${username})`))
    .limit(1);
  return row !== undefined && row.id !== exceptUserId;
}

export async function emailExists(db: DbOrTx, tenantId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}

/** The most recently registered live account with this phone (digits). */
export async function findUserByPhone(db: DbOrTx, tenantId: number, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.phone, phone), isNull(users.deletedAt)))
    .orderBy(desc(users.id))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function insertMerchant(db: DbOrTx, values: NewMerchantRow): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(values).returning();
  if (!row) throw new Error('insert into merchants returned no row');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  values: Partial<Omit<NewUserRow, 'tenantId' | 'id'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function updateMerchant(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  values: Partial<Omit<NewMerchantRow, 'tenantId' | 'id' | 'userId'>>,
): Promise<void> {
  await db
    .update(merchants)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants.userId, userId)));
}

export async function grantAdmin(db: DbOrTx, tenantId: number, userId: number, grantedBy: string): Promise<void> {
  await db.insert(platformAdmins).values({ tenantId, userId, grantedBy }).onConflictDoNothing();
}

export async function revokeAdmin(db: DbOrTx, tenantId: number, userId: number): Promise<void> {
  await db.delete(platformAdmins).where(and(eq(platformAdmins.tenantId, tenantId), eq(platformAdmins.userId, userId)));
}

export async function findSocialAccount(
  db: DbOrTx,
  tenantId: number,
  provider: SocialAccountRow['provider'],
  providerUserId: string,
): Promise<SocialAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.tenantId, tenantId),
        eq(socialAccounts.provider, provider),
        eq(socialAccounts.providerUserId, providerUserId),
      ),
    )
    .limit(1);
  return row;
}

export async function listSocialProviders(db: DbOrTx, tenantId: number, userId: number): Promise<string[]> {
  const rows = await db
    .select({ provider: socialAccounts.provider })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.tenantId, tenantId), eq(socialAccounts.userId, userId)));
  return rows.map((r) => r.provider);
}

export async function insertSocialAccount(db: DbOrTx, values: typeof socialAccounts.$inferInsert): Promise<void> {
  await db.insert(socialAccounts).values(values);
}

export async function deleteSocialAccounts(db: DbOrTx, tenantId: number, userId: number): Promise<void> {
  await db.delete(socialAccounts).where(and(eq(socialAccounts.tenantId, tenantId), eq(socialAccounts.userId, userId)));
}

export type UserSearchType = 'email' | 'business_number' | 'business_name';

export interface UserSearchHit {
  id: number;
  email: string;
  username: string;
  userType: UserRow['userType'];
  businessName: string | null;
  searchType: UserSearchType;
}

/**
 * Live accounts of a tenant found by e-mail prefix, business-number prefix (digits) or business
 * name, for choosing a transfer recipient; the searcher is left out. Each hit names the first type
 * it matched. At most `limit` rows.
 */
export async function searchUsers(
  db: DbOrTx,
  tenantId: number,
  q: { text: string; type?: UserSearchType; exceptUserId: number; limit: number },
): Promise<UserSearchHit[]> {
  const digits = q.text.replace(/\D/g, '');
  const byEmail = sql`${users.email} like ${prefixPattern(q.text)}`;
  const byNumber = digits.length >= 2 ? sql`${merchants.businessNumber} like ${prefixPattern(digits)}` : sql`false`;
  const byName = sql`lower(${merchants.businessName}) like ${containsPattern(q.text)}`;
  const tests = { email: byEmail, business_number: byNumber, business_name: byName };
  const wanted = q.type ? [q.type] : (Object.keys(tests) as UserSearchType[]);
  const searchType = sql<UserSearchType>`case ${sql.join(
    wanted.map((t) => sql`when ${tests[t]} then ${t}`),
    sql` `,
  )} end`;
  return db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      userType: users.userType,
      businessName: merchants.businessName,
      searchType,
    })
    .from(users)
    .leftJoin(merchants, and(eq(merchants.tenantId, users.tenantId), eq(merchants.userId, users.id)))
    .where(
      and(
        eq(users.tenantId, tenantId),
        isNull(users.deletedAt),
        sql`${users.id} <> ${q.exceptUserId}`,
        sql`(${sql.join(
          wanted.map((t) => tests[t]),
          sql` or `,
        )})`,
      ),
    )
    .orderBy(users.id)
    .limit(q.limit);
}

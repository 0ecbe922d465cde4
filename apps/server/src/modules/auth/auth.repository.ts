import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { merchants, platformAdmins, users } from '../users/users.schema.js';
import {
  type AccountRow,
  accountColumns,
  adminGrantOfUser,
  merchantOfUser,
  toAccountRow,
} from '../users/users.service.js';
import {
  type EmailVerificationRow,
  emailVerifications,
  passwordResetTokens,
  type SessionRow,
  sessions,
} from './auth.schema.js';

// Sessions

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/**
 * The session of a token hash with its live account (merchant profile and admin grant), in one
 * query that every signed-in request runs: a named statement, so that PostgreSQL plans it once per
 * connection (PGlite ignores the name). A session whose user was deleted is not found.
 */
export function prepareSessionLookup(db: Db) {
  const query = db
    .select({ session: sessions, ...accountColumns })
    .from(sessions)
    .innerJoin(
      users,
      and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId), isNull(users.deletedAt)),
    )
    .leftJoin(merchants, merchantOfUser)
    .leftJoin(platformAdmins, adminGrantOfUser)
    .where(
      and(eq(sessions.tenantId, sql.placeholder('tenantId')), eq(sessions.tokenHash, sql.placeholder('tokenHash'))),
    )
    .limit(1)
    .prepare('auth_session_account');
  return async (
    tenantId: number,
    tokenHash: string,
  ): Promise<{ session: SessionRow; account: AccountRow } | undefined> => {
    const [row] = await query.execute({ tenantId, tokenHash });
    return row && { session: row.session, account: toAccountRow(row) };
  };
}

export async function touchSession(db: DbOrTx, tenantId: number, id: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}

export async function deleteSession(db: DbOrTx, tenantId: number, id: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}

/** Ends every session of a user, or every one but `exceptId`. */
export async function deleteUserSessions(db: DbOrTx, tenantId: number, userId: number, exceptId?: number) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        exceptId === undefined ? undefined : ne(sessions.id, exceptId),
      ),
    );
}

/** Drops a user's sessions that can no longer be used (called at each login, so the table stays small). */
export async function deleteDeadSessions(db: DbOrTx, tenantId: number, userId: number, idleBefore: Date, now: Date) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)),
      ),
    );
}

// E-mail verifications

export async function findVerification(
  db: DbOrTx,
  tenantId: number,
  email: string,
): Promise<EmailVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.tenantId, tenantId), eq(emailVerifications.email, email)))
    .limit(1);
  return row;
}

/** Starts a fresh verification (a new code, attempts reset, not verified). */
export async function upsertVerification(
  db: DbOrTx,
  values: { tenantId: number; email: string; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insert(emailVerifications)
    .values({ ...values, attempts: 0, verifiedAt: null })
    .onConflictDoUpdate({
      target: [emailVerifications.tenantId, emailVerifications.email],
      set: {
        codeHash: values.codeHash,
        sentAt: values.sentAt,
        expiresAt: values.expiresAt,
        attempts: 0,
        verifiedAt: null,
      },
    });
}

/**
 * Uses up one of the code's attempts atomically; answers the attempts used so far, or null when
 * none were left (so parallel guesses cannot exceed the limit).
 */
export async function spendAttempt(db: DbOrTx, tenantId: number, email: string, max: number): Promise<number | null> {
  const [row] = await db
    .update(emailVerifications)
    .set({ attempts: sql`${emailVerifications.attempts} + 1` })
    .where(
      and(
        eq(emailVerifications.tenantId, tenantId),
        eq(emailVerifications.email, email),
        lt(emailVerifications.attempts, max),
      ),
    )
    .returning({ attempts: emailVerifications.attempts });
  return row?.attempts ?? null;
}

/** Spends the code: it cannot be used again, and the address counts as verified until `until`. */
export async function markVerified(db: DbOrTx, tenantId: number, email: string, at: Date, until: Date) {
  await db
    .update(emailVerifications)
    .set({ codeHash: null, verifiedAt: at, expiresAt: until })
    .where(and(eq(emailVerifications.tenantId, tenantId), eq(emailVerifications.email, email)));
}

export async function deleteVerification(db: DbOrTx, tenantId: number, email: string): Promise<void> {
  await db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.tenantId, tenantId), eq(emailVerifications.email, email)));
}

// Password reset tokens

export async function insertResetToken(db: DbOrTx, values: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Takes a token out (single use): answers its row only if it existed. */
export async function takeResetToken(db: DbOrTx, tenantId: number, tokenHash: string) {
  const [row] = await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tenantId, tenantId), eq(passwordResetTokens.tokenHash, tokenHash)))
    .returning();
  return row;
}

/**
 * One statement whatever the address: when `write` is set and the address has a live account,
 * its reset tokens are replaced by this one. Answers the account's id when a token was written.
 */
export async function replaceResetToken(
  db: DbOrTx,
  p: { tenantId: number; email: string; tokenHash: string; expiresAt: Date; write: boolean },
): Promise<number | undefined> {
  const { rows } = await db.execute<{ user_id: number }>(sql`
    with target as (
      select id from users
      where tenant_id = ${p.tenantId} and email = ${p.email} and deleted_at is null and ${p.write}::boolean
      limit 1
    ), gone as (
      delete from password_reset_tokens
      where tenant_id = ${p.tenantId} and user_id in (select id from target)
    )
    insert into password_reset_tokens (tenant_id, user_id, token_hash, expires_at)
    select ${p.tenantId}, id, ${p.tokenHash}, ${p.expiresAt.toISOString()}::timestamptz from target
    returning user_id`);
  return rows[0]?.user_id;
}

export async function deleteUserResetTokens(db: DbOrTx, tenantId: number, userId: number): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tenantId, tenantId), eq(passwordResetTokens.userId, userId)));
}

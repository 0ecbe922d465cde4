import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../platform/db/columns.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

/**
 * A signed-in session: only the SHA-256 of its opaque bearer token is stored. It ends at
 * `expires_at` (absolute lifetime) or after the idle timeout since `last_seen_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sessions_tenant_token_key').on(t.tenantId, t.tokenHash),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId),
    tenantForeignKey('sessions_user_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);

/**
 * The pending or completed e-mail verification of an address (one row per tenant and e-mail).
 * The 6-digit code is stored hashed; once verified, `verified_at` lets one registration through
 * until `expires_at`.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    email: text('email').notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.email] })],
);

/** A single-use password reset token (hash only), valid until `expires_at`. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('password_reset_tokens_tenant_token_key').on(t.tenantId, t.tokenHash),
    tenantForeignKey('password_reset_tokens_user_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

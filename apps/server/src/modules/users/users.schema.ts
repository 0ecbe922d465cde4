import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey, timestamps } from '../../platform/db/columns.js';
import { tenants } from '../tenants/tenants.schema.js';

/**
 * An account of one tenant: the same e-mail may register separately on two tenants. A deleted
 * account keeps its row (orders, reviews and ledger entries point at it) with personal data
 * removed; see docs/decisions/005-account-deletion.md.
 */
export const users = pgTable(
  'users',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: serial('id').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    username: text('username').notNull(),
    /** Argon2id PHC string; null for an account that signs in only through a social provider. */
    passwordHash: text('password_hash'),
    userType: text('user_type', { enum: ['customer', 'merchant'] }).notNull(),
    /** Digits only. */
    phone: text('phone'),
    address: text('address'),
    /** The 5-digit postcode of `address` (parcel orders need it); cleared with the address. */
    postcode: text('postcode'),
    profileImage: text('profile_image'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    uniqueIndex('users_tenant_username_key').on(t.tenantId, sql`lower(${t.username})`),
    index('users_tenant_phone_idx').on(t.tenantId, t.phone),
    check('users_user_type_check', sql`${t.userType} in ('customer', 'merchant')`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** The business profile of a merchant account (products, posts and orders hang on it). */
export const merchants = pgTable(
  'merchants',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    businessName: text('business_name').notNull(),
    /** Ten digits, no dashes. */
    businessNumber: text('business_number'),
    businessDescription: text('business_description'),
    address: text('address'),
    phone: text('phone'),
    // Delivery terms (docs/decisions/038-delivery-terms.md), in won: local delivery and pickup
    // (the delivery module), parcel shipping (shopping; null: the tenant's policy).
    deliveryFee: integer('delivery_fee').notNull().default(0),
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    freeDeliveryOver: integer('free_delivery_over'),
    etaText: text('eta_text'),
    offersPickup: boolean('offers_pickup').notNull().default(true),
    pickupAddress: text('pickup_address'),
    pickupHours: text('pickup_hours'),
    parcelFee: integer('parcel_fee'),
    parcelFreeOver: integer('parcel_free_over'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('merchants_tenant_user_key').on(t.tenantId, t.userId),
    tenantForeignKey('merchants_user_fk', t.tenantId, t.userId, users),
    check(
      'merchants_delivery_terms_check',
      sql`${t.deliveryFee} >= 0 and ${t.minOrderAmount} >= 0 and coalesce(${t.freeDeliveryOver}, 0) >= 0 and coalesce(${t.parcelFee}, 0) >= 0 and coalesce(${t.parcelFreeOver}, 0) >= 0`,
    ),
  ],
);

/**
 * The platform-administrator grant (not a user type). The account belongs to one tenant and
 * signs in there; the grant lets it administer every tenant.
 */
export const platformAdmins = pgTable(
  'platform_admins',
  {
    tenantId: integer('tenant_id').notNull(),
    userId: integer('user_id').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who or what granted it (the CLI, the demo seed). */
    grantedBy: text('granted_by').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    tenantForeignKey('platform_admins_user_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);

/** A social-provider identity linked to an account, keyed on the provider's user id. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    provider: text('provider', { enum: ['kakao'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    /** The e-mail the provider reported at linking time (for support; may be null). */
    providerEmail: text('provider_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('social_accounts_provider_key').on(t.tenantId, t.provider, t.providerUserId),
    uniqueIndex('social_accounts_user_provider_key').on(t.tenantId, t.userId, t.provider),
    tenantForeignKey('social_accounts_user_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

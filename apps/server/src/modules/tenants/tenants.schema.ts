import type { TenantFeatures, TenantSettings } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Global table (a Citus reference table): one row per service instance. */
export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    displayName: text('display_name').notNull(),
    /** Lower-case host name without port, e.g. `farm.localhost`. */
    domain: text('domain').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    proxyTenant: text('proxy_tenant'),
    features: jsonb('features').$type<TenantFeatures>().notNull(),
    settings: jsonb('settings').$type<TenantSettings>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tenants_domain_lower', sql`${t.domain} = lower(${t.domain})`)],
);

/** Global key/value settings of the platform itself (for example which tenant serves localhost). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenantRow = typeof tenants.$inferInsert;

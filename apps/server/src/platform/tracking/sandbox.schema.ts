import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox tracking service's own book (it stands in for the carriers, so it keeps its parcels
 * apart from `orders`): when it first heard of each parcel, from which its life is played.
 */
export const sandboxParcels = pgTable(
  'sandbox_parcels',
  {
    tenantId: integer('tenant_id').notNull(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.carrier, t.trackingNumber] })],
);

import { type AnyPgColumn, foreignKey, timestamp } from 'drizzle-orm/pg-core';

/** created_at and updated_at, as every mutable table keeps them. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The composite foreign key every tenant-owned reference uses (ARCHITECTURE.md section 3):
 * (tenant_id, column) -> (target.tenant_id, target.id), so a row can never point into another
 * tenant. The catalog check in tenancy-rules.test.ts holds every table to it.
 */
export function tenantForeignKey(
  name: string,
  tenantId: AnyPgColumn,
  column: AnyPgColumn,
  target: { tenantId: AnyPgColumn; id: AnyPgColumn },
) {
  return foreignKey({ name, columns: [tenantId, column], foreignColumns: [target.tenantId, target.id] });
}

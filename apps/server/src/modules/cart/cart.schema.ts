import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantForeignKey, timestamps } from '../../platform/db/columns.js';
import { productOptions, products } from '../catalogue/catalogue.schema.js';
import { users } from '../users/users.schema.js';

/**
 * A line of a buyer's cart (issue 40): a product, its option when it has options, how many, and
 * the unit price the buyer saw when it was put in (a price changed since is shown and left out of
 * the totals until the buyer accepts it). One line per product and option: adding it again adds
 * to the line. Tenant-owned and distributed by tenant like every table (ARCHITECTURE.md section 3).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    optionId: integer('option_id'),
    qty: integer('qty').notNull(),
    addedPrice: integer('added_price').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // One line per product and option (no option counts as one): an add is an upsert on it.
    uniqueIndex('cart_items_line_key').on(t.tenantId, t.userId, t.productId, sql`coalesce(${t.optionId}, 0)`),
    index('cart_items_user_idx').on(t.tenantId, t.userId, t.id),
    check('cart_items_qty_check', sql`${t.qty} > 0 and ${t.addedPrice} > 0`),
    tenantForeignKey('cart_items_user_fk', t.tenantId, t.userId, users).onDelete('cascade'),
    tenantForeignKey('cart_items_product_fk', t.tenantId, t.productId, products),
    tenantForeignKey('cart_items_option_fk', t.tenantId, t.optionId, productOptions),
  ],
);
export type CartItemRow = typeof cartItems.$inferSelect;

import { ORDER_QTY_MAX } from '@app/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { type CartItemRow, cartItems } from './cart.schema.js';

/** A buyer's cart lines, oldest first (the order they were put in). */
export function cartLines(db: DbOrTx, tenantId: number, userId: number): Promise<CartItemRow[]> {
  return db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.userId, userId)))
    .orderBy(asc(cartItems.id));
}

export async function countCartLines(db: DbOrTx, tenantId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cartItems)
    .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.userId, userId)));
  return row?.n ?? 0;
}

/**
 * Puts `qty` of a product (and option) in the cart: a new line, or more of the line it already has
 * (to the per-order maximum), at the unit price the buyer sees now.
 */
/**
 * Puts a line in the cart. A line the cart has gets `qty` more (`add`), or at least `qty` (`atLeast`:
 * the merge of a guest's cart, which a retry repeats without changing anything).
 */
export async function addCartLine(
  db: DbOrTx,
  line: { tenantId: number; userId: number; productId: number; optionId: number | null; qty: number; price: number },
  mode: 'add' | 'atLeast' = 'add',
): Promise<void> {
  const qty = mode === 'add' ? sql`cart_items.qty + excluded.qty` : sql`greatest(cart_items.qty, excluded.qty)`;
  // The line's key is an expression (no option counts as option 0), which the query builder's
  // conflict target cannot name. Citus refuses a volatile function (now()) in DO UPDATE: the
  // new row's own default time is taken instead.
  await db.execute(sql`
    insert into cart_items (tenant_id, user_id, product_id, option_id, qty, added_price)
    values (${line.tenantId}, ${line.userId}, ${line.productId}, ${line.optionId}, ${line.qty}, ${line.price})
    on conflict (tenant_id, user_id, product_id, coalesce(option_id, 0)) do update
      set qty = least(${qty}, ${ORDER_QTY_MAX}),
          added_price = excluded.added_price,
          updated_at = excluded.updated_at
  `);
}

/** Whether the buyer's cart already has a line of this product and option. */
export async function hasCartLine(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  productId: number,
  optionId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.tenantId, tenantId),
        eq(cartItems.userId, userId),
        eq(cartItems.productId, productId),
        sql`coalesce(${cartItems.optionId}, 0) = ${optionId ?? 0}`,
      ),
    );
  return row !== undefined;
}

/** Sets a line's qty (and the price the buyer has now seen); false when the buyer has no such line. */
export async function updateCartLine(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  id: number,
  set: { qty: number; addedPrice?: number },
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.userId, userId), eq(cartItems.id, id)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** Removes lines of the buyer's cart; answers how many went. */
export async function removeCartLines(db: DbOrTx, tenantId: number, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.userId, userId), inArray(cartItems.id, ids)))
    .returning({ id: cartItems.id });
  return rows.length;
}

/** Empties a buyer's cart (the account is deleted). */
export async function clearCart(db: DbOrTx, tenantId: number, userId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.userId, userId)));
}

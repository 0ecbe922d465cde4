import { orderMessages } from '@app/contracts';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { products } from './catalogue.schema.js';
import { findProduct, type ProductWithMerchant } from './products.repository.js';
import { productNotFound } from './products.service.js';

/**
 * What checkout asks of the catalogue (docs/decisions/016-orders.md), each inside the caller's
 * transaction: the product as sold now, stock taken and given back, and the order count. Stock
 * moves by one conditional UPDATE (`display_remaining >= qty`), so concurrent buyers can never
 * take it below 0; unlimited stock (-1) is never written at prepare. The order count is written
 * when an order is paid, so a best-seller's row is still locked once per paid order: callers
 * write the product last, just before their commit.
 */

/** A live, available product of the tenant, or 404 / 400 with the reason. */
export async function productForSale(tx: DbOrTx, tenantId: number, productId: number): Promise<ProductWithMerchant> {
  const product = await findProduct(tx, tenantId, productId);
  if (!product || product.deletedAt) throw productNotFound();
  if (!product.isAvailable) throw AppError.badRequest(orderMessages.unavailable, 'product_unavailable');
  if (product.displayRemaining === 0) throw AppError.badRequest(orderMessages.soldOut, 'sold_out');
  return product;
}

/** Takes `qty` from a counted stock; answers what was taken (0 for unlimited stock). */
export async function reserveStock(tx: DbOrTx, tenantId: number, productId: number, qty: number): Promise<number> {
  const [taken] = await tx
    .update(products)
    .set({ displayRemaining: sql`${products.displayRemaining} - ${qty}` })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId), gte(products.displayRemaining, qty)))
    .returning({ left: products.displayRemaining });
  if (taken) return qty;
  const [now] = await tx
    .select({ remaining: products.displayRemaining })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  if (now?.remaining === -1) return 0;
  if (!now || now.remaining === 0) throw AppError.badRequest(orderMessages.soldOut, 'sold_out');
  throw AppError.badRequest(orderMessages.stockShort, 'stock_short');
}

/** Gives back stock an unpaid, cancelled or refunded order took (nothing if the stock is now unlimited). */
export async function releaseStock(tx: DbOrTx, tenantId: number, productId: number, qty: number): Promise<void> {
  if (qty <= 0) return;
  await tx
    .update(products)
    .set({ displayRemaining: sql`${products.displayRemaining} + ${qty}` })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId), gte(products.displayRemaining, 0)));
}

/**
 * A paid order counts once in `orders_count` (the ranking of "재주문 많은"); a cancelled or refunded
 * one no longer, and gives back `restock` units of a counted stock, in the same single UPDATE.
 */
export async function countOrder(
  tx: DbOrTx,
  tenantId: number,
  productId: number,
  delta: 1 | -1,
  restock = 0,
): Promise<void> {
  await tx
    .update(products)
    .set({
      ordersCount: sql`greatest(0, ${products.ordersCount} + ${delta})`,
      ...(restock > 0
        ? {
            displayRemaining: sql`case when ${products.displayRemaining} >= 0 then ${products.displayRemaining} + ${restock} else ${products.displayRemaining} end`,
          }
        : {}),
    })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
}

/** The thumbnail storage key of each product (deleted ones included: an order keeps showing its goods). */
export async function thumbnailKeys(db: DbOrTx, tenantId: number, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, key: products.thumbnailKey })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** How many of a merchant's products are on sale (not deleted, available). */
export async function productsOnSaleOf(db: DbOrTx, tenantId: number, merchantId: number): Promise<number> {
  return db.$count(
    products,
    and(
      eq(products.tenantId, tenantId),
      eq(products.merchantId, merchantId),
      isNull(products.deletedAt),
      eq(products.isAvailable, true),
    ),
  );
}

/** A deleted merchant's products go off sale (kept, so that past orders and reviews still show them). */
export async function takeOffSale(tx: DbOrTx, tenantId: number, merchantId: number): Promise<number> {
  const rows = await tx
    .update(products)
    .set({ isAvailable: false })
    .where(
      and(
        eq(products.tenantId, tenantId),
        eq(products.merchantId, merchantId),
        isNull(products.deletedAt),
        eq(products.isAvailable, true),
      ),
    )
    .returning({ id: products.id });
  return rows.length;
}

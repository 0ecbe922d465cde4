import { orderMessages, productMessages } from '@app/contracts';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { type ProductOptionRow, productOptions, products } from './catalogue.schema.js';
import {
  findOption,
  findProduct,
  optionsOf,
  optionTotal,
  type ProductWithMerchant,
  refreshOptionStock,
} from './products.repository.js';
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

/**
 * The option a purchase of `product` names: required when the product has options (400
 * option_required), a live option of this product on sale and not sold out; none otherwise.
 */
export async function optionForSale(
  tx: DbOrTx,
  tenantId: number,
  product: ProductWithMerchant,
  optionId: number | undefined,
): Promise<ProductOptionRow | null> {
  if (!product.hasOptions) {
    if (optionId !== undefined) throw AppError.badRequest(productMessages.optionUnknown, 'option_unknown');
    return null;
  }
  if (optionId === undefined) throw AppError.badRequest(orderMessages.optionRequired, 'option_required');
  const option = await findOption(tx, tenantId, product.id, optionId);
  if (!option) throw AppError.badRequest(productMessages.optionUnknown, 'option_unknown');
  if (!option.isAvailable) throw AppError.badRequest(orderMessages.optionUnavailable, 'option_unavailable');
  if (option.remaining === 0) throw AppError.badRequest(orderMessages.optionSoldOut, 'sold_out');
  return option;
}

/** The options of a product on sale now (on, not sold out), in display order. */
export async function optionsOnSale(tx: DbOrTx, tenantId: number, productId: number): Promise<ProductOptionRow[]> {
  const options = (await optionsOf(tx, tenantId, [productId])).get(productId) ?? [];
  return options.filter((o) => o.isAvailable && o.remaining !== 0);
}

/**
 * Locks the product row before one of its options' counts moves. The product keeps its options'
 * total, set by a statement after the option's UPDATE; under READ COMMITTED, two checkouts of
 * different options that met only at the product row would each compute that total from a
 * snapshot without the other's option (the money simulation's seeds 1007, 2011 and 2014 on
 * PostgreSQL). Locked first, the second one's later statements see the first one's commit. Every
 * path that moves an option's count takes the product row first (the merchant's edits lock it as
 * they read it), so the order is always product, then option.
 */
async function lockProduct(tx: DbOrTx, tenantId: number, productId: number): Promise<void> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)))
    .for('no key update');
}

/** Where a line's stock is counted: the option's count when it has one, else the product's. */
export interface StockLine {
  productId: number;
  optionId: number | null;
}

/**
 * Takes `qty` from a counted stock (the option's, then the product's total of its options, in the
 * same transaction); answers what was taken (0 for unlimited stock). One conditional UPDATE takes
 * it, so concurrent buyers can never take a count below 0.
 */
export async function reserveStock(tx: DbOrTx, tenantId: number, line: StockLine, qty: number): Promise<number> {
  if (line.optionId !== null) {
    await lockProduct(tx, tenantId, line.productId);
    const [taken] = await tx
      .update(productOptions)
      .set({ remaining: sql`${productOptions.remaining} - ${qty}` })
      .where(
        and(
          eq(productOptions.tenantId, tenantId),
          eq(productOptions.id, line.optionId),
          gte(productOptions.remaining, qty),
        ),
      )
      .returning({ left: productOptions.remaining });
    if (taken) {
      await refreshOptionStock(tx, tenantId, line.productId);
      return qty;
    }
    const [now] = await tx
      .select({ remaining: productOptions.remaining })
      .from(productOptions)
      .where(and(eq(productOptions.tenantId, tenantId), eq(productOptions.id, line.optionId)));
    if (now?.remaining === -1) return 0;
    if (!now || now.remaining === 0) throw AppError.badRequest(orderMessages.optionSoldOut, 'sold_out');
    throw AppError.badRequest(orderMessages.stockShort, 'stock_short');
  }
  const [taken] = await tx
    .update(products)
    .set({ displayRemaining: sql`${products.displayRemaining} - ${qty}` })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, line.productId), gte(products.displayRemaining, qty)))
    .returning({ left: products.displayRemaining });
  if (taken) return qty;
  const [now] = await tx
    .select({ remaining: products.displayRemaining })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, line.productId)));
  if (now?.remaining === -1) return 0;
  if (!now || now.remaining === 0) throw AppError.badRequest(orderMessages.soldOut, 'sold_out');
  throw AppError.badRequest(orderMessages.stockShort, 'stock_short');
}

/** Puts `qty` back on a counted stock (nothing if it is now unlimited). */
async function putBack(tx: DbOrTx, tenantId: number, line: StockLine, qty: number) {
  if (line.optionId === null) {
    return sql`case when ${products.displayRemaining} >= 0 then ${products.displayRemaining} + ${qty} else ${products.displayRemaining} end`;
  }
  await lockProduct(tx, tenantId, line.productId);
  await tx
    .update(productOptions)
    .set({ remaining: sql`${productOptions.remaining} + ${qty}` })
    .where(
      and(
        eq(productOptions.tenantId, tenantId),
        eq(productOptions.id, line.optionId),
        gte(productOptions.remaining, 0),
      ),
    );
  return optionTotal(tenantId, line.productId);
}

/** Gives back stock an unpaid, cancelled or refunded order line took. */
export async function releaseStock(
  tx: DbOrTx,
  tenantId: number,
  line: StockLine & { stockReserved: number },
): Promise<void> {
  if (line.stockReserved <= 0) return;
  const remaining = await putBack(tx, tenantId, line, line.stockReserved);
  await tx
    .update(products)
    .set({ displayRemaining: remaining })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, line.productId)));
}

/**
 * A paid order line counts once in `orders_count` (the ranking of "재주문 많은"); a cancelled or
 * refunded one no longer, and gives back the stock it took, in the same UPDATE of the product.
 */
export async function countOrder(
  tx: DbOrTx,
  tenantId: number,
  line: StockLine & { stockReserved: number },
  delta: 1 | -1,
): Promise<void> {
  const restock = delta < 0 && line.stockReserved > 0;
  await tx
    .update(products)
    .set({
      ordersCount: sql`greatest(0, ${products.ordersCount} + ${delta})`,
      ...(restock ? { displayRemaining: await putBack(tx, tenantId, line, line.stockReserved) } : {}),
    })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, line.productId)));
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

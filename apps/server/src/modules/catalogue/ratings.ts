import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { productRatings, products } from './catalogue.schema.js';
import { findProduct } from './products.repository.js';
import { liveProduct } from './products.service.js';

/**
 * What the reviews module asks of the catalogue (docs/decisions/017-reviews.md): the product a
 * review is about, and the product's review figures, which the catalogue shows on every card.
 */

/** The product a review may be read or written about: live, of a kind the tenant offers; 404 otherwise. */
export async function reviewedProduct(db: DbOrTx, tenant: TenantRow, productId: number) {
  return liveProduct(tenant, await findProduct(db, tenant.id, productId));
}

export interface RatingFigures {
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  distribution: [number, number, number, number, number];
  /** The newest reviews' ratings, newest first. */
  recent: number[];
}

/**
 * Takes the lock of the product's figures (making the row on the first review). Writers of one
 * product's reviews hold it from here to their commit, so that figures computed after it see
 * every review committed before.
 */
export async function lockRatings(tx: DbOrTx, tenantId: number, productId: number): Promise<void> {
  await tx.insert(productRatings).values({ tenantId, productId }).onConflictDoNothing();
  await tx
    .select({ productId: productRatings.productId })
    .from(productRatings)
    .where(and(eq(productRatings.tenantId, tenantId), eq(productRatings.productId, productId)))
    .for('update');
}

/** Stores the figures (under `lockRatings`). */
export async function saveRatings(tx: DbOrTx, tenantId: number, productId: number, figures: RatingFigures) {
  const [r1, r2, r3, r4, r5] = figures.distribution;
  await tx
    .update(productRatings)
    .set({
      reviewCount: r1 + r2 + r3 + r4 + r5,
      ratingTotal: r1 + 2 * r2 + 3 * r3 + 4 * r4 + 5 * r5,
      rating1: r1,
      rating2: r2,
      rating3: r3,
      rating4: r4,
      rating5: r5,
      recentRatings: figures.recent,
    })
    .where(and(eq(productRatings.tenantId, tenantId), eq(productRatings.productId, productId)));
}

/** The stored figures of a product (zeros before its first review). */
export async function ratingsOf(db: DbOrTx, tenantId: number, productId: number): Promise<RatingFigures> {
  const [row] = await db
    .select()
    .from(productRatings)
    .where(and(eq(productRatings.tenantId, tenantId), eq(productRatings.productId, productId)));
  if (!row) return { distribution: [0, 0, 0, 0, 0], recent: [] };
  return {
    distribution: [row.rating1, row.rating2, row.rating3, row.rating4, row.rating5],
    recent: row.recentRatings,
  };
}

/** What a review shows of its product. */
export interface ProductCard {
  id: number;
  title: string;
  price: number;
  imageKey: string | null;
}

/** The storage key of each product's card image (deleted products included: a review keeps its product). */
export async function productCards(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, ProductCard>();
  const rows = await db
    .select({ id: products.id, title: products.title, price: products.price, imageKey: products.imageKey })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

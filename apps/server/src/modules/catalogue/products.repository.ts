import { type CategoryType, computeDiscountRate } from '@app/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { inPageOrder, shapedConditions, statementsByShape } from '../../platform/db/statements.js';
import { type DeliveryTermsRow, deliveryTermsColumns } from '../users/delivery-terms.js';
import { merchants } from '../users/users.schema.js';
import {
  type NewProductMediaRow,
  type NewProductRow,
  type ProductMediaRow,
  type ProductOptionRow,
  type ProductRow,
  productMedia,
  productOptions,
  productRatings,
  products,
} from './catalogue.schema.js';

/** A product row with its review figures and the merchant fields every answer carries. */
export interface ProductWithMerchant extends ProductRow {
  ratingCount: number;
  ratingTotal: number;
  merchantOwnerId: number;
  merchantBusinessName: string;
  merchantTerms: DeliveryTermsRow;
}

// The review figures, by the primary key of product_ratings (no row: no review yet).
const ratingColumns = {
  ratingCount: sql<number>`coalesce(${productRatings.reviewCount}, 0)`.mapWith(Number),
  ratingTotal: sql<number>`coalesce(${productRatings.ratingTotal}, 0)`.mapWith(Number),
};
const ratingJoin = and(eq(productRatings.tenantId, products.tenantId), eq(productRatings.productId, products.id));

// The merchant's name comes from the accounts module's table by a read-only join on the
// composite key: a second round trip per list would double the cost of every hot list.
const productWithMerchant = {
  ...getTableColumns(products),
  ...ratingColumns,
  merchantOwnerId: merchants.userId,
  merchantBusinessName: merchants.businessName,
  merchantTerms: deliveryTermsColumns,
};
const merchantJoin = and(eq(merchants.tenantId, products.tenantId), eq(merchants.id, products.merchantId));

export type ProductSort = 'latest' | 'popular' | 'price_asc' | 'price_desc' | 'discount' | 'views' | 'orders';

export interface ProductFilter {
  tenantId: number;
  /** The kinds the tenant offers (its shopping and delivery switches). */
  kinds: CategoryType[];
  categoryType?: CategoryType;
  merchantId?: number;
  /** A shopping or delivery category value. */
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Substring of title or description (already trimmed, non-empty). */
  q?: string;
  isDelivery?: boolean;
  /** Lists for the public show only products on sale; the owner's own list shows every one. */
  includeUnavailable?: boolean;
  discountedOnly?: boolean;
}

/** The search expression; the same text as the search indexes of the migrations, so they can use it. */
export const searchText = sql`lower(${products.title} || ' ' || ${products.description})`;

const value = sql.placeholder;

/**
 * The filter's conditions with placeholders: `shape` says which conditions there are (never a
 * value), `values` fills the placeholders. Lists and counts are built once per shape.
 */
function conditions(f: ProductFilter) {
  const c = shapedConditions([eq(products.tenantId, value('tenantId')), isNull(products.deletedAt)], {
    tenantId: f.tenantId,
  });
  const kinds = f.categoryType ? f.kinds.filter((k) => k === f.categoryType) : f.kinds;
  if (kinds.length === 1) c.add('k1', eq(products.categoryType, value('kind')), { kind: kinds[0] });
  else c.add(`k${kinds.length}`, kinds.length === 0 ? sql`false` : []);
  if (f.merchantId !== undefined) {
    c.add('m', eq(products.merchantId, value('merchantId')), { merchantId: f.merchantId });
  }
  if (f.category) {
    c.add(
      `c${f.categoryType ?? ''}`,
      f.categoryType === 'pickup'
        ? eq(products.deliveryCategory, value('category'))
        : f.categoryType === 'shopping'
          ? eq(products.category, value('category'))
          : sql`(${products.category} = ${value('category')} or ${products.deliveryCategory} = ${value('category')})`,
      { category: f.category },
    );
  }
  if (f.minPrice !== undefined) c.add('lo', gte(products.price, value('minPrice')), { minPrice: f.minPrice });
  if (f.maxPrice !== undefined) c.add('hi', lte(products.price, value('maxPrice')), { maxPrice: f.maxPrice });
  if (f.q) {
    // Two characters or more: the bigram index finds the candidates (migration 0011). For exactly
    // two, holding the bigram is containing the text; for more, LIKE checks the candidates.
    const length = [...f.q].length;
    c.add(
      `q${Math.min(length, 3)}`,
      [
        ...(length >= 2 ? [sql`search_bigrams(${searchText}) @> search_bigrams(${value('q')})`] : []),
        ...(length !== 2 ? [sql`${searchText} like ${value('pattern')}`] : []),
      ],
      {
        ...(length >= 2 ? { q: f.q.toLowerCase() } : {}),
        ...(length !== 2 ? { pattern: containsPattern(f.q) } : {}),
      },
    );
  }
  if (f.isDelivery !== undefined) {
    c.add('d', eq(products.isDelivery, value('isDelivery')), { isDelivery: f.isDelivery });
  }
  // The bare column, as in the public lists' index predicates, so even a generic plan can use them.
  if (!f.includeUnavailable) c.add('a', sql`${products.isAvailable}`);
  if (f.discountedOnly) c.add('x', sql`${products.discountRate} > 0`);
  return c.done();
}

/**
 * Rankings put sold-out products (stock 0) after every one still on offer: a "TOP 3" a buyer
 * cannot order from misleads. The ranking indexes carry the same expression as their first
 * ordering key, so the lists still walk an index.
 */
const soldOutLast = sql`(${products.displayRemaining} = 0)`;

function ordering(sort: ProductSort): SQL[] {
  switch (sort) {
    case 'latest':
      return [desc(products.createdAt), desc(products.id)];
    case 'price_asc':
      return [asc(products.price), desc(products.id)];
    case 'price_desc':
      return [desc(products.price), desc(products.id)];
    case 'discount':
      return [desc(products.discountRate), desc(products.id)];
    case 'views':
      return [desc(products.viewsCount), desc(products.id)];
    case 'orders':
      return [soldOutLast, desc(products.ordersCount), desc(products.id)];
    default:
      return [soldOutLast, desc(products.ordersCount), desc(products.viewsCount), desc(products.id)];
  }
}

/**
 * The public reads of the catalogue, each built once per shape (platform/db/statements.ts).
 *
 * A page is two statements. The page's ids come from `products` alone, planned for its values:
 * the planner walks an ordering index and stops after `offset + limit` entries, and the public
 * lists' indexes (products on sale only) answer it without reading the table (an index-only scan;
 * migration 0014). Then one named statement reads those rows by key with their merchants and
 * review figures. Joined in one statement, the join was planned again on every request (about
 * 0.5 ms of the database's time) and a deep page read every row it walked past.
 *
 * A search of two characters or more is a named statement: its only fitting access is the bigram
 * index (decision 027), which a generic plan picks for every text, and planning it again cost as
 * much as half the search. Other lists are planned for each run's values: a generic plan cannot
 * know the offset, and would sort every match where the custom one walks an index.
 */
export function createProductReads(db: Db) {
  const pages = statementsByShape<{ id: number }[]>('product_page_ids', 'each-run');
  const searchPages = statementsByShape<{ id: number }[]>('product_search_ids', 'once');
  const rowsByIds = statementsByShape<ProductWithMerchant[]>('product_rows', 'once');
  const counts = statementsByShape<{ n: number }[]>('product_count', 'each-run');
  const finds = statementsByShape<(ProductWithMerchant & { recentRatings: number[] })[]>('product_find', 'once');
  const media = statementsByShape<ProductMediaRow[]>('product_media', 'once');
  return {
    async list(
      filter: ProductFilter,
      sort: ProductSort,
      limit: number,
      offset: number,
    ): Promise<ProductWithMerchant[]> {
      const { where, shape, values } = conditions(filter);
      const byBigrams = filter.q !== undefined && [...filter.q].length >= 2;
      const page = await (byBigrams ? searchPages : pages)(
        `${shape}:${sort}`,
        () =>
          db
            .select({ id: products.id })
            .from(products)
            .where(where)
            .orderBy(...ordering(sort))
            .limit(value('limit'))
            .offset(value('offset')),
        { ...values, limit, offset },
      );
      if (page.length === 0) return [];
      const ids = page.map((p) => p.id);
      // A product deleted between the two statements is left out rather than shown.
      const rows = await rowsByIds(
        'of',
        () =>
          db
            .select(productWithMerchant)
            .from(products)
            .innerJoin(merchants, merchantJoin)
            .leftJoin(productRatings, ratingJoin)
            .where(
              and(
                eq(products.tenantId, value('tenantId')),
                sql`${products.id} = any(${value('ids')})`,
                isNull(products.deletedAt),
              ),
            ),
        { tenantId: filter.tenantId, ids },
      );
      return inPageOrder(ids, rows);
    },
    async count(filter: ProductFilter): Promise<number> {
      const { where, shape, values } = conditions(filter);
      const build = () => db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
      const [row] = await counts(shape, build, values);
      return row?.n ?? 0;
    },
    /** A product of the tenant, deleted or not, for the product page. */
    async find(tenantId: number, id: number) {
      const [row] = await finds('find', () => findProductQuery(db, value('tenantId'), value('id')), { tenantId, id });
      return row;
    },
    media(tenantId: number, productId: number): Promise<ProductMediaRow[]> {
      return media('of', () => mediaQuery(db, value('tenantId'), value('productId')), { tenantId, productId });
    },
  };
}

export type ProductReads = ReturnType<typeof createProductReads>;

/** A product of the tenant, deleted or not (the service decides what a deleted one answers). */
export async function findProduct(
  db: DbOrTx,
  tenantId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<(ProductWithMerchant & { recentRatings: number[] }) | undefined> {
  const query = findProductQuery(db, tenantId, id);
  const [row] = options.forUpdate ? await query.for('update', { of: products }) : await query;
  return row;
}

function findProductQuery(db: DbOrTx, tenantId: number | Placeholder, id: number | Placeholder) {
  return db
    .select({
      ...productWithMerchant,
      recentRatings: sql<number[]>`coalesce(${productRatings.recentRatings}, '{}'::integer[])`,
    })
    .from(products)
    .innerJoin(merchants, merchantJoin)
    .leftJoin(productRatings, ratingJoin)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
    .limit(1);
}

/** Products of the tenant by id, deleted ones included (a cart shows them as no longer on sale). */
export function findProducts(db: DbOrTx, tenantId: number, ids: number[]): Promise<ProductWithMerchant[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(productWithMerchant)
    .from(products)
    .innerJoin(merchants, merchantJoin)
    .leftJoin(productRatings, ratingJoin)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
}

export async function insertProduct(db: DbOrTx, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insert into products returned no row');
  return row;
}

export async function updateProduct(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: Partial<NewProductRow>,
): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
}

export type DeletedSort = 'deleted_desc' | 'deleted_asc' | 'title' | 'price';

/** A merchant's deleted products of the kinds the tenant offers (the others cannot be restored). */
const deletedOf = (tenantId: number, merchantId: number, kinds: CategoryType[]) =>
  and(
    eq(products.tenantId, tenantId),
    eq(products.merchantId, merchantId),
    isNotNull(products.deletedAt),
    kinds.length === 1 ? eq(products.categoryType, kinds[0] as CategoryType) : undefined,
    kinds.length === 0 ? sql`false` : undefined,
  );

export function listDeletedProducts(
  db: DbOrTx,
  tenantId: number,
  merchantId: number,
  kinds: CategoryType[],
  sort: DeletedSort,
  limit: number,
  offset: number,
): Promise<ProductWithMerchant[]> {
  const order =
    sort === 'deleted_asc'
      ? [asc(products.deletedAt), asc(products.id)]
      : sort === 'title'
        ? [asc(products.title), desc(products.id)]
        : sort === 'price'
          ? [asc(products.price), desc(products.id)]
          : [desc(products.deletedAt), desc(products.id)];
  return db
    .select(productWithMerchant)
    .from(products)
    .innerJoin(merchants, merchantJoin)
    .leftJoin(productRatings, ratingJoin)
    .where(deletedOf(tenantId, merchantId, kinds))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countDeletedProducts(
  db: DbOrTx,
  tenantId: number,
  merchantId: number,
  kinds: CategoryType[],
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(deletedOf(tenantId, merchantId, kinds));
  return row?.n ?? 0;
}

/** Adds batched view counts of one tenant: one statement for every product of the batch. */
export async function addProductViews(db: DbOrTx, tenantId: number, counts: { id: number; n: number }[]) {
  if (counts.length === 0) return;
  const values = sql.join(
    counts.map((c) => sql`(${c.id}::int, ${c.n}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update products p set views_count = p.views_count + v.n
    from (values ${values}) as v(id, n)
    where p.tenant_id = ${tenantId} and p.id = v.id`);
}

/** Product counts per category of the tenant's live products on sale. */
export async function countByCategory(db: DbOrTx, tenantId: number) {
  return db
    .select({
      categoryType: products.categoryType,
      category: sql<string>`coalesce(${products.category}, ${products.deliveryCategory})`,
      n: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), isNull(products.deletedAt), eq(products.isAvailable, true)))
    .groupBy(products.categoryType, sql`coalesce(${products.category}, ${products.deliveryCategory})`);
}

/** Titles containing the text, for keyword suggestions. */
export async function suggestTitles(db: DbOrTx, tenantId: number, kinds: CategoryType[], q: string, limit: number) {
  const rows = await db
    .select({ title: products.title })
    .from(products)
    .where(
      and(
        eq(products.tenantId, tenantId),
        isNull(products.deletedAt),
        eq(products.isAvailable, true),
        kinds.length === 1 ? eq(products.categoryType, kinds[0] as CategoryType) : undefined,
        kinds.length === 0 ? sql`false` : undefined,
        sql`lower(${products.title}) like ${containsPattern(q)}`,
      ),
    )
    .orderBy(desc(products.ordersCount), desc(products.viewsCount), desc(products.id))
    .limit(limit);
  return rows.map((r) => r.title);
}

// ---------------------------------------------------------------------------------------------
// Options (docs/decisions/037-product-options.md)
// ---------------------------------------------------------------------------------------------

/** The live options of the products, in display order (one statement for a whole page). */
export async function optionsOf(
  db: DbOrTx,
  tenantId: number,
  productIds: number[],
): Promise<Map<number, ProductOptionRow[]>> {
  const byProduct = new Map<number, ProductOptionRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productOptions)
    .where(
      and(
        eq(productOptions.tenantId, tenantId),
        inArray(productOptions.productId, productIds),
        isNull(productOptions.deletedAt),
      ),
    )
    .orderBy(asc(productOptions.productId), asc(productOptions.sortOrder), asc(productOptions.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}

/** One live option of the product, locked for the caller's transaction when asked. */
export async function findOption(
  db: DbOrTx,
  tenantId: number,
  productId: number,
  optionId: number,
): Promise<ProductOptionRow | undefined> {
  const [row] = await db
    .select()
    .from(productOptions)
    .where(
      and(
        eq(productOptions.tenantId, tenantId),
        eq(productOptions.productId, productId),
        eq(productOptions.id, optionId),
        isNull(productOptions.deletedAt),
      ),
    );
  return row;
}

/**
 * Removes (soft) the `removed` options and writes the listed ones in their order: updated by id,
 * inserted without. Answers the live options as saved.
 */
export async function writeOptions(
  db: DbOrTx,
  tenantId: number,
  productId: number,
  removed: number[],
  inputs: {
    id?: number;
    name: string;
    price: number;
    original_price?: number | null;
    stock: number | null;
    is_available: boolean;
  }[],
): Promise<ProductOptionRow[]> {
  const now = new Date();
  if (removed.length > 0) {
    await db
      .update(productOptions)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          eq(productOptions.tenantId, tenantId),
          eq(productOptions.productId, productId),
          inArray(productOptions.id, removed),
        ),
      );
  }
  const saved: ProductOptionRow[] = [];
  for (const [sortOrder, input] of inputs.entries()) {
    const values = {
      name: input.name,
      price: input.price,
      originalPrice: input.original_price ?? null,
      remaining: input.stock ?? -1,
      isAvailable: input.is_available,
      sortOrder,
    };
    const [row] =
      input.id === undefined
        ? await db
            .insert(productOptions)
            .values({ tenantId, productId, ...values })
            .returning()
        : await db
            .update(productOptions)
            .set({ ...values, updatedAt: now })
            .where(
              and(
                eq(productOptions.tenantId, tenantId),
                eq(productOptions.productId, productId),
                eq(productOptions.id, input.id),
              ),
            )
            .returning();
    if (row) saved.push(row);
  }
  return saved;
}

/**
 * Writes the options (see `writeOptions`); when some remain, the product row takes their figures:
 * the cheapest option on sale's price, original price and discount, and their stock total.
 */
export async function setOptions(
  db: DbOrTx,
  tenantId: number,
  productId: number,
  removed: number[],
  inputs: Parameters<typeof writeOptions>[4],
): Promise<ProductOptionRow[]> {
  const saved = await writeOptions(db, tenantId, productId, removed, inputs);
  if (saved.length === 0) return saved;
  const onSale = saved.filter((o) => o.isAvailable);
  const [cheapest] = [...(onSale.length ? onSale : saved)].sort((a, b) => a.price - b.price) as [ProductOptionRow];
  await updateProduct(db, tenantId, productId, {
    hasOptions: true,
    price: cheapest.price,
    originalPrice: cheapest.originalPrice,
    discountRate: computeDiscountRate(cheapest.price, cheapest.originalPrice),
  });
  await refreshOptionStock(db, tenantId, productId);
  return saved;
}

/** Sets an option's count (-1 unlimited); the caller refreshes the product's total. */
export async function setOptionStock(db: DbOrTx, tenantId: number, optionId: number, remaining: number) {
  await db
    .update(productOptions)
    .set({ remaining, updatedAt: new Date() })
    .where(and(eq(productOptions.tenantId, tenantId), eq(productOptions.id, optionId)));
}

/**
 * The stock of a product with options, as its row keeps it: the total of its options on sale (-1
 * if any is unlimited, 0 when none is on sale), for the lists' sold-out ordering and the spec's
 * `display_remaining`. An expression for the product's UPDATE, in the transaction that changed an
 * option's count.
 */
export function optionTotal(tenantId: number, productId: number): SQL {
  return sql`(
    select case when bool_or(o.remaining = -1) then -1 else coalesce(sum(o.remaining), 0)::int end
    from ${productOptions} o
    where o.tenant_id = ${tenantId} and o.product_id = ${productId} and o.deleted_at is null and o.is_available
  )`;
}

/** Sets a product's stock to its options' total (see `optionTotal`). */
export async function refreshOptionStock(db: DbOrTx, tenantId: number, productId: number): Promise<void> {
  await db
    .update(products)
    .set({ displayRemaining: optionTotal(tenantId, productId) })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId), eq(products.hasOptions, true)));
}

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

export function listMedia(db: DbOrTx, tenantId: number, productId: number): Promise<ProductMediaRow[]> {
  return mediaQuery(db, tenantId, productId);
}

function mediaQuery(db: DbOrTx, tenantId: number | Placeholder, productId: number | Placeholder) {
  return db
    .select()
    .from(productMedia)
    .where(and(eq(productMedia.tenantId, tenantId), eq(productMedia.productId, productId)))
    .orderBy(asc(productMedia.sortOrder), asc(productMedia.id));
}

/** Which of the storage keys a product image row names (display or thumbnail). */
export async function referencedMediaKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ fileKey: productMedia.fileKey, thumbnailKey: productMedia.thumbnailKey })
    .from(productMedia)
    .where(or(inArray(productMedia.fileKey, keys), inArray(productMedia.thumbnailKey, keys)));
  return new Set(rows.flatMap((r) => [r.fileKey, r.thumbnailKey]));
}

export async function insertMedia(db: DbOrTx, values: NewProductMediaRow): Promise<ProductMediaRow> {
  const [row] = await db.insert(productMedia).values(values).returning();
  if (!row) throw new Error('insert into product_media returned no row');
  return row;
}

export async function deleteMedia(db: DbOrTx, tenantId: number, productId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .delete(productMedia)
    .where(
      and(eq(productMedia.tenantId, tenantId), eq(productMedia.productId, productId), inArray(productMedia.id, ids)),
    )
    .returning();
}

export async function setMediaPosition(
  db: DbOrTx,
  tenantId: number,
  id: number,
  sortOrder: number,
  isThumbnail: boolean,
) {
  await db
    .update(productMedia)
    .set({ sortOrder, isThumbnail })
    .where(and(eq(productMedia.tenantId, tenantId), eq(productMedia.id, id)));
}

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import { merchants } from '../users/users.schema.js';

/**
 * The public lists' indexes hold only products on sale (not deleted, available): the merchant's
 * own list, which shows unavailable ones too, goes by products_merchant_idx. A list page's ids are
 * then read from the index alone (an index-only scan): the columns a page's query filters or
 * orders by that are not keys yet (the stock behind `soldOut`, the kind) are the last keys.
 */
const onSale = sql`deleted_at is null and is_available`;
/** The rankings' first key: sold-out products (stock 0) after every one still on offer. */
const soldOut = sql`(display_remaining = 0)`;
const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);

/**
 * A product of a merchant: the shopping kind (with `category`) or the pickup kind (delivery and
 * pickup, with `delivery_category`). Soft-deleted rows keep `deleted_at`. `image_key` and
 * `thumbnail_key` copy the thumbnail image's storage keys so that lists never join the media.
 * The trigram index for search is created by the migration (it needs the pg_trgm extension).
 */
export const products = pgTable(
  'products',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    categoryType: text('category_type', { enum: ['shopping', 'pickup'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Integer won. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    /** Computed by the service from price and original_price; stored for the discount list's index. */
    discountRate: integer('discount_rate').notNull().default(0),
    category: text('category'),
    deliveryCategory: text('delivery_category'),
    isDelivery: boolean('is_delivery').notNull().default(false),
    isAvailable: boolean('is_available').notNull().default(true),
    /**
     * The stock count (-1 unlimited). With options, their total (-1 if any is unlimited), kept by
     * the writes of the options (docs/decisions/037).
     */
    displayRemaining: integer('display_remaining').notNull().default(-1),
    /** True when the product is sold by options (price and stock are then the options'). */
    hasOptions: boolean('has_options').notNull().default(false),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    /** Added in batches by the view counter (see docs/decisions/010-batched-counters.md), never per request. */
    viewsCount: integer('views_count').notNull().default(0),
    ordersCount: integer('orders_count').notNull().default(0),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey('products_merchant_fk', t.tenantId, t.merchantId, merchants),
    check('products_price_check', sql`${t.price} > 0`),
    check('products_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check('products_discount_rate_check', sql`${t.discountRate} between 0 and 100`),
    check('products_display_remaining_check', sql`${t.displayRemaining} >= -1`),
    check(
      'products_kind_check',
      sql`(${t.categoryType} = 'shopping' and ${t.category} is not null) or (${t.categoryType} = 'pickup' and ${t.deliveryCategory} is not null)`,
    ),
    // The lists: newest, ranking (sold out last, orders, views), per category, discount, per
    // merchant, deleted.
    index('products_latest_idx')
      .on(t.tenantId, t.categoryType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(onSale),
    index('products_ranking_idx')
      .on(
        t.tenantId,
        t.categoryType,
        soldOut,
        t.ordersCount.desc().nullsFirst(),
        t.viewsCount.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.displayRemaining,
      )
      .where(onSale),
    index('products_category_ranking_idx')
      .on(
        t.tenantId,
        t.category,
        soldOut,
        t.ordersCount.desc().nullsFirst(),
        t.viewsCount.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.displayRemaining,
        t.categoryType,
      )
      .where(sql`deleted_at is null and is_available and category is not null`),
    index('products_delivery_category_ranking_idx')
      .on(
        t.tenantId,
        t.deliveryCategory,
        soldOut,
        t.ordersCount.desc().nullsFirst(),
        t.viewsCount.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.displayRemaining,
        t.categoryType,
      )
      .where(sql`deleted_at is null and is_available and delivery_category is not null`),
    // The same two lists over both kinds (a tenant with shopping and delivery on, no kind asked).
    index('products_all_latest_idx')
      .on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(onSale),
    index('products_all_ranking_idx')
      .on(
        t.tenantId,
        soldOut,
        t.ordersCount.desc().nullsFirst(),
        t.viewsCount.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.displayRemaining,
      )
      .where(onSale),
    index('products_discount_idx')
      .on(t.tenantId, t.discountRate.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryType)
      .where(onSale),
    index('products_merchant_idx').on(
      t.tenantId,
      t.merchantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_deleted_idx')
      .on(t.tenantId, t.merchantId, t.deletedAt.desc().nullsFirst())
      .where(sql`deleted_at is not null`),
  ],
);

/**
 * An option (size) of a product (docs/decisions/037-product-options.md): its own absolute price
 * and its own stock count (`remaining`: -1 unlimited, else the count, taken by one conditional
 * UPDATE as a product's `display_remaining` is). A product with options keeps on its own row the
 * figures lists sort and filter by: the cheapest option on sale's price and the options' total
 * stock, written in the transaction that changes an option. A removed option keeps its row
 * (`deleted_at`) for the orders that bought it.
 */
export const productOptions = pgTable(
  'product_options',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    remaining: integer('remaining').notNull().default(-1),
    isAvailable: boolean('is_available').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey('product_options_product_fk', t.tenantId, t.productId, products),
    index('product_options_product_idx').on(t.tenantId, t.productId, t.sortOrder, t.id).where(sql`deleted_at is null`),
    uniqueIndex('product_options_name_key').on(t.tenantId, t.productId, t.name).where(sql`deleted_at is null`),
    check('product_options_price_check', sql`${t.price} > 0`),
    check('product_options_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check('product_options_remaining_check', sql`${t.remaining} >= -1`),
  ],
);
export type ProductOptionRow = typeof productOptions.$inferSelect;

/** An image of a product: a display size and a thumbnail, both re-encoded (WebP) and stored by key. */
export const productMedia = pgTable(
  'product_media',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    productId: integer('product_id').notNull(),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /** The uploaded file's name (cleaned), for display only. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isThumbnail: boolean('is_thumbnail').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey('product_media_product_fk', t.tenantId, t.productId, products).onDelete('cascade'),
    index('product_media_product_idx').on(t.tenantId, t.productId, t.sortOrder, t.id),
  ],
);

/**
 * The review figures of a product (docs/decisions/017-reviews.md): count, sum, the count of each
 * rating and the newest ratings, set by the reviews module inside the transaction that writes a
 * review, under this row's lock (ratings.ts). A row of its own, not columns of `products`: a
 * review never waits for the product row that checkout and the view counter keep busy, and no
 * reader of the product waits for a review.
 */
export const productRatings = pgTable(
  'product_ratings',
  {
    tenantId: integer('tenant_id').notNull(),
    productId: integer('product_id').notNull(),
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    rating1: integer('rating_1').notNull().default(0),
    rating2: integer('rating_2').notNull().default(0),
    rating3: integer('rating_3').notNull().default(0),
    rating4: integer('rating_4').notNull().default(0),
    rating5: integer('rating_5').notNull().default(0),
    /** The ratings of the newest reviews, newest first (at most PRODUCT_REVIEW_RATINGS_MAX). */
    recentRatings: integer('recent_ratings').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.productId] }),
    tenantForeignKey('product_ratings_product_fk', t.tenantId, t.productId, products).onDelete('cascade'),
    check(
      'product_ratings_counts_check',
      sql`${t.rating1} >= 0 and ${t.rating2} >= 0 and ${t.rating3} >= 0 and ${t.rating4} >= 0 and ${t.rating5} >= 0 and ${t.reviewCount} = ${t.rating1} + ${t.rating2} + ${t.rating3} + ${t.rating4} + ${t.rating5} and ${t.ratingTotal} = ${t.rating1} + 2 * ${t.rating2} + 3 * ${t.rating3} + 4 * ${t.rating4} + 5 * ${t.rating5}`,
    ),
  ],
);

/** Where a merchant is (for `nearby` and the region filter); one row per merchant that has a place. */
export const merchantPlaces = pgTable(
  'merchant_places',
  {
    tenantId: integer('tenant_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** A region code of the regions list (seoul, gyeonggi, ...). */
    region: text('region'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.merchantId] }),
    tenantForeignKey('merchant_places_merchant_fk', t.tenantId, t.merchantId, merchants).onDelete('cascade'),
    index('merchant_places_latlng_idx').on(t.tenantId, t.latitude, t.longitude),
    check('merchant_places_lat_check', sql`${t.latitude} between -90 and 90`),
    check('merchant_places_lng_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/** The banners of the tenant's home (shown between starts_at and ends_at, by sort_order). */
export const banners = pgTable(
  'banners',
  {
    tenantId: tenantId(),
    id: serial('id').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    backgroundColor: text('background_color'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('banners_order_idx').on(t.tenantId, t.sortOrder, t.id)],
);

export const events = pgTable(
  'events',
  {
    tenantId: tenantId(),
    id: serial('id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('events_starts_idx').on(t.tenantId, t.startsAt.desc().nullsFirst(), t.id),
  ],
);

export const notices = pgTable(
  'notices',
  {
    tenantId: tenantId(),
    id: serial('id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('notices_list_idx').on(
      t.tenantId,
      t.isPinned.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** How often each keyword was searched (added in batches, like views). */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    tenantId: tenantId(),
    keyword: text('keyword').notNull(),
    searchCount: integer('search_count').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.keyword] }),
    index('search_keywords_popular_idx').on(t.tenantId, t.searchCount.desc().nullsFirst()),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductMediaRow = typeof productMedia.$inferSelect;
export type NewProductMediaRow = typeof productMedia.$inferInsert;

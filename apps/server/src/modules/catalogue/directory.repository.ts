import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { containsPattern, prefixPattern } from '../../platform/db/like.js';
import { shapedConditions, statementsByShape } from '../../platform/db/statements.js';
import { type DeliveryTermsRow, deliveryTermsColumns } from '../users/delivery-terms.js';
import { merchants, users } from '../users/users.schema.js';
import { banners, events, merchantPlaces, notices, products, searchKeywords } from './catalogue.schema.js';

// Merchants are the accounts module's rows; the directory reads them (and the owner's profile
// image) by read-only joins on the composite keys, together with this module's places.
// Subqueries name the tenant itself, not `merchants.tenant_id`: Citus keeps a query on one shard
// only when every table of it is filtered by the same tenant (docs/decisions/034-citus.md).
const productCountOf = (tenantId: number) => sql<number>`(
  select count(*)::int from ${products} p
  where p.tenant_id = ${tenantId} and p.merchant_id = ${merchants.id}
    and p.deleted_at is null and p.is_available)`;

const merchantFields = {
  id: merchants.id,
  ownerId: merchants.userId,
  businessName: merchants.businessName,
  businessDescription: merchants.businessDescription,
  address: merchants.address,
  phone: merchants.phone,
  profileImage: users.profileImage,
  region: merchantPlaces.region,
  latitude: merchantPlaces.latitude,
  longitude: merchantPlaces.longitude,
  terms: deliveryTermsColumns,
};
const merchantColumnsOf = (tenantId: number) => ({ ...merchantFields, productCount: productCountOf(tenantId) });

export interface MerchantDirectoryRow {
  id: number;
  terms: DeliveryTermsRow;
  ownerId: number;
  businessName: string;
  businessDescription: string | null;
  address: string | null;
  phone: string | null;
  profileImage: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  productCount: number;
  distanceKm?: number;
}

export interface MerchantFilter {
  tenantId: number;
  search?: string;
  category?: string;
  /** A region code, or a part of the address. */
  location?: string;
}

const value = sql.placeholder;

/** The filter's conditions with placeholders, the shape naming which there are (as the product lists). */
function merchantConditions(f: MerchantFilter) {
  const c = shapedConditions([eq(merchants.tenantId, value('tenantId')), isNull(users.deletedAt)], {
    tenantId: f.tenantId,
  });
  if (f.search) {
    c.add(
      's',
      sql`(lower(${merchants.businessName}) like ${value('search')} or lower(coalesce(${merchants.businessDescription}, '')) like ${value('search')})`,
      { search: containsPattern(f.search) },
    );
  }
  if (f.category) {
    c.add(
      'c',
      sql`exists (select 1 from ${products} p where p.tenant_id = ${value('tenantId')}
      and p.merchant_id = ${merchants.id} and p.deleted_at is null
      and (p.category = ${value('category')} or p.delivery_category = ${value('category')}))`,
      { category: f.category },
    );
  }
  if (f.location) {
    c.add(
      'l',
      sql`(${merchantPlaces.region} = ${value('location')} or lower(coalesce(${merchants.address}, '')) like ${value('locationPattern')})`,
      { location: f.location, locationPattern: containsPattern(f.location) },
    );
  }
  return c.done();
}

const userJoin = and(eq(users.tenantId, merchants.tenantId), eq(users.id, merchants.userId));
const placeJoin = and(eq(merchantPlaces.tenantId, merchants.tenantId), eq(merchantPlaces.merchantId, merchants.id));

/**
 * The merchant directory's page and count, built once per shape as named statements
 * (platform/db/statements.ts): the merchants of a tenant are few next to its products, so a
 * generic plan (a scan of the tenant's merchants) serves every value. The page leaves out the
 * product counts: counted per row in the statement, they walked every product of the page's
 * merchants on each request (8 ms at 20,000 products), and their cost made PostgreSQL judge the
 * generic plan (which cannot know the offset) dearer and plan every run again.
 */
export function createMerchantReads(db: Db) {
  const lists = statementsByShape<Omit<MerchantDirectoryRow, 'productCount'>[]>('merchant_list', 'once');
  const counts = statementsByShape<{ n: number }[]>('merchant_count', 'once');
  return {
    /** A page of merchants without their product counts (the products service keeps those). */
    list(filter: MerchantFilter, limit: number, offset: number): Promise<Omit<MerchantDirectoryRow, 'productCount'>[]> {
      const { where, shape, values } = merchantConditions(filter);
      const build = () =>
        db
          .select(merchantFields)
          .from(merchants)
          .innerJoin(users, userJoin)
          .leftJoin(merchantPlaces, placeJoin)
          .where(where)
          .orderBy(asc(merchants.businessName), asc(merchants.id))
          .limit(value('limit'))
          .offset(value('offset'));
      return lists(shape, build, { ...values, limit, offset });
    },
    async count(filter: MerchantFilter): Promise<number> {
      const { where, shape, values } = merchantConditions(filter);
      const build = () =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(merchants)
          .innerJoin(users, userJoin)
          .leftJoin(merchantPlaces, placeJoin)
          .where(where);
      const [row] = await counts(shape, build, values);
      return row?.n ?? 0;
    },
  };
}

/** Merchants with the most orders (then products) on their live products. */
export function featuredMerchants(db: DbOrTx, tenantId: number, limit: number): Promise<MerchantDirectoryRow[]> {
  const orders = sql<number>`(select coalesce(sum(p.orders_count), 0) from ${products} p
    where p.tenant_id = ${tenantId} and p.merchant_id = ${merchants.id} and p.deleted_at is null)`;
  const productCount = productCountOf(tenantId);
  return db
    .select(merchantColumnsOf(tenantId))
    .from(merchants)
    .innerJoin(users, userJoin)
    .leftJoin(merchantPlaces, placeJoin)
    .where(and(eq(merchants.tenantId, tenantId), isNull(users.deletedAt), gt(productCount, 0)))
    .orderBy(desc(orders), desc(productCount), asc(merchants.id))
    .limit(limit);
}

export async function findMerchant(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select(merchantColumnsOf(tenantId))
    .from(merchants)
    .innerJoin(users, userJoin)
    .leftJoin(merchantPlaces, placeJoin)
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row as MerchantDirectoryRow | undefined;
}

/**
 * Merchants within `radiusKm` of a point, nearest first: a latitude/longitude box on the index
 * narrows the rows, the haversine distance decides.
 */
export async function nearbyMerchants(
  db: DbOrTx,
  tenantId: number,
  lat: number,
  lng: number,
  radiusKm: number,
  limit: number,
): Promise<MerchantDirectoryRow[]> {
  const dLat = radiusKm / 111.2;
  const dLng = radiusKm / (111.2 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  const distance = sql<number>`(6371 * 2 * asin(sqrt(
      power(sin(radians(${merchantPlaces.latitude} - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(${merchantPlaces.latitude}))
      * power(sin(radians(${merchantPlaces.longitude} - ${lng}::float8) / 2), 2))))`;
  const rows = await db
    .select({ ...merchantColumnsOf(tenantId), distanceKm: distance })
    .from(merchants)
    .innerJoin(users, userJoin)
    .innerJoin(merchantPlaces, placeJoin)
    .where(
      and(
        eq(merchants.tenantId, tenantId),
        isNull(users.deletedAt),
        sql`${merchantPlaces.latitude} between ${lat - dLat}::float8 and ${lat + dLat}::float8`,
        sql`${merchantPlaces.longitude} between ${lng - dLng}::float8 and ${lng + dLng}::float8`,
        lte(distance, radiusKm),
      ),
    )
    .orderBy(asc(distance), asc(merchants.id))
    .limit(limit);
  return rows as MerchantDirectoryRow[];
}

export async function merchantCountsByRegion(db: DbOrTx, tenantId: number) {
  return db
    .select({ region: merchantPlaces.region, n: sql<number>`count(*)::int` })
    .from(merchantPlaces)
    .where(eq(merchantPlaces.tenantId, tenantId))
    .groupBy(merchantPlaces.region);
}

export async function upsertMerchantPlace(db: DbOrTx, values: typeof merchantPlaces.$inferInsert) {
  await db
    .insert(merchantPlaces)
    .values(values)
    .onConflictDoUpdate({
      target: [merchantPlaces.tenantId, merchantPlaces.merchantId],
      set: { latitude: values.latitude, longitude: values.longitude, region: values.region, updatedAt: new Date() },
    });
}

// ---------------------------------------------------------------------------------------------
// Banners, events, notices
// ---------------------------------------------------------------------------------------------

const showing = (t: typeof banners | typeof events, now: Date) =>
  and(eq(t.isActive, true), lte(t.startsAt, now), or(isNull(t.endsAt), gt(t.endsAt, now)));

export function listBanners(db: DbOrTx, tenantId: number, now: Date) {
  return db
    .select()
    .from(banners)
    .where(and(eq(banners.tenantId, tenantId), showing(banners, now)))
    .orderBy(asc(banners.sortOrder), asc(banners.id))
    .limit(20);
}

export function listEvents(db: DbOrTx, tenantId: number, now: Date) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.tenantId, tenantId), showing(events, now)))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(50);
}

export function listNotices(db: DbOrTx, tenantId: number, limit: number, offset: number) {
  return db
    .select()
    .from(notices)
    .where(eq(notices.tenantId, tenantId))
    .orderBy(desc(notices.isPinned), desc(notices.createdAt), desc(notices.id))
    .limit(limit)
    .offset(offset);
}

export async function countNotices(db: DbOrTx, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notices).where(eq(notices.tenantId, tenantId));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Search keywords
// ---------------------------------------------------------------------------------------------

/** Adds batched search counts of one tenant. */
export async function addSearchCounts(db: DbOrTx, tenantId: number, counts: { keyword: string; n: number }[]) {
  if (counts.length === 0) return;
  await db
    .insert(searchKeywords)
    .values(counts.map((c) => ({ tenantId, keyword: c.keyword, searchCount: c.n })))
    .onConflictDoUpdate({
      target: [searchKeywords.tenantId, searchKeywords.keyword],
      set: {
        searchCount: sql`${searchKeywords.searchCount} + excluded.search_count`,
        lastSearchedAt: sql`excluded.last_searched_at`,
      },
    });
}

export function popularKeywords(db: DbOrTx, tenantId: number, limit: number) {
  return db
    .select({ keyword: searchKeywords.keyword, count: searchKeywords.searchCount })
    .from(searchKeywords)
    .where(eq(searchKeywords.tenantId, tenantId))
    .orderBy(desc(searchKeywords.searchCount), asc(searchKeywords.keyword))
    .limit(limit);
}

export async function keywordsStartingWith(db: DbOrTx, tenantId: number, prefix: string, limit: number) {
  const rows = await db
    .select({ keyword: searchKeywords.keyword })
    .from(searchKeywords)
    .where(and(eq(searchKeywords.tenantId, tenantId), sql`${searchKeywords.keyword} like ${prefixPattern(prefix)}`))
    .orderBy(desc(searchKeywords.searchCount))
    .limit(limit);
  return rows.map((r) => r.keyword);
}

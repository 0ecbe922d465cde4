import {
  type Banner,
  type CatalogueCategory,
  type CatalogueEvent,
  deliveryCategories,
  type MerchantList,
  type MerchantSummary,
  type Notice,
  type Region,
  type SearchResult,
  shoppingCategories,
} from '@app/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { paged } from '../../platform/totals.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { presentDeliveryTerms } from '../users/delivery-terms.js';
import type { BatchedCounts } from './batched-counts.js';
import * as dir from './directory.repository.js';
import * as repo from './products.repository.js';
import { kindsOf, type ProductsService } from './products.service.js';
import { regions } from './regions.js';

function presentMerchant(row: dir.MerchantDirectoryRow): MerchantSummary {
  return {
    id: row.id,
    owner_id: row.ownerId,
    business_name: row.businessName,
    business_description: row.businessDescription,
    address: row.address,
    phone: row.phone,
    profile_image: row.profileImage,
    region: row.region,
    latitude: row.latitude,
    longitude: row.longitude,
    product_count: Number(row.productCount),
    delivery_terms: presentDeliveryTerms(row.terms),
    ...(row.distanceKm === undefined ? {} : { distance_km: Math.round(Number(row.distanceKm) * 10) / 10 }),
  };
}

/** The catalogue's shared lists: merchants, categories, regions, banners, events, notices, search. */
export function createDirectoryService(deps: { db: Db; products: ProductsService; counts: BatchedCounts }) {
  const { db, products, counts } = deps;
  const merchantReads = dir.createMerchantReads(db);

  /** Both category lists of the kinds the tenant offers, with live product counts. */
  async function allCategories(tenant: TenantRow): Promise<CatalogueCategory[]> {
    const kinds = kindsOf(tenant);
    const totals = await repo.countByCategory(db, tenant.id);
    const count = (type: string, value: string) =>
      totals
        .filter((t) => t.categoryType === type && (value === 'all' || t.category === value))
        .reduce((sum, t) => sum + Number(t.n), 0);
    const list: CatalogueCategory[] = [];
    if (kinds.includes('shopping')) {
      for (const c of shoppingCategories)
        list.push({ ...c, type: 'shopping', product_count: count('shopping', c.value) });
    }
    if (kinds.includes('pickup')) {
      for (const c of deliveryCategories)
        list.push({ ...c, type: 'delivery', product_count: count('pickup', c.value) });
    }
    return list;
  }

  async function merchantPage(
    tenant: TenantRow,
    filter: Omit<dir.MerchantFilter, 'tenantId'>,
    page: number,
    size: number,
  ): Promise<MerchantList> {
    const full = { ...filter, tenantId: tenant.id };
    const [rows, total] = await Promise.all([
      merchantReads.list(full, size, (page - 1) * size),
      merchantReads.count(full),
    ]);
    const counts = await Promise.all(rows.map((r) => products.onSaleCount(tenant.id, r.id)));
    const merchants = rows.map((r, i) => presentMerchant({ ...r, productCount: counts[i] ?? 0 }));
    return { merchants, ...paged(page, size, total) };
  }

  return {
    allCategories,

    async category(tenant: TenantRow, value: string): Promise<CatalogueCategory> {
      const found = (await allCategories(tenant)).find((c) => c.value === value && c.value !== 'all');
      if (!found) throw AppError.notFound('카테고리를 찾을 수 없습니다.', 'category_not_found');
      return found;
    },

    merchants: merchantPage,

    async featuredMerchants(tenant: TenantRow): Promise<MerchantSummary[]> {
      return (await dir.featuredMerchants(db, tenant.id, 10)).map(presentMerchant);
    },

    async nearbyMerchants(tenant: TenantRow, q: { lat: number; lng: number; radius: number; size: number }) {
      return (await dir.nearbyMerchants(db, tenant.id, q.lat, q.lng, q.radius, q.size)).map(presentMerchant);
    },

    async merchant(tenant: TenantRow, id: number): Promise<MerchantSummary> {
      const row = await dir.findMerchant(db, tenant.id, id);
      if (!row) throw AppError.notFound('판매자를 찾을 수 없습니다.', 'merchant_not_found');
      return presentMerchant(row);
    },

    async regions(tenant: TenantRow): Promise<Region[]> {
      const counted = new Map((await dir.merchantCountsByRegion(db, tenant.id)).map((r) => [r.region, Number(r.n)]));
      return regions.map((r) => ({ ...r, merchant_count: counted.get(r.code) ?? 0 }));
    },

    async banners(tenant: TenantRow): Promise<Banner[]> {
      return (await dir.listBanners(db, tenant.id, new Date())).map((b) => ({
        id: b.id,
        title: b.title,
        subtitle: b.subtitle,
        image_url: b.imageUrl,
        link_url: b.linkUrl,
        background_color: b.backgroundColor,
      }));
    },

    async events(tenant: TenantRow): Promise<CatalogueEvent[]> {
      return (await dir.listEvents(db, tenant.id, new Date())).map((e) => ({
        id: e.id,
        title: e.title,
        description: e.description,
        image_url: e.imageUrl,
        link_url: e.linkUrl,
        starts_at: e.startsAt.toISOString(),
        ends_at: e.endsAt ? e.endsAt.toISOString() : null,
      }));
    },

    async notices(tenant: TenantRow, page: number, size: number) {
      const [rows, total] = await Promise.all([
        dir.listNotices(db, tenant.id, size, (page - 1) * size),
        dir.countNotices(db, tenant.id),
      ]);
      const notices: Notice[] = rows.map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        is_pinned: n.isPinned,
        created_at: n.createdAt.toISOString(),
      }));
      return { notices, ...paged(page, size, total) };
    },

    /** Products and merchants matching the text (type narrows to one of them). */
    async search(
      tenant: TenantRow,
      q: { q: string; type: SearchResult['type']; page: number; size: number },
    ): Promise<SearchResult> {
      const text = q.q;
      const wantProducts = q.type !== 'merchants' && text.length > 0;
      const wantMerchants = q.type !== 'products' && text.length > 0;
      const [productPage, merchantList] = await Promise.all([
        wantProducts
          ? products.listProducts(tenant, { q: text, page: q.page, size: q.size }, { sort: 'popular' })
          : undefined,
        wantMerchants ? merchantPage(tenant, { search: text }, q.page, q.size) : undefined,
      ]);
      if (text && q.page === 1) counts.addSearch(tenant.id, text);
      const totalProducts = productPage?.total ?? 0;
      const totalMerchants = merchantList?.total ?? 0;
      return {
        query: text,
        type: q.type,
        products: productPage?.products ?? [],
        merchants: merchantList?.merchants ?? [],
        total_products: totalProducts,
        total_merchants: totalMerchants,
        total: totalProducts + totalMerchants,
        page: q.page,
        size: q.size,
      };
    },

    async popularKeywords(tenant: TenantRow) {
      const rows = await dir.popularKeywords(db, tenant.id, 10);
      return rows.map((r) => ({ keyword: r.keyword, count: Number(r.count) }));
    },

    /** Searched keywords starting with the text, then product titles containing it (at most 10). */
    async suggest(tenant: TenantRow, text: string): Promise<string[]> {
      if (!text) return [];
      const [keywords, titles] = await Promise.all([
        dir.keywordsStartingWith(db, tenant.id, text, 5),
        repo.suggestTitles(db, tenant.id, kindsOf(tenant), text, 10),
      ]);
      return [...new Set([...keywords, ...titles])].slice(0, 10);
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;

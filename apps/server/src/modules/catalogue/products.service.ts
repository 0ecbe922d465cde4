import {
  type CategoryType,
  computeDiscountRate,
  type DeliveryTerms,
  type DeliveryTermsUpdate,
  deliveryCategoryValues,
  type MainShopping,
  PRODUCT_IMAGES_MAX,
  type Product,
  type ProductDetail,
  type ProductInputParsed,
  type ProductList,
  type ProductListQuery,
  type ProductMedia,
  productMessages,
  shoppingCategoryValues,
} from '@app/contracts';
import type { AnswerCache } from '../../platform/answer-cache.js';
import type { CurrentUser } from '../../platform/auth.js';
import type { Bus } from '../../platform/bus.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { type ImageUpload, storeImage } from '../../platform/media/upload.js';
import type { Storage } from '../../platform/storage/storage.js';
import { createTotals, paged } from '../../platform/totals.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { deliveryTermsOf, updateDeliveryTerms } from '../users/delivery-terms.js';
import type { ProductMediaRow } from './catalogue.schema.js';
import { assertOwner } from './products.policy.js';
import { presentMedia, presentProduct, presentProductDetail } from './products.presenter.js';
import * as repo from './products.repository.js';

export type Merchant = CurrentUser & { merchantId: number };

/** The product kinds a tenant offers: shopping with its shopping switch, pickup with delivery. */
export function kindsOf(tenant: TenantRow): CategoryType[] {
  const kinds: CategoryType[] = [];
  if (tenant.features.shopping) kinds.push('shopping');
  if (tenant.features.delivery) kinds.push('pickup');
  return kinds;
}

export const productNotFound = () => AppError.notFound('상품을 찾을 수 없습니다.', 'product_not_found');
/** The row when it is a live product of a kind the tenant offers; 404 otherwise. */
export function liveProduct<T extends repo.ProductWithMerchant>(tenant: TenantRow, row: T | undefined): T {
  if (!row || row.deletedAt || !kindsOf(tenant).includes(row.categoryType)) throw productNotFound();
  return row;
}

const kindDisabled = () => AppError.notFound('이 서비스에서 제공하지 않는 기능입니다.', 'feature_disabled');

const isShoppingCategory = (v: string) => (shoppingCategoryValues as readonly string[]).includes(v);
const isDeliveryCategory = (v: string) => (deliveryCategoryValues as readonly string[]).includes(v);

export function createProductsService(deps: { db: Db; storage: Storage; answers: AnswerCache; bus: Bus }) {
  const { db, storage, answers } = deps;
  /** Answers a page of rows with their options (one more statement when any of them has options). */
  async function presentAll(tenantId: number, rows: repo.ProductWithMerchant[], tx: DbOrTx = db) {
    const options = await repo.optionsOf(
      tx,
      tenantId,
      rows.filter((r) => r.hasOptions).map((r) => r.id),
    );
    return rows.map((row) => presentProduct(row, storage, options.get(row.id)));
  }

  const reads = repo.createProductReads(db);
  const totals = createTotals(deps.bus, 'product-totals');
  const countCached = (filter: repo.ProductFilter) =>
    totals.get(filter.tenantId, JSON.stringify(filter), () => reads.count(filter));
  /** A merchant's products on sale, of any kind (the directory's product_count), kept like the list totals. */
  const onSaleCount = (tenantId: number, merchantId: number) =>
    totals.get(tenantId, `merchant:${merchantId}`, () =>
      reads.count({ tenantId, kinds: ['shopping', 'pickup'], merchantId }),
    );
  const productsChanged = (tenantId: number) => {
    totals.drop(tenantId);
    answers.invalidate(tenantId);
  };
  /** Drops the cached answers again once the write is committed (a read in between may have cached the old state). */
  const afterCommit = <T>(tenantId: number, write: Promise<T>) => write.finally(() => productsChanged(tenantId));

  /** A live product of the tenant whose kind the tenant offers; 404 otherwise. */
  async function findLive(tenant: TenantRow, id: number, tx: DbOrTx = db, forUpdate = false) {
    return liveProduct(tenant, await repo.findProduct(tx, tenant.id, id, { forUpdate }));
  }

  /** A product the merchant may change: 404 when missing (or another tenant's), 403 when another merchant's. */
  async function findOwned(tenant: TenantRow, merchant: Merchant, id: number, tx: DbOrTx = db, forUpdate = false) {
    const row = await findLive(tenant, id, tx, forUpdate);
    assertOwner(merchant, row);
    return row;
  }

  /** Applies the image order rule: order 0..n-1 as listed, the first is the thumbnail (and the product's image). */
  async function normaliseMedia(tx: DbOrTx, tenantId: number, productId: number, ordered: ProductMediaRow[]) {
    for (const [index, m] of ordered.entries()) {
      if (m.sortOrder !== index || m.isThumbnail !== (index === 0)) {
        await repo.setMediaPosition(tx, tenantId, m.id, index, index === 0);
        m.sortOrder = index;
        m.isThumbnail = index === 0;
      }
    }
    const first = ordered[0];
    await repo.updateProduct(tx, tenantId, productId, {
      imageKey: first?.fileKey ?? null,
      thumbnailKey: first?.thumbnailKey ?? null,
    });
    return ordered;
  }

  async function detail(tenant: TenantRow, id: number, tx: DbOrTx = db): Promise<ProductDetail> {
    const row = await repo.findProduct(tx, tenant.id, id);
    if (!row) throw productNotFound();
    const [media, options] = await Promise.all([
      repo.listMedia(tx, tenant.id, id),
      row.hasOptions ? repo.optionsOf(tx, tenant.id, [id]) : undefined,
    ]);
    return presentProductDetail(row, media, storage, options?.get(id) ?? []);
  }

  /**
   * The row's fields from a save body. `stock` wins over `display_remaining`. With options, the
   * price fields are the cheapest option on sale's and the stock their total (set by `saveOptions`).
   */
  function fieldsOf(input: ProductInputParsed, kind: CategoryType, price: number) {
    return {
      title: input.title,
      description: input.description,
      price,
      originalPrice: input.original_price ?? null,
      discountRate: computeDiscountRate(price, input.original_price),
      category: kind === 'shopping' ? (input.category ?? null) : null,
      deliveryCategory: kind === 'pickup' ? (input.delivery_category ?? null) : null,
      isDelivery: kind === 'pickup' ? input.is_delivery : false,
      isAvailable: input.is_available,
      displayRemaining: input.stock === undefined ? input.display_remaining : (input.stock ?? -1),
    };
  }

  /**
   * Makes the product's options the listed ones (docs/decisions/037): listed with `id` updated,
   * without `id` added, left out removed (kept for the orders that bought them), in the listed
   * order; then the product row takes their figures. An id that is not a live option of this
   * product is refused and nothing is saved. Empty: the product sells without options again.
   */
  async function saveOptions(
    tx: DbOrTx,
    tenantId: number,
    productId: number,
    inputs: NonNullable<ProductInputParsed['options']>,
    ownPrice: number | undefined,
  ) {
    const existing = (await repo.optionsOf(tx, tenantId, [productId])).get(productId) ?? [];
    const known = new Set(existing.map((o) => o.id));
    if (inputs.some((o) => o.id !== undefined && !known.has(o.id))) {
      throw AppError.badRequest(productMessages.optionUnknown, 'option_unknown');
    }
    const listed = new Set(inputs.map((o) => o.id));
    const removed = existing.filter((o) => !listed.has(o.id)).map((o) => o.id);
    const saved = await repo.setOptions(tx, tenantId, productId, removed, inputs);
    if (saved.length === 0) {
      if (ownPrice === undefined) throw AppError.badRequest(productMessages.priceRequired, 'validation_error');
      await repo.updateProduct(tx, tenantId, productId, { hasOptions: false });
    }
  }

  return {
    onSaleCount,

    /** The public product page: a live product of a kind the tenant offers (the route counts the view). */
    async getProduct(tenant: TenantRow, id: number): Promise<ProductDetail> {
      const [row, media] = await Promise.all([reads.find(tenant.id, id), reads.media(tenant.id, id)]);
      const live = liveProduct(tenant, row);
      const options = live.hasOptions ? (await repo.optionsOf(db, tenant.id, [id])).get(id) : undefined;
      return presentProductDetail(live, media, storage, options ?? []);
    },

    /**
     * A merchant's own products that are not deleted, available or not, newest first, by offset
     * (the dashboard's products tab), with the count of all of them.
     */
    async merchantWindow(
      tenant: TenantRow,
      merchantId: number,
      limit: number,
      offset: number,
    ): Promise<{ products: Product[]; total: number }> {
      const filter: repo.ProductFilter = {
        tenantId: tenant.id,
        kinds: kindsOf(tenant),
        merchantId,
        includeUnavailable: true,
      };
      const [rows, total] = await Promise.all([reads.list(filter, 'latest', limit, offset), reads.count(filter)]);
      return { products: await presentAll(tenant.id, rows), total };
    },

    /**
     * Lists of live products with the catalogue filters. The public sees products on sale; a
     * merchant asking for its own products (merchant_id = its own) sees unavailable ones too.
     */
    async listProducts(
      tenant: TenantRow,
      query: ProductListQuery,
      options: { sort?: repo.ProductSort; viewerMerchantId?: number | null; discountedOnly?: boolean } = {},
    ): Promise<ProductList> {
      const category = query.category && query.category !== 'all' ? query.category : undefined;
      if (category && !isShoppingCategory(category) && !isDeliveryCategory(category)) {
        return { products: [], ...paged(query.page, query.size, 0) };
      }
      const filter: repo.ProductFilter = {
        tenantId: tenant.id,
        kinds: kindsOf(tenant),
        categoryType:
          query.category_type ?? (category ? (isShoppingCategory(category) ? 'shopping' : 'pickup') : undefined),
        merchantId: query.merchant_id,
        category,
        minPrice: query.min_price,
        maxPrice: query.max_price,
        q: query.q || undefined,
        isDelivery: query.is_delivery === undefined ? undefined : query.is_delivery === 'true',
        includeUnavailable:
          query.merchant_id !== undefined && options.viewerMerchantId === query.merchant_id ? true : undefined,
        discountedOnly: options.discountedOnly,
      };
      const sort = query.sort ?? options.sort ?? 'latest';
      const [rows, total] = await Promise.all([
        reads.list(filter, sort, query.size, (query.page - 1) * query.size),
        countCached(filter),
      ]);
      return { products: await presentAll(tenant.id, rows), ...paged(query.page, query.size, total) };
    },

    /**
     * The shopping mall's feed, one page per category: `all` (BEST: the ranking of every shopping
     * product) or, with `category`, that category's ranking, plus the search results when a text
     * is given. Each answer holds at most `size` products per list (about 10 KB at 20), where
     * every category's top at once weighed over 100 KB.
     */
    async shoppingFeed(
      tenant: TenantRow,
      query: { category?: string; q?: string; size: number },
    ): Promise<MainShopping> {
      const base: repo.ProductFilter = { tenantId: tenant.id, kinds: ['shopping'], categoryType: 'shopping' };
      const category = query.category && isShoppingCategory(query.category) ? query.category : undefined;
      const [ranked, found, foundTotal] = await Promise.all([
        reads.list({ ...base, category }, 'popular', query.size, 0),
        query.q ? reads.list({ ...base, q: query.q }, 'popular', query.size, 0) : undefined,
        query.q ? countCached({ ...base, q: query.q }) : undefined,
      ]);
      const categories = { [category ?? 'all']: await presentAll(tenant.id, ranked) };
      return found
        ? { categories, search_results: await presentAll(tenant.id, found), search_total: foundTotal }
        : { categories };
    },

    async createProduct(tenant: TenantRow, merchant: Merchant, input: ProductInputParsed): Promise<ProductDetail> {
      const kind: CategoryType = input.category_type ?? (input.delivery_category ? 'pickup' : 'shopping');
      if (!kindsOf(tenant).includes(kind)) throw kindDisabled();
      const options = input.options ?? [];
      const price = input.price ?? Math.min(...options.map((o) => o.price));
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          const row = await repo.insertProduct(tx, {
            tenantId: tenant.id,
            merchantId: merchant.merchantId,
            categoryType: kind,
            ...fieldsOf(input, kind, price),
          });
          if (options.length > 0) await saveOptions(tx, tenant.id, row.id, options, input.price);
          return detail(tenant, row.id, tx);
        }),
      );
    },

    async updateProduct(
      tenant: TenantRow,
      merchant: Merchant,
      id: number,
      input: ProductInputParsed,
    ): Promise<ProductDetail> {
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          const row = await findOwned(tenant, merchant, id, tx, true);
          const asked = input.category_type ?? (input.delivery_category && !input.category ? 'pickup' : undefined);
          if (asked && asked !== row.categoryType) throw AppError.badRequest(productMessages.kindLocked, 'kind_locked');
          if (row.categoryType === 'shopping' && !input.category) {
            throw AppError.badRequest(productMessages.categoryRequired, 'validation_error');
          }
          if (row.categoryType === 'pickup' && !input.delivery_category) {
            throw AppError.badRequest(productMessages.deliveryCategoryRequired, 'validation_error');
          }
          const price = input.price ?? row.price;
          const fields = fieldsOf(input, row.categoryType, price);
          // With options (kept or sent), price and stock come from them: the body's are not the row's.
          const byOptions = input.options === undefined ? row.hasOptions : input.options.length > 0;
          await repo.updateProduct(
            tx,
            tenant.id,
            id,
            byOptions
              ? {
                  ...fields,
                  price: row.price,
                  originalPrice: row.originalPrice,
                  discountRate: row.discountRate,
                  displayRemaining: row.displayRemaining,
                }
              : fields,
          );
          if (input.options !== undefined) await saveOptions(tx, tenant.id, id, input.options, input.price);
          else if (!byOptions && input.price === undefined) {
            throw AppError.badRequest(productMessages.priceRequired, 'validation_error');
          }
          productsChanged(tenant.id);
          return detail(tenant, id, tx);
        }),
      );
    },

    /** Soft delete: the product leaves every public list and page, and appears in the owner's deleted list. */
    async deleteProduct(tenant: TenantRow, merchant: Merchant, id: number): Promise<Product> {
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          await findOwned(tenant, merchant, id, tx, true);
          await repo.updateProduct(tx, tenant.id, id, { deletedAt: new Date() });
          productsChanged(tenant.id);
          const row = await repo.findProduct(tx, tenant.id, id);
          const [answer] = await presentAll(tenant.id, [row as repo.ProductWithMerchant], tx);
          return answer as Product;
        }),
      );
    },

    async restoreProduct(tenant: TenantRow, merchant: Merchant, id: number): Promise<ProductDetail> {
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          const row = await repo.findProduct(tx, tenant.id, id, { forUpdate: true });
          if (!row || !kindsOf(tenant).includes(row.categoryType)) throw productNotFound();
          assertOwner(merchant, row);
          if (!row.deletedAt) throw AppError.conflict('삭제되지 않은 상품입니다.', 'product_not_deleted');
          await repo.updateProduct(tx, tenant.id, id, { deletedAt: null });
          productsChanged(tenant.id);
          return detail(tenant, id, tx);
        }),
      );
    },

    async listDeleted(
      tenant: TenantRow,
      merchant: Merchant,
      query: { page: number; size: number; sort: repo.DeletedSort },
    ): Promise<ProductList> {
      const [rows, total] = await Promise.all([
        repo.listDeletedProducts(
          db,
          tenant.id,
          merchant.merchantId,
          kindsOf(tenant),
          query.sort,
          query.size,
          (query.page - 1) * query.size,
        ),
        repo.countDeletedProducts(db, tenant.id, merchant.merchantId, kindsOf(tenant)),
      ]);
      return { products: await presentAll(tenant.id, rows), ...paged(query.page, query.size, total) };
    },

    /** The merchant's delivery terms (the dashboard's form). */
    deliveryTerms(tenant: TenantRow, merchant: Merchant): Promise<DeliveryTerms> {
      return deliveryTermsOf(db, tenant.id, merchant.merchantId);
    },

    /** Saves them; every product answer carries them, so the tenant's cached answers are dropped. */
    async updateDeliveryTerms(tenant: TenantRow, merchant: Merchant, input: DeliveryTermsUpdate) {
      return afterCommit(tenant.id, updateDeliveryTerms(db, tenant, merchant.merchantId, input));
    },

    /**
     * The products tab's in-place count change: the product's stock, or its options' (by id).
     * Counts are what is left to sell now (units held by unpaid checkouts are already taken).
     */
    async updateStock(
      tenant: TenantRow,
      merchant: Merchant,
      id: number,
      input: { stock?: number | null; options?: { id: number; stock: number | null }[] },
    ): Promise<ProductDetail> {
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          const row = await findOwned(tenant, merchant, id, tx, true);
          if (row.hasOptions) {
            if (input.stock !== undefined || !input.options?.length) {
              throw AppError.badRequest(productMessages.optionStockOnly, 'options_stock');
            }
            const live = new Set(((await repo.optionsOf(tx, tenant.id, [id])).get(id) ?? []).map((o) => o.id));
            if (input.options.some((o) => !live.has(o.id))) {
              throw AppError.badRequest(productMessages.optionUnknown, 'option_unknown');
            }
            for (const o of input.options) await repo.setOptionStock(tx, tenant.id, o.id, o.stock ?? -1);
            await repo.refreshOptionStock(tx, tenant.id, id);
          } else {
            if (input.stock === undefined || input.options !== undefined) {
              throw AppError.badRequest(productMessages.stockInvalid, 'validation_error');
            }
            await repo.updateProduct(tx, tenant.id, id, { displayRemaining: input.stock ?? -1 });
          }
          productsChanged(tenant.id);
          return detail(tenant, id, tx);
        }),
      );
    },

    // -------------------------------------------------------------------------------------------
    // Media
    // -------------------------------------------------------------------------------------------

    async listMedia(tenant: TenantRow, id: number): Promise<ProductMedia[]> {
      await findLive(tenant, id);
      return (await repo.listMedia(db, tenant.id, id)).map((m) => presentMedia(m, storage));
    },

    /** Checked before the upload is read, so that a refused upload costs nothing. */
    async assertCanAddMedia(tenant: TenantRow, merchant: Merchant, id: number): Promise<void> {
      await findOwned(tenant, merchant, id);
      const media = await repo.listMedia(db, tenant.id, id);
      if (media.length >= PRODUCT_IMAGES_MAX) throw AppError.badRequest(productMessages.imagesMax, 'too_many_images');
    },

    /**
     * Re-encodes the image, stores both sizes, then records it under the product row's lock (so
     * that two uploads at once cannot pass ten). Files of a failed insert are removed again.
     */
    async addMedia(
      tenant: TenantRow,
      merchant: Merchant,
      id: number,
      upload: ImageUpload,
      asThumbnail: boolean,
    ): Promise<ProductMedia> {
      const prefix = `tenants/${tenant.id}/products/${id}`;
      return storeImage(storage, upload.data, { prefix, unreadable: productMessages.imageUnreadable }, (image) =>
        afterCommit(
          tenant.id,
          db.transaction(async (tx) => {
            await findOwned(tenant, merchant, id, tx, true);
            const existing = await repo.listMedia(tx, tenant.id, id);
            if (existing.length >= PRODUCT_IMAGES_MAX) {
              throw AppError.badRequest(productMessages.imagesMax, 'too_many_images');
            }
            const inserted = await repo.insertMedia(tx, {
              tenantId: tenant.id,
              productId: id,
              ...image,
              fileName: upload.fileName,
              sortOrder: existing.length,
              isThumbnail: false,
            });
            const ordered = asThumbnail ? [inserted, ...existing] : [...existing, inserted];
            productsChanged(tenant.id);
            await normaliseMedia(tx, tenant.id, id, ordered);
            return presentMedia(inserted, storage);
          }),
        ),
      );
    },

    /** Deletes images of the product (unknown ids answer 404 and delete nothing). */
    async deleteMedia(tenant: TenantRow, merchant: Merchant, id: number, ids: number[]): Promise<ProductMedia[]> {
      const unique = [...new Set(ids)];
      const { remaining, removed } = await afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          await findOwned(tenant, merchant, id, tx, true);
          const existing = await repo.listMedia(tx, tenant.id, id);
          const known = new Set(existing.map((m) => m.id));
          if (unique.some((m) => !known.has(m))) {
            throw AppError.notFound('이미지를 찾을 수 없습니다.', 'media_not_found');
          }
          const removedRows = await repo.deleteMedia(tx, tenant.id, id, unique);
          const left = await normaliseMedia(
            tx,
            tenant.id,
            id,
            existing.filter((m) => !unique.includes(m.id)),
          );
          productsChanged(tenant.id);
          return { remaining: left, removed: removedRows };
        }),
      );
      await storage.delete(removed.flatMap((m) => [m.fileKey, m.thumbnailKey])).catch(() => undefined);
      return remaining.map((m) => presentMedia(m, storage));
    },

    /**
     * Saves the order: items sorted by `order`; an item flagged is_thumbnail goes first (the
     * first is the thumbnail). Images not listed keep their relative order after the listed ones.
     */
    async orderMedia(
      tenant: TenantRow,
      merchant: Merchant,
      id: number,
      items: { id: number; order: number; is_thumbnail?: boolean }[],
    ): Promise<ProductMedia[]> {
      if (new Set(items.map((i) => i.id)).size !== items.length) {
        throw AppError.badRequest('같은 이미지가 두 번 들어 있습니다.', 'duplicate_media');
      }
      return afterCommit(
        tenant.id,
        db.transaction(async (tx) => {
          await findOwned(tenant, merchant, id, tx, true);
          const existing = await repo.listMedia(tx, tenant.id, id);
          const byId = new Map(existing.map((m) => [m.id, m]));
          if (items.some((i) => !byId.has(i.id))) {
            throw AppError.notFound('이미지를 찾을 수 없습니다.', 'media_not_found');
          }
          const sorted = [...items].sort((a, b) => a.order - b.order || a.id - b.id);
          const flagged = sorted.findIndex((i) => i.is_thumbnail);
          if (flagged > 0) sorted.unshift(...sorted.splice(flagged, 1));
          const listed = sorted.map((i) => byId.get(i.id) as ProductMediaRow);
          const rest = existing.filter((m) => !items.some((i) => i.id === m.id));
          productsChanged(tenant.id);
          const ordered = await normaliseMedia(tx, tenant.id, id, [...listed, ...rest]);
          return ordered.map((m) => presentMedia(m, storage));
        }),
      );
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

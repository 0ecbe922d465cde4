import { type Product, type ProductDetail, type ProductMedia, type ProductOption, ratingAverage } from '@app/contracts';
import type { Storage } from '../../platform/storage/storage.js';
import { presentDeliveryTerms } from '../users/delivery-terms.js';
import type { ProductMediaRow, ProductOptionRow } from './catalogue.schema.js';
import type { ProductWithMerchant } from './products.repository.js';

/** A stored count (-1 unlimited) as answers give it (null unlimited). */
export const stockOf = (remaining: number): number | null => (remaining < 0 ? null : remaining);

export function presentOption(row: ProductOptionRow): ProductOption {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    original_price: row.originalPrice,
    stock: stockOf(row.remaining),
    is_available: row.isAvailable,
  };
}

/** Row to answer, field by field, so no column reaches the client by accident. */
export function presentProduct(row: ProductWithMerchant, storage: Storage, options: ProductOptionRow[] = []): Product {
  return {
    id: row.id,
    title: row.title,
    name: row.title,
    description: row.description,
    price: row.price,
    original_price: row.originalPrice,
    discount_rate: row.discountRate,
    is_available: row.isAvailable,
    category_type: row.categoryType,
    category: row.category,
    delivery_category: row.deliveryCategory,
    is_delivery: row.isDelivery,
    display_remaining: row.displayRemaining,
    stock: stockOf(row.displayRemaining),
    options: options.map(presentOption),
    image_url: row.imageKey ? storage.url(row.imageKey) : null,
    thumbnail_url: row.thumbnailKey ? storage.url(row.thumbnailKey) : null,
    merchant_id: row.merchantId,
    merchant: {
      id: row.merchantId,
      owner_id: row.merchantOwnerId,
      business_name: row.merchantBusinessName,
      delivery_terms: presentDeliveryTerms(row.merchantTerms),
    },
    rating_average: ratingAverage(row.ratingTotal, row.ratingCount),
    rating_count: row.ratingCount,
    views_count: row.viewsCount,
    orders_count: row.ordersCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

export function presentMedia(row: ProductMediaRow, storage: Storage): ProductMedia {
  const thumbnail = storage.url(row.thumbnailKey);
  return {
    id: row.id,
    file_path: storage.url(row.fileKey),
    thumbnail_path: thumbnail,
    thumbnail_url: thumbnail,
    media_type: 'image',
    file_name: row.fileName,
    is_thumbnail: row.isThumbnail,
    order: row.sortOrder,
    width: row.width,
    height: row.height,
  };
}

export function presentProductDetail(
  row: ProductWithMerchant & { recentRatings: number[] },
  media: ProductMediaRow[],
  storage: Storage,
  options: ProductOptionRow[],
): ProductDetail {
  return {
    ...presentProduct(row, storage, options),
    media: media.map((m) => presentMedia(m, storage)),
    reviews: row.recentRatings.map((rating) => ({ rating })),
  };
}

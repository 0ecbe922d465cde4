import type { Product } from '@app/contracts';
import { matchesStockFilter, type StockFilter } from './stock-values';

/** Sorts of the products tab (spec part 3): latest, price low, price high, views, orders. */
export const productSorts = ['latest', 'price_asc', 'price_desc', 'views', 'orders'] as const;
export type ProductSort = (typeof productSorts)[number];

export const deliveryFilters = ['all', 'delivery', 'pickup'] as const;
export type DeliveryFilter = (typeof deliveryFilters)[number];

export const availabilityFilters = ['all', 'available', 'unavailable'] as const;
export type AvailabilityFilter = (typeof availabilityFilters)[number];

export interface ProductFilters {
  search: string;
  /** 'all', or `shopping:{value}` / `delivery:{value}` (the two lists share no namespace). */
  category: string;
  delivery: DeliveryFilter;
  availability: AvailabilityFilter;
  /** The stock chips above the list: running low, or something sold out. */
  stock: StockFilter;
  sort: ProductSort;
}

/** The spec's default shows the products on sale only. */
export const defaultProductFilters: ProductFilters = {
  search: '',
  category: 'all',
  delivery: 'all',
  availability: 'available',
  stock: 'all',
  sort: 'latest',
};

/** True when anything narrows the list (the sort alone does not). */
export function isNarrowing(filters: ProductFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.category !== defaultProductFilters.category ||
    filters.delivery !== defaultProductFilters.delivery ||
    filters.availability !== defaultProductFilters.availability ||
    filters.stock !== defaultProductFilters.stock
  );
}

function inCategory(product: Product, category: string): boolean {
  if (category === 'all') return true;
  const [kind, value] = category.split(':', 2);
  return kind === 'delivery' ? product.delivery_category === value : product.category === value;
}

const byLatest = (a: Product, b: Product) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;

const comparators: Record<ProductSort, (a: Product, b: Product) => number> = {
  latest: byLatest,
  price_asc: (a, b) => a.price - b.price || byLatest(a, b),
  price_desc: (a, b) => b.price - a.price || byLatest(a, b),
  views: (a, b) => b.views_count - a.views_count || byLatest(a, b),
  orders: (a, b) => b.orders_count - a.orders_count || byLatest(a, b),
};

/** The products tab's client-side search, filters and sort over the loaded products. */
export function applyProductFilters(products: readonly Product[], filters: ProductFilters): Product[] {
  const needle = filters.search.trim().toLocaleLowerCase('ko-KR');
  return products
    .filter((p) => {
      if (needle && !`${p.title}\n${p.description}`.toLocaleLowerCase('ko-KR').includes(needle)) return false;
      if (!inCategory(p, filters.category)) return false;
      if (filters.delivery === 'delivery' && !p.is_delivery) return false;
      // Parcel goods of the shopping catalogue are neither: they ship (see productKindLabel).
      if (filters.delivery === 'pickup' && (p.is_delivery || p.category_type === 'shopping')) return false;
      if (filters.availability === 'available' && !p.is_available) return false;
      if (filters.availability === 'unavailable' && p.is_available) return false;
      return matchesStockFilter(p, filters.stock);
    })
    .sort(comparators[filters.sort]);
}

import type { Product, ProductOption } from '@app/contracts';
import { isLowStock } from '@/lib/stock';

/** How a stock count reads: null unlimited, 0 sold out, 10 or fewer low, else plain. */
export type StockLevel = 'unlimited' | 'sold_out' | 'low' | 'plain';

export function stockLevel(stock: number | null): StockLevel {
  if (stock === null || stock < 0) return 'unlimited';
  if (stock === 0) return 'sold_out';
  return isLowStock(stock) ? 'low' : 'plain';
}

/**
 * What the products tab tells about a product's stock. Without options, its own count. With
 * options, the options on sale: sold out when all of them are, low when one of them is (a farmer
 * restocks 5kg boxes, not "the apples"), partly sold out when some are and others are not.
 */
export interface ProductStockState {
  soldOut: boolean;
  low: boolean;
  partlySoldOut: boolean;
}

export function productStockState(product: Pick<Product, 'stock' | 'options'>): ProductStockState {
  if (product.options.length === 0) {
    const level = stockLevel(product.stock);
    return { soldOut: level === 'sold_out', low: level === 'low', partlySoldOut: false };
  }
  const onSale = product.options.filter((o) => o.is_available);
  const levels = (onSale.length > 0 ? onSale : product.options).map((o) => stockLevel(o.stock));
  const soldOut = levels.every((l) => l === 'sold_out');
  return {
    soldOut,
    low: !soldOut && levels.includes('low'),
    partlySoldOut: !soldOut && levels.includes('sold_out'),
  };
}

/** The stock filter of the products tab: products running low, or with something sold out. */
export const stockFilters = ['all', 'low', 'sold_out'] as const;
export type StockFilter = (typeof stockFilters)[number];

export function matchesStockFilter(product: Pick<Product, 'stock' | 'options'>, filter: StockFilter): boolean {
  if (filter === 'all') return true;
  const state = productStockState(product);
  return filter === 'low' ? state.low : state.soldOut || state.partlySoldOut;
}

/** The counts an inline stock change starts from: the product's, or each option's by id. */
export type StockDraft =
  | { kind: 'product'; stock: number | null }
  | { kind: 'options'; stocks: Record<number, number | null> };

export function stockDraftOf(product: Pick<Product, 'stock' | 'options'>): StockDraft {
  if (product.options.length === 0) return { kind: 'product', stock: product.stock };
  return { kind: 'options', stocks: Object.fromEntries(product.options.map((o) => [o.id, o.stock])) };
}

/**
 * The PUT /api/products/{id}/stock body of what changed (`{stock}` or `{options:[{id, stock}]}`,
 * null unlimited), or null when nothing did.
 */
export function stockUpdateBody(
  product: Pick<Product, 'stock' | 'options'>,
  draft: StockDraft,
): { stock: number | null } | { options: { id: number; stock: number | null }[] } | null {
  if (draft.kind === 'product') return draft.stock === product.stock ? null : { stock: draft.stock };
  const changed = product.options
    .filter((o: ProductOption) => o.id in draft.stocks && draft.stocks[o.id] !== o.stock)
    .map((o) => ({ id: o.id, stock: draft.stocks[o.id] ?? null }));
  return changed.length > 0 ? { options: changed } : null;
}

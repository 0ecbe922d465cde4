import type { ProductOption } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { matchesStockFilter, productStockState, stockDraftOf, stockLevel, stockUpdateBody } from './stock-values';

const option = (id: number, stock: number | null, is_available = true): ProductOption => ({
  id,
  name: `${id}kg`,
  price: 10000,
  original_price: null,
  stock,
  is_available,
});

describe('stock values', () => {
  it('reads a count: null unlimited, 0 sold out, 1 to 10 low', () => {
    expect([null, 0, 1, 10, 11].map(stockLevel)).toEqual(['unlimited', 'sold_out', 'low', 'low', 'plain']);
  });

  it('judges a product with options by its options on sale', () => {
    const state = (options: ProductOption[]) => productStockState({ stock: null, options });
    expect(state([option(1, 0), option(2, 0)])).toEqual({ soldOut: true, low: false, partlySoldOut: false });
    expect(state([option(1, 3), option(2, 50)])).toEqual({ soldOut: false, low: true, partlySoldOut: false });
    expect(state([option(1, 0), option(2, null)])).toEqual({ soldOut: false, low: false, partlySoldOut: true });
    // An option taken off sale does not count.
    expect(state([option(1, 2, false), option(2, 20)])).toEqual({ soldOut: false, low: false, partlySoldOut: false });
    expect(matchesStockFilter({ stock: null, options: [option(1, 0), option(2, 5)] }, 'sold_out')).toBe(true);
    expect(matchesStockFilter({ stock: 4, options: [] }, 'low')).toBe(true);
    expect(matchesStockFilter({ stock: null, options: [] }, 'low')).toBe(false);
  });

  it('sends the count, or the options whose count changed', () => {
    const plain = { stock: 5, options: [] };
    expect(stockUpdateBody(plain, stockDraftOf(plain))).toBeNull();
    expect(stockUpdateBody(plain, { kind: 'product', stock: null })).toEqual({ stock: null });
    const sized = { stock: 12, options: [option(1, 2), option(2, 10)] };
    expect(stockUpdateBody(sized, { kind: 'options', stocks: { 1: 2, 2: 0 } })).toEqual({
      options: [{ id: 2, stock: 0 }],
    });
  });
});

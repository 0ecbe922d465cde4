import { ORDER_QTY_MAX } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { isOptionBuyable, optionMaxQuantity, optionRemaining, pricedFrom } from './product-options';

const option = (price: number, over: { stock?: number | null; is_available?: boolean } = {}) => ({
  price,
  original_price: null,
  stock: null,
  is_available: true,
  ...over,
});

describe('pricedFrom (최저가부터)', () => {
  it('is a "from" price only when the options on sale cost different amounts', () => {
    expect(pricedFrom([option(12_000), option(20_000)])).toBe(true);
    expect(pricedFrom([option(12_000), option(12_000)])).toBe(false);
    expect(pricedFrom([option(12_000)])).toBe(false);
    expect(pricedFrom([])).toBe(false);
    expect(pricedFrom(undefined)).toBe(false);
  });

  it('leaves out the options off sale', () => {
    expect(pricedFrom([option(12_000), option(20_000, { is_available: false })])).toBe(false);
  });
});

describe('an option for the buyer', () => {
  it('can be bought when on sale and not sold out', () => {
    expect(isOptionBuyable(option(1000))).toBe(true);
    expect(isOptionBuyable(option(1000, { stock: 3 }))).toBe(true);
    expect(isOptionBuyable(option(1000, { stock: 0 }))).toBe(false);
    expect(isOptionBuyable(option(1000, { is_available: false }))).toBe(false);
  });

  it('holds an order to its stock and ORDER_QTY_MAX', () => {
    expect(optionRemaining(option(1000))).toBe(-1);
    expect(optionMaxQuantity(option(1000))).toBe(ORDER_QTY_MAX);
    expect(optionMaxQuantity(option(1000, { stock: 4 }))).toBe(4);
    expect(optionMaxQuantity(option(1000, { stock: 5000 }))).toBe(ORDER_QTY_MAX);
  });
});

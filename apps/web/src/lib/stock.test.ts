import { describe, expect, it } from 'vitest';
import { isLowStock, shownOriginalPrice, stockText } from './stock';

describe('stockText', () => {
  it('hides the stock for -1 and missing values', () => {
    expect(stockText(-1)).toBeNull();
    expect(stockText(undefined)).toBeNull();
    expect(stockText(null)).toBeNull();
  });
  it('says sold out for 0 and the count from 10 down', () => {
    expect(stockText(0)).toBe('품절');
    expect(stockText(1)).toBe('1개 남음');
    expect(stockText(10)).toBe('10개 남음');
  });
  it('says nothing above 10: plenty left is not news to a buyer', () => {
    expect(stockText(11)).toBeNull();
    expect(stockText(120)).toBeNull();
  });
});

describe('isLowStock', () => {
  it('is true from 1 to 10 only', () => {
    expect([-1, 0, 1, 10, 11].map(isLowStock)).toEqual([false, false, true, true, false]);
  });
});

describe('shownOriginalPrice', () => {
  it('shows the original price only when it is above the price', () => {
    expect(shownOriginalPrice(15000, 20000)).toBe(20000);
    expect(shownOriginalPrice(15000, 15000)).toBeNull();
    expect(shownOriginalPrice(15000, 9000)).toBeNull();
    expect(shownOriginalPrice(15000, null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { buildCart, buildGroup, buildItem } from './cart-test-support';
import { checkoutTotalsOf, lineMaxQty, selectedIdsOf } from './cart-values';

const strawberries = buildItem({ id: 1, price: 9000, qty: 2 });
const apples = buildItem({ id: 2, product_id: 6, title: '부사 사과', price: 12_000 });
const soldOut = buildItem({ id: 3, product_id: 7, title: '한라봉', available: false, unavailable_reason: 'sold_out' });
const parcel = buildGroup({ items: [strawberries, apples, soldOut] });
const meal = buildItem({ id: 4, product_id: 8, title: '수제 돈가스 정식', price: 9500 });
const local = buildGroup({
  merchant: { id: 7, business_name: '망원 돈가스' },
  category_type: 'pickup',
  order_type: 'pickup',
  order_types: ['delivery', 'pickup'],
  delivery_fee: 0,
  items: [meal],
});
const cart = buildCart([parcel, local]);

describe('cart selection and totals', () => {
  it('selects every available line but the unticked ones, never an unavailable one', () => {
    expect(selectedIdsOf(cart, new Set())).toEqual([1, 2, 4]);
    expect(selectedIdsOf(cart, new Set([2]))).toEqual([1, 4]);
  });

  it("pays a whole group at the server's total and a part of one at its goods plus the group's fee", () => {
    const all = checkoutTotalsOf(cart, [1, 2, 4]);
    expect(all.total).toBe(18_000 + 12_000 + 3000 + 9500);
    expect(all.partial).toBe(false);
    const part = checkoutTotalsOf(cart, [1, 4]);
    expect(part.itemsTotal).toBe(18_000 + 9500);
    expect(part.deliveryTotal).toBe(3000);
    expect(part.total).toBe(18_000 + 3000 + 9500);
    expect(part.partial).toBe(true);
    // The sold-out line is never paid for, even when its id is sent.
    expect(checkoutTotalsOf(cart, [3]).count).toBe(0);
  });

  it('asks for an address (and a postcode) only for what is shipped or delivered, and names each 배달/픽업 choice', () => {
    const pickupOnly = checkoutTotalsOf(cart, [4]);
    expect(pickupOnly.needsAddress).toBe(false);
    expect(pickupOnly.orderTypes).toEqual([{ merchant_id: 7, order_type: 'pickup' }]);
    const both = checkoutTotalsOf(cart, [1, 4]);
    expect(both.needsAddress).toBe(true);
    expect(both.needsPostcode).toBe(true);
  });

  it('holds back a delivery below the minimum order', () => {
    const short = buildCart([
      buildGroup({
        merchant: { id: 7, business_name: '망원 돈가스' },
        category_type: 'pickup',
        order_type: 'delivery',
        min_order_gap: 5500,
        items: [meal],
      }),
    ]);
    expect(checkoutTotalsOf(short, [4]).belowMinimum).toEqual([{ merchant: '망원 돈가스', gap: 5500 }]);
  });

  it('steps a line up to what is left, else to 99', () => {
    expect(lineMaxQty({ remaining: 3 })).toBe(3);
    expect(lineMaxQty({ remaining: null })).toBe(99);
  });
});

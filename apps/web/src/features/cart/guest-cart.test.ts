import { afterEach, describe, expect, it } from 'vitest';
import { addGuestLine, type GuestCartLine, readGuestCart, removeGuestLine, setGuestLineQty } from './guest-cart';

const line = (over: Partial<GuestCartLine> = {}): GuestCartLine => ({
  product_id: 5,
  option_id: null,
  qty: 1,
  title: '유기농 딸기 1kg',
  option_name: null,
  price: 9000,
  thumbnail_url: null,
  merchant: { id: 3, business_name: '햇살농원' },
  ...over,
});

afterEach(() => localStorage.clear());

describe("a guest's cart in the browser", () => {
  it('keeps lines per tenant and adds the same product and option to its qty', () => {
    addGuestLine(1, line({ qty: 2 }), 50);
    addGuestLine(1, line({ qty: 3 }), 50);
    addGuestLine(1, line({ option_id: 42, option_name: '5kg', price: 19_000 }), 50);
    expect(readGuestCart(1).map((l) => [l.product_id, l.option_id, l.qty])).toEqual([
      [5, null, 5],
      [5, 42, 1],
    ]);
    expect(readGuestCart(2)).toEqual([]);
  });

  it('refuses a new line beyond the limit, but still adds to a line it holds', () => {
    addGuestLine(1, line({ product_id: 1 }), 2);
    addGuestLine(1, line({ product_id: 2 }), 2);
    expect(addGuestLine(1, line({ product_id: 3 }), 2)).toEqual({ ok: false, reason: 'full' });
    expect(addGuestLine(1, line({ product_id: 2 }), 2)).toEqual({ ok: true });
    expect(readGuestCart(1).map((l) => l.qty)).toEqual([1, 2]);
  });

  it('changes and removes a line, and reads nothing from a broken entry', () => {
    addGuestLine(1, line(), 50);
    setGuestLineQty(1, 5, null, 4);
    expect(readGuestCart(1)[0]?.qty).toBe(4);
    removeGuestLine(1, 5, null);
    expect(readGuestCart(1)).toEqual([]);
    expect(localStorage.getItem('guest-cart:1')).toBeNull();
    localStorage.setItem('guest-cart:1', '{not json');
    expect(readGuestCart(1)).toEqual([]);
    localStorage.setItem('guest-cart:1', JSON.stringify([{ product_id: 'x', qty: 1 }, line()]));
    expect(readGuestCart(1)).toHaveLength(1);
  });
});

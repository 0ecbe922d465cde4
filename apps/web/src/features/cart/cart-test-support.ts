import type { Cart, CartGroup, CartItem } from '@app/contracts';
import type { SessionUser } from '@/lib/session';

/** Test data of the cart feature: the buyer, and carts as GET /api/cart answers them. */

export const buyer: SessionUser = {
  id: 11,
  email: 'minji@example.com',
  username: '김민지',
  user_type: 'customer',
  phone: '010-1234-5678',
  address: '서울특별시 마포구 월드컵북로 400, 101동 1001호',
  postcode: '03925',
};

export function buildItem(over: Partial<CartItem> = {}): CartItem {
  const price = over.price ?? 9000;
  const qty = over.qty ?? 1;
  return {
    id: 1,
    product_id: 5,
    option_id: null,
    title: '유기농 딸기 1kg',
    option_name: null,
    thumbnail_url: null,
    price,
    previous_price: null,
    qty,
    line_total: price * qty,
    available: true,
    unavailable_reason: null,
    stock_state: 'in_stock',
    remaining: null,
    ...over,
  };
}

/** A group whose totals are its available lines' (goods plus `delivery_fee`), as the server sums them. */
export function buildGroup(over: Partial<CartGroup> & { items: CartItem[] }): CartGroup {
  const itemsTotal = over.items.filter((i) => i.available).reduce((s, i) => s + i.line_total, 0);
  const fee = over.delivery_fee ?? 3000;
  return {
    merchant: { id: 3, business_name: '햇살농원' },
    category_type: 'shopping',
    order_type: 'delivery',
    order_types: ['delivery'],
    items_total: itemsTotal,
    delivery_fee: fee,
    delivery_note: '30,000원 이상 무료배송',
    free_delivery_gap: null,
    min_order_gap: null,
    group_total: itemsTotal + fee,
    ...over,
  };
}

export function buildCart(groups: CartGroup[]): Cart {
  const items_total = groups.reduce((s, g) => s + g.items_total, 0);
  const delivery_total = groups.reduce((s, g) => s + g.delivery_fee, 0);
  return {
    groups,
    count: groups.reduce((s, g) => s + g.items.length, 0),
    items_total,
    delivery_total,
    total_amount: items_total + delivery_total,
  };
}

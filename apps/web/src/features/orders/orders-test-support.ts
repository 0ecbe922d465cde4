import type { Order } from '@app/contracts';
import type { SessionUser } from '@/lib/session';

/** Test data of the orders feature: the buyer the screens run as, and an order to list. */

export const buyer: SessionUser = {
  id: 11,
  email: 'minji@example.com',
  username: '김민지',
  user_type: 'customer',
  phone: '010-1234-5678',
  address: null,
};

/** An order (its own payment, `pay_<id>`, unless `over` names one shared with others). */
export function buildOrder(over: Partial<Order> = {}): Order {
  return {
    id: 101,
    status: 'DELIVERING',
    order_type: 'delivery',
    category_type: 'pickup',
    created_at: '2025-03-04T05:05:00.000Z',
    paid_at: '2025-03-04T05:05:30.000Z',
    delivered_at: null,
    confirmed_at: null,
    cancelled_at: null,
    buyer: { id: 11, name: '김민지' },
    merchant: { id: 3, name: '햇살농원' },
    delivery_address: '서울 중구 세종대로 110, 3층',
    delivery_postcode: null,
    delivery_phone: '01012345678',
    delivery_memo: '문 앞에 놓아주세요',
    items: [
      {
        product_id: 5,
        product_title: '유기농 딸기 1kg',
        option_id: null,
        option_name: null,
        unit_price: 9000,
        quantity: 2,
        total_price: 18_000,
        image_url: '/uploads/strawberry.webp',
      },
    ],
    items_total: 18_000,
    shipping_fee: 0,
    total_price: 18_000,
    points_used: 3000,
    card_amount: 15_000,
    earned_points: 150,
    payment_id: `pay_${over.id ?? 101}`,
    refund_failure: null,
    shipment: null,
    needs_shipment: false,
    can_cancel: false,
    can_confirm: true,
    next_statuses: [],
    ...over,
  };
}

import { allowedOrderMoves, type Order } from '@app/contracts';

/** A merchant's order as the server answers it; tests override what they look at. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  const status = overrides.status ?? 'PENDING';
  const order: Order = {
    id: 1,
    status,
    order_type: 'delivery',
    category_type: 'pickup',
    created_at: '2025-03-14T03:00:00.000Z',
    paid_at: '2025-03-14T03:00:05.000Z',
    delivered_at: null,
    confirmed_at: null,
    cancelled_at: null,
    buyer: { id: 21, name: '김민지' },
    merchant: { id: 3, name: '햇살농장' },
    delivery_address: '서울특별시 마포구 월드컵북로 12, 301호',
    delivery_postcode: null,
    delivery_phone: '010-1234-5678',
    delivery_memo: null,
    items: [
      {
        product_id: 11,
        product_title: '유기농 방울토마토 1kg',
        option_id: null,
        option_name: null,
        unit_price: 12000,
        quantity: 1,
        total_price: 12000,
        image_url: null,
      },
    ],
    items_total: 12000,
    shipping_fee: 0,
    total_price: 12000,
    points_used: 0,
    card_amount: 12000,
    earned_points: 120,
    payment_id: 'order_1',
    refund_failure: null,
    shipment: null,
    needs_shipment: false,
    can_cancel: false,
    can_confirm: false,
    next_statuses: allowedOrderMoves(status),
    ...overrides,
  };
  return order;
}

import type { Order } from '@app/contracts';
import { purchaseMessages as m } from '@/messages/purchases';

export type OrderFeeKind = 'parcel' | 'delivery' | 'other';

/**
 * What an order's `shipping_fee` paid for: parcel shipping (택배비) for shopping goods, local
 * delivery (배달비) for a delivered order of the delivery module; null for a pickup, which pays none
 * (`other` names a fee a pickup order still carries, which should not happen).
 */
export function orderFeeKind(order: Pick<Order, 'category_type' | 'order_type' | 'shipping_fee'>): OrderFeeKind | null {
  if (order.category_type === 'shopping') return 'parcel';
  if (order.order_type === 'delivery') return 'delivery';
  return order.shipping_fee > 0 ? 'other' : null;
}

/** `배송비` (parcel, as the order sheet names it) or `배달비` of an order's fee line; null when it has none. */
export function orderFeeLabel(order: Pick<Order, 'category_type' | 'order_type' | 'shipping_fee'>): string | null {
  const kind = orderFeeKind(order);
  return kind ? m.fees[kind] : null;
}

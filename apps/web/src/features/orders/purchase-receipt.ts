import type { Order, PaymentConfirmed } from '@app/contracts';
import { receiptText as r } from './messages';

export interface ReceiptRow {
  label: string;
  value: string;
}

/**
 * The receipt of a confirmed purchase (DESIGN.md: exactly what happened): the order, what it cost,
 * the points and card parts, and the reward. The order's own record is used when it could be read;
 * otherwise the confirmation's figures.
 */
export function purchaseReceiptRows(answer: PaymentConfirmed, order?: Order): ReceiptRow[] {
  const rows: ReceiptRow[] = [{ label: r.orderId, value: r.orderNo(answer.order_id) }];
  if (order) {
    const [first] = order.items;
    if (first) {
      const name = first.option_name ? r.withOption(first.product_title, first.option_name) : first.product_title;
      const title = order.items.length === 1 ? `${name} × ${first.quantity}` : name;
      rows.push({ label: r.items, value: r.itemsSummary(title, order.items.length - 1) });
    }
    // The delivery fee on its own, so the goods and the fee are seen to make the total.
    if (order.shipping_fee > 0) {
      rows.push({ label: r.itemsTotal, value: r.won(order.items_total) });
      rows.push({
        label: order.category_type === 'shopping' ? r.shippingFee : r.deliveryFee,
        value: r.won(order.shipping_fee),
      });
    }
    rows.push({ label: r.total, value: r.won(order.total_price) });
    if (order.points_used > 0) rows.push({ label: r.pointsUsed, value: r.points(order.points_used) });
    rows.push({ label: r.cardAmount, value: r.won(order.card_amount) });
    if (order.earned_points > 0) rows.push({ label: r.earned, value: r.points(order.earned_points) });
    return rows;
  }
  rows.push({ label: r.total, value: r.won(answer.amount) });
  if (answer.points_used > 0) rows.push({ label: r.pointsUsed, value: r.points(answer.points_used) });
  if (answer.earned_points > 0) rows.push({ label: r.earned, value: r.points(answer.earned_points) });
  return rows;
}

const sum = (orders: Order[], pick: (o: Order) => number) => orders.reduce((total, o) => total + pick(o), 0);

/**
 * The receipt of a payment of several orders (the cart's checkout: one order per merchant): every
 * order's number, what was bought, and the figures of all of them together. The orders' records are
 * used when they could be read; otherwise the confirmation's figures.
 */
export function paymentReceiptRows(answer: PaymentConfirmed, orderIds: number[], orders?: Order[]): ReceiptRow[] {
  const rows: ReceiptRow[] = [{ label: r.orderId, value: r.orderNos(orderIds) }];
  if (orders && orders.length > 0) {
    const items = orders.flatMap((o) => o.items);
    const [first] = items;
    if (first) {
      const name = first.option_name ? r.withOption(first.product_title, first.option_name) : first.product_title;
      rows.push({ label: r.items, value: r.itemsSummary(name, items.length - 1) });
    }
    const fees = sum(orders, (o) => o.shipping_fee);
    if (fees > 0) {
      rows.push({ label: r.itemsTotal, value: r.won(sum(orders, (o) => o.items_total)) });
      const delivered = orders.every((o) => o.category_type !== 'shopping');
      rows.push({ label: delivered ? r.deliveryFee : r.shippingFee, value: r.won(fees) });
    }
    rows.push({ label: r.total, value: r.won(sum(orders, (o) => o.total_price)) });
    const points = sum(orders, (o) => o.points_used);
    if (points > 0) rows.push({ label: r.pointsUsed, value: r.points(points) });
    rows.push({ label: r.cardAmount, value: r.won(sum(orders, (o) => o.card_amount)) });
    const earned = sum(orders, (o) => o.earned_points);
    if (earned > 0) rows.push({ label: r.earned, value: r.points(earned) });
    return rows;
  }
  rows.push({ label: r.total, value: r.won(answer.amount) });
  if (answer.points_used > 0) rows.push({ label: r.pointsUsed, value: r.points(answer.points_used) });
  if (answer.earned_points > 0) rows.push({ label: r.earned, value: r.points(answer.earned_points) });
  return rows;
}

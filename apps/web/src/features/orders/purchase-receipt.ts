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
      const title = order.items.length === 1 ? `${first.product_title} × ${first.quantity}` : first.product_title;
      rows.push({ label: r.items, value: r.itemsSummary(title, order.items.length - 1) });
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

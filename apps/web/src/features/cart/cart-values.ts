import type { Cart, CartGroup, CartItem, OrderType } from '@app/contracts';
import { ORDER_QTY_MAX } from '@app/contracts/plain';

/** How a group is received: shopping goods are shipped, local goods delivered or picked up. */
export type GroupFulfilment = 'shipping' | 'delivery' | 'pickup';

export function fulfilmentOfGroup(group: Pick<CartGroup, 'category_type' | 'order_type'>): GroupFulfilment {
  if (group.category_type === 'shopping') return 'shipping';
  return group.order_type;
}

/** Groups whose local goods may be delivered or picked up (the 배달/픽업 choice). */
export function offersChoice(group: Pick<CartGroup, 'order_types'>): boolean {
  return group.order_types.includes('delivery') && group.order_types.includes('pickup');
}

/** The most a line's stepper goes to: what is left when counted, else ORDER_QTY_MAX. */
export function lineMaxQty(item: Pick<CartItem, 'remaining'>): number {
  return Math.max(1, Math.min(ORDER_QTY_MAX, item.remaining ?? ORDER_QTY_MAX));
}

/** Lines whose qty can still be changed: buyable ones, and those short of stock or repriced. */
export function qtyEditable(item: Pick<CartItem, 'available' | 'unavailable_reason'>): boolean {
  return item.available || item.unavailable_reason === 'stock_short' || item.unavailable_reason === 'price_changed';
}

/** The lines that can be bought now: only these are selected and counted. */
export function availableLines(cart: Pick<Cart, 'groups'>): CartItem[] {
  return cart.groups.flatMap((g) => g.items.filter((i) => i.available));
}

/**
 * The selected lines: every available line but those the buyer unticked. Kept as the unticked
 * ones, so a line that becomes buyable again (or is added) starts selected, as in Korean shops.
 */
export function selectedIdsOf(cart: Pick<Cart, 'groups'>, unticked: ReadonlySet<number>): number[] {
  return availableLines(cart)
    .filter((i) => !unticked.has(i.id))
    .map((i) => i.id);
}

export interface GroupCheckout {
  group: CartGroup;
  fulfilment: GroupFulfilment;
  items: CartItem[];
  itemsTotal: number;
  /** The group's fee as the server reported it for its available lines. */
  fee: number;
  total: number;
  /** Only some of the group's available lines are selected: its fee may differ at checkout. */
  partial: boolean;
}

export interface CheckoutTotals {
  groups: GroupCheckout[];
  /** Selected lines. */
  count: number;
  itemsTotal: number;
  deliveryTotal: number;
  /** The amount the checkout sends: goods and fees of the selected lines' groups. */
  total: number;
  /** Some group is only partly selected. */
  partial: boolean;
  /** A selected group is shipped or delivered (the address is needed). */
  needsAddress: boolean;
  /** A selected group is shipped by parcel (the postcode is needed too). */
  needsPostcode: boolean;
  /** The 배달/픽업 choice of each selected group offering both. */
  orderTypes: { merchant_id: number; order_type: OrderType }[];
  /** Selected groups delivered below the merchant's minimum order (gap in won). */
  belowMinimum: { merchant: string; gap: number }[];
}

/**
 * What the selected lines cost, group by group. A group with all its available lines selected
 * costs what the server said (`group_total`). A group with only some costs their goods plus the
 * group's fee as reported, until the cart priced for the selection (`priced`: GET /api/cart with
 * `selected`) gives the exact fee of that part, as its checkout charges it.
 */
export function checkoutTotalsOf(
  cart: Pick<Cart, 'groups'>,
  selectedIds: readonly number[],
  priced?: Pick<Cart, 'groups'>,
): CheckoutTotals {
  const selected = new Set(selectedIds);
  const groups: GroupCheckout[] = [];
  for (const group of cart.groups) {
    const available = group.items.filter((i) => i.available);
    const items = available.filter((i) => selected.has(i.id));
    if (items.length === 0) continue;
    const partial = items.length < available.length;
    const itemsTotal = items.reduce((sum, i) => sum + i.line_total, 0);
    const exact = partial
      ? priced?.groups.find((g) => g.merchant.id === group.merchant.id && g.category_type === group.category_type)
      : group;
    const fee = exact && exact.items_total === itemsTotal ? exact.delivery_fee : group.delivery_fee;
    groups.push({
      group,
      fulfilment: fulfilmentOfGroup(group),
      items,
      itemsTotal,
      fee,
      total: partial ? itemsTotal + fee : group.group_total,
      // Only some lines, and their own fee not known yet.
      partial: partial && !(exact && exact.items_total === itemsTotal),
    });
  }
  const itemsTotal = groups.reduce((s, g) => s + g.itemsTotal, 0);
  const total = groups.reduce((s, g) => s + g.total, 0);
  return {
    groups,
    count: groups.reduce((s, g) => s + g.items.length, 0),
    itemsTotal,
    deliveryTotal: total - itemsTotal,
    total,
    partial: groups.some((g) => g.partial),
    needsAddress: groups.some((g) => g.fulfilment !== 'pickup'),
    needsPostcode: groups.some((g) => g.fulfilment === 'shipping'),
    orderTypes: groups
      .filter((g) => offersChoice(g.group))
      .map((g) => ({ merchant_id: g.group.merchant.id, order_type: g.group.order_type })),
    belowMinimum: groups
      .filter((g) => g.group.min_order_gap !== null && g.fulfilment !== 'pickup')
      .map((g) => ({ merchant: g.group.merchant.business_name, gap: g.group.min_order_gap ?? 0 })),
  };
}

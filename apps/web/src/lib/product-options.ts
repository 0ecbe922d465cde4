import { computeDiscountRate, ORDER_QTY_MAX } from '@app/contracts/plain';

/** The parts of a product option (contracts' ProductOption) the buyer's screens read. */
export interface OptionLike {
  price: number;
  original_price?: number | null;
  /** null or missing: unlimited. */
  stock?: number | null;
  is_available?: boolean | null;
}

/** Options a buyer may pick now: on sale and not sold out. */
export function isOptionBuyable(option: OptionLike): boolean {
  return option.is_available !== false && option.stock !== 0;
}

/** An option's stock in `display_remaining` terms (-1 unlimited), for the shared stock helpers. */
export function optionRemaining(option: OptionLike): number {
  return option.stock === null || option.stock === undefined ? -1 : option.stock;
}

/**
 * Whether the product's price is a "from" price (최저가부터: "12,000원부터"): its options on sale
 * do not all cost the same. The product's own `price` is then the cheapest of them (the server's
 * rule), so the screens show that one followed by 부터.
 */
export function pricedFrom(options: readonly OptionLike[] | null | undefined): boolean {
  if (!options?.length) return false;
  const prices = new Set(options.filter((o) => o.is_available !== false).map((o) => o.price));
  return prices.size > 1;
}

/** The discount of an option, as the server computes a product's `discount_rate`. */
export function optionDiscount(option: OptionLike): number {
  return computeDiscountRate(option.price, option.original_price);
}

/** The most one order of an option may hold: ORDER_QTY_MAX, and its stock when counted. */
export function optionMaxQuantity(option: OptionLike): number {
  const remaining = optionRemaining(option);
  return remaining < 0 ? ORDER_QTY_MAX : Math.min(ORDER_QTY_MAX, remaining);
}

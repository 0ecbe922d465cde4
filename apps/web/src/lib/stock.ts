import { LOW_STOCK_AT } from '@app/contracts/plain';
import { cardMessages as m } from '@/messages/common';

/**
 * The stock text of cards, the product detail and its options (issue 39): nothing while the stock
 * is unlimited (-1, null or missing), "품절" at 0, "N개 남음" from LOW_STOCK_AT down, and nothing
 * above it: a buyer is told only when it is running out.
 */
export function stockText(displayRemaining: number | null | undefined): string | null {
  if (displayRemaining === null || displayRemaining === undefined || displayRemaining < 0) return null;
  if (displayRemaining === 0) return m.soldOut;
  return displayRemaining <= LOW_STOCK_AT ? m.remaining(displayRemaining) : null;
}

/** 10 or fewer left (but not sold out) counts as low stock and is shown in the accent colour. */
export function isLowStock(displayRemaining: number | null | undefined): boolean {
  return typeof displayRemaining === 'number' && displayRemaining > 0 && displayRemaining <= LOW_STOCK_AT;
}

/** The original price is shown (struck through) only when it is above the current price (spec 5). */
export function shownOriginalPrice(price: number, originalPrice: number | null | undefined): number | null {
  return typeof originalPrice === 'number' && originalPrice > price ? originalPrice : null;
}

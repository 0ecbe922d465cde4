/**
 * Constants, texts and helpers of the contracts that need no zod: the first screens import them
 * without pulling every schema into their bundles (`@app/contracts/plain`; the package root
 * re-exports them through the zod modules, which build their schemas on them).
 */

export * from './plain/catalogue.js';
export * from './plain/content.js';
export * from './plain/delivery-terms.js';
export * from './plain/numbers.js';
export * from './plain/orders.js';
export * from './plain/reviews.js';
export * from './plain/shipping.js';
export * from './plain/text.js';
export * from './plain/wallet.js';

/** Largest page size of every list. */
export const PAGE_SIZE_MAX = 100;
/** Highest page number of every list. */
export const PAGE_MAX = 1000;

/** Default percentage of an order's card amount credited as points (tenant setting `point_reward_rate`). */
export const DEFAULT_POINT_REWARD_RATE = 1;

/** 10 digits (as stored) to `ddd-dd-ddddd`; anything else is returned as it is. */
export function formatBusinessNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}

/** What a person types, auto-formatted as 3-2-5 digits with hyphens (at most 12 characters). */
export function formatBusinessNumberInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

import { CARD_MIN_AMOUNT } from '@app/contracts/plain';
import { formatNumber } from './format';

/**
 * The points and card parts of a payment, shared by every payment form (buy-now and the cart):
 * how typed points are read, shown and held within the balance and the total.
 */

/** Spec 5: the points input is clamped between 0 and min(available, total). */
export function clampPoints(value: number | undefined, available: number, total: number): number {
  const v = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : 0;
  const max = Math.max(0, Math.min(available, total));
  return Math.min(Math.max(0, v), max);
}

/** A card part the acquirers refuse: something left to charge, but less than CARD_MIN_AMOUNT. */
export function cardBelowMinimum(cardAmount: number): boolean {
  return cardAmount > 0 && cardAmount < CARD_MIN_AMOUNT;
}

const MAX_AMOUNT_DIGITS = 10;

/** A typed amount: digits only (separators dropped); empty is 0. */
export function parsePointsInput(text: string): number {
  const digits = text.replace(/\D/g, '').slice(0, MAX_AMOUNT_DIGITS);
  return digits ? Number(digits) : 0;
}

/** The points field while typing: `3,000` (DESIGN.md: separators as the user types). */
export function formatPointsInput(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '' : formatNumber(value);
}

import { formatNumber } from '@/lib/format';

const MAX_AMOUNT_DIGITS = 10;

/**
 * A typed amount or count: digits only (grouping commas, `원` and other characters dropped); empty
 * is null, not undefined, which react-hook-form would read as "no value" and show the form's
 * default again.
 */
export function parseAmountInput(text: string): number | null {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_AMOUNT_DIGITS);
  return digits ? Number(digits) : null;
}

/** What an amount field shows while typing: `30,000` (DESIGN.md: separators as the user types). */
export function formatAmountInput(value: number | null | undefined): string {
  return value === undefined || value === null || !Number.isFinite(value) ? '' : formatNumber(value);
}

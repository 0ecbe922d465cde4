// Phone numbers are formatted in phone.ts: its library would otherwise load with every price.

import { formatNumber } from '@app/contracts/plain';

/** Korean digit grouping (`1,234,568`): the contracts' own, which their messages use too. */
export { formatNumber };

/** `15000` -> `15,000원`. Money is integer won; anything that is not a finite number shows as 0원. */
export function formatWon(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return `${formatNumber(Number.isFinite(n) ? (n as number) : 0)}원`;
}

/** One decimal, rounded down, without a trailing `.0`: 1,299 -> `1.2`. */
function oneDecimal(value: number): string {
  const floored = Math.floor(value * 10) / 10;
  return Number.isInteger(floored) ? String(floored) : floored.toFixed(1);
}

/** Count abbreviation of the shorts and lists: `1.2천` from 1,000, `1.2만` from 10,000. */
export function abbreviateCount(count: number | null | undefined): string {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count as number)) : 0;
  if (n >= 10_000) return `${oneDecimal(n / 10_000)}만`;
  if (n >= 1_000) return `${oneDecimal(n / 1_000)}천`;
  return String(n);
}

/** A business registration number as `123-45-67890` (the contracts' rule, shared with the server). */
export { formatBusinessNumber, formatBusinessNumberInput } from '@app/contracts/plain';

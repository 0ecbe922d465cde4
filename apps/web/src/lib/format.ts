const wonFormat = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });

/** `15000` -> `15,000원`. Money is integer won; anything that is not a finite number shows as 0원. */
export function formatWon(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return `${wonFormat.format(Number.isFinite(n) ? Math.round(n as number) : 0)}원`;
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

/** A Korean phone number with hyphens as people write it (010-1234-5678, 02-123-4567); others unchanged. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.startsWith('02') && (d.length === 9 || d.length === 10)) {
    return `02-${d.slice(2, d.length - 4)}-${d.slice(-4)}`;
  }
  if (d.startsWith('0') && (d.length === 10 || d.length === 11)) {
    return `${d.slice(0, 3)}-${d.slice(3, d.length - 4)}-${d.slice(-4)}`;
  }
  return phone;
}

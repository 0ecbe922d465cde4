import { AsYouType, type MetadataJson } from 'libphonenumber-js/core';
// Korea's part of libphonenumber-js's metadata (scripts/phone-metadata.mjs): the whole file is 83 KB.
import koreanPhoneMetadata from './phone-metadata.kr.json';

const phoneMetadata = koreanPhoneMetadata as unknown as MetadataJson;
const typing = () => new AsYouType('KR', phoneMetadata);

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

/**
 * A Korean phone number as people write it: 010-7777-8888, 031-770-1234, 02-123-4567, 1644-5678.
 * libphonenumber-js (its small metadata, Korea only) knows the area codes and the 15xx/16xx/18xx numbers; we
 * use its as-you-type formatter for a whole number too, because its national format drops the 0 of
 * 050 numbers. Stored numbers are digits (the server's canonical form) or already hyphenated;
 * anything else (an international +82 number, text, a partial number) is shown as it was.
 */
export function formatPhone(phone: string): string {
  const trimmed = phone.trim();
  if (!/^[\d\s-]+$/.test(trimmed)) return phone;
  const digits = trimmed.replace(/\D/g, '');
  const formatted = typing().input(digits);
  return formatted.replace(/\D/g, '') === digits && formatted.includes('-') ? formatted : phone;
}

/**
 * What a phone input shows while the number is typed: digits grouped as they arrive
 * (`0107` -> `010-7`, `02123` -> `02-123`), at most 11 digits; other characters are dropped.
 */
export function formatPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 12);
  return digits ? typing().input(digits) : '';
}

/** A business registration number as `123-45-67890` (the contracts' rule, shared with the server). */
export { formatBusinessNumber, formatBusinessNumberInput } from '@app/contracts/plain';

import { AsYouType, type MetadataJson } from 'libphonenumber-js/core';
// Korea's part of libphonenumber-js's metadata (scripts/phone-metadata.mjs): the whole file is 83 KB.
import koreanPhoneMetadata from './phone-metadata.kr.json';

const phoneMetadata = koreanPhoneMetadata as unknown as MetadataJson;
const typing = () => new AsYouType('KR', phoneMetadata);

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

import { describe, expect, it } from 'vitest';
import {
  abbreviateCount,
  formatBusinessNumber,
  formatBusinessNumberInput,
  formatPhone,
  formatPhoneInput,
  formatWon,
} from './format';
import koreanPhoneMetadata from './phone-metadata.kr.json';

describe('formatWon', () => {
  it('writes won with thousands separators', () => {
    expect(formatWon(15000)).toBe('15,000원');
    expect(formatWon(1234567)).toBe('1,234,567원');
    expect(formatWon(0)).toBe('0원');
    expect(formatWon(900)).toBe('900원');
  });

  it('accepts numeric strings and shows anything else as 0원', () => {
    expect(formatWon('3000')).toBe('3,000원');
    expect(formatWon(undefined)).toBe('0원');
    expect(formatWon(null)).toBe('0원');
    expect(formatWon(Number.NaN)).toBe('0원');
  });
});

describe('abbreviateCount', () => {
  it('keeps counts under 1,000 as they are', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(999)).toBe('999');
  });

  it('abbreviates from 1,000 as 천 and from 10,000 as 만, one decimal rounded down', () => {
    expect(abbreviateCount(1000)).toBe('1천');
    expect(abbreviateCount(1200)).toBe('1.2천');
    expect(abbreviateCount(1299)).toBe('1.2천');
    expect(abbreviateCount(9999)).toBe('9.9천');
    expect(abbreviateCount(10000)).toBe('1만');
    expect(abbreviateCount(12000)).toBe('1.2만');
    expect(abbreviateCount(1234567)).toBe('123.4만');
  });

  it('treats missing or negative counts as 0', () => {
    expect(abbreviateCount(undefined)).toBe('0');
    expect(abbreviateCount(-5)).toBe('0');
  });
});

describe('formatPhone', () => {
  it('writes Korean numbers with hyphens and leaves anything else as it was', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0311234567')).toBe('031-123-4567');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('010-1234-5678')).toBe('010-1234-5678');
    expect(formatPhone('+82 10 1234 5678')).toBe('+82 10 1234 5678');
  });
});

describe('Korean phone and business numbers (issue 10)', () => {
  it('uses the installed library’s own Korean metadata (run scripts/phone-metadata.mjs after an upgrade)', async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { koreanMetadata } = await import('../../scripts/phone-metadata.mjs');
    expect(koreanPhoneMetadata).toEqual(JSON.parse(JSON.stringify(koreanMetadata())));
  });

  it('shows stored digits the way Koreans write them: mobile, Seoul, regions, 15xx/16xx, 070 and 050', () => {
    expect(formatPhone('01077778888')).toBe('010-7777-8888');
    expect(formatPhone('0317701234')).toBe('031-770-1234');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('16445678')).toBe('1644-5678');
    expect(formatPhone('15881234')).toBe('1588-1234');
    expect(formatPhone('07012345678')).toBe('070-1234-5678');
    expect(formatPhone('0505123456')).toBe('050-5123-456');
    expect(formatPhone(' 010 7777 8888 ')).toBe('010-7777-8888');
  });

  it('leaves what is not a number alone', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('평일 문의')).toBe('평일 문의');
    expect(formatPhone('123')).toBe('123');
  });

  it('groups a number while it is typed', () => {
    expect(formatPhoneInput('0107')).toBe('010-7');
    expect(formatPhoneInput('0107777')).toBe('010-7777');
    expect(formatPhoneInput('01077778888')).toBe('010-7777-8888');
    expect(formatPhoneInput('02123')).toBe('02-123');
    expect(formatPhoneInput('021234567')).toBe('02-123-4567');
    expect(formatPhoneInput('1644567')).toBe('1644-567');
    expect(formatPhoneInput('16445678')).toBe('1644-5678');
    expect(formatPhoneInput('010-7777-8888')).toBe('010-7777-8888');
    expect(formatPhoneInput('abc')).toBe('');
  });

  it('writes business numbers 3-2-5, typed or stored', () => {
    expect(formatBusinessNumber('1234567890')).toBe('123-45-67890');
    expect(formatBusinessNumber('123-45-67890')).toBe('123-45-67890');
    expect(formatBusinessNumberInput('12345')).toBe('123-45');
    expect(formatBusinessNumberInput('1234567890123')).toBe('123-45-67890');
  });
});

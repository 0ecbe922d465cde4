import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneInput } from './phone';
import koreanPhoneMetadata from './phone-metadata.kr.json';

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

describe('Korean phone numbers (issue 10)', () => {
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
});

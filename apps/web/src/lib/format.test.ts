import { describe, expect, it } from 'vitest';
import { abbreviateCount, formatBusinessNumber, formatBusinessNumberInput, formatNumber, formatWon } from './format';

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

describe('formatNumber', () => {
  it("groups as the platform's Korean number format does, rounded to whole numbers", () => {
    const korean = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });
    const values = [
      0,
      7,
      999,
      1000,
      12_345,
      999_999.5,
      1_000_000,
      123_456_789,
      2 ** 53 - 1,
      0.4,
      2.5,
      -2.5,
      -1,
      -1234.4,
      -0.2,
    ];
    for (const v of values) expect(formatNumber(v)).toBe(korean.format(v).replace(/^-0$/, '0'));
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

describe('business numbers (issue 10)', () => {
  it('writes business numbers 3-2-5, typed or stored', () => {
    expect(formatBusinessNumber('1234567890')).toBe('123-45-67890');
    expect(formatBusinessNumber('123-45-67890')).toBe('123-45-67890');
    expect(formatBusinessNumberInput('12345')).toBe('123-45');
    expect(formatBusinessNumberInput('1234567890123')).toBe('123-45-67890');
  });
});

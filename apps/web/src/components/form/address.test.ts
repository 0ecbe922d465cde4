import { describe, expect, it } from 'vitest';
import { joinAddress, splitAddress } from './address';

describe('address "base, detail" (spec 2.10)', () => {
  it('joins base and detail', () => {
    expect(joinAddress('서울특별시 중구 세종대로 110', '3층')).toBe('서울특별시 중구 세종대로 110, 3층');
    expect(joinAddress('서울특별시 중구 세종대로 110', ' ')).toBe('서울특별시 중구 세종대로 110');
    expect(joinAddress('', '3층')).toBe('');
  });

  it('splits at the last comma', () => {
    expect(splitAddress('서울특별시 성동구 성수이로 77, 5층')).toEqual({
      base: '서울특별시 성동구 성수이로 77',
      detail: '5층',
    });
    expect(splitAddress('경기도 양평군 양평읍 농장길 12')).toEqual({
      base: '경기도 양평군 양평읍 농장길 12',
      detail: '',
    });
    expect(splitAddress(null)).toEqual({ base: '', detail: '' });
  });
});

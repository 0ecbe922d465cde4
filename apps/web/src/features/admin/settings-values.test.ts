import { describe, expect, it } from 'vitest';
import {
  displayFee,
  displayRewardRate,
  lightVariant,
  matchingPreset,
  parseRewardRate,
  parseWholeWon,
  presetTheme,
  settingsPatch,
  textToSend,
  themePresetKeys,
} from './settings-values';

describe('legal fees (spec 5)', () => {
  it('accepts whole numbers, with grouping commas or 원', () => {
    expect(parseWholeWon('3000')).toBe(3000);
    expect(parseWholeWon(' 50,000 ')).toBe(50000);
    expect(parseWholeWon('3500원')).toBe(3500);
  });

  it('turns anything else into 0', () => {
    for (const bad of ['', 'abc', '3000.5', '-100', '1e3', '１２']) expect(parseWholeWon(bad)).toBe(0);
  });

  it('shows 3000 / 50000 when empty or 0', () => {
    expect(displayFee(undefined, 3000)).toBe(3000);
    expect(displayFee(0, 50000)).toBe(50000);
    expect(displayFee(2500, 3000)).toBe(2500);
  });
});

describe('theme presets (spec 2.13)', () => {
  it('has the six presets', () => {
    expect(themePresetKeys).toEqual(['orange', 'green', 'blue', 'purple', 'red', 'teal']);
  });

  it('sets primary and accent and the light variants with suffix 20', () => {
    expect(presetTheme('orange')).toEqual({
      primary: '#FF9630',
      accent: '#E85D04',
      'primary-light': '#FF963020',
      'accent-light': '#E85D0420',
    });
    for (const key of themePresetKeys) {
      const theme = presetTheme(key);
      expect(theme['primary-light']).toBe(`${theme.primary}20`);
      expect(theme['accent-light']).toBe(`${theme.accent}20`);
      expect(theme.primary).toMatch(/^#[0-9A-F]{6}$/);
    }
    expect(lightVariant('#2F80ED')).toBe('#2F80ED20');
  });

  it('recognises the preset a tenant uses', () => {
    expect(matchingPreset({ settings: { theme: { primary: '#2f80ed' } } })).toBe('blue');
    expect(matchingPreset({ settings: {} })).toBeUndefined();
  });
});

describe('settings on blur', () => {
  it('builds partial bodies for top-level and section fields', () => {
    expect(settingsPatch({ key: 'contact_phone' }, '1588')).toEqual({ contact_phone: '1588' });
    expect(settingsPatch({ section: 'company_info', key: 'ceo_name' }, '김')).toEqual({
      company_info: { ceo_name: '김' },
    });
  });

  it('sends nothing when unchanged, and never an empty e-mail or display name', () => {
    expect(textToSend({ key: 'contact_phone' }, '1588 ', '1588')).toBeUndefined();
    expect(textToSend({ key: 'contact_email' }, '', 'a@b.kr')).toBeUndefined();
    expect(textToSend({ key: 'display_name' }, ' ', 'x')).toBeUndefined();
    expect(textToSend({ key: 'contact_phone' }, '', '1588')).toBe('');
    expect(textToSend({ section: 'service_info', key: 'hero_title' }, '새 제목', undefined)).toBe('새 제목');
  });
});

describe('point reward rate (tenant setting, percent with one decimal)', () => {
  it('reads percents with at most one decimal, a trailing % allowed', () => {
    expect(parseRewardRate('1')).toEqual({ value: 1 });
    expect(parseRewardRate(' 2.5 % ')).toEqual({ value: 2.5 });
    expect(parseRewardRate('0')).toEqual({ value: 0 });
    expect(parseRewardRate('100')).toEqual({ value: 100 });
  });

  it("refuses other input with the contract's Korean text", () => {
    expect(parseRewardRate('1.25')).toEqual({ error: '적립률은 소수점 첫째 자리까지 입력할 수 있습니다.' });
    expect(parseRewardRate('101')).toEqual({ error: '적립률은 100 이하여야 합니다.' });
    expect(parseRewardRate('abc')).toEqual({ error: '적립률은 숫자로 입력해주세요.' });
    expect(parseRewardRate('')).toEqual({ error: '적립률은 숫자로 입력해주세요.' });
    expect(parseRewardRate('-1')).toEqual({ error: '적립률은 0 이상이어야 합니다.' });
  });

  it('shows 1 when the tenant has not set it', () => {
    expect(displayRewardRate({ settings: {} })).toBe(1);
    expect(displayRewardRate({ settings: { point_reward_rate: 0 } })).toBe(0);
  });
});

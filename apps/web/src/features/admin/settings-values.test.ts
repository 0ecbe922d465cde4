import { describe, expect, it } from 'vitest';
import {
  displayFee,
  displayRewardRate,
  fieldMessage,
  lightVariant,
  matchingPreset,
  parseRewardRate,
  parseWonInput,
  presetTheme,
  settingError,
  settingsPatch,
  showSetting,
  textToSend,
  themePresetKeys,
} from './settings-values';

describe('legal fees (spec 5, issue 10)', () => {
  it('accepts whole numbers, with grouping commas or 원', () => {
    expect(parseWonInput('3000')).toEqual({ value: 3000 });
    expect(parseWonInput(' 50,000 ')).toEqual({ value: 50000 });
    expect(parseWonInput('3500원')).toEqual({ value: 3500 });
    expect(parseWonInput('0')).toEqual({ value: 0 });
  });

  it('reads empty as unset', () => {
    expect(parseWonInput('')).toEqual({ value: null });
    expect(parseWonInput('  ')).toEqual({ value: null });
  });

  it('never turns a typo into a number: an error in Korean instead', () => {
    for (const bad of ['abc', '3OOO', '1e3', '１２', '3,5OO원'])
      expect(parseWonInput(bad)).toEqual({ error: '숫자로 입력해주세요.' });
    expect(parseWonInput('3000.5')).toEqual({ error: '정수로 입력해주세요.' });
    expect(parseWonInput('-100')).toEqual({ error: '0원 이상으로 입력해주세요.' });
    expect(parseWonInput('200000000')).toEqual({ error: '1억 원 이하로 입력해주세요.' });
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
    expect(textToSend({ key: 'contact_phone' }, '1644-5678', '16445678')).toBeUndefined();
    expect(
      textToSend({ section: 'company_info', key: 'business_number' }, '123-45-67890', '1234567890'),
    ).toBeUndefined();
    expect(textToSend({ key: 'business_hours' }, '09-18', '0918')).toBe('09-18');
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

describe('settings errors and numbers (issue 10)', () => {
  it('checks a change with the contract and answers its Korean text', () => {
    expect(settingError({ contact_email: 'nope' })).toBe('올바른 이메일 형식이 아닙니다.');
    expect(settingError({ contact_email: 'shop@example.com' })).toBeNull();
    expect(settingError({ display_name: '' })).toBe('표시 이름을 입력해주세요.');
    expect(settingError({ contact_phone: '1644-5678' })).toBeNull();
    expect(settingError({ contact_phone: '12-34' })).toContain('전화번호 형식이 올바르지 않습니다.');
    expect(settingError({ company_info: { business_number: '123-45-6789' } })).toContain('숫자 10자리');
  });

  it('shows a server refusal without its raw path', () => {
    expect(fieldMessage('settings.contact_email: 올바른 이메일 형식이 아닙니다.')).toBe(
      '올바른 이메일 형식이 아닙니다.',
    );
    expect(fieldMessage('이미 있는 이름입니다.')).toBe('이미 있는 이름입니다.');
  });

  it('shows stored phone and business numbers with hyphens, other texts as they are', () => {
    expect(showSetting({ key: 'contact_phone' }, '16445678')).toBe('1644-5678');
    expect(showSetting({ key: 'contact_phone' }, '1588-1234')).toBe('1588-1234');
    expect(showSetting({ section: 'company_info', key: 'business_number' }, '1234567890')).toBe('123-45-67890');
    expect(showSetting({ section: 'legal_info', key: 'return_contact' }, '0317701234')).toBe('031-770-1234');
    expect(showSetting({ section: 'legal_info', key: 'return_contact' }, '고객센터 1:1 문의')).toBe(
      '고객센터 1:1 문의',
    );
    expect(showSetting({ key: 'business_hours' }, '0918')).toBe('0918');
  });
});

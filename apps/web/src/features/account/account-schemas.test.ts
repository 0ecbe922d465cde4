import type { DashboardProfile } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  checkProfileImage,
  type ProfileFormValues,
  profileFormSchema,
  profileFormValues,
} from './account-schemas';

const merchant: DashboardProfile = {
  id: 3,
  username: '햇살농장',
  email: 'farm@example.com',
  phone: '01012345678',
  address: '경기도 양평군 양평읍 농장길 12, 2층, 201호',
  postcode: '12500',
  business_name: '햇살농장',
  business_number: '123-45-67890',
  business_description: '유기농 채소',
  profile_image: null,
  user_type: 'merchant',
};
const customer: DashboardProfile = {
  ...merchant,
  id: 21,
  username: '김민지',
  business_name: null,
  business_number: null,
  business_description: null,
  user_type: 'customer',
};

const edit = (p: DashboardProfile, changes: Partial<ProfileFormValues>) => ({ ...profileFormValues(p), ...changes });

describe('profile form values', () => {
  it('fills missing texts with empty strings and shows the phone and business number with hyphens', () => {
    expect(profileFormValues({ ...merchant, business_number: '1234567890', phone: null })).toMatchObject({
      business_number: '123-45-67890',
      phone: '',
    });
    expect(profileFormValues(customer)).toMatchObject({
      business_name: '',
      business_number: '',
      phone: '010-1234-5678',
    });
  });
});

describe('only the changed fields are sent', () => {
  it('sends nothing when nothing changed, and ignores whitespace around texts', () => {
    expect(changedFields(profileFormValues(merchant), merchant, true)).toEqual({});
    expect(changedFields(edit(merchant, { username: ' 햇살농장 ' }), merchant, true)).toEqual({});
  });

  it('sends each changed field alone, cleared optional texts as null', () => {
    expect(changedFields(edit(merchant, { phone: '010-9999-0000' }), merchant, true)).toEqual({
      phone: '010-9999-0000',
    });
    expect(changedFields(edit(merchant, { address: '', business_description: '' }), merchant, true)).toEqual({
      address: null,
      business_description: null,
    });
    expect(
      changedFields(edit(merchant, { business_name: '달빛농장', business_number: '987-65-43210' }), merchant, true),
    ).toEqual({ business_name: '달빛농장', business_number: '987-65-43210' });
  });

  it('never sends business fields for a customer', () => {
    expect(changedFields(edit(customer, { username: '민지', business_name: '가게' }), customer, false)).toEqual({
      username: '민지',
    });
  });
});

describe('profile form rules', () => {
  const merchantRules = profileFormSchema({ merchant: true, hadBusinessNumber: true });

  it('accepts a business number only as ddd-dd-ddddd', () => {
    expect(merchantRules.safeParse(edit(merchant, {})).success).toBe(true);
    for (const bad of ['1234567890', '123-456-7890', '12-345-67890', '123-45-6789', '']) {
      const result = merchantRules.safeParse(edit(merchant, { business_number: bad }));
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('올바른 사업자등록번호 형식이 아닙니다. (예: 123-45-67890)');
    }
  });

  it('lets a merchant without a number leave it empty, and asks for a business name', () => {
    const rules = profileFormSchema({ merchant: true, hadBusinessNumber: false });
    expect(rules.safeParse(edit(merchant, { business_number: '' })).success).toBe(true);
    const noName = rules.safeParse(edit(merchant, { business_name: '  ' }));
    expect(noName.error?.issues[0]?.message).toBe('상호명을 입력해주세요.');
  });

  it('checks the username and phone, and ignores business fields for customers', () => {
    const rules = profileFormSchema({ merchant: false, hadBusinessNumber: false });
    expect(rules.safeParse(edit(customer, { business_number: 'abc' })).success).toBe(true);
    expect(rules.safeParse(edit(customer, { username: '' })).success).toBe(false);
    expect(rules.safeParse(edit(customer, { phone: '12345' })).success).toBe(false);
    expect(rules.safeParse(edit(customer, { phone: '' })).success).toBe(true);
  });
});

describe('profile image checks', () => {
  it('takes images up to 30 MB (31457280 bytes) only', () => {
    expect(checkProfileImage({ type: 'image/png', size: 31_457_280 })).toBeNull();
    expect(checkProfileImage({ type: 'image/jpeg', size: 31_457_281 })).toBe(
      '이미지 파일 크기는 30MB 이하여야 합니다.',
    );
    expect(checkProfileImage({ type: 'application/pdf', size: 10 })).toBe('이미지 파일만 업로드할 수 있습니다.');
    expect(checkProfileImage({ type: '', size: 10 })).toBe('이미지 파일만 업로드할 수 있습니다.');
  });
});

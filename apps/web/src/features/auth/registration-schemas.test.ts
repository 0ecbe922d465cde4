import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { withPasswordMatch } from '@/components/form/password-match';
import { customerFormSchema, merchantAccountSchema } from './registration-schemas';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('registration forms (spec 5)', () => {
  it('says the passwords differ even while other fields are still empty', async () => {
    const resolver = withPasswordMatch(zodResolver(customerFormSchema), '비밀번호가 일치하지 않습니다.');
    const values = {
      email: '',
      username: '',
      password: 'abcd1234',
      password_confirm: 'abcd12345',
      phone: '',
      address: '',
    };
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.password_confirm?.message).toBe('비밀번호가 일치하지 않습니다.');
    expect(result.errors.address?.message).toBe('주소를 입력해주세요.');
  });

  it('uses the server rules for each field', () => {
    const result = merchantAccountSchema.safeParse({
      email: 'not-an-email',
      username: 'a',
      password: 'onlyletters',
      password_confirm: 'onlyletters',
    });
    expect(issues(result)).toEqual([
      'email: 올바른 이메일 형식이 아닙니다.',
      'username: 사용자명은 2자 이상 입력해주세요.',
      'password: 비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.',
    ]);
  });

  it('accepts a complete customer form', () => {
    const result = customerFormSchema.safeParse({
      email: 'A@Example.kr',
      username: '김민지',
      password: 'abcd1234',
      password_confirm: 'abcd1234',
      phone: '010-1234-5678',
      address: '서울특별시 중구 세종대로 110, 1층',
    });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('a@example.kr');
    expect(result.data?.phone).toBe('01012345678');
  });
});

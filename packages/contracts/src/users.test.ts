import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema, registerCustomerBodySchema, resetPasswordBodySchema } from './auth.js';
import { newPasswordSchema, passwordPolicyProblem, registrationPasswordSchema } from './users.js';

const messages = (schema: typeof newPasswordSchema, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const zeroWidth = '\u200b'.repeat(8);

describe('password policy', () => {
  it('refuses on reset and change what shows fewer than 8 characters or one repeated character', () => {
    const cases: [string, string][] = [
      ['aaaaaaaa', '같은 문자만 반복한 비밀번호는 사용할 수 없습니다.'],
      ['AaAaAaAa', '같은 문자만 반복한 비밀번호는 사용할 수 없습니다.'],
      ['        ', '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.'],
      [zeroWidth, '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.'],
      // Hangul fillers, soft hyphens and joiners show nothing either.
      ['\u3164'.repeat(8), '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.'],
      ['abc\u00ad\u200d\u2060\ufeff\u200cdef', '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.'],
      ['a b c d e f g', '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.'],
      ['short', '비밀번호는 최소 8자 이상이어야 합니다.'],
    ];
    for (const [password, message] of cases) {
      expect(messages(newPasswordSchema, password), JSON.stringify(password)).toEqual([message]);
      const reset = resetPasswordBodySchema.safeParse({ token: 't', new_password: password });
      expect(reset.error?.issues.map((i) => i.message)).toEqual([message]);
      const change = changePasswordBodySchema.safeParse({ current_password: 'x', new_password: password });
      expect(change.error?.issues.map((i) => i.message)).toEqual([message]);
    }
  });

  it('refuses the same on registration, where the spec adds letters and digits', () => {
    const registration = (password: string) =>
      registerCustomerBodySchema.safeParse({
        email: 'a@example.com',
        username: '홍길동',
        password,
        phone: '010-1234-5678',
        address: '서울',
      });
    for (const password of ['aaaaaaaa', '        ', zeroWidth, 'a1\u200b\u200b\u200b\u200b\u200b\u200b', 'a1      ']) {
      expect(registration(password).success, JSON.stringify(password)).toBe(false);
    }
    expect(messages(registrationPasswordSchema, 'a1\u200b\u200b\u200b\u200b\u200b\u200b')).toEqual([
      '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.',
    ]);
    expect(messages(registrationPasswordSchema, 'aaaaaaaa')).toEqual([
      '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.',
    ]);
    expect(registration('Meadow-7-lark').success).toBe(true);
  });

  it('counts characters after normalisation and keeps passphrases and Korean passwords', () => {
    expect(passwordPolicyProblem('correct horse battery')).toBeUndefined();
    expect(passwordPolicyProblem('우리동네농장최고')).toBeUndefined();
    // Full-width letters normalise to one repeated `a`.
    expect(passwordPolicyProblem('ａａａａａａａａ')).toBe('같은 문자만 반복한 비밀번호는 사용할 수 없습니다.');
    expect(passwordPolicyProblem('demo1234')).toBeUndefined();
  });
});

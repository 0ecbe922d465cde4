import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  afterLoginTarget,
  findEmailFailure,
  kakaoCallbackProblem,
  loginFailure,
  registrationFailure,
  sendCodeFailure,
  verifyCodeFailure,
} from './auth-errors';

const apiError = (status: number, data: unknown, headers?: Record<string, string>) =>
  new ApiError('x', status, data, new Headers(headers));

describe('login failure (spec 8)', () => {
  it('shows the server detail', () => {
    const err = apiError(401, { detail: '이메일 또는 비밀번호가 올바르지 않습니다.', code: 'invalid_credentials' });
    expect(loginFailure(err)).toEqual({ kind: 'message', text: '이메일 또는 비밀번호가 올바르지 않습니다.' });
  });

  it('falls back to the generic text without a detail', () => {
    expect(loginFailure(apiError(500, 'oops'))).toEqual({
      kind: 'message',
      text: '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.',
    });
    expect(loginFailure(new Error('offline')).text).toBe('로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.');
  });

  it('turns the social-account 400 into the notice naming the provider from x-social-login', () => {
    const err = apiError(
      400,
      { detail: '소셜 로그인(카카오)으로 가입한 계정입니다.', code: 'social_login_account' },
      { 'x-social-login': 'kakao' },
    );
    const failure = loginFailure(err);
    expect(failure.kind).toBe('social');
    expect(failure.text).toContain('카카오 소셜 로그인으로 가입한 계정입니다');
  });
});

describe('registration failures (spec 8)', () => {
  it('maps the two server conflict texts to Korean on their fields', () => {
    expect(registrationFailure(apiError(409, { detail: 'Email already registered', code: 'email_taken' }))).toEqual({
      field: 'email',
      text: '이미 사용중인 이메일입니다.',
    });
    expect(registrationFailure(apiError(409, { detail: 'Username already exists' }))).toEqual({
      field: 'username',
      text: '이미 사용중인 사용자명입니다.',
    });
  });

  it("shows the server's reason for a refused password on the password field", () => {
    const detail = '너무 흔한 비밀번호입니다. 다른 비밀번호를 사용해주세요.';
    expect(registrationFailure(apiError(400, { detail, code: 'weak_password' }))).toEqual({
      field: 'password',
      text: detail,
    });
  });

  it('falls back to the generic failure text', () => {
    expect(registrationFailure(apiError(500, { detail: 'boom' }))).toEqual({
      text: '회원가입에 실패했습니다. 다시 시도해주세요.',
    });
  });

  it('code send and code check texts', () => {
    expect(sendCodeFailure(apiError(502, { detail: 'mail down' }))).toBe('인증 코드 발송에 실패했습니다.');
    expect(sendCodeFailure(apiError(409, { detail: 'Email already registered' }))).toBe('이미 사용중인 이메일입니다.');
    expect(sendCodeFailure(apiError(429, { detail: '인증 코드는 42초 후에 다시 요청할 수 있습니다.' }))).toBe(
      '인증 코드는 42초 후에 다시 요청할 수 있습니다.',
    );
    expect(verifyCodeFailure(apiError(400, { detail: '...', code: 'code_invalid' }))).toBe(
      '인증 코드가 올바르지 않습니다.',
    );
    expect(verifyCodeFailure(apiError(400, { detail: '인증 코드가 만료되었습니다.', code: 'code_expired' }))).toBe(
      '인증 코드가 만료되었습니다.',
    );
    // The owner of a registered address learns it once the code is proven (sending answers alike).
    expect(verifyCodeFailure(apiError(409, { detail: '이미 사용중인 이메일입니다.', code: 'email_taken' }))).toBe(
      '이미 사용중인 이메일입니다.',
    );
  });

  it('find e-mail not found', () => {
    expect(findEmailFailure(apiError(404, { detail: 'whatever' }))).toBe('등록된 이메일을 찾을 수 없습니다.');
  });
});

describe('Kakao callback (spec 4, 8, 9)', () => {
  it('cancel and missing code wait 2 s, other errors 3 s', () => {
    expect(kakaoCallbackProblem(new URLSearchParams('error=access_denied'))).toEqual({
      text: '카카오 로그인이 취소되었습니다.',
      delayMs: 2000,
    });
    expect(kakaoCallbackProblem(new URLSearchParams(''))).toEqual({ text: '인증 코드가 없습니다.', delayMs: 2000 });
    expect(kakaoCallbackProblem(new URLSearchParams('error=server_error'))).toEqual({
      text: '카카오 로그인 처리 중 오류가 발생했습니다.',
      delayMs: 3000,
    });
    expect(kakaoCallbackProblem(new URLSearchParams('code=abc'))).toBeNull();
  });
});

describe('after login', () => {
  it('merchants go to their dashboard, others to /main, a same-site returnUrl wins', () => {
    expect(afterLoginTarget('merchant')).toBe('/merchant/dashboard');
    expect(afterLoginTarget('customer')).toBe('/main');
    expect(afterLoginTarget('customer', '/products/12')).toBe('/products/12');
    expect(afterLoginTarget('customer', '//evil.example')).toBe('/main');
    expect(afterLoginTarget('customer', 'https://evil.example')).toBe('/main');
  });
});

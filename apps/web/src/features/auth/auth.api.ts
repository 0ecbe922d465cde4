import type { LoginAnswer, RegisterCustomerBody, RegisterMerchantBody, User } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/auth/login: form data (username is the e-mail); a 401 here is a wrong password, not an ended session. */
export function login(email: string, password: string) {
  return api.post<LoginAnswer>('/api/auth/login', undefined, {
    form: { username: email, password },
    allowUnauthorized: true,
  });
}

export function registerCustomer(body: RegisterCustomerBody) {
  return api.post<User>('/api/auth/register/customer', body);
}

export function registerMerchant(body: RegisterMerchantBody) {
  return api.post<User>('/api/auth/register/merchant', body);
}

export function sendVerificationEmail(email: string) {
  return api.post<{ message: string; expires_in: number; resend_after: number }>('/api/auth/send-verification-email', {
    email,
  });
}

export function verifyEmail(email: string, code: string) {
  return api.post<{ message: string; verified: true }>('/api/auth/verify-email', { email, code });
}

export function findEmail(phone: string) {
  return api.post<{ email: string; masked_email: string }>('/api/auth/find-email', { phone });
}

export function requestPasswordReset(email: string) {
  return api.post<{ message: string }>('/api/auth/reset-password-request', { email });
}

export function resetPassword(token: string, newPassword: string) {
  return api.post<{ message: string }>('/api/auth/reset-password', { token, new_password: newPassword });
}

export function kakaoAuthUrl() {
  return api.get<{ auth_url: string; state: string }>('/api/auth/kakao/auth-url');
}

/** Same origin, so the browser sends the HttpOnly state cookie that auth-url set; the server compares both. */
export function kakaoCallback(code: string, state: string) {
  return api.post<LoginAnswer>('/api/auth/kakao/callback', { code, state }, { allowUnauthorized: true });
}

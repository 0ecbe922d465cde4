import type { FastifyInstance } from 'fastify';

/** The password of accounts registered through `registerCustomer` (passes the password policy). */
export const TEST_PASSWORD = 'Sunnyfield24';

/** Test helpers for the auth calls, through `app.inject` on one tenant's host. */
export function accountsClient(app: FastifyInstance, host: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string) =>
    app.inject({
      method,
      url,
      headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    call,
    /** The login form, urlencoded like a browser form post. */
    login: (email: string, password: string, extra: { remoteAddress?: string } = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email, password }).toString(),
        ...extra,
      }),
    async token(email: string, password: string): Promise<string> {
      const res = await this.login(email, password);
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().access_token;
    },
    /** The newest mail of the outbox for this address. */
    async lastMail(to: string) {
      const res = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
      return res.json().mails[0] as { code: string | null; link: string | null; text: string; subject: string };
    },
    /** Sends and enters the verification code, as the registration screens do. */
    async verify(email: string) {
      const sent = await call('POST', '/api/auth/send-verification-email', { email });
      if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
      const { code } = await this.lastMail(email);
      const verified = await call('POST', '/api/auth/verify-email', { email, code });
      if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
    },
    async registerCustomer(fields: { email: string; username: string; password?: string; phone?: string }) {
      await this.verify(fields.email);
      return call('POST', '/api/auth/register/customer', {
        password: TEST_PASSWORD,
        phone: '010-1111-2222',
        address: '서울특별시 강남구 테헤란로 1, 101호',
        user_type: 'customer',
        ...fields,
      });
    },
  };
}

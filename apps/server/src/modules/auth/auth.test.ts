import { parseOptions } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginLimits, loadConfig } from '../../config.js';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { createTenant, createUser } from '../../seed/factories.js';
import { accountsClient, TEST_PASSWORD } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { users } from '../users/users.schema.js';
import { emailVerifications, passwordResetTokens, sessions } from './auth.schema.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A fresh tenant per test, so counters, rate limits and e-mails never collide. */
async function tenant(overrides: Parameters<typeof createTenant>[1] = {}) {
  const row = await createTenant(app.db, overrides);
  return { row, client: accountsClient(app, row.domain) };
}

const customer = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  username: email.split('@')[0],
  password: TEST_PASSWORD,
  user_type: 'customer',
  phone: '010-1234-5678',
  address: '서울특별시 강남구 테헤란로 1, 101호',
  ...extra,
});

const merchantBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  username: `${email.split('@')[0]}샵`,
  password: TEST_PASSWORD,
  user_type: 'merchant',
  merchant: {
    business_name: '햇살농원',
    business_number: '123-45-67890',
    business_description: '유기농 채소',
    address: '경기도 양평군 농장길 1, 창고',
    phone: '031-770-1234',
  },
  ...extra,
});

describe('registration with e-mail verification', () => {
  it('registers a customer after the mailed code is entered, and the account logs in', async () => {
    const { client } = await tenant();
    const sent = await client.call('POST', '/api/auth/send-verification-email', { email: ' New@Example.com ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ expires_in: 600, resend_after: 60 });
    const mail = await client.lastMail('new@example.com');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);

    const verified = await client.call('POST', '/api/auth/verify-email', { email: 'new@example.com', code: mail.code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: expect.any(String), verified: true });

    const res = await client.call('POST', '/api/auth/register/customer', customer('new@example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      email: 'new@example.com',
      username: 'new',
      user_type: 'customer',
      is_admin: false,
      phone: '01012345678',
      address: '서울특별시 강남구 테헤란로 1, 101호',
      postcode: null,
      profile_image: null,
      merchant: null,
      created_at: expect.any(String),
    });

    const login = await client.login('new@example.com', TEST_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ token_type: 'bearer', user: { email: 'new@example.com' } });
    expect(login.json().access_token).toMatch(/^[\w-]{43}$/);
  });

  it('registers a merchant with its business profile (number stored as digits)', async () => {
    const { client } = await tenant();
    await client.verify('shop@example.com');
    const res = await client.call('POST', '/api/auth/register/merchant', merchantBody('shop@example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user_type: 'merchant',
      phone: '0317701234',
      address: '경기도 양평군 농장길 1, 창고',
      merchant: {
        id: expect.any(Number),
        business_name: '햇살농원',
        business_number: '1234567890',
        business_description: '유기농 채소',
        phone: '0317701234',
      },
    });
  });

  it('refuses merchant registration where the merchant feature is off', async () => {
    const { client } = await tenant({
      features: { ...(await import('../../seed/factories.js')).allFeatures(), merchant: false },
    });
    await client.verify('shop@example.com');
    const res = await client.call('POST', '/api/auth/register/merchant', merchantBody('shop@example.com'));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('feature_disabled');
  });

  it('requires a verified e-mail on the server', async () => {
    const { client } = await tenant();
    const res = await client.call('POST', '/api/auth/register/customer', customer('abc@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('email_not_verified');

    await client.call('POST', '/api/auth/send-verification-email', { email: 'abc@example.com' });
    const unverified = await client.call('POST', '/api/auth/register/customer', customer('abc@example.com'));
    expect(unverified.json().code).toBe('email_not_verified');
  });

  it('answers a taken e-mail (to the owner who entered its code) or username 409 in Korean, told apart by code', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'taken@example.com', username: '홍길동' });

    // Sending answers as for any address (enumeration.test.ts); the code proves the owner.
    const send = await client.call('POST', '/api/auth/send-verification-email', { email: 'TAKEN@example.com' });
    expect(send.statusCode).toBe(200);
    const { code } = await client.lastMail('taken@example.com');
    const verify = await client.call('POST', '/api/auth/verify-email', { email: 'taken@example.com', code });
    expect(verify.statusCode).toBe(409);
    expect(verify.json()).toEqual({ detail: '이미 사용중인 이메일입니다.', code: 'email_taken' });

    await client.verify('other@example.com');
    const res = await client.call(
      'POST',
      '/api/auth/register/customer',
      customer('other@example.com', { username: '홍길동' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '이미 사용중인 사용자명입니다.', code: 'username_taken' });
    const caseOnly = await client.call(
      'POST',
      '/api/auth/register/customer',
      customer('other@example.com', { username: 'X' }),
    );
    expect(caseOnly.statusCode).toBe(400);
  });

  it('lets the same e-mail register separately on two tenants', async () => {
    const a = await tenant();
    const b = await tenant();
    expect((await a.client.registerCustomer({ email: 'same@example.com', username: 'same' })).statusCode).toBe(201);
    expect((await b.client.registerCustomer({ email: 'same@example.com', username: 'same' })).statusCode).toBe(201);
  });

  it('consumes the verification at registration', async () => {
    const { row, client } = await tenant();
    await client.registerCustomer({ email: 'once@example.com', username: 'once' });
    const rows = await app.db
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.tenantId, row.id), eq(emailVerifications.email, 'once@example.com')));
    expect(rows).toEqual([]);
  });

  it('validates every field with a Korean message and changes nothing', async () => {
    const { row, client } = await tenant();
    await client.verify('v@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [customer('v@example.com', { password: 'short1' }), '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.'],
      [customer('v@example.com', { password: 'onlyletters' }), '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.'],
      [customer('v@example.com', { password: '1234567890' }), '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.'],
      [
        customer('v@example.com', { password: 'abcd1234abcd1234abcd1' }),
        '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.',
      ],
      [customer('v@example.com', { email: 'not-an-email' }), '올바른 이메일 형식이 아닙니다.'],
      [customer('v@example.com', { email: '' }), '이메일을 입력해주세요.'],
      [customer('v@example.com', { phone: '12345' }), '전화번호는 0으로 시작하는 9~11자리 숫자로 입력해주세요.'],
      [customer('v@example.com', { phone: undefined }), '전화번호를 입력해주세요.'],
      [customer('v@example.com', { address: '  ' }), '주소를 입력해주세요.'],
      [customer('v@example.com', { username: '' }), '사용자명을 입력해주세요.'],
      [customer('v@example.com', { user_type: 'merchant' }), '고객 회원가입에서는 user_type이 customer여야 합니다.'],
    ];
    for (const [body, message] of cases) {
      const res = await client.call('POST', '/api/auth/register/customer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(res.json().detail).toContain(message);
    }
    const merchantCases: [Record<string, unknown>, string][] = [
      [merchantBody('v@example.com', { merchant: undefined }), 'merchant'],
      [
        merchantBody('v@example.com', { merchant: { ...merchantBody('x').merchant, business_number: '12-34' } }),
        '사업자등록번호는 숫자 10자리로 입력해주세요.',
      ],
      [
        merchantBody('v@example.com', { merchant: { ...merchantBody('x').merchant, business_name: '' } }),
        '상호명을 입력해주세요.',
      ],
    ];
    for (const [body, message] of merchantCases) {
      const res = await client.call('POST', '/api/auth/register/merchant', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(message);
    }
    expect(await app.db.$count(users, eq(users.tenantId, row.id))).toBe(0);
  });
});

describe('verification codes', () => {
  it('refuses a wrong code, then locks the code after five attempts', async () => {
    const { client } = await tenant();
    await client.call('POST', '/api/auth/send-verification-email', { email: 'w@example.com' });
    const { code } = await client.lastMail('w@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await client.call('POST', '/api/auth/verify-email', { email: 'w@example.com', code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: '인증 코드가 올바르지 않습니다.', code: 'code_invalid' });
    }
    const fifth = await client.call('POST', '/api/auth/verify-email', { email: 'w@example.com', code: wrong });
    expect(fifth.json().code).toBe('code_attempts_exceeded');
    const right = await client.call('POST', '/api/auth/verify-email', { email: 'w@example.com', code });
    expect(right.json().code).toBe('code_attempts_exceeded');
  });

  it('is single use', async () => {
    const { client } = await tenant();
    await client.call('POST', '/api/auth/send-verification-email', { email: 'u@example.com' });
    const { code } = await client.lastMail('u@example.com');
    expect((await client.call('POST', '/api/auth/verify-email', { email: 'u@example.com', code })).statusCode).toBe(
      200,
    );
    const again = await client.call('POST', '/api/auth/verify-email', { email: 'u@example.com', code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('code_expired');
  });

  it('expires after ten minutes', async () => {
    const { row, client } = await tenant();
    await client.call('POST', '/api/auth/send-verification-email', { email: 'e@example.com' });
    const { code } = await client.lastMail('e@example.com');
    await app.db
      .update(emailVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(emailVerifications.tenantId, row.id), eq(emailVerifications.email, 'e@example.com')));
    const res = await client.call('POST', '/api/auth/verify-email', { email: 'e@example.com', code });
    expect(res.json().code).toBe('code_expired');
  });

  it('throttles resending for a minute', async () => {
    const { row, client } = await tenant();
    expect(
      (await client.call('POST', '/api/auth/send-verification-email', { email: 'r@example.com' })).statusCode,
    ).toBe(200);
    const again = await client.call('POST', '/api/auth/send-verification-email', { email: 'r@example.com' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('resend_too_soon');
    expect(again.json().detail).toMatch(/^인증 코드는 \d+초 후에 다시 요청할 수 있습니다\.$/);

    await app.db
      .update(emailVerifications)
      .set({ sentAt: sql`now() - interval '61 seconds'` })
      .where(eq(emailVerifications.tenantId, row.id));
    expect(
      (await client.call('POST', '/api/auth/send-verification-email', { email: 'r@example.com' })).statusCode,
    ).toBe(200);
  });

  it("verifies an address on its own tenant only: another tenant's code neither verifies it nor lets it register", async () => {
    const a = await tenant();
    const b = await tenant();
    const email = 'crosser@example.com';
    const send = (client: typeof a.client) => client.call('POST', '/api/auth/send-verification-email', { email });
    const verify = (client: typeof a.client, code: string) =>
      client.call('POST', '/api/auth/verify-email', { email, code });
    const register = (client: typeof a.client) => client.call('POST', '/api/auth/register/customer', customer(email));
    const notVerified = {
      detail: '이메일 인증이 필요합니다. 인증 코드를 받아 이메일을 인증해주세요.',
      code: 'email_not_verified',
    };
    expect((await send(a.client)).statusCode).toBe(200);
    const code = (await a.client.lastMail(email)).code as string;

    // B never sent a code to the address: A's code has nothing to verify there.
    const cross = await verify(b.client, code);
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toEqual({
      detail: '인증 코드가 만료되었거나 이미 사용되었습니다. 새 인증 코드를 요청해주세요.',
      code: 'code_expired',
    });
    expect((await register(b.client)).json()).toEqual(notVerified);

    // B's own pending code (a different one) is not matched by A's either.
    expect((await send(b.client)).statusCode).toBe(200);
    let own = (await b.client.lastMail(email)).code as string;
    while (own === code) {
      // One chance in a million: ask B again for a code that differs.
      await app.db
        .update(emailVerifications)
        .set({ sentAt: sql`now() - interval '61 seconds'` })
        .where(eq(emailVerifications.tenantId, b.row.id));
      await send(b.client);
      own = (await b.client.lastMail(email)).code as string;
    }
    const crossPending = await verify(b.client, code);
    expect(crossPending.statusCode).toBe(400);
    expect(crossPending.json()).toEqual({ detail: '인증 코드가 올바르지 않습니다.', code: 'code_invalid' });
    expect((await register(b.client)).json()).toEqual(notVerified);

    // A's code still verifies on A (B's tries spent none of its attempts), and that stays A's.
    expect((await verify(a.client, code)).statusCode).toBe(200);
    const stillRefused = await register(b.client);
    expect(stillRefused.statusCode).toBe(400);
    expect(stillRefused.json()).toEqual(notVerified);
    expect(await app.db.$count(users, eq(users.tenantId, b.row.id))).toBe(0);
    // B's own code verifies the address on B.
    expect((await verify(b.client, own)).statusCode).toBe(200);
    expect((await register(b.client)).statusCode).toBe(201);
  });

  it('asks for the code and the e-mail in Korean', async () => {
    const { client } = await tenant();
    const noCode = await client.call('POST', '/api/auth/verify-email', { email: 'x@example.com', code: '' });
    expect(noCode.json().detail).toContain('인증 코드를 입력해주세요.');
    const noEmail = await client.call('POST', '/api/auth/send-verification-email', {});
    expect(noEmail.json().detail).toContain('이메일을 입력해주세요.');
  });
});

describe('login and sessions', () => {
  it('takes urlencoded, multipart and JSON bodies', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'm@example.com', password: 'pass1234' });
    expect((await client.login('m@example.com', 'pass1234')).statusCode).toBe(200);

    const boundary = '----form123';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nM@Example.com\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\npass1234\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: row.domain, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('m@example.com');

    const json = await client.call('POST', '/api/auth/login', { username: 'm@example.com', password: 'pass1234' });
    expect(json.statusCode).toBe(200);
  });

  it('stores Argon2id hashes and only the hash of a session token', async () => {
    const { row, client } = await tenant();
    await client.registerCustomer({ email: 'h@example.com', username: 'hash' });
    const [user] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, row.id)));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const options = parseOptions(user?.passwordHash ?? '');
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);

    const token = await client.token('h@example.com', TEST_PASSWORD);
    const stored = await app.db.select().from(sessions).where(eq(sessions.tenantId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('accepts long passwords whole (no truncation)', async () => {
    const { row, client } = await tenant();
    const long = `${'가나다라'.repeat(50)}x1`;
    await createUser(app.db, row.id, { email: 'long@example.com', password: long });
    expect((await client.login('long@example.com', long)).statusCode).toBe(200);
    expect((await client.login('long@example.com', long.slice(0, -1))).statusCode).toBe(401);
  });

  it('issues a new token at every login and answers /me with the user', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'me@example.com', username: '나' });
    const t1 = await client.token('me@example.com', 'password123');
    const t2 = await client.token('me@example.com', 'password123');
    expect(t1).not.toBe(t2);
    for (const t of [t1, t2]) {
      const me = await client.call('GET', '/api/auth/me', undefined, t);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'me@example.com', username: '나', is_admin: false });
    }
  });

  it('answers 401 without a token, with a bad token, and with a token of another tenant', async () => {
    const a = await tenant();
    const b = await tenant();
    await createUser(app.db, a.row.id, { email: 'x@example.com' });
    await createUser(app.db, b.row.id, { email: 'x@example.com' });
    const token = await a.client.token('x@example.com', 'password123');

    const none = await a.client.call('GET', '/api/auth/me');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: '로그인이 필요합니다.', code: 'unauthorized' });
    const bad = await a.client.call('GET', '/api/auth/me', undefined, 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('session_expired');
    const other = await b.client.call('GET', '/api/auth/me', undefined, token);
    expect(other.statusCode).toBe(401);
    const malformed = await app.inject({
      url: '/api/auth/me',
      headers: { host: a.row.domain, authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
  });

  it('ends a session after the idle timeout and after the absolute lifetime', async () => {
    const { row, client } = await tenant();
    const { user } = await createUser(app.db, row.id, { email: 's@example.com' });
    const idle = await client.token('s@example.com', 'password123');
    const old = await client.token('s@example.com', 'password123');
    const fresh = await client.token('s@example.com', 'password123');
    const [idleRow, oldRow] = await app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tenantId, row.id), eq(sessions.userId, user.id)))
      .orderBy(sessions.id);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '25 hours'` })
      .where(and(eq(sessions.tenantId, row.id), eq(sessions.id, idleRow?.id ?? 0)));
    await app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(sessions.tenantId, row.id), eq(sessions.id, oldRow?.id ?? 0)));

    expect((await client.call('GET', '/api/auth/me', undefined, idle)).statusCode).toBe(401);
    expect((await client.call('GET', '/api/auth/me', undefined, old)).statusCode).toBe(401);
    expect((await client.call('GET', '/api/auth/me', undefined, fresh)).statusCode).toBe(200);
    // Dead sessions are removed.
    expect(await app.db.$count(sessions, eq(sessions.tenantId, row.id))).toBe(1);
  });

  it('keeps an active session alive by moving last_seen_at', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'alive@example.com' });
    const token = await client.token('alive@example.com', 'password123');
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '23 hours'` })
      .where(eq(sessions.tenantId, row.id));
    expect((await client.call('GET', '/api/auth/me', undefined, token)).statusCode).toBe(200);
    const [s] = await app.db.select().from(sessions).where(eq(sessions.tenantId, row.id));
    expect(Date.now() - (s?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('revokes the token at logout', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'out@example.com' });
    const token = await client.token('out@example.com', 'password123');
    const other = await client.token('out@example.com', 'password123');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: row.domain, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect((await client.call('GET', '/api/auth/me', undefined, token)).statusCode).toBe(401);
    expect((await client.call('GET', '/api/auth/me', undefined, other)).statusCode).toBe(200);
  });

  it('answers logout 401 without a live session of this tenant, and leaves the other tenant session alive', async () => {
    const a = await tenant();
    const b = await tenant();
    await createUser(app.db, b.row.id, { email: 'elsewhere@example.com' });
    const foreign = await b.client.token('elsewhere@example.com', 'password123');

    const cross = await a.client.call('POST', '/api/auth/logout', undefined, foreign);
    expect(cross.statusCode).toBe(401);
    expect(cross.json()).toEqual({ detail: '로그인이 만료되었습니다. 다시 로그인해주세요.', code: 'session_expired' });
    const none = await a.client.call('POST', '/api/auth/logout');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: '로그인이 필요합니다.', code: 'unauthorized' });
    expect((await b.client.call('GET', '/api/auth/me', undefined, foreign)).statusCode).toBe(200);

    // Once logged out, the same token is refused like any ended session.
    expect((await b.client.call('POST', '/api/auth/logout', undefined, foreign)).statusCode).toBe(200);
    expect((await b.client.call('POST', '/api/auth/logout', undefined, foreign)).statusCode).toBe(401);
  });

  it('answers wrong credentials 401 alike for an unknown e-mail and a wrong password', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'k@example.com' });
    const wrong = await client.login('k@example.com', 'nope12345');
    const unknown = await client.login('nobody@example.com', 'nope12345');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ detail: '이메일 또는 비밀번호가 올바르지 않습니다.', code: 'invalid_credentials' });
  });

  it('validates the login form', async () => {
    const { client } = await tenant();
    const empty = await client.login('', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('이메일을 입력해주세요.');
    const noPassword = await client.login('a@example.com', '');
    expect(noPassword.json().detail).toContain('비밀번호를 입력해주세요.');
  });

  it('locks an account for 15 minutes after 5 failures, even for the right password', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'lock@example.com' });
    for (let i = 0; i < 4; i++) expect((await client.login('lock@example.com', 'wrong1234')).statusCode).toBe(401);
    const fifth = await client.login('lock@example.com', 'wrong1234');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      detail: '로그인 시도가 너무 많습니다. 15분 후에 다시 시도해주세요.',
      code: 'login_locked',
    });
    expect((await client.login('lock@example.com', 'password123')).statusCode).toBe(429);
    // Another account from the same address is not locked.
    await createUser(app.db, row.id, { email: 'free@example.com' });
    expect((await client.login('free@example.com', 'password123')).statusCode).toBe(200);
  });

  it('locks an address after too many failures across accounts', async () => {
    const limited = await buildTestApp({ loginLimits: { ...defaultLoginLimits, perAddress: 3, windowMs: 60_000 } });
    try {
      const row = await createTenant(limited.db);
      await createUser(limited.db, row.id, { email: 'ok@example.com' });
      const client = accountsClient(limited, row.domain);
      const from = { remoteAddress: '203.0.113.9' };
      expect((await client.login('a@example.com', 'x', from)).statusCode).toBe(401);
      expect((await client.login('b@example.com', 'x', from)).statusCode).toBe(401);
      expect((await client.login('c@example.com', 'x', from)).statusCode).toBe(429);
      expect((await client.login('ok@example.com', 'password123', from)).statusCode).toBe(429);
      expect((await client.login('ok@example.com', 'password123', { remoteAddress: '203.0.113.10' })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('counts the failures of an address per tenant: a lock on one tenant leaves the others open', async () => {
    const limited = await buildTestApp({ loginLimits: { ...defaultLoginLimits, perAddress: 3 } });
    try {
      const a = await createTenant(limited.db);
      const b = await createTenant(limited.db);
      await createUser(limited.db, a.id, { email: 'ok@example.com' });
      await createUser(limited.db, b.id, { email: 'ok@example.com' });
      const onA = accountsClient(limited, a.domain);
      const onB = accountsClient(limited, b.domain);
      // One shared address (a proxy without TRUST_PROXY, a campus NAT) fails on tenant A …
      const from = { remoteAddress: '203.0.113.20' };
      for (const email of ['x@example.com', 'y@example.com']) {
        expect((await onA.login(email, 'wrong1234', from)).statusCode).toBe(401);
      }
      expect((await onA.login('z@example.com', 'wrong1234', from)).json().code).toBe('login_locked');
      expect((await onA.login('ok@example.com', 'password123', from)).statusCode).toBe(429);
      // … and a valid login from it on tenant B still succeeds.
      expect((await onB.login('ok@example.com', 'password123', from)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("does not let a stranger's failures lock the owner out from another address", async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'owner@example.com' });
    const stranger = { remoteAddress: '198.51.100.66' };
    const owner = { remoteAddress: '192.0.2.10' };
    for (let i = 0; i < 4; i++) {
      expect((await client.login('owner@example.com', 'guess1234', stranger)).statusCode).toBe(401);
    }
    expect((await client.login('owner@example.com', 'guess1234', stranger)).json().code).toBe('login_locked');
    // The stranger stays locked, even with the right password …
    expect((await client.login('owner@example.com', 'password123', stranger)).statusCode).toBe(429);
    // … while the owner signs in from their own address.
    expect((await client.login('owner@example.com', 'password123', owner)).statusCode).toBe(200);
  });

  it('caps failures of an account over all addresses, and a password reset lifts every lock', async () => {
    const limited = await buildTestApp({ loginLimits: { ...defaultLoginLimits, perAccountAddress: 2, perAccount: 4 } });
    try {
      const row = await createTenant(limited.db);
      await createUser(limited.db, row.id, { email: 'owner@example.com' });
      const client = accountsClient(limited, row.domain);
      const strangers = [{ remoteAddress: '198.51.100.1' }, { remoteAddress: '198.51.100.2' }];
      for (const from of strangers) {
        expect((await client.login('owner@example.com', 'guess1234', from)).statusCode).toBe(401);
        expect((await client.login('owner@example.com', 'guess1234', from)).statusCode).toBe(429);
      }
      // Distributed guessing reached the account-wide cap: the owner's address is locked too.
      const owner = { remoteAddress: '192.0.2.10' };
      const locked = await client.login('owner@example.com', 'password123', owner);
      expect(locked.json()).toEqual({
        detail: '로그인 시도가 너무 많습니다. 60분 후에 다시 시도해주세요.',
        code: 'login_locked',
      });

      await client.call('POST', '/api/auth/reset-password-request', { email: 'owner@example.com' });
      const token = new URL((await client.lastMail('owner@example.com')).link ?? '').searchParams.get('token') ?? '';
      const reset = await client.call('POST', '/api/auth/reset-password', { token, new_password: 'Fresh-start-42' });
      expect(reset.statusCode).toBe(200);
      expect((await client.login('owner@example.com', 'Fresh-start-42', owner)).statusCode).toBe(200);
      // The lock of the strangers' addresses is lifted as well: a wrong guess is a plain 401 again.
      expect((await client.login('owner@example.com', 'guess1234', strangers[0])).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('counts each client behind a trusted proxy by its own address (TRUST_PROXY as addresses or ranges)', async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' });
    expect(trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow('TRUST_PROXY');
    const behind = await buildTestApp({ trustProxy, loginLimits: { ...defaultLoginLimits, perAddress: 2 } });
    try {
      const row = await createTenant(behind.db);
      await createUser(behind.db, row.id, { email: 'ok@example.com' });
      const login = (forwardedFor: string, email: string, password: string) =>
        behind.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.2',
          headers: { host: row.domain, 'x-forwarded-for': forwardedFor },
          payload: { username: email, password },
        });
      // A client forging X-Forwarded-For only adds an entry the proxy appends to.
      expect((await login('1.1.1.1, 198.51.100.5', 'x@example.com', 'wrong1234')).statusCode).toBe(401);
      expect((await login('2.2.2.2, 198.51.100.5', 'y@example.com', 'wrong1234')).statusCode).toBe(429);
      expect((await login('198.51.100.6', 'ok@example.com', 'password123')).statusCode).toBe(200);
      // A client that reaches the server directly cannot pose as someone else.
      const direct = await behind.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.5',
        headers: { host: row.domain, 'x-forwarded-for': '198.51.100.7' },
        payload: { username: 'ok@example.com', password: 'password123' },
      });
      expect(direct.statusCode).toBe(429);
    } finally {
      await behind.close();
    }
  });

  it('rate-limits the login call per address', async () => {
    const { client } = await tenant();
    const from = { remoteAddress: '198.51.100.7' };
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await client.login('', '', from)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    const last = await client.login('', '', from);
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('rate_limited');
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('answers a password login to a social-only account 400 naming the provider in x-social-login', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'kakao@example.com', password: null });
    const res = await client.login('kakao@example.com', 'whatever1');
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-social-login']).toBe('kakao');
    expect(res.json()).toEqual({
      detail: '소셜 로그인(카카오)으로 가입한 계정입니다. 카카오 로그인을 이용해주세요.',
      code: 'social_login_account',
    });
  });
});

describe('profile, password change and deletion', () => {
  it('updates only the fields sent and answers the user', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'p@example.com', username: '원래', userType: 'merchant' });
    const token = await client.token('p@example.com', 'password123');
    const res = await client.call(
      'PUT',
      '/api/auth/profile',
      {
        username: '새이름',
        phone: '010 9999 8888',
        merchant: { business_description: '새 소개' },
        email: 'P@example.com',
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: '새이름',
      phone: '01099998888',
      address: '서울특별시 중구 세종대로 110, 3층',
      merchant: { business_description: '새 소개' },
    });
    expect((await client.call('GET', '/api/auth/me', undefined, token)).json().username).toBe('새이름');
  });

  it('stores the postcode with the address, answers it in me, and clears it with the address', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'zip@example.com' });
    const token = await client.token('zip@example.com', 'password123');
    expect((await client.call('GET', '/api/auth/me', undefined, token)).json().postcode).toBeNull();
    const res = await client.call(
      'PUT',
      '/api/auth/profile',
      { address: '서울 마포구 월드컵북로 400, 101동', postcode: ' 03925 ' },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ address: '서울 마포구 월드컵북로 400, 101동', postcode: '03925' });
    expect((await client.call('GET', '/api/auth/me', undefined, token)).json()).toMatchObject({ postcode: '03925' });

    const wrong = await client.call('PUT', '/api/auth/profile', { postcode: '0392' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('우편번호는 숫자 5자리로 입력해주세요.');

    // Another address without a postcode keeps it (the edit screen sends it when it changes) …
    await client.call('PUT', '/api/auth/profile', { address: '서울 마포구 월드컵북로 400, 102동' }, token);
    expect((await client.call('GET', '/api/auth/me', undefined, token)).json().postcode).toBe('03925');
    // … and no address, no postcode.
    const cleared = await client.call('PUT', '/api/auth/profile', { address: '' }, token);
    expect(cleared.json()).toMatchObject({ address: null, postcode: null });
  });

  it('refuses a taken username, an e-mail change and merchant fields of a customer', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'q@example.com', username: '큐' });
    await createUser(app.db, row.id, { email: 'r@example.com', username: '알파' });
    const token = await client.token('q@example.com', 'password123');
    const taken = await client.call('PUT', '/api/auth/profile', { username: '알파' }, token);
    expect(taken.json()).toEqual({ detail: '이미 사용중인 사용자명입니다.', code: 'username_taken' });
    const email = await client.call('PUT', '/api/auth/profile', { email: 'new@example.com' }, token);
    expect(email.json().code).toBe('email_change_not_allowed');
    const merchant = await client.call('PUT', '/api/auth/profile', { merchant: { business_name: 'x' } }, token);
    expect(merchant.json().code).toBe('not_merchant');
    const phone = await client.call('PUT', '/api/auth/profile', { phone: 'abc' }, token);
    expect(phone.statusCode).toBe(400);
    expect((await client.call('PUT', '/api/auth/profile', { username: '큐2' })).statusCode).toBe(401);
    expect((await client.call('GET', '/api/auth/me', undefined, token)).json().username).toBe('큐');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'c@example.com' });
    const mine = await client.token('c@example.com', 'password123');
    const other = await client.token('c@example.com', 'password123');

    const wrong = await client.call(
      'POST',
      '/api/auth/change-password',
      { current_password: 'nope', new_password: 'newpass123' },
      mine,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: '현재 비밀번호가 올바르지 않습니다.', code: 'wrong_password' });
    const short = await client.call(
      'POST',
      '/api/auth/change-password',
      { current_password: 'password123', new_password: 'short' },
      mine,
    );
    expect(short.json().detail).toContain('비밀번호는 최소 8자 이상이어야 합니다.');

    const ok = await client.call(
      'POST',
      '/api/auth/change-password',
      { current_password: 'password123', new_password: 'newpass123' },
      mine,
    );
    expect(ok.statusCode).toBe(200);
    expect((await client.call('GET', '/api/auth/me', undefined, mine)).statusCode).toBe(200);
    expect((await client.call('GET', '/api/auth/me', undefined, other)).statusCode).toBe(401);
    expect((await client.login('c@example.com', 'password123')).statusCode).toBe(401);
    expect((await client.login('c@example.com', 'newpass123')).statusCode).toBe(200);
  });

  it('deletes an account: sessions end, personal data goes, the row and e-mail slot are freed', async () => {
    const { row, client } = await tenant();
    const { user } = await createUser(app.db, row.id, {
      email: 'd@example.com',
      username: '탈퇴',
      userType: 'merchant',
    });
    const token = await client.token('d@example.com', 'password123');
    const other = await client.token('d@example.com', 'password123');
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { host: row.domain, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect((await client.call('GET', '/api/auth/me', undefined, other)).statusCode).toBe(401);
    expect((await client.login('d@example.com', 'password123')).statusCode).toBe(401);

    const [kept] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, row.id), eq(users.id, user.id)));
    expect(kept).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      phone: null,
      address: null,
      passwordHash: null,
      deletedAt: expect.any(Date),
    });
    expect((await client.registerCustomer({ email: 'd@example.com', username: '탈퇴' })).statusCode).toBe(201);
    expect((await client.call('DELETE', '/api/auth/account')).statusCode).toBe(401);
  });
});

describe('find e-mail', () => {
  it('answers only the masked e-mail for a phone number', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'customer@example.com', phone: '01055556666' });
    const res = await client.call('POST', '/api/auth/find-email', { phone: '010-5555-6666' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'cu******@example.com', masked_email: 'cu******@example.com' });
  });

  it('answers 404 with the spec text when nobody has the phone, and validates it', async () => {
    const { client } = await tenant();
    const res = await client.call('POST', '/api/auth/find-email', { phone: '010-0000-0000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '등록된 이메일을 찾을 수 없습니다.', code: 'email_not_found' });
    const empty = await client.call('POST', '/api/auth/find-email', { phone: '' });
    expect(empty.json().detail).toContain('전화번호를 입력해주세요.');
  });

  it('is rate-limited', async () => {
    const { client } = await tenant();
    for (let i = 0; i < 10; i++) await client.call('POST', '/api/auth/find-email', { phone: '01000000000' });
    expect((await client.call('POST', '/api/auth/find-email', { phone: '01000000000' })).statusCode).toBe(429);
  });

  it('counts one bucket per tenant and address, whatever port or case the Host names', async () => {
    const { row } = await tenant();
    const other = await tenant();
    const findEmail = (host: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/find-email',
        headers: { host },
        payload: { phone: '01000000000' },
        remoteAddress: '192.0.2.44',
      });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const host = i % 2 ? `${row.domain.toUpperCase()}:${20001 + i}` : `${row.domain}:${20001 + i}`;
      codes.push((await findEmail(host)).statusCode);
    }
    expect(codes.every((c) => c === 404)).toBe(true);
    expect((await findEmail(`${row.domain}:29999`)).statusCode).toBe(429);
    expect((await findEmail(row.domain)).statusCode).toBe(429);
    // Another tenant on the same node has a bucket of its own.
    expect((await findEmail(other.row.domain)).statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'z@example.com' });
    const session = await client.token('z@example.com', 'password123');

    const asked = await client.call('POST', '/api/auth/reset-password-request', { email: 'Z@example.com' });
    const unknown = await client.call('POST', '/api/auth/reset-password-request', { email: 'nobody@example.com' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(unknown.json());

    const mail = await client.lastMail('z@example.com');
    expect(mail.link).toMatch(
      new RegExp(`^http://${row.domain.replaceAll('.', '\\.')}/reset-password\\?token=[\\w-]{43}$`),
    );
    expect(mail.text).toContain(mail.link);
    const token = new URL(mail.link ?? '').searchParams.get('token') ?? '';
    const stored = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tenantId, row.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    const short = await client.call('POST', '/api/auth/reset-password', { token, new_password: 'short' });
    expect(short.json().detail).toContain('비밀번호는 최소 8자 이상이어야 합니다.');

    const res = await client.call('POST', '/api/auth/reset-password', { token, new_password: 'brandnew99' });
    expect(res.statusCode).toBe(200);
    expect((await client.call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(401);
    expect((await client.login('z@example.com', 'brandnew99')).statusCode).toBe(200);

    const reused = await client.call('POST', '/api/auth/reset-password', { token, new_password: 'another99' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('reset_token_invalid');
  });

  it('refuses an expired token, a made-up token and a token of another tenant', async () => {
    const { row, client } = await tenant();
    const other = await tenant();
    await createUser(app.db, row.id, { email: 'y@example.com' });
    await client.call('POST', '/api/auth/reset-password-request', { email: 'y@example.com' });
    const token = new URL((await client.lastMail('y@example.com')).link ?? '').searchParams.get('token') ?? '';

    const cross = await other.client.call('POST', '/api/auth/reset-password', { token, new_password: 'brandnew99' });
    expect(cross.json().code).toBe('reset_token_invalid');
    const made = await client.call('POST', '/api/auth/reset-password', {
      token: 'x'.repeat(43),
      new_password: 'brandnew99',
    });
    expect(made.json().code).toBe('reset_token_invalid');
    const missing = await client.call('POST', '/api/auth/reset-password', { new_password: 'brandnew99' });
    expect(missing.json().detail).toContain('유효하지 않은 접근입니다.');

    await app.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tenantId, row.id));
    const expired = await client.call('POST', '/api/auth/reset-password', { token, new_password: 'brandnew99' });
    expect(expired.json().code).toBe('reset_token_invalid');
    expect((await client.login('y@example.com', 'password123')).statusCode).toBe(200);
  });

  it('expires within an hour and keeps only the newest link', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'n@example.com' });
    await client.call('POST', '/api/auth/reset-password-request', { email: 'n@example.com' });
    await app.auth.settled();
    const [t] = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tenantId, row.id));
    expect((t?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    const tokenOf = (link: string | null) => new URL(link ?? '').searchParams.get('token') ?? '';
    const first = tokenOf((await client.lastMail('n@example.com')).link);
    // A second request within a minute sends nothing more.
    await client.call('POST', '/api/auth/reset-password-request', { email: 'n@example.com' });
    const mails = async () => (await client.call('GET', '/api/dev/outbox?to=n@example.com')).json().mails;
    expect(await mails()).toHaveLength(1);

    // Once that minute is over (its throttle reset here), a new link replaces the first.
    await app.counters.reset(`reset-mail:${row.id}:n@example.com`);
    expect((await client.call('POST', '/api/auth/reset-password-request', { email: 'n@example.com' })).statusCode).toBe(
      200,
    );
    expect(await mails()).toHaveLength(2);
    const newest = tokenOf((await client.lastMail('n@example.com')).link);
    expect(newest).not.toBe(first);
    const old = await client.call('POST', '/api/auth/reset-password', { token: first, new_password: 'Older-link-11' });
    expect(old.statusCode, 'the first link must no longer work').toBe(400);
    expect(old.json().code).toBe('reset_token_invalid');
    expect(await app.db.$count(passwordResetTokens, eq(passwordResetTokens.tenantId, row.id))).toBe(1);
    const ok = await client.call('POST', '/api/auth/reset-password', { token: newest, new_password: 'Newest-link-22' });
    expect(ok.statusCode).toBe(200);
    expect((await client.login('n@example.com', 'Newest-link-22')).statusCode).toBe(200);
    expect((await client.login('n@example.com', 'Older-link-11')).statusCode).toBe(401);
  });
});

describe('password policy (one rule for registration, reset and change)', () => {
  const tooShort = '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.';
  const repeated = '같은 문자만 반복한 비밀번호는 사용할 수 없습니다.';
  const common = '너무 흔한 비밀번호입니다. 다른 비밀번호를 사용해주세요.';
  const weak: [string, string][] = [
    ['aaaaaaaa', repeated],
    [' '.repeat(8), tooShort],
    ['\u200b'.repeat(8), tooShort],
    ['password1', common],
    ['Password1', common],
    // Full-width digits are the common 12345678 once normalised.
    ['１２３４５６７８', common],
  ];

  it('refuses weak and common passwords at registration and creates nothing', async () => {
    const { row, client } = await tenant();
    await client.verify('weak@example.com');
    const spec = '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.';
    const cases: [string, string][] = [
      ['aaaaaaaa', spec],
      [' '.repeat(8), spec],
      ['\u200b'.repeat(8), spec],
      [`a1${'\u200b'.repeat(6)}`, tooShort],
      ['password1', common],
      ['Qwer1234', common],
    ];
    for (const [password, detail] of cases) {
      const res = await client.call('POST', '/api/auth/register/customer', customer('weak@example.com', { password }));
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    expect(await app.db.$count(users, eq(users.tenantId, row.id))).toBe(0);
    const ok = await client.call('POST', '/api/auth/register/customer', customer('weak@example.com'));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses them at password reset and keeps the link usable', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'r@example.com' });
    await client.call('POST', '/api/auth/reset-password-request', { email: 'r@example.com' });
    const token = new URL((await client.lastMail('r@example.com')).link ?? '').searchParams.get('token') ?? '';
    for (const [password, detail] of weak) {
      const res = await client.call('POST', '/api/auth/reset-password', { token, new_password: password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    const ok = await client.call('POST', '/api/auth/reset-password', { token, new_password: 'Quiet-river-88' });
    expect(ok.statusCode).toBe(200);
    expect((await client.login('r@example.com', 'Quiet-river-88')).statusCode).toBe(200);
  });

  it('refuses them at password change and keeps the old password', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { email: 'c@example.com' });
    const token = await client.token('c@example.com', 'password123');
    for (const [password, detail] of weak) {
      const res = await client.call(
        'POST',
        '/api/auth/change-password',
        { current_password: 'password123', new_password: password },
        token,
      );
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    expect((await client.login('c@example.com', 'password123')).statusCode).toBe(200);
  });
});

describe('demo accounts', () => {
  it('exist in every demo tenant with the password demo1234, the administrator in the first', async () => {
    const demo = await buildTestApp({}, { wholePlatform: true });
    try {
      await seedDemoIfEmpty(demo.db, demo.log);
      for (const host of ['farm.localhost', 'mall.localhost']) {
        const client = accountsClient(demo, host);
        const merchant = (await client.login('merchant@example.com', 'demo1234')).json();
        expect(merchant.user).toMatchObject({ user_type: 'merchant', merchant: { business_name: expect.any(String) } });
        const customer = (await client.login('customer@example.com', 'demo1234')).json();
        expect(customer.user).toMatchObject({ user_type: 'customer', is_admin: false });
      }
      const farm = accountsClient(demo, 'farm.localhost');
      expect((await farm.login('admin@example.com', 'demo1234')).json().user.is_admin).toBe(true);
      expect((await accountsClient(demo, 'mall.localhost').login('admin@example.com', 'demo1234')).statusCode).toBe(
        401,
      );
    } finally {
      await demo.close();
    }
  });
});

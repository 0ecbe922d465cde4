import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../seed/factories.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { startKakaoStandIn } from '../../test/kakao-stand-in.js';
import { socialAccounts } from '../users/users.schema.js';

let app: FastifyInstance;
let kakao: Awaited<ReturnType<typeof startKakaoStandIn>>;

beforeAll(async () => {
  kakao = await startKakaoStandIn({ clientId: 'rest-key', clientSecret: 'secret' });
  app = await buildTestApp({
    kakao: { restApiKey: 'rest-key', clientSecret: 'secret', authBaseUrl: kakao.baseUrl, apiBaseUrl: kakao.baseUrl },
  });
});
afterAll(async () => {
  await app.close();
  await kakao.close();
});

async function tenant() {
  const row = await createTenant(app.db);
  return { row, client: accountsClient(app, row.domain) };
}

/** The browser part: open auth_url, sign in at Kakao as `kakaoId`, come back with a code. */
async function signInAtKakao(client: ReturnType<typeof accountsClient>, kakaoId: number) {
  const start = await client.call('GET', '/api/auth/kakao/auth-url');
  expect(start.statusCode).toBe(200);
  const { auth_url, state } = start.json();
  const back = await kakao.authorize(auth_url, kakaoId);
  expect(back.state).toBe(state);
  return client.call('POST', '/api/auth/kakao/callback', { code: back.code });
}

describe('Kakao login against a local stand-in', () => {
  it('builds the authorize URL from the configuration and the tenant address', async () => {
    const { row, client } = await tenant();
    const { auth_url } = (await client.call('GET', '/api/auth/kakao/auth-url')).json();
    const url = new URL(auth_url);
    expect(url.origin + url.pathname).toBe(`${kakao.baseUrl}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('rest-key');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${row.domain}/auth/kakao/callback`);
    const current = await app.inject({ url: '/api/tenant/current', headers: { host: row.domain } });
    expect(current.json().features.social_login).toBe(true);
  });

  it('creates a customer account without a password on the first login, and finds it again', async () => {
    const { row, client } = await tenant();
    kakao.addUser({ id: 1001, email: 'Kim@Kakao.com', nickname: '김카카오', profileImage: 'http://img/k.png' });
    const first = await signInAtKakao(client, 1001);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      token_type: 'bearer',
      user: { email: 'kim@kakao.com', username: '김카카오', user_type: 'customer', profile_image: 'http://img/k.png' },
    });
    const me = await client.call('GET', '/api/auth/me', undefined, first.json().access_token);
    expect(me.json().email).toBe('kim@kakao.com');

    const second = await signInAtKakao(client, 1001);
    expect(second.json().user.id).toBe(first.json().user.id);
    expect(second.json().access_token).not.toBe(first.json().access_token);

    // The account has no password: a password login names the provider.
    const login = await client.login('kim@kakao.com', 'anything1');
    expect(login.statusCode).toBe(400);
    expect(login.headers['x-social-login']).toBe('kakao');
    const links = await app.db.select().from(socialAccounts).where(eq(socialAccounts.tenantId, row.id));
    expect(links).toMatchObject([{ provider: 'kakao', providerUserId: '1001' }]);
  });

  it('links to an existing account only when Kakao reports the same e-mail as verified', async () => {
    const { row, client } = await tenant();
    const { user } = await createUser(app.db, row.id, { email: 'lee@example.com' });
    kakao.addUser({ id: 2002, email: 'lee@example.com', emailVerified: true, nickname: '이' });
    const res = await signInAtKakao(client, 2002);
    expect(res.json().user.id).toBe(user.id);
    // The password keeps working.
    expect((await client.login('lee@example.com', 'password123')).statusCode).toBe(200);

    await createUser(app.db, row.id, { email: 'park@example.com' });
    kakao.addUser({ id: 2003, email: 'park@example.com', emailVerified: false, nickname: '박' });
    const unverified = await signInAtKakao(client, 2003);
    expect(unverified.statusCode).toBe(200);
    expect(unverified.json().user.email).toBe('kakao-2003@kakao.invalid');
    const links = await app.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.tenantId, row.id), eq(socialAccounts.providerUserId, '2003')));
    expect(links[0]?.userId).toBe(unverified.json().user.id);
  });

  it('gives a taken nickname a suffix', async () => {
    const { row, client } = await tenant();
    await createUser(app.db, row.id, { username: '동명이인' });
    kakao.addUser({ id: 3003, nickname: '동명이인' });
    const res = await signInAtKakao(client, 3003);
    expect(res.json().user.username).toMatch(/^동명이인\d{4}$/);
  });

  it('signs in with a provider access token', async () => {
    const { client } = await tenant();
    kakao.addUser({ id: 4004, email: 'token@kakao.com', nickname: '토큰' });
    const res = await client.call('POST', '/api/auth/kakao/login', { access_token: kakao.issueToken(4004) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('token@kakao.com');
    const bad = await client.call('POST', '/api/auth/kakao/login', { access_token: 'forged' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: '카카오 로그인 처리 중 오류가 발생했습니다.', code: 'social_login_failed' });
  });

  it('refuses a wrong, reused or missing code', async () => {
    const { client } = await tenant();
    kakao.addUser({ id: 5005, nickname: '코드' });
    const { auth_url } = (await client.call('GET', '/api/auth/kakao/auth-url')).json();
    const { code } = await kakao.authorize(auth_url, 5005);
    expect((await client.call('POST', '/api/auth/kakao/callback', { code })).statusCode).toBe(200);
    const reused = await client.call('POST', '/api/auth/kakao/callback', { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('social_login_failed');
    const missing = await client.call('POST', '/api/auth/kakao/callback', { code: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('인증 코드가 없습니다.');
  });

  it('answers 404 where the tenant switched social login off', async () => {
    const { row, client } = await tenant();
    await app.tenants.updateFeatures(row.id, { social_login: false });
    expect((await client.call('GET', '/api/auth/kakao/auth-url')).statusCode).toBe(404);
    expect((await client.call('POST', '/api/auth/kakao/callback', { code: 'x' })).json().code).toBe('feature_disabled');
  });

  it('answers 502 when Kakao cannot be reached', async () => {
    const offline = await buildTestApp({
      kakao: { restApiKey: 'k', authBaseUrl: 'http://127.0.0.1:9', apiBaseUrl: 'http://127.0.0.1:9' },
    });
    try {
      const row = await createTenant(offline.db);
      const res = await accountsClient(offline, row.domain).call('POST', '/api/auth/kakao/login', {
        access_token: 'x',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('social_provider_unavailable');
    } finally {
      await offline.close();
    }
  });
});

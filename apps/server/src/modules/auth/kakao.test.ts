import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTenant, createUser } from '../../seed/factories.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { startKakaoStandIn } from '../../test/kakao-stand-in.js';
import { socialAccounts, users } from '../users/users.schema.js';

/** This service's Kakao app, and another app the same Kakao users sign in to. */
const APP_ID = 424242;
const OTHER_APP_ID = 515151;

let app: FastifyInstance;
let kakao: Awaited<ReturnType<typeof startKakaoStandIn>>;

beforeAll(async () => {
  kakao = await startKakaoStandIn({ clientId: 'rest-key', clientSecret: 'secret', appId: APP_ID });
  app = await buildTestApp({
    kakao: {
      restApiKey: 'rest-key',
      appId: String(APP_ID),
      clientSecret: 'secret',
      authBaseUrl: kakao.baseUrl,
      apiBaseUrl: kakao.baseUrl,
    },
  });
});
afterAll(async () => {
  await app.close();
  await kakao.close();
});

async function tenant() {
  const row = await createTenant(app.db);
  return { row, client: { ...accountsClient(app, row.domain), host: row.domain } };
}

const STATE_COOKIE = 'kakao_oauth_state';

/** A browser's start of a Kakao login: auth_url, the state, and the state cookie the answer set. */
async function startLogin(host: string) {
  const start = await app.inject({ url: '/api/auth/kakao/auth-url', headers: { host } });
  expect(start.statusCode).toBe(200);
  const cookie = start.cookies.find((c) => c.name === STATE_COOKIE)?.value;
  expect(cookie).toBeTruthy();
  const { auth_url, state } = start.json() as { auth_url: string; state: string };
  return { auth_url, state, cookie: cookie as string };
}

/** The callback call as the web page makes it, with the browser's state cookie when it has one. */
function callback(host: string, body: Record<string, string>, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/kakao/callback',
    headers: { host },
    payload: body,
    ...(cookie === undefined ? {} : { cookies: { [STATE_COOKIE]: cookie } }),
  });
}

/** The browser part: open auth_url, sign in at Kakao as `kakaoId`, come back with a code. */
async function signInAtKakao({ host }: { host: string }, kakaoId: number) {
  const { auth_url, state, cookie } = await startLogin(host);
  const back = await kakao.authorize(auth_url, kakaoId);
  expect(back.state).toBe(state);
  return callback(host, { code: back.code, state: back.state ?? '' }, cookie);
}

/** How many times the stand-in was asked for `path` since `from` (an index into its request log). */
const calls = (path: string, from = 0) => kakao.requests.slice(from).filter((r) => r.path === path).length;

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
    const { auth_url, state, cookie } = await startLogin(client.host);
    const { code } = await kakao.authorize(auth_url, 5005);
    expect((await callback(client.host, { code, state }, cookie)).statusCode).toBe(200);
    // The same code again, from a fresh start of a login (its state is good): Kakao refuses it.
    const again = await startLogin(client.host);
    const reused = await callback(client.host, { code, state: again.state }, again.cookie);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('social_login_failed');
    const next = await startLogin(client.host);
    const missing = await callback(client.host, { code: '', state: next.state }, next.cookie);
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
      kakao: { restApiKey: 'k', appId: '1', authBaseUrl: 'http://127.0.0.1:9', apiBaseUrl: 'http://127.0.0.1:9' },
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

describe('an access token of another Kakao app (token substitution)', () => {
  it('is refused with 401 before the user info is trusted, and creates no account or session', async () => {
    const { row, client } = await tenant();
    kakao.addUser({ id: 6006, email: 'victim@kakao.com', nickname: '피해자' });
    // Another app (say, a game the victim signed in to) holds a valid token of the victim.
    const foreign = kakao.issueToken(6006, OTHER_APP_ID);
    const from = kakao.requests.length;
    const res = await client.call('POST', '/api/auth/kakao/login', { access_token: foreign });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: '이 서비스에서 발급된 카카오 로그인 정보가 아닙니다. 카카오 로그인을 다시 시도해주세요.',
      code: 'social_token_foreign_app',
    });
    expect(res.json().access_token).toBeUndefined();
    expect(calls('/v1/user/access_token_info', from)).toBe(1);
    expect(calls('/v2/user/me', from)).toBe(0);
    expect(await app.db.select().from(users).where(eq(users.tenantId, row.id))).toEqual([]);
    expect(await app.db.select().from(socialAccounts).where(eq(socialAccounts.tenantId, row.id))).toEqual([]);
  });

  it('does not sign in an account already linked to that Kakao user either', async () => {
    const { client } = await tenant();
    kakao.addUser({ id: 6007, email: 'linked@kakao.com', nickname: '연결' });
    const own = await client.call('POST', '/api/auth/kakao/login', { access_token: kakao.issueToken(6007) });
    expect(own.statusCode).toBe(200);
    expect(calls('/v1/user/access_token_info')).toBeGreaterThan(0);
    const foreign = await client.call('POST', '/api/auth/kakao/login', {
      access_token: kakao.issueToken(6007, OTHER_APP_ID),
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().code).toBe('social_token_foreign_app');
  });

  it('needs KAKAO_APP_ID with KAKAO_REST_API_KEY at boot', () => {
    expect(() => loadConfig({ KAKAO_REST_API_KEY: 'rest-key' })).toThrow(/KAKAO_APP_ID/);
    expect(() => loadConfig({ KAKAO_REST_API_KEY: 'rest-key', KAKAO_APP_ID: 'rest-key' })).toThrow(/KAKAO_APP_ID/);
    expect(loadConfig({ KAKAO_REST_API_KEY: 'rest-key', KAKAO_APP_ID: '424242' }).kakao.appId).toBe('424242');
    expect(loadConfig({}).kakao.restApiKey).toBeUndefined();
  });
});

describe('the state of the Kakao callback (login CSRF)', () => {
  it('sets a short-lived HttpOnly, SameSite=Lax state cookie for the Kakao calls only', async () => {
    const { client } = await tenant();
    const start = await app.inject({ url: '/api/auth/kakao/auth-url', headers: { host: client.host } });
    const cookie = start.cookies.find((c) => c.name === STATE_COOKIE);
    expect(cookie).toMatchObject({
      value: start.json().state,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/kakao',
    });
    expect(cookie?.maxAge).toBe(600);
    expect(cookie?.secure).toBeFalsy(); // served over plain http here
    expect(start.headers['cache-control']).toBe('no-store');
  });

  it('refuses a callback without state before spending the code', async () => {
    const { client } = await tenant();
    kakao.addUser({ id: 7007, nickname: '상태' });
    const { auth_url, state, cookie } = await startLogin(client.host);
    const { code } = await kakao.authorize(auth_url, 7007);
    const from = kakao.requests.length;
    for (const res of [
      await callback(client.host, { code }, cookie),
      await callback(client.host, { code, state: '' }, cookie),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: '로그인 요청을 확인할 수 없습니다. 같은 브라우저에서 카카오 로그인을 처음부터 다시 시도해주세요.',
        code: 'social_state_invalid',
      });
      expect(res.json().access_token).toBeUndefined();
      // A refused callback spends the state too: the browser must start the login again.
      expect(res.cookies.find((c) => c.name === STATE_COOKIE)?.value).toBe('');
    }
    expect(calls('/oauth/token', from)).toBe(0);
    // The code was not spent: with the state (and a cookie of it) the login completes.
    expect((await callback(client.host, { code, state }, cookie)).statusCode).toBe(200);
  });

  it("refuses an attacker's callback in a victim's browser (foreign state, or no state cookie)", async () => {
    const { row, client } = await tenant();
    kakao.addUser({ id: 7008, nickname: '공격자' });
    // The attacker starts a login in their own browser, signs in at Kakao as themselves and keeps
    // the callback link (code and state) instead of opening it.
    const attacker = await startLogin(client.host);
    const forged = await kakao.authorize(attacker.auth_url, 7008);
    // The victim opens it: their browser has no state cookie, or the one of their own login.
    const victim = await startLogin(client.host);
    const withVictimCookie = await callback(
      client.host,
      { code: forged.code, state: forged.state ?? '' },
      victim.cookie,
    );
    expect(withVictimCookie.statusCode).toBe(400);
    expect(withVictimCookie.json().code).toBe('social_state_invalid');
    const withoutCookie = await callback(client.host, { code: forged.code, state: forged.state ?? '' });
    expect(withoutCookie.statusCode).toBe(400);
    expect(withoutCookie.json().code).toBe('social_state_invalid');
    expect(await app.db.select().from(socialAccounts).where(eq(socialAccounts.tenantId, row.id))).toEqual([]);
    // The same link in the attacker's own browser still works: the code was never spent.
    const own = await callback(client.host, { code: forged.code, state: forged.state ?? '' }, attacker.cookie);
    expect(own.statusCode).toBe(200);
  });

  it('clears the cookie on the callback, so a state is good for one callback only', async () => {
    const { client } = await tenant();
    kakao.addUser({ id: 7009, nickname: '한번' });
    const { auth_url, state, cookie } = await startLogin(client.host);
    const { code } = await kakao.authorize(auth_url, 7009);
    const ok = await callback(client.host, { code, state }, cookie);
    expect(ok.statusCode).toBe(200);
    const cleared = ok.cookies.find((c) => c.name === STATE_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: '/api/auth/kakao' });
    expect(cleared?.maxAge).toBe(0);
  });
});

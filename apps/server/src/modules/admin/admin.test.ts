import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../seed/factories.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import type { TenantRow } from '../tenants/tenants.schema.js';

let app: FastifyInstance;
let home: TenantRow;
let target: TenantRow;
const tokens: Record<'customer' | 'merchant' | 'admin', string> = { customer: '', merchant: '', admin: '' };

beforeAll(async () => {
  app = await buildTestApp({}, { wholePlatform: true });
  home = await createTenant(app.db, { domain: 'home.test' });
  target = await createTenant(app.db, { domain: 'target.test', displayName: '대상 마켓' });
  await createUser(app.db, home.id, { email: 'customer@example.com' });
  await createUser(app.db, home.id, { email: 'merchant@example.com', userType: 'merchant' });
  await createUser(app.db, home.id, { email: 'admin@example.com', admin: true });
  const client = accountsClient(app, home.domain);
  for (const role of ['customer', 'merchant', 'admin'] as const) {
    tokens[role] = await client.token(`${role}@example.com`, 'password123');
  }
});
afterAll(() => app.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object, host = home.domain) =>
  app.inject({
    method,
    url,
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });

const adminCalls = () =>
  [
    ['GET', '/api/tenant/list', undefined],
    ['PUT', `/api/tenant/${target.id}/features`, { features: { wallet: false } }],
    ['PUT', `/api/tenant/${target.id}/settings`, { settings: { contact_phone: '02-123-4567' } }],
    ['GET', '/api/tenant/debug/localhost-proc', undefined],
    ['POST', `/api/tenant/debug/localhost-proc/${home.domain}`, undefined],
  ] as const;

describe('authorisation matrix of the tenant administration calls', () => {
  it('answers 401 signed out, 403 to customers and merchants, 200 to administrators', async () => {
    const expected = { anonymous: 401, customer: 403, merchant: 403, admin: 200 } as const;
    const seen: string[] = [];
    for (const [method, url, body] of adminCalls()) {
      for (const [who, status] of Object.entries(expected)) {
        const token = who === 'anonymous' ? undefined : tokens[who as keyof typeof tokens];
        const res = await call(method, url, token, body);
        seen.push(`${who} ${method} ${url} -> ${res.statusCode}`);
        expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBe(status);
        if (status === 403)
          expect(res.json()).toEqual({ detail: '시스템 관리자만 접근할 수 있습니다.', code: 'admin_only' });
      }
    }
    expect(seen).toHaveLength(20);
  });

  it('checks the role before the body (a bad body from a customer is still 403)', async () => {
    const res = await call('PUT', `/api/tenant/${target.id}/features`, tokens.customer, { features: { nope: 1 } });
    expect(res.statusCode).toBe(403);
  });

  it('does not honour an administrator token on another tenant', async () => {
    const res = await call('GET', '/api/tenant/list', tokens.admin, undefined, target.domain);
    expect(res.statusCode).toBe(401);
  });
});

describe('tenant administration', () => {
  it('lists every tenant', async () => {
    const res = await call('GET', '/api/tenant/list', tokens.admin);
    expect(res.json().tenants.map((t: { domain: string }) => t.domain)).toEqual(['home.test', 'target.test']);
  });

  it('switches one feature and leaves the others', async () => {
    const res = await call('PUT', `/api/tenant/${target.id}/features`, tokens.admin, { features: { content: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenant.features).toMatchObject({ content: false, shopping: true });
    const current = await app.inject({ url: '/api/tenant/current', headers: { host: target.domain } });
    expect(current.json().features.content).toBe(false);
  });

  it('refuses unknown feature keys and non-boolean values', async () => {
    const unknown = await call('PUT', `/api/tenant/${target.id}/features`, tokens.admin, {
      features: { rockets: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('rockets');
    const notBool = await call('PUT', `/api/tenant/${target.id}/features`, tokens.admin, {
      features: { content: 'yes' },
    });
    expect(notBool.statusCode).toBe(400);
  });

  it('cannot switch social_login on while Kakao is not configured, and shows it off', async () => {
    const res = await call('PUT', `/api/tenant/${target.id}/features`, tokens.admin, {
      features: { social_login: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('social_login_unavailable');
    const current = await app.inject({ url: '/api/tenant/current', headers: { host: target.domain } });
    expect(current.json().features.social_login).toBe(false);
    const url = await app.inject({ url: '/api/auth/kakao/auth-url', headers: { host: target.domain } });
    expect(url.statusCode).toBe(404);
  });

  it('deep-merges partial settings and the display name', async () => {
    await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, {
      settings: { company_info: { company_name: '대상(주)', ceo_name: '김대표' } },
    });
    const res = await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, {
      settings: { company_info: { ceo_name: '박대표' }, legal_info: { shipping_fee: 2500 }, display_name: '새 이름' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenant).toMatchObject({
      display_name: '새 이름',
      settings: { company_info: { company_name: '대상(주)', ceo_name: '박대표' }, legal_info: { shipping_fee: 2500 } },
    });
  });

  it('validates settings: whole won, e-mail, hex colours, known keys; and changes nothing', async () => {
    const bad = [
      [{ legal_info: { shipping_fee: 12.5 } }, '정수로 입력해주세요.'],
      [{ legal_info: { free_shipping_threshold: '3000' } }, 'legal_info.free_shipping_threshold'],
      [{ contact_email: 'nope' }, '올바른 이메일 형식이 아닙니다.'],
      [{ theme: { primary: 'orange' } }, '색상은 #RRGGBB 형식이어야 합니다.'],
      [{ unknown_field: 1 }, 'unknown_field'],
    ] as const;
    const before = (await call('GET', '/api/tenant/list', tokens.admin)).json();
    for (const [settings, message] of bad) {
      const res = await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, { settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
      expect(res.json().detail).toContain(message);
    }
    expect((await call('GET', '/api/tenant/list', tokens.admin)).json()).toEqual(before);
  });

  it('stores a phone and a business number typed with or without hyphens as their digits (issue 10)', async () => {
    for (const [typed, stored] of [
      ['1644-5678', '16445678'],
      ['02-123-4567', '021234567'],
      ['031 770 1234', '0317701234'],
      ['01077778888', '01077778888'],
    ]) {
      const res = await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, {
        settings: { contact_phone: typed, company_info: { business_number: '123-45-67890' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().tenant.settings.contact_phone).toBe(stored);
      expect(res.json().tenant.settings.company_info.business_number).toBe('1234567890');
    }
    const cleared = await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, {
      settings: { contact_phone: '' },
    });
    expect(cleared.json().tenant.settings.contact_phone).toBe('');
    for (const [settings, message] of [
      [{ contact_phone: '1234' }, '전화번호 형식이 올바르지 않습니다.'],
      [{ company_info: { business_number: '123-45-678' } }, '사업자등록번호는 숫자 10자리로 입력해주세요.'],
    ] as const) {
      const res = await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, { settings });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(message);
    }
  });

  it('unsets a legal fee sent as null (the default applies again); a fee typed as text is refused', async () => {
    await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, {
      settings: { legal_info: { shipping_fee: 3500, free_shipping_threshold: 40000 } },
    });
    const res = await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, {
      settings: { legal_info: { shipping_fee: null } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tenant.settings.legal_info).toEqual({ free_shipping_threshold: 40000 });
    const text = await call('PUT', `/api/tenant/${target.id}/settings`, tokens.admin, {
      settings: { legal_info: { shipping_fee: 'abc' } },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toContain('숫자로 입력해주세요.');
    expect(
      (await call('GET', '/api/tenant/list', tokens.admin))
        .json()
        .tenants.find((t: { id: number }) => t.id === target.id).settings.legal_info,
    ).toEqual({ free_shipping_threshold: 40000 });
  });

  it('answers 404 for an unknown tenant id and 400 for a malformed one', async () => {
    expect(
      (await call('PUT', '/api/tenant/999999/features', tokens.admin, { features: { content: true } })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/api/tenant/abc/features', tokens.admin, { features: { content: true } })).statusCode,
    ).toBe(400);
  });

  it('reads and sets the localhost tenant', async () => {
    const set = await call('POST', `/api/tenant/debug/localhost-proc/${target.domain}`, tokens.admin);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      current_localhost_proc: 'target.test',
      tenant_info: { display_name: expect.any(String) },
    });
    const got = await call('GET', '/api/tenant/debug/localhost-proc', tokens.admin);
    expect(got.json().current_localhost_proc).toBe('target.test');
    expect((await app.inject({ url: '/api/tenant/current', headers: { host: 'localhost' } })).json().domain).toBe(
      'target.test',
    );
    const unknown = await call('POST', '/api/tenant/debug/localhost-proc/nowhere.test', tokens.admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('names the localhost tenant with the particle its name takes (로 after a vowel or ㄹ, else 으로)', async () => {
    const names = { 'garden.test': '초록가게', 'village.test': '바다마을', 'farm.test': '햇살농원' };
    for (const [domain, displayName] of Object.entries(names)) await createTenant(app.db, { domain, displayName });
    const messages: string[] = [];
    for (const domain of Object.keys(names)) {
      messages.push((await call('POST', `/api/tenant/debug/localhost-proc/${domain}`, tokens.admin)).json().message);
    }
    // The domain in parentheses is an aside: the name before it decides.
    expect(messages).toEqual([
      'localhost 테넌트를 초록가게 (garden.test)로 설정했습니다.',
      'localhost 테넌트를 바다마을 (village.test)로 설정했습니다.',
      'localhost 테넌트를 햇살농원 (farm.test)으로 설정했습니다.',
    ]);
  });
});

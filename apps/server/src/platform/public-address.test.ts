import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { createTenant, createUser } from '../seed/factories.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp } from '../test/app.js';
import { tenantOrigin } from './public-address.js';

let app: FastifyInstance;
/** The first tenant of this app, so also the one served at localhost and 127.0.0.1. */
let first: TenantRow;
beforeAll(async () => {
  app = await buildTestApp({}, { wholePlatform: true });
  first = await createTenant(app.db);
});
afterAll(() => app.close());

const resetLinkFor = async (target: FastifyInstance, host: string, email: string) => {
  const client = accountsClient(target, host);
  const res = await client.call('POST', '/api/auth/reset-password-request', { email });
  expect(res.statusCode).toBe(200);
  return (await accountsClient(target, first.domain).lastMail(email)).link ?? '';
};

describe('Host header', () => {
  it.each([
    'farm.localhost:@evil.example',
    'a b',
    'x/y',
    'farm.localhost:99999',
    'farm.localhost:0',
    'user@farm.localhost',
    '[::1',
    'farm.localhost:80:80',
  ])('answers 400 invalid_host to %j before looking for a tenant', async (host) => {
    const res = await app.inject({ url: '/api/tenant/current', headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: '요청의 호스트(Host) 헤더가 올바르지 않습니다.', code: 'invalid_host' });
  });

  it.each(['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'LOCALHOST.'])(
    'serves %j (a host[:port]) as before',
    async (host) => {
      const res = await app.inject({ url: '/api/tenant/current', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.json().domain).toBe(first.domain);
    },
  );

  it('accepts punycode names and still answers unknown ones 404', async () => {
    const res = await app.inject({ url: '/api/tenant/current', headers: { host: 'xn--9n2bp8q.xn--3e0b707e:443' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('tenant_not_found');
  });

  it('leaves the health probes alone', async () => {
    expect((await app.inject({ url: '/healthz', headers: { host: 'a b' } })).statusCode).toBe(200);
  });
});

describe('absolute links', () => {
  it('point at the tenant domain, whatever Host the request named', async () => {
    const hosts = ['localhost:4444', '127.0.0.1', `${first.domain.toUpperCase()}:8080`];
    for (const [i, host] of hosts.entries()) {
      const email = `victim${i}@example.com`;
      await createUser(app.db, first.id, { email });
      const link = await resetLinkFor(app, host, email);
      expect(link.startsWith(`http://${first.domain}/reset-password?token=`)).toBe(true);
    }
  });

  it('carry the configured public scheme and port', async () => {
    const secure = await buildTestApp({ publicAddress: { scheme: 'https', port: 8443 } }, { wholePlatform: true });
    try {
      const row = await createTenant(secure.db);
      await createUser(secure.db, row.id, { email: 'a@example.com' });
      const client = accountsClient(secure, row.domain);
      await client.call('POST', '/api/auth/reset-password-request', { email: 'a@example.com' });
      const link = (await client.lastMail('a@example.com')).link ?? '';
      expect(link.startsWith(`https://${row.domain}:8443/reset-password?token=`)).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('leave out the default port of the scheme', () => {
    expect(tenantOrigin({ domain: 'shop.example.kr' }, { scheme: 'https', port: 443 })).toBe('https://shop.example.kr');
    expect(tenantOrigin({ domain: 'shop.example.kr' }, { scheme: 'http', port: 80 })).toBe('http://shop.example.kr');
    expect(tenantOrigin({ domain: 'farm.localhost' }, { scheme: 'http', port: 3000 })).toBe(
      'http://farm.localhost:3000',
    );
    expect(tenantOrigin({ domain: 'shop.example.kr' }, { scheme: 'https', port: 80 })).toBe(
      'https://shop.example.kr:80',
    );
  });
});

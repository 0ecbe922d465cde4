import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { createTenant } from '../../seed/factories.js';
import { buildTestApp } from '../../test/app.js';
import { normaliseHost } from './tenants.service.js';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestApp({}, { wholePlatform: true });
  await seedDemoIfEmpty(app.db, app.log);
});
afterEach(() => app.close());

const current = (host: string) => app.inject({ method: 'GET', url: '/api/tenant/current', headers: { host } });

describe('GET /api/tenant/current', () => {
  it('answers the tenant served at the Host header', async () => {
    const farm = await current('farm.localhost:3000');
    expect(farm.statusCode).toBe(200);
    expect(farm.json()).toMatchObject({ domain: 'farm.localhost', display_name: '우리동네 농장' });

    const mall = await current('mall.localhost');
    expect(mall.json()).toMatchObject({ domain: 'mall.localhost', display_name: '바른마켓' });
    expect(mall.json().features).toMatchObject({ delivery: false, wallet: false, shopping: true });
    expect(mall.json().settings.theme.primary).toBe('#2F80ED');
  });

  it('ignores the port and the case of the host', async () => {
    const res = await current('MALL.LocalHost:8080');
    expect(res.json().domain).toBe('mall.localhost');
  });

  it('serves the first demo tenant at localhost and 127.0.0.1 by default', async () => {
    expect((await current('localhost:3000')).json().domain).toBe('farm.localhost');
    expect((await current('127.0.0.1:3000')).json().domain).toBe('farm.localhost');
  });

  it('serves the tenant chosen for localhost once one is set', async () => {
    await app.tenants.setLocalhostTenant('mall.localhost');
    expect((await current('localhost')).json().domain).toBe('mall.localhost');
  });

  it('answers 404 JSON for an unknown host', async () => {
    const res = await current('nobody.example.com');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'tenant_not_found' });
  });

  it('answers 404 for an inactive tenant', async () => {
    await createTenant(app.db, { domain: 'closed.localhost', isActive: false });
    expect((await current('closed.localhost')).statusCode).toBe(404);
  });

  it('never answers settings that are not public', async () => {
    const t = await createTenant(app.db, {
      domain: 'secret.localhost',
      settings: { contact_email: 'a@b.kr', payment: { secret_key: 'sk_live_x' } } as never,
    });
    const res = await current(t.domain);
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('sk_live_x');
    expect(res.json().settings.contact_email).toBe('a@b.kr');
  });

  it('sees a change of features without a restart', async () => {
    const before = await current('mall.localhost');
    expect(before.json().features.content).toBe(true);
    await app.tenants.updateFeatures(before.json().id, { content: false });
    expect((await current('mall.localhost')).json().features.content).toBe(false);
  });

  it('deep-merges partial settings', async () => {
    const farm = (await current('farm.localhost')).json();
    await app.tenants.updateSettings(farm.id, { company_info: { ceo_name: '박대표' } });
    const after = (await current('farm.localhost')).json();
    expect(after.settings.company_info.ceo_name).toBe('박대표');
    expect(after.settings.company_info.company_name).toBe('(주)우리동네농장');
  });
});

describe('host resolution', () => {
  it('does not query the database for a cached host', async () => {
    await current('farm.localhost');
    const { db } = app;
    let queries = 0;
    const original = db.select.bind(db);
    db.select = ((...args: Parameters<typeof db.select>) => {
      queries++;
      return original(...args);
    }) as typeof db.select;
    for (let i = 0; i < 5; i++) expect((await current('farm.localhost')).statusCode).toBe(200);
    expect(queries).toBe(0);
  });

  it('normalises hosts', () => {
    expect(normaliseHost('Farm.Localhost:3000')).toBe('farm.localhost');
    expect(normaliseHost('farm.localhost.')).toBe('farm.localhost');
    expect(normaliseHost('[::1]:3000')).toBe('[::1]');
  });
});

describe('demo seed', () => {
  it('never seeds a database that already holds data', async () => {
    expect(await seedDemoIfEmpty(app.db, app.log)).toBe(false);
    const res = await app.tenants.list();
    expect(res.map((t) => t.domain)).toEqual(['farm.localhost', 'mall.localhost']);
  });
});

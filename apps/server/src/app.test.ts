import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access } from './platform/openapi.js';
import { createTenant } from './seed/factories.js';
import { buildTestApp } from './test/app.js';

let app: FastifyInstance;
let host: string;

beforeAll(async () => {
  app = await buildTestApp();
  // Routes that exist only in this test, to exercise the error handler.
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/test/echo',
    {
      schema: {
        operationId: 'testEcho',
        security: access.public,
        body: z.object({ email: z.email(), age: z.number().int().min(0) }),
      },
    },
    async (request) => request.body,
  );
  api.get('/api/test/crash', { schema: { operationId: 'testCrash', security: access.public } }, async () => {
    throw new Error('password=hunter2 at /srv/internal/module.ts');
  });
  host = (await createTenant(app.db)).domain;
});
afterAll(() => app.close());

describe('health', () => {
  it('answers /healthz and /readyz while the database answers', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 503 when the database does not answer', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'database_unavailable' });
    other.database.close = async () => {};
    await other.close();
  });
});

describe('errors', () => {
  it('answers unknown API routes 404 in the JSON error form', async () => {
    const res = await app.inject({ url: '/api/no/such/thing', headers: { host } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
  });

  it('names the field of a validation error', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'nope', age: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().detail).toMatch(/^email: /);

    const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.kr' } });
    expect(missing.json().detail).toMatch(/age/);
  });

  it('answers broken JSON and wrong content types with a 4xx', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBe('요청 본문이 올바른 JSON 형식이 아닙니다.');

    const xml = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toHaveProperty('detail');
  });

  it('never leaks internals in a 500', async () => {
    const res = await app.inject('/api/test/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: '서버 내부 오류가 발생했습니다.', code: 'internal_error' });
    expect(res.body).not.toContain('hunter2');
  });

  it('tags every answer with a request id, keeping a sane incoming one', async () => {
    const fresh = await app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\n<script>' } });
    expect(replaced.headers['x-request-id']).not.toContain('script');
  });

  it('answers a URL the router refuses in JSON, with the request id and the API security headers', async () => {
    const long = await app.inject(`/api/products/${'1'.repeat(600)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: '요청 주소가 너무 깁니다.', code: 'uri_too_long' });
    const broken = await app.inject('/api/products/%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: '요청 주소가 올바르지 않습니다.', code: 'bad_url' });
    for (const res of [long, broken]) {
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3 document generated from the contracts', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    const current = doc.paths['/api/tenant/current'].get;
    expect(current.responses['200']).toBeDefined();
    expect(doc.components.schemas.Tenant.properties.features).toBeDefined();
    expect(doc.paths['/api/test/echo'].post.requestBody).toBeDefined();
  });

  it('names every operation and says which ones need a bearer token', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p as object));
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const o of operations) expect(Array.isArray(o.security), o.operationId).toBe(true);
    expect(doc.paths['/api/tenant/current'].get).toMatchObject({ operationId: 'getCurrentTenant', security: [] });
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/content/posts'].get.security).toEqual([{}, { bearerAuth: [] }]);
    expect(doc.paths['/api/media/{key}'].get.parameters).toMatchObject([{ in: 'path', name: 'key' }]);
  });

  it('serves a browsable reference at /api/docs', async () => {
    const res = await app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('serving the built web app', () => {
  let web: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd.js'), 'console.log(1)');
    web = await buildTestApp({ webDistDir: dist });
  });
  afterAll(() => web.close());

  it('answers any non-API path with index.html, never cached', async () => {
    const res = await web.inject('/products/12?x=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await web.inject('/assets/index-Ab12Cd.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await web.inject('/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

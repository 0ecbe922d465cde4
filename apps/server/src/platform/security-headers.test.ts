import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../seed/factories.js';
import { buildTestApp } from '../test/app.js';
import { isApiAnswer } from './security-headers.js';

let app: FastifyInstance;
let host: string;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
  // Behind a trusted proxy, so that X-Forwarded-Proto says whether the visitor used https.
  app = await buildTestApp({ webDistDir: web, trustProxy: true });
  host = (await createTenant(app.db)).domain;
});
afterAll(() => app.close());

describe('security headers', () => {
  it('gives the web app a CSP that refuses injected scripts and framing', async () => {
    const res = await app.inject({ url: '/products/1', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = directives(res.headers['content-security-policy']);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('https:');
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // The payment provider's SDK may load.
    expect(scripts).toContain('https://cdn.portone.io');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('marks API answers, errors included, nosniff', async () => {
    const ok = await app.inject({ url: '/api/tenant/current', headers: { host } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const missing = await app.inject({ url: '/api/no/such/thing', headers: { host } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toBeDefined();
  });

  it('gives JSON answers a short policy under which nothing loads, and keeps the page policy for the reference and media', async () => {
    const ok = await app.inject({ url: '/api/tenant/current', headers: { host } });
    const csp = directives(ok.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(ok.headers['x-frame-options']).toBe('DENY');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const docs = await app.inject({ url: '/api/docs/', headers: { host } });
    expect(directives(docs.headers['content-security-policy']).get('script-src')).toContain("'self'");
    expect(isApiAnswer('/api/media/posts/1/a.mp4')).toBe(false);
    expect(isApiAnswer('/api/docs/static/index.html')).toBe(false);
    expect(isApiAnswer('/api/posts?media=1')).toBe(true);
    expect(isApiAnswer('/products/1')).toBe(false);
  });

  it('sends HSTS only over https', async () => {
    const plain = await app.inject({ url: '/api/tenant/current', headers: { host } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({
      url: '/api/tenant/current',
      headers: { host, 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('allows media from a configured CDN origin', async () => {
    const cdn = await buildTestApp({
      storage: {
        driver: 'local',
        localDir: mkdtempSync(join(tmpdir(), 'up-')),
        publicBaseUrl: 'https://cdn.example.com/m',
      },
    });
    try {
      const res = await cdn.inject({ url: '/healthz' });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('media-src')).toContain('https://cdn.example.com');
    } finally {
      await cdn.close();
    }
  });
});

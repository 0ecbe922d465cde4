import { imageUrlMessage } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, DEFAULT_PASSWORD } from '../../seed/factories.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';

/**
 * Image addresses users store and every visitor's browser loads (issue 9): only the product's own
 * media or absolute http(s) URLs; `javascript:`, `data:`, `//host` and other paths are refused.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const hostile = [
  'javascript:alert(1)',
  ' JavaScript:alert(document.cookie)',
  'data:image/svg+xml;base64,PHN2Zy8+',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  '/api/media/../../etc/passwd',
  '/api/auth/logout',
  'https:evil.example',
  'http://',
  'vbscript:msgbox(1)',
];
const good = [
  'https://k.kakaocdn.net/dn/abc/img_640x640.jpg',
  'http://cdn.example.com/media/tenants/1/u.webp',
  '/api/media/tenants/1/posts/0b5c6a1e-poster.webp',
];

describe('image addresses users can set', () => {
  it('profile_image takes own media and http(s) only, with a Korean message', async () => {
    const tenant = await createTenant(app.db);
    const { user } = await createUser(app.db, tenant.id);
    const accounts = accountsClient(app, tenant.domain);
    const token = await accounts.token(user.email, DEFAULT_PASSWORD);
    for (const value of hostile) {
      const res = await accounts.call('PUT', '/api/auth/profile', { profile_image: value }, token);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      expect(res.json().detail).toContain(imageUrlMessage);
    }
    const me = await accounts.call('GET', '/api/auth/me', undefined, token);
    expect(me.json().profile_image ?? me.json().user?.profile_image ?? null).toBeNull();
    for (const value of good) {
      const res = await accounts.call('PUT', '/api/auth/profile', { profile_image: value }, token);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(200);
      expect(JSON.stringify(res.json())).toContain(value);
    }
    // Empty clears it.
    const cleared = await accounts.call('PUT', '/api/auth/profile', { profile_image: '' }, token);
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it("the tenant logo (administrator's settings) follows the same rule", async () => {
    const tenant = await createTenant(app.db);
    const { user } = await createUser(app.db, tenant.id, { admin: true });
    const accounts = accountsClient(app, tenant.domain);
    const token = await accounts.token(user.email, DEFAULT_PASSWORD);
    const put = (logo_url: string) =>
      accounts.call('PUT', `/api/tenant/${tenant.id}/settings`, { settings: { logo_url } }, token);
    for (const value of hostile) {
      const res = await put(value);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.json().detail).toContain(imageUrlMessage);
    }
    for (const value of good) expect((await put(value)).statusCode).toBe(200);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp } from '../test/app.js';
import { demandsBearer } from './openapi.js';

/** Answers holding a user's own money, orders or account are never stored by a browser or a proxy. */

const host = 'farm.localhost';
let app: FastifyInstance;
const tokens: Record<'customer' | 'merchant' | 'admin', string> = { customer: '', merchant: '', admin: '' };
type Doc = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
let doc: Doc;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: false }, { wholePlatform: true });
  await seedDemoIfEmpty(app.db, app.log);
  const client = accountsClient(app, host);
  for (const role of ['customer', 'merchant', 'admin'] as const) {
    tokens[role] = await client.token(`${role}@example.com`, 'demo1234');
  }
  doc = (await app.inject({ url: '/api/openapi.json', headers: { host } })).json();
}, 120_000);
afterAll(() => app.close());

const call = (method: string, url: string, token?: string, payload?: object) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });

/** The document's operations, with a path whose `{id}` is 1 (the answer's status does not matter here). */
function operations(filter: (security: Record<string, string[]>[] | undefined) => boolean) {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => filter(op.security))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, '1'), op })),
  );
}

describe('Cache-Control: no-store on private answers', () => {
  it('is on the answers of the signed-in money and order reads, as on /api/auth/me', async () => {
    const reads: [keyof typeof tokens, string][] = [
      ['customer', '/api/auth/me'],
      ['customer', '/api/wallet/balance'],
      ['customer', '/api/wallet/overview'],
      ['customer', '/api/wallet/transactions'],
      ['customer', '/api/payment/list'],
      ['customer', '/api/delivery/user/orders'],
      ['merchant', '/api/payment/list?role=merchant'],
      ['merchant', '/api/delivery/merchant/orders'],
      ['merchant', '/api/dashboard/stats'],
    ];
    for (const [role, url] of reads) {
      const res = await call('GET', url, tokens[role]);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers.etag, url).toBeUndefined();
    }
    // one payment and one order of the list, by id
    const payment = (await call('GET', '/api/payment/list', tokens.customer)).json().payments[0];
    const order = (await call('GET', '/api/delivery/user/orders', tokens.customer)).json().deliveries[0];
    for (const url of [`/api/payment/${payment.payment_id}`, `/api/delivery/orders/${order.id}`]) {
      const res = await call('GET', url, tokens.customer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is on the answers of money writes', async () => {
    const buyer = { buyer_name: '김고객', buyer_email: 'customer@example.com', buyer_tel: '010-1234-5678' };
    const charge = await call('POST', '/api/wallet/charge/prepare', tokens.customer, { amount: 10_000, ...buyer });
    expect(charge.statusCode, charge.body).toBe(200);
    expect(charge.headers['cache-control']).toBe('no-store');
    const refused = await call('POST', '/api/wallet/transfer', tokens.customer, { amount: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is on every answer of every operation the document says needs a token, for every role', async () => {
    const signedIn = operations((security) => demandsBearer(security)).filter((o) => o.method === 'GET');
    expect(signedIn.length).toBeGreaterThan(25);
    for (const { url } of signedIn) {
      for (const token of [tokens.customer, tokens.merchant, tokens.admin, undefined]) {
        const res = await call('GET', url, token);
        expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
      }
    }
  });

  it('is on a personalised answer (a token on an operation that reads one), not on the same answer signed out', async () => {
    const optional = operations((security) => (security?.length ?? 0) > 1).filter((o) => o.method === 'GET');
    expect(optional.map((o) => o.path)).toContain('/api/products/{id}/purchase-status');
    const product = (await call('GET', '/api/products?size=1')).json().products[0];
    const signedIn = await call('GET', `/api/products/${product.id}/purchase-status`, tokens.customer);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const anonymous = await call('GET', `/api/products/${product.id}/purchase-status`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(anonymous.headers.etag).toBeDefined();
    for (const { url } of optional) {
      const res = await call('GET', url, tokens.customer);
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
    }
  });

  it('leaves public answers cacheable, with or without a token', async () => {
    for (const url of ['/api/tenant/current', '/api/categories']) {
      const res = await call('GET', url, tokens.customer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});

import { connect } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp } from '../test/app.js';

/** Bad input that used to answer 500 (or bare text): each answers a 4xx JSON `{ detail, code }` in Korean. */

/** NUL or a lone surrogate: refused by the text check, or earlier by a field's own rule. */
const badText = ['invalid_text', 'validation_error'];

const host = 'farm.localhost';
let app: FastifyInstance;
const tokens: Record<'customer' | 'merchant' | 'admin', string> = { customer: '', merchant: '', admin: '' };

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: false }, { wholePlatform: true });
  await seedDemoIfEmpty(app.db, app.log);
  const client = accountsClient(app, host);
  for (const role of ['customer', 'merchant', 'admin'] as const) {
    tokens[role] = await client.token(`${role}@example.com`, 'demo1234');
  }
}, 120_000);
afterAll(() => app.close());

function expectRefused(res: LightMyRequestResponse, status: number, code: string | string[]) {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBe(status);
  expect(res.headers['content-type'], where).toContain('application/json');
  const body = res.json();
  expect([code].flat(), where).toContain(body.code);
  expect(body.detail, where).toMatch(/[\uAC00-\uD7A3]/);
  return body.detail as string;
}

const send = (method: string, url: string, opts: { token?: string; type?: string; payload?: string | object } = {}) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: {
      host,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.type ? { 'content-type': opts.type } : {}),
    },
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });

describe('a broken multipart body', () => {
  const broken = [
    { type: 'multipart/form-data; boundary=x', payload: '--x\r\nbroken' },
    { type: 'multipart/form-data', payload: '--x\r\nbroken' },
    { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' },
  ];

  it('answers 400 bad_multipart on every auth route that takes a body', async () => {
    const doc = (await send('GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path] as const))
      .filter(([method]) => method !== 'GET');
    expect(routes.length).toBeGreaterThan(10);
    for (const [method, url] of routes) {
      for (const body of broken) {
        expectRefused(await send(method, url, { token: tokens.customer, ...body }), 400, 'bad_multipart');
      }
    }
    // the account is still there: the broken body never reached the deletion
    expect((await send('GET', '/api/auth/me', { token: tokens.customer })).statusCode).toBe(200);
  });

  it('answers 400 on the upload forms too', async () => {
    for (const body of broken) {
      expectRefused(
        await send('POST', '/api/content/posts', { token: tokens.merchant, ...body }),
        400,
        'bad_multipart',
      );
    }
  });
});

describe('NUL and lone surrogates in text', () => {
  it('are refused in JSON fields with 400 invalid_text naming the field', async () => {
    const cases: [string, string, string, object | string, string][] = [
      ['customer', 'PUT', '/api/auth/profile', { username: 'a\u0000b' }, 'username'],
      ['customer', 'PUT', '/api/auth/profile', { address: '서울특별시 마포구\u0000 1' }, 'address'],
      ['customer', 'PUT', '/api/auth/profile', '{"username":"이름\\ud800"}', 'username'],
      ['customer', 'PUT', '/api/auth/profile', '{"address":"\\udc00서울특별시 마포구 1"}', 'address'],
      ['customer', 'PUT', '/api/auth/profile', { profile_image: 'https://example.com/a\u0000.png' }, 'profile_image'],
      ['merchant', 'PUT', '/api/auth/profile', { merchant: { business_name: '가게\u0000' } }, 'business_name'],
      ['admin', 'PUT', '/api/tenant/1/settings', { settings: { display_name: '농장\u0000' } }, 'display_name'],
      ['admin', 'PUT', '/api/tenant/1/settings', '{"settings":{},"display_name":"\\ud83d농장"}', 'display_name'],
    ];
    for (const [role, method, url, payload, field] of cases) {
      const res = await send(method, url, { token: tokens[role as 'customer'], type: 'application/json', payload });
      expect(expectRefused(res, 400, badText)).toContain(field);
    }
  });

  it('are refused in form and multipart fields, the query and path parameters', async () => {
    const multipart = (fields: Record<string, string>) =>
      `${Object.entries(fields)
        .map(([k, v]) => `--b\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('')}--b--\r\n`;
    expectRefused(
      await send('POST', '/api/auth/login', {
        type: 'multipart/form-data; boundary=b',
        payload: multipart({ username: 'customer@example.com', password: 'demo\u00001234' }),
      }),
      400,
      badText,
    );
    expectRefused(
      await send('POST', '/api/auth/login', {
        type: 'application/x-www-form-urlencoded',
        payload: 'username=customer%40example.com&password=demo%001234',
      }),
      400,
      badText,
    );
    // a form the route reads part by part itself
    expectRefused(
      await send('POST', '/api/content/posts', {
        token: tokens.merchant,
        type: 'multipart/form-data; boundary=b',
        payload: multipart({ title: '제목\u0000', content: '내용' }),
      }),
      400,
      badText,
    );
    expectRefused(await send('GET', '/api/products?q=%00'), 400, badText);
    expectRefused(await send('GET', '/api/content/posts/search?q=a%00b'), 400, badText);
    expectRefused(await send('POST', '/api/tenant/debug/localhost-proc/%00', { token: tokens.admin }), 400, badText);
    expectRefused(await send('GET', '/api/products/category/%00'), 400, badText);
  });

  it('are refused by one check before any handler, whatever the field', async () => {
    const res = await send('POST', '/api/tenant/debug/localhost-proc/farm.localhost%00', { token: tokens.admin });
    expect(expectRefused(res, 400, 'invalid_text')).toContain('domain');
    const profile = await send('PUT', '/api/auth/profile', {
      token: tokens.customer,
      type: 'application/json',
      payload: '{"phone":"010-1234-5678","username":"이름\\udc00"}',
    });
    expect(expectRefused(profile, 400, 'invalid_text')).toContain('username');
  });

  it('leave well-formed text alone (emoji, Hangul)', async () => {
    const res = await send('PUT', '/api/auth/profile', {
      token: tokens.customer,
      type: 'application/json',
      payload: { username: '👍 고객님' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().username).toBe('👍 고객님');
  });
});

describe('ids in paths', () => {
  it('beyond the database integer or not a number answer 400', async () => {
    expectRefused(
      await send('PUT', '/api/tenant/2147483648/features', {
        token: tokens.admin,
        type: 'application/json',
        payload: { features: {} },
      }),
      400,
      'validation_error',
    );
    for (const url of [
      '/api/products/2147483648',
      '/api/content/posts/2147483648',
      '/api/merchants/2147483648',
      '/api/users/2147483648',
      '/api/products/%00',
      '/api/products/1e309',
    ]) {
      expectRefused(await send('GET', url), 400, 'validation_error');
    }
    // the largest id is valid and simply not there
    expectRefused(await send('GET', '/api/products/2147483647'), 404, 'product_not_found');
  });
});

describe('refusals before any handler, on every operation of the API document', () => {
  type Operation = { method: string; path: string; responses: string[]; hasParams: boolean };
  let operations: Operation[] = [];
  beforeAll(async () => {
    const doc = (await send('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        responses: Object.keys(op.responses ?? {}),
        hasParams: path.includes('{'),
      })),
    );
  });

  /** The refusal is the API's own (our code, Korean detail) and its status is documented for the operation. */
  function expectDocumented(op: Operation, res: LightMyRequestResponse, status: number, code: string | string[]) {
    const where = `${op.method} ${op.path}`;
    expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBe(status);
    expect(res.json().code, where).not.toMatch(/^(FST_|ERR_)/);
    expectRefused(res, status, code);
    expect(op.responses, `${where} does not document ${status}`).toContain(String(status));
  }

  it('answers a path parameter over 500 characters 414 uri_too_long, documented', async () => {
    const withParams = operations.filter((op) => op.hasParams && op.path !== '/api/media/{key}');
    expect(withParams.length).toBeGreaterThan(30);
    for (const op of withParams) {
      const url = op.path.replace(/\{[^}]+\}/g, '1'.repeat(600));
      expectDocumented(op, await send(op.method, url, { token: tokens.customer }), 414, 'uri_too_long');
    }
  });

  it('answers NUL in a path parameter 400 in the API shape, documented (GET /api/media/%00 too)', async () => {
    const media = operations.find((op) => op.path === '/api/media/{key}') as Operation;
    const nul = await send('GET', '/api/media/%00');
    expectDocumented(media, nul, 400, 'invalid_text');
    expect(nul.json().detail).toBe('key: NUL 문자나 짝이 맞지 않는 유니코드 문자는 사용할 수 없습니다.');
    for (const op of operations.filter((o) => o.hasParams)) {
      const url = op.path.replace(/\{[^}]+\}/g, '%00');
      // (the administrator's routes check the role in a hook before any handler)
      expectDocumented(op, await send(op.method, url, { token: tokens.admin }), 400, [
        'invalid_text',
        'validation_error',
      ]);
    }
    // a refusal of any operation's input (an unknown Host included) is a documented 400
    for (const op of operations) expect(op.responses, `${op.method} ${op.path}`).toContain('400');
  });

  it('answers a malformed URL 400 bad_url, documented', async () => {
    for (const op of operations.filter((o) => o.hasParams)) {
      const url = op.path.replace(/\{[^}]+\}/g, '%E0%A4%A');
      expectDocumented(op, await send(op.method, url, { token: tokens.customer }), 400, 'bad_url');
    }
  });

  it('answers broken, empty, too large and unsupported bodies in the API shape, documented', async () => {
    const writes = operations.filter((op) => op.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    for (const op of writes) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const token = tokens.customer;
      const json = 'application/json';
      // the payment webhook reads its raw body and checks the signature first
      const broken = op.path.includes('webhook') ? ['invalid_json', 'webhook_invalid'] : 'invalid_json';
      expectDocumented(op, await send(op.method, url, { token, type: json, payload: '{"a":' }), 400, broken);
      expectDocumented(op, await send(op.method, url, { token, type: 'text/xml', payload: '<a/>' }), 415, [
        'unsupported_media_type',
      ]);
      const huge = JSON.stringify({ text: 'a'.repeat(11 * 1024 * 1024) });
      expectDocumented(op, await send(op.method, url, { token, type: json, payload: huge }), 413, [
        'body_too_large',
        'file_too_large',
      ]);
    }
  });
});

describe("Node's own refusals (before any route)", () => {
  let port = 0;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  /** Writes raw bytes and reads the answer until the server closes (or 5 s). */
  function raw(text: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => socket.destroy(), 5000);
      socket.on('data', (d) => chunks.push(d));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        const answer = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = answer.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
        if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
        resolve({ status, headers: head.toLowerCase(), body: rest.join('\r\n\r\n') });
      });
    });
  }

  async function expectJson(text: string, status: number, code: string) {
    const res = await raw(text);
    expect(res.status, res.body).toBe(status);
    expect(res.headers).toContain('content-type: application/json');
    // a chunked answer (from a route) has its size line before the JSON
    const json = JSON.parse(res.body.slice(res.body.indexOf('{'), res.body.lastIndexOf('}') + 1));
    expect(json.code).toBe(code);
    expect(json.detail).toMatch(/[\uAC00-\uD7A3]/);
  }

  it('answer a URL over 16 KB with 414, headers over 16 KB with 431, in JSON', async () => {
    await expectJson(`GET /api/${'a'.repeat(17_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 414, 'uri_too_long');
    await expectJson(
      `GET /api/tenant/current HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    );
  });

  it('answer a malformed chunked body and a garbage request line with 400 JSON', async () => {
    await expectJson(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`,
      400,
      'malformed_body',
    );
    await expectJson('HELLO\r\n\r\n', 400, 'malformed_request');
  });

  it('answer an HTTP/1.1 request without Host with 400 JSON', async () => {
    await expectJson('GET /api/tenant/current HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'invalid_host');
  });
});

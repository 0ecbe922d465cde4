import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginLimits } from '../config.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp } from '../test/app.js';
import { demandsBearer } from './openapi.js';

/**
 * The bad-input harness. For every operation of the generated OpenAPI document, as an anonymous
 * caller, a customer, a merchant and an administrator (the demo accounts), it sends requests
 * made of the operation's declared path parameters (real ids of the demo data mixed with hostile
 * ones), declared query parameters and declared body fields (JSON, form and multipart, files
 * included), each value plausible or hostile (NUL, lone surrogates, out-of-range integers, huge
 * or malformed text), plus broken bodies (truncated JSON, broken multipart). Every answer must be
 * under 500, and every 4xx JSON `{ detail, code }` with a Korean detail. Rate limits are lifted
 * (config `rateLimits: false`) so that runs are not lost to 429. At the end it prints, per
 * operation, how many cases reached the handler (passed validation and the sign-in checks).
 * Replay a failure with FC_SEED=<seed printed below>; FC_RUNS sets the cases per operation and role.
 */
const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FC_RUNS ?? 16);
console.log(`bad-input harness: FC_SEED=${seed} FC_RUNS=${numRuns}`);

const HOST = 'farm.localhost';
const PASSWORD = 'demo1234';
/** The passwords the harness may set (change-password); signing in again tries each. */
const PASSWORDS = [PASSWORD, 'Str0ng-pass-2024', 'abcd1234'];
const HANGUL = /[\uAC00-\uD7A3]/;

// --- the OpenAPI document ----------------------------------------------------------------------

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  maxLength?: number;
  pattern?: string;
};
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, string[]>[];
}
interface Operation {
  key: string;
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: Schema }[];
  /** Declared bodies by media type (multipart included). */
  bodies: Record<string, Schema>;
  /** The document says the operation needs a bearer token. */
  signedIn: boolean;
}

let components: Record<string, Schema> = {};
function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && s.$ref; i++) s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
}

function readOperations(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => {
      const key = `${method} ${path}`;
      const bodies = Object.fromEntries(
        Object.entries(spec.requestBody?.content ?? {}).map(([type, c]) => [type, c.schema ?? {}]),
      );
      return {
        key,
        signedIn: demandsBearer(spec.security),
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        query: (spec.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} })),
        bodies,
      };
    }),
  );
}

// --- hostile values ----------------------------------------------------------------------------

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uD83D',
  '\u202Eevil',
  '👨‍👩‍👧‍👦',
  '가'.repeat(10_000),
  'a'.repeat(100_000),
  'ㄱㅏ',
  'NaN',
  '-1',
  '0',
  '2147483648',
  '1e309',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '{"__proto__":{"x":1}}',
];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 2_147_483_648, -2_147_483_649, 2 ** 53, 1e308, 0.5, -0),
  fc.double({ noNaN: true }),
  fc.integer(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
/** Path segments, already URL-encoded: out of range, not numbers, NUL, broken UTF-8, too long. */
const hostileSegments = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e309',
  '1.5',
  '0x10',
  'abc',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '%20',
  'a'.repeat(600),
  '..%2F..%2Fetc%2Fpasswd',
];

// --- real data of the demo seed ----------------------------------------------------------------

interface Pools {
  products: number[];
  media: number[];
  posts: number[];
  comments: number[];
  users: number[];
  merchants: number[];
  tenants: number[];
  domains: string[];
  categories: string[];
  categoryNames: string[];
  mediaPaths: string[];
  emails: string[];
}
let pools: Pools;

/** Real values of a path parameter, by the path it is in. */
function realSegments(op: Operation, name: string): string[] {
  const p = op.path;
  if (name === 'mediaId') return pools.media.map(String);
  if (name === 'domain') return pools.domains;
  if (name === '*') return pools.mediaPaths;
  if (name === 'category') return pools.categoryNames;
  if (p.startsWith('/api/categories/')) return pools.categories;
  if (p.startsWith('/api/products/')) return pools.products.map(String);
  if (p.startsWith('/api/content/comments/')) return pools.comments.map(String);
  if (p.includes('/posts/')) return pools.posts.map(String);
  if (p.startsWith('/api/users/merchants/')) return pools.users.map(String);
  if (p.startsWith('/api/users/')) return pools.users.map(String);
  if (p.startsWith('/api/merchants/')) return pools.merchants.map(String);
  if (p.startsWith('/api/tenant/')) return pools.tenants.map(String);
  return [...pools.products, ...pools.posts].map(String);
}

/** A value that passes validation more often than not, by the field's name and schema. */
function plausibleString(name: string, schema: Schema): fc.Arbitrary<string> {
  const n = name.toLowerCase();
  if (schema.enum?.length) return fc.constantFrom(...(schema.enum as string[]));
  // e-mail patterns are met by the e-mail values below; colours and the like by the pattern
  if (schema.pattern && schema.format !== 'email' && !n.includes('password')) {
    return fc.stringMatching(new RegExp(schema.pattern)).map((v) => v.slice(0, schema.maxLength ?? v.length));
  }
  if (n.includes('email') || schema.format === 'email' || n === 'username' || n === 'to') {
    if (n === 'username' && !schema.format) {
      // login's username is an e-mail; the profile's is a display name
      return fc.constantFrom('customer@example.com', 'merchant@example.com', '새이름', 'fuzz유저');
    }
    return fc.oneof(
      fc.constantFrom(...pools.emails),
      fc.nat(99_999).map((i) => `fuzz${i}@example.com`),
    );
  }
  if (n.includes('password')) return fc.constantFrom(...PASSWORDS);
  if (n.includes('phone')) return fc.constantFrom('010-1234-5678', '01022223333', '02-123-4567');
  if (n.includes('address') || n === 'location') return fc.constantFrom('서울특별시 강남구 테헤란로 1, 101호', '서울');
  if (n.includes('business_number')) return fc.constantFrom('1234567890', '123-45-67890');
  if (n.includes('image') || n.includes('url') || n.includes('uri') || schema.format === 'uri') {
    return fc.constantFrom('https://example.com/a.png', `/api/media/${pools.mediaPaths[0] ?? 'x.webp'}`, '');
  }
  if (n === 'code') return fc.constantFrom('123456', '000000');
  if (n === 'token' || n === 'access_token' || n === 'state') return fc.constantFrom('x'.repeat(43), 'abc');
  if (n === 'custom_thumbnails') {
    return fc.constantFrom('[]', JSON.stringify([{ fileName: 'a.png', thumbnailData: 'data:image/png;base64,AAAA' }]));
  }
  if (n === 'existing_media_thumbnails') {
    return fc.constantFrom('[]', JSON.stringify([{ mediaId: 1, thumbnailData: 'data:image/jpeg;base64,AAAA' }]));
  }
  if (n === 'remove_media_ids') return fc.constantFrom('[]', '[1]', '[2147483648]', '[-1]');
  if (n === 'is_announcement' || n.startsWith('is_')) return fc.constantFrom('true', 'false');
  if (n === 'category') return fc.constantFrom(...pools.categoryNames, ...pools.categories);
  if (n === 'sort') return fc.constantFrom('latest', 'popular', 'price_low', 'price_high', 'oldest');
  return fc.constantFrom('사과', '테스트 글', 'abc', '1');
}

function plausibleNumber(name: string, schema: Schema): fc.Arbitrary<number> {
  const n = name.toLowerCase();
  if (n.endsWith('id') || n.endsWith('_id') || n === 'ids') {
    return fc.constantFrom(...pools.products, ...pools.posts, ...pools.users, ...pools.merchants, ...pools.media);
  }
  // Query numbers are documented without their bounds (page from 1, size up to 100 …).
  const small = ['page', 'size', 'limit', 'radius'].includes(n);
  const min = Math.max(schema.minimum ?? (small ? 1 : 0), -1_000_000);
  const max = Math.min(schema.maximum ?? (small ? 20 : 100_000), 1_000_000);
  return min <= max ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.constant(min);
}

/**
 * A value of the schema: plausible (to get past validation to the operation's work) or, when
 * `hostile`, now and then hostile at any level.
 */
function valueFor(schema0: Schema | undefined, name: string, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(schema0);
  const alternatives = schema.anyOf ?? schema.oneOf;
  let plausible: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) plausible = fc.constant(schema.const);
  else if (alternatives?.length)
    plausible = fc.oneof(...alternatives.map((s) => valueFor(s, name, hostile, depth + 1)));
  else {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'string')];
    const type = types.find((t) => t !== 'null') ?? 'null';
    if (type === 'null') plausible = fc.constant(null);
    else if (type === 'integer' || type === 'number') plausible = plausibleNumber(name, schema);
    else if (type === 'boolean') plausible = fc.boolean();
    else if (type === 'array') {
      plausible =
        depth > 4
          ? fc.constant([])
          : fc.array(valueFor(schema.items, name, hostile, depth + 1), {
              maxLength: Math.min(schema.maxItems ?? 4, 4),
            });
    } else if (type === 'object') plausible = depth > 4 ? fc.constant({}) : objectOf(schema, hostile, depth);
    else plausible = plausibleString(name, schema);
  }
  return hostile ? fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: hostileValue }) : plausible;
}

function objectOf(schema: Schema, hostile: boolean, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0 && typeof schema.additionalProperties === 'object') {
    return fc.dictionary(
      fc.constantFrom('a', 'b', '\u0000', '__proto__', 'x\uD800'),
      valueFor(schema.additionalProperties, 'value', hostile, depth + 1),
      {
        maxKeys: 3,
      },
    );
  }
  const required = names.filter((n) => (schema.required ?? []).includes(n));
  const fields = Object.fromEntries(names.map((n) => [n, valueFor(properties[n], n, hostile, depth + 1)]));
  // required fields are there most of the time, the others now and then
  return fc.oneof(
    { weight: 5, arbitrary: fc.record(fields, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  );
}

// --- bodies ------------------------------------------------------------------------------------

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };
let files: { name: string; type: string; data: Buffer }[] = [];

function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function isBinary(schema: Schema): boolean {
  const s = resolve(schema);
  return s.format === 'binary' || (resolve(s.items).format === 'binary' && s.type === 'array');
}

/** Multipart parts of a form: its text fields (stringified) and files for its binary fields. */
function partsOf(schema0: Schema, hostile: boolean): fc.Arbitrary<Part[]> {
  const schema = resolve(schema0);
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(properties).map(([name, s]) => {
    if (isBinary(s)) {
      const pick = hostile ? fc.constantFrom(...files) : fc.constantFrom(...files.slice(0, 2));
      return fc
        .array(pick, { minLength: hostile ? 0 : 1, maxLength: resolve(s).type === 'array' ? 3 : 1 })
        .map((chosen) => chosen.map((f): Part => ({ name, value: f.data, filename: f.name, type: f.type })));
    }
    const value = valueFor(s, name, hostile).map((v): Part[] => [
      { name, value: typeof v === 'string' ? v : (JSON.stringify(v) ?? '') },
    ]);
    return required.has(name) && !hostile ? value : fc.oneof(value, fc.constant([]));
  });
  return fc.tuple(...fields).map((groups) => groups.flat());
}

const brokenBodies: { payload: string | Buffer; contentType?: string }[] = [
  { payload: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nbroken', contentType: 'multipart/form-data' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    contentType: 'multipart/form-data; boundary=x',
  },
  { payload: 'garbage', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` },
  { payload: '', contentType: 'multipart/form-data; boundary=x' },
  { payload: '{"broken": ', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '"\\ud800"', contentType: 'application/json' },
  { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
  { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'a=1&b=2', contentType: 'text/plain' },
  { payload: '<xml/>', contentType: 'application/xml' },
  { payload: JSON.stringify({ x: 'a'.repeat(2_000_000) }), contentType: 'application/json' },
];

type Body = { payload?: string | Buffer; contentType?: string };

function bodyOf(op: Operation, hostile: boolean): fc.Arbitrary<Body> {
  const declared = Object.entries(op.bodies).map(([type, schema]): fc.Arbitrary<Body> => {
    if (type === 'multipart/form-data') {
      return partsOf(schema, hostile).map((parts) => ({
        payload: multipartBody(parts, 'fuzzboundary'),
        contentType: 'multipart/form-data; boundary=fuzzboundary',
      }));
    }
    if (type === 'application/x-www-form-urlencoded') {
      return valueFor(schema, 'body', hostile).map((v) => ({
        payload: new URLSearchParams(
          v && typeof v === 'object'
            ? Object.entries(v).map(([k, x]): [string, string] => [
                k,
                typeof x === 'string' ? x : (JSON.stringify(x) ?? ''),
              ])
            : [],
        ).toString(),
        contentType: type,
      }));
    }
    return valueFor(schema, 'body', hostile).map((v) => ({
      payload: JSON.stringify(v) ?? 'null',
      contentType: 'application/json',
    }));
  });
  if (!hostile) return declared.length > 0 ? fc.oneof(...declared) : fc.constant({});
  const broken = fc.constantFrom(...brokenBodies);
  if (declared.length > 0) return fc.oneof(fc.oneof(...declared), broken);
  if (op.method === 'GET') return fc.constant({});
  return fc.oneof(fc.constant({}), broken);
}

// --- requests ----------------------------------------------------------------------------------

function querySegment(name: string, schema: Schema, hostile: boolean): fc.Arbitrary<string> {
  const plausible = valueFor(schema, name, hostile).map((v) =>
    encodeURIComponent((typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).toWellFormed()),
  );
  const value = hostile
    ? fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: fc.constantFrom(...hostileSegments) })
    : plausible;
  return value.map((v) => `${encodeURIComponent(name)}=${v}`);
}

type Injected = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

/**
 * A request to the operation: half of the cases plausible throughout (real ids, valid-looking
 * fields) to get to the operation's work, half with hostile values anywhere.
 */
function requestOf(op: Operation, token: string | undefined): fc.Arbitrary<Injected> {
  return fc
    .boolean()
    .chain((hostile) => {
      const segments = op.pathParams.map((name) => {
        const real = realSegments(op, name);
        const plausible = real.length ? fc.constantFrom(...real) : fc.constant('1');
        if (!hostile) return plausible;
        return fc.oneof(
          plausible,
          fc.constantFrom(...hostileSegments),
          hostileString.map((v) => encodeURIComponent(v.toWellFormed()) || 'x'),
        );
      });
      const query = fc
        .tuple(
          ...op.query.map((q) => {
            const segment = querySegment(q.name, q.schema, hostile);
            return q.required && !hostile ? segment : fc.option(segment, { freq: 2 });
          }),
          hostile
            ? fc.option(fc.constantFrom('__proto__=1', 'undeclared=%00', 'page=1&page=2'), { freq: 3 })
            : fc.constant(null),
        )
        .map((items) => items.filter((x): x is string => x !== null).join('&'));
      return fc.record({ values: fc.tuple(...segments), query, body: bodyOf(op, hostile) });
    })
    .map(({ values, query: q, body }) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => values[i++] ?? '');
      return {
        method: op.method,
        url: q ? `${path}?${q}` : path,
        headers: {
          host: HOST,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body.contentType ? { 'content-type': body.contentType } : {}),
        },
        payload: body.payload,
      };
    });
}

/** Answers of the checks before an operation's own work: validation, sign-in, role, feature. */
const GUARD_CODES = new Set([
  'validation_error',
  'invalid_text',
  'bad_multipart',
  'multipart_required',
  'unauthorized',
  'session_expired',
  'wrong_user_type',
  'merchant_profile_missing',
  'admin_only',
  'feature_disabled',
  'rate_limited',
  // the framework's refusals, in the API's codes (errors.ts frameworkRefusal)
  'invalid_json',
  'empty_body',
  'body_too_large',
  'unsupported_media_type',
  'invalid_content_type',
  'invalid_content_length',
  'uri_too_long',
  'bad_url',
  'too_many_parts',
  'too_many_files',
  'file_too_large',
]);

/** The code of a refusal before the handler's work, or undefined when the case reached it. */
function refusal(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400) return undefined;
  let body: { code?: string; detail?: string } = {};
  try {
    body = res.json();
  } catch {
    return String(res.statusCode);
  }
  const code = body.code ?? String(res.statusCode);
  if (GUARD_CODES.has(code) || res.statusCode === 414 || res.statusCode === 431) return code;
  if (res.statusCode === 404 && body.detail === '요청한 API를 찾을 수 없습니다.') return 'no_route';
  return undefined;
}

// --- the run -----------------------------------------------------------------------------------

let app: FastifyInstance;
let operations: Operation[];
const tokens: Record<string, string | undefined> = { anonymous: undefined };
const roles = ['anonymous', 'customer', 'merchant', 'admin'] as const;
let signIn: (role: (typeof roles)[number]) => Promise<string | undefined>;

beforeAll(async () => {
  const perMany = Object.fromEntries(
    Object.entries(defaultLoginLimits).map(([k, v]) => [k, k.startsWith('per') ? 1_000_000 : v]),
  ) as typeof defaultLoginLimits;
  app = await buildTestApp(
    {
      rateLimits: false,
      loginLimits: perMany,
      storage: { driver: 'local', localDir: mkdtempSync(join(tmpdir(), 'bad-input-')) },
    },
    { wholePlatform: true },
  );
  // Without storage the seed skips images and videos (ffmpeg): seconds instead of a minute.
  await seedDemoIfEmpty(app.db, app.log);

  const client = accountsClient(app, HOST);
  signIn = async (role) => {
    if (role === 'anonymous') return undefined;
    for (const password of PASSWORDS) {
      const res = await client.login(`${role}@example.com`, password);
      if (res.statusCode === 200) return res.json().access_token;
    }
    return undefined; // the fuzzed profile changed the e-mail: keep the old session
  };
  for (const role of ['customer', 'merchant', 'admin'] as const) {
    tokens[role] = await client.token(`${role}@example.com`, PASSWORD);
  }
  const get = async (url: string, token?: string) => {
    const res = await client.call('GET', url, undefined, token);
    return res.statusCode === 200 ? res.json() : {};
  };
  const me = await Promise.all(['customer', 'merchant', 'admin'].map((r) => get('/api/auth/me', tokens[r])));
  const products = (await get('/api/products?size=100')).products ?? [];
  const deleted = (await get('/api/products/deleted?size=100', tokens.merchant)).products ?? [];
  const posts = (await get('/api/content/posts?size=100')).posts ?? [];
  const comments = [];
  for (const post of posts.slice(0, 8)) {
    const list = await get(`/api/content/posts/${post.id}/comments?size=100`);
    const flatten = (items: { id: number; replies?: unknown[] }[]): number[] =>
      items.flatMap((c) => [c.id, ...flatten((c.replies ?? []) as never)]);
    comments.push(...flatten(list.comments ?? []));
  }
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
    .png()
    .toBuffer();
  const jpeg = await sharp(png).jpeg().toBuffer();
  // Images of the merchant's own products (the seed without storage has none).
  const media = [];
  for (const product of products) {
    if (media.length >= 3) break;
    const upload = await app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/media`,
      headers: {
        host: HOST,
        authorization: `Bearer ${tokens.merchant}`,
        'content-type': 'multipart/form-data; boundary=setup',
      },
      payload: multipartBody([{ name: 'file', value: png, filename: 'a.png', type: 'image/png' }], 'setup'),
    });
    if (upload.statusCode === 201) media.push(upload.json());
  }
  const merchants = (await get('/api/merchants?size=100')).merchants ?? [];
  const tenants = (await get('/api/tenant/list', tokens.admin)).tenants ?? [];
  const categories = (await get('/api/categories')).categories ?? [];
  pools = {
    products: [...products, ...deleted].map((p: { id: number }) => p.id),
    media: media.map((m: { id: number }) => m.id),
    posts: posts.map((p: { id: number }) => p.id),
    comments,
    users: [...me.map((u) => u.id), ...posts.map((p: { author?: { id: number } }) => p.author?.id)].filter(Boolean),
    merchants: merchants.map((m: { id: number }) => m.id),
    tenants: tenants.map((t: { id: number }) => t.id),
    domains: [...tenants.map((t: { domain: string }) => t.domain), 'unknown.example'],
    categories: categories.map((c: { id: string | number }) => String(c.id)),
    categoryNames: categories.map((c: { name: string }) => encodeURIComponent(c.name)),
    mediaPaths: media.map((m: { file_path: string }) => m.file_path.replace(/^\/api\/media\//, '')),
    emails: ['customer@example.com', 'merchant@example.com', 'admin@example.com', 'reader1@example.com'],
  };
  for (const [name, pool] of Object.entries(pools)) {
    if (pool.length === 0) throw new Error(`no demo ${name} for the harness`);
  }

  files = [
    { name: 'a.png', type: 'image/png', data: png },
    { name: '사진.jpg', type: 'image/jpeg', data: jpeg },
    { name: 'x\u0000.png', type: 'image/png', data: png },
    { name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
    { name: 'note.txt', type: 'text/plain', data: Buffer.from('not an image') },
    {
      name: 'evil.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    { name: 'fake.gif', type: 'image/gif', data: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 7)]) },
  ];

  const doc = (await app.inject({ url: '/api/openapi.json', headers: { host: HOST } })).json();
  components = doc.components?.schemas ?? {};
  operations = readOperations(doc);
}, 180_000);
afterAll(() => app?.close());

/**
 * Reads first, then writes, then deletions; what would end a role's session or change the
 * tenant for everybody (profile, password, tenant switches, logout, account deletion) last.
 */
function phase(op: Operation): number {
  if (op.key === 'delete /api/auth/account' || op.key === 'post /api/auth/logout') return 5;
  if (op.path.startsWith('/api/tenant/') && op.method !== 'GET') return 4;
  if (['put /api/auth/profile', 'post /api/auth/change-password', 'post /api/auth/reset-password'].includes(op.key))
    return 3;
  if (op.method === 'GET') return 0;
  if (op.method === 'DELETE') return 2;
  return 1;
}

describe('bad input never causes a server error', () => {
  it('finds the operations of the API in the OpenAPI document, multipart forms included', () => {
    const keys = operations.map((o) => o.key);
    expect(keys).toContain('get /api/tenant/current');
    const form = (key: string) => resolve(operations.find((o) => o.key === key)?.bodies['multipart/form-data']);
    expect(form('post /api/content/posts').properties).toHaveProperty('files');
    expect(form('put /api/content/posts/{id}').properties).toHaveProperty('remove_media_ids');
    expect(form('post /api/products/{id}/media').properties).toHaveProperty('is_thumbnail');
    expect(form('post /api/reviews/{id}/images').required).toEqual(['file']);
  });

  it('answers every operation, for every role, with a success or a 4xx JSON {detail, code} in Korean', async () => {
    type Counts = { cases: number; reached: number };
    const stats = new Map<string, { roles: Record<string, Counts>; refusals: Map<string, number> }>();
    const failures: string[] = [];
    const ordered = [...operations].sort((a, b) => phase(a) - phase(b));
    let run = 0;
    for (const op of ordered) {
      // Logging out and deleting the account end a session: each starts from a fresh one.
      if (phase(op) === 5) for (const role of roles) tokens[role] = (await signIn(role)) ?? tokens[role];
      const row = { roles: {} as Record<string, Counts>, refusals: new Map<string, number>() };
      stats.set(op.key, row);
      for (const role of roles) {
        const counts = { cases: 0, reached: 0 };
        row.roles[role] = counts;
        run += 1;
        try {
          await fc.assert(
            fc.asyncProperty(requestOf(op, tokens[role]), async (request) => {
              const res = await app.inject(request);
              counts.cases += 1;
              const refused = refusal(res);
              if (refused === undefined) counts.reached += 1;
              else row.refusals.set(refused, (row.refusals.get(refused) ?? 0) + 1);
              const where = `${role} ${request.method} ${request.url.slice(0, 160)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
              expect(res.statusCode, where).toBeLessThan(500);
              // The document's security is the guard's: signed out, a signed-in operation never succeeds.
              if (role === 'anonymous' && op.signedIn) expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
              if (res.statusCode >= 400) {
                expect(res.headers['content-type'], where).toContain('application/json');
                const body = res.json();
                expect(typeof body.code, where).toBe('string');
                // the API's own codes, never the framework's internal ones
                expect(body.code, where).not.toMatch(/^(FST_|ERR_)/);
                expect(body.detail, where).toMatch(HANGUL);
              }
            }),
            // each operation and role its own sequence of cases, all replayable from one seed
            { seed: seed + run, numRuns, endOnFailure: true },
          );
        } catch (err) {
          const lines = (err as Error).message.split('\n');
          const cause = ((err as Error).cause as Error | undefined)?.message ?? '';
          const seen = [...lines.filter((l) => l.startsWith('{ seed')), cause.split('\n')[0]?.slice(0, 600)];
          failures.push(`${op.key} as ${role}:\n${seen.join('\n')}`);
        }
      }
    }
    const cell = (c: Counts | undefined) => (c ? `${c.reached}/${c.cases}`.padEnd(9) : '-'.padEnd(9));
    const lines = [...stats].map(([key, row]) => {
      const top = [...row.refusals]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([code, n]) => `${code} ${n}`)
        .join(', ');
      return `${key.padEnd(52)} ${roles.map((r) => cell(row.roles[r])).join(' ')} ${top}`;
    });
    console.log(
      [
        `bad-input harness, FC_SEED=${seed}: cases that reached the operation's handler (reached/sent) per role,`,
        'then the most frequent refusals before it (validation, sign-in, role, feature)',
        `${'operation'.padEnd(52)} ${roles.map((r) => r.padEnd(9)).join(' ')} refused before the handler`,
        ...lines,
      ].join('\n'),
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});

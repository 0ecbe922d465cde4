import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { buildTestApp } from '../test/app.js';

/**
 * The bad-input harness: for every operation of the generated OpenAPI document, send malformed
 * input and require a 4xx JSON `{ detail }` answer (or a success), never a 5xx. It grows with the
 * API by itself. Replay a failure with FC_SEED=<seed printed below>.
 */
const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FC_RUNS ?? 25);
console.log(`bad-input harness: FC_SEED=${seed} FC_RUNS=${numRuns}`);

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  properties: Record<string, { type?: string }>;
  required: string[];
}

const weirdStrings = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\u202Eevil',
  '👨‍👩‍👧‍👦',
  '가'.repeat(10_000),
  'a'.repeat(100_000),
  'ㄱㅏ',
  'NaN',
  '-1',
  '1e309',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '{"__proto__":{"x":1}}',
];
const weirdString = fc.oneof(fc.constantFrom(...weirdStrings), fc.string({ unit: 'binary', maxLength: 64 }));
const weirdNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 2 ** 53, -(2 ** 63), 1e308, 0.5),
  fc.double({ noNaN: true }),
  fc.integer(),
);
const weirdValue = fc.oneof(
  weirdString,
  weirdNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A body of the operation's shape with fields missing, wrong-typed or extreme. */
function malformedBody(op: Operation) {
  const fields = Object.keys(op.properties);
  return fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.record(Object.fromEntries(fields.map((f) => [f, weirdValue])), { requiredKeys: [] }),
    fc.constant({}),
  );
}

type Injected = { method: string; url: string; headers: Record<string, string>; payload?: string };

function malformedRequest(op: Operation, host: string): fc.Arbitrary<Injected> {
  const path = fc.array(weirdString, { minLength: 4, maxLength: 4 }).map((values) => {
    let i = 0;
    // A lone surrogate cannot be percent-encoded; it becomes U+FFFD as a browser would send it.
    return op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent((values[i++ % values.length] ?? '').toWellFormed()));
  });
  const query = fc
    .dictionary(fc.constantFrom('page', 'size', 'q', 'id', 'limit', 'tab', '__proto__'), weirdString, { maxKeys: 3 })
    .map((q) => new URLSearchParams(q).toString());
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = op.hasBody
    ? fc.oneof(
        malformedBody(op).map((b) => ({ payload: JSON.stringify(b), contentType: 'application/json' })),
        fc.constantFrom(
          { payload: '{"broken": ', contentType: 'application/json' },
          { payload: '', contentType: 'application/json' },
          { payload: 'a=1&b=2', contentType: 'text/plain' },
          { payload: '<xml/>', contentType: 'application/xml' },
          { payload: JSON.stringify({ x: 'a'.repeat(2_000_000) }), contentType: 'application/json' },
        ),
      )
    : fc.constant({});
  return fc.record({ path, query, body }).map(({ path: p, query: q, body: b }) => ({
    method: op.method.toUpperCase(),
    url: q ? `${p}?${q}` : p,
    headers: { host, ...(b.contentType ? { 'content-type': b.contentType } : {}) },
    payload: b.payload,
  }));
}

let app: FastifyInstance;
let operations: Operation[];

beforeAll(async () => {
  app = await buildTestApp();
  await seedDemoIfEmpty(app.db, app.log);
  const doc = (await app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => {
      const schema = (Object.values(spec.requestBody?.content ?? {})[0]?.schema ?? {}) as {
        properties?: Record<string, { type?: string }>;
        required?: string[];
      };
      return {
        method,
        path,
        hasBody: Boolean(spec.requestBody),
        properties: schema.properties ?? {},
        required: schema.required ?? [],
      };
    }),
  );
});
afterAll(() => app.close());

describe('bad input never causes a server error', () => {
  it('finds the operations of the API in the OpenAPI document', () => {
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('get /api/tenant/current');
  });

  it('answers malformed input to every operation with a 4xx JSON detail (or a success)', async () => {
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(malformedRequest(op, 'farm.localhost'), async (request) => {
          const res = await app.inject(request);
          const where = `${request.method} ${request.url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], where).toContain('application/json');
            expect(typeof res.json().detail, where).toBe('string');
          }
        }),
        { seed, numRuns },
      );
    }
  });
});

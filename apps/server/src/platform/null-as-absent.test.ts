import * as contracts from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogueTenant, deliveryProduct } from '../modules/catalogue/catalogue.test-helpers.js';
import { creditTopup } from '../modules/wallet/points.js';
import { buildTestApp } from '../test/app.js';
import { dropNullOptionals, nullMeansAbsent } from './null-as-absent.js';

/** The issues of a parse as comparable strings (where and what), or [] when it passes. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')} ${i.code}`).sort();
}

describe('null in an optional request field is read as absent', () => {
  it('holds for every optional field of every object schema of the contracts', () => {
    const objects = (Object.entries(contracts) as [string, unknown][]).filter(
      (entry): entry is [string, z.ZodObject] => entry[1] instanceof z.ZodObject,
    );
    expect(objects.length).toBeGreaterThan(50);
    let fields = 0;
    for (const [name, schema] of objects) {
      for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
        if (!nullMeansAbsent(field)) {
          // a required field stays required, and null is refused there as before
          if (field._zod.optin === undefined && !field.safeParse(null).success) {
            expect(
              issues(schema, { [key]: null }).some((i) => i.startsWith(`${key} `)),
              `${name}.${key}`,
            ).toBe(true);
          }
          continue;
        }
        fields += 1;
        const withNull = dropNullOptionals(schema, { [key]: null });
        // the same answer as without the field: same issues, or the same parsed value
        expect(issues(schema, withNull), `${name}.${key}`).toEqual(issues(schema, {}));
        const absent = schema.safeParse({});
        if (absent.success) expect(schema.parse(withNull), `${name}.${key}`).toEqual(absent.data);
      }
    }
    expect(fields).toBeGreaterThan(100);
  });

  it('reaches nested objects and arrays, and leaves null alone where a field accepts it', () => {
    const schema = z.object({
      a: z.object({ b: z.string().optional(), c: z.string().nullish() }).optional(),
      list: z.array(z.object({ d: z.number().default(1) })).optional(),
    });
    const value = dropNullOptionals(schema, { a: { b: null, c: null }, list: [{ d: null }] });
    expect(value).toEqual({ a: { c: null }, list: [{}] });
    expect(schema.parse(value)).toEqual({ a: { c: null }, list: [{ d: 1 }] });
  });
});

describe('the API', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      payments: { gateway: 'sandbox', reconcileIntervalMs: 0, expireAfterMs: 30 * 60_000, sandboxPendingSettleMs: 0 },
    });
  });
  afterAll(() => app.close());

  it('confirms a points-only payment whose callback sends "imp_uid": null', async () => {
    const w = await catalogueTenant(app);
    const farm = await w.signIn('merchant', '햇살농원');
    const sky = await w.signIn('customer');
    await app.db.transaction((tx) =>
      creditTopup(tx, w.tenant.id, { userId: sky.user.id, amount: 15_000, paymentId: 'seed-null-1' }),
    );
    const product = await w.call(
      'POST',
      '/api/products',
      deliveryProduct({ price: 12_000, is_delivery: false, display_remaining: -1 }),
      farm.token,
    );
    expect(product.statusCode, product.body).toBe(201);
    const prepared = await w.call(
      'POST',
      '/api/payment/prepare',
      {
        buyer_name: '김하늘',
        buyer_email: 'sky@example.com',
        buyer_tel: '010-1234-5678',
        product_id: product.json().id,
        qty: 1,
        amount: 12_000,
        points_used: 12_000,
        // what a client without these values sends
        order_type: null,
        buyer_addr: null,
        buyer_postcode: null,
        delivery_memo: null,
      },
      sky.token,
    );
    expect(prepared.statusCode, prepared.body).toBe(200);
    const confirmed = await w.call(
      'POST',
      '/api/payment/callback',
      { merchant_uid: prepared.json().merchant_uid, imp_uid: null, status: null },
      sky.token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'paid', payment_type: 'full_points' });
    // a required field is still required: null is refused
    const missing = await w.call('POST', '/api/payment/callback', { merchant_uid: null }, sky.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error' });
  });

  it('says so in the API document: optional body fields accept null', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    const callback = doc.paths['/api/payment/callback'].post.requestBody.content['application/json'].schema;
    expect(callback.properties.imp_uid.anyOf).toContainEqual({ type: 'null' });
    expect(callback.properties.merchant_uid.anyOf).toBeUndefined();
  });
});

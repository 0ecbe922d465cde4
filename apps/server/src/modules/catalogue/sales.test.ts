import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { products } from './catalogue.schema.js';
import { catalogueTenant, deliveryProduct } from './catalogue.test-helpers.js';
import { releaseStock, reserveStock } from './sales.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;

/**
 * The reservation statement itself (checkout checks the stock it read before it, so only two
 * buyers at once reach the statement's own condition: on PGlite, which runs one transaction at a
 * time, they never do). Here it is asked directly for more than is left.
 */
describe('catalogue sales: reserving stock', () => {
  let app: FastifyInstance;
  let w: World;
  let merchant: Awaited<ReturnType<World['signIn']>>;

  beforeAll(async () => {
    app = await buildTestApp();
    w = await catalogueTenant(app);
    merchant = await w.signIn('merchant', '햇살농원');
  });
  afterAll(() => app.close());

  async function productWith(stock: number) {
    const res = await w.call('POST', '/api/products', deliveryProduct({ display_remaining: stock }), merchant.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  const stockOf = async (id: number) =>
    (
      await app.db
        .select({ left: products.displayRemaining })
        .from(products)
        .where(and(eq(products.tenantId, w.tenant.id), eq(products.id, id)))
    )[0]?.left;
  const reserve = (id: number, qty: number, tenantId = w.tenant.id) =>
    app.db.transaction((tx) => reserveStock(tx, tenantId, { productId: id, optionId: null }, qty));

  it('takes stock only while display_remaining >= qty: more than is left is refused and nothing is taken', async () => {
    const id = await productWith(2);
    await expect(reserve(id, 3)).rejects.toMatchObject({ status: 400, code: 'stock_short' });
    expect(await stockOf(id)).toBe(2);
    expect(await reserve(id, 2)).toBe(2);
    expect(await stockOf(id)).toBe(0);
    await expect(reserve(id, 1)).rejects.toMatchObject({ status: 400, code: 'sold_out' });
    expect(await stockOf(id)).toBe(0);
    await app.db.transaction((tx) =>
      releaseStock(tx, w.tenant.id, { productId: id, optionId: null, stockReserved: 1 }),
    );
    expect(await reserve(id, 1)).toBe(1);
    expect(await stockOf(id)).toBe(0);
  });

  it('never writes unlimited stock, nor another tenant’s product', async () => {
    const unlimited = await productWith(-1);
    expect(await reserve(unlimited, 1_000)).toBe(0);
    expect(await stockOf(unlimited)).toBe(-1);
    const counted = await productWith(5);
    const other = await catalogueTenant(app);
    await expect(reserve(counted, 1, other.tenant.id)).rejects.toMatchObject({ status: 400 });
    expect(await stockOf(counted)).toBe(5);
  });
});

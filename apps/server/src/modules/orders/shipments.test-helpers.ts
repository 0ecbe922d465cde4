import { paymentPrepareResultSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type catalogueTenant, deliveryProduct, shoppingProduct } from '../catalogue/catalogue.test-helpers.js';
import { creditTopup } from '../wallet/points.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;
const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };
/** The tenant's parcel fee in the shipment tests (legal_info shipping_fee 3,000 below 50,000). */
export const PARCEL_FEE = 3_000;
let topups = 0;

/**
 * A new buyer pays one of a new product of `merchant`'s with points: a parcel (shopping goods, the
 * parcel fee added) or a local delivery. Answers the buyer and the order id.
 */
export async function boughtWithPoints(app: FastifyInstance, w: World, merchant: Person, kind: 'parcel' | 'local') {
  const buyer = await w.signIn('customer');
  const created = await w.call(
    'POST',
    '/api/products',
    kind === 'parcel' ? shoppingProduct() : deliveryProduct(),
    merchant.token,
  );
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json() as { id: number; price: number };
  const amount = product.price + (kind === 'parcel' ? PARCEL_FEE : 0);
  await app.db.transaction((tx) =>
    creditTopup(tx, w.tenant.id, { userId: buyer.user.id, amount, paymentId: `ship-seed-${process.pid}-${++topups}` }),
  );
  const res = await w.call(
    'POST',
    '/api/payment/prepare',
    {
      ...buyerFields,
      product_id: product.id,
      qty: 1,
      amount,
      points_used: amount,
      buyer_addr: '서울 중구 세종대로 110',
      buyer_postcode: '04524',
      ...(kind === 'local' ? { order_type: 'delivery' } : {}),
    },
    buyer.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const prepared = paymentPrepareResultSchema.parse(res.json());
  const paid = await w.call('POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid }, buyer.token);
  expect(paid.statusCode, paid.body).toBe(200);
  return { buyer, orderId: prepared.order_id };
}

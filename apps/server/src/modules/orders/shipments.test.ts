import { type Order, orderSchema, trackingSchema } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionSeams, type Seams } from '../../platform/seams.js';
import { buildTestApp } from '../../test/app.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { orders as ordersTable } from './orders.schema.js';
import { DELIVERED_BY_CARRIER_MEMO } from './shipments.service.js';
import { boughtWithPoints } from './shipments.test-helpers.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;
const STAGE_MS = 60 * 60_000;

/**
 * Parcel tracking with the sandbox tracking service (issue 41): the merchant's carrier and number,
 * with the status change or on their own, checked for the carrier's format; the spec's client
 * moving a parcel without one; the buyer's timeline; the parcel's life read by the tracking job on
 * the test's clock, ending in 배송완료 by the system.
 */
describe('parcel tracking (sandbox)', () => {
  let app: FastifyInstance;
  let w: World;
  let farm: Person;
  let other: Person;
  let now = Date.now();
  const seams: Seams = { ...productionSeams, clock: { now: () => new Date(now) } };

  beforeAll(async () => {
    app = await buildTestApp(
      {
        rateLimits: false,
        tracking: { service: 'sandbox', sandboxStageMs: STAGE_MS, pollMs: 60_000, jobIntervalMs: 0 },
      },
      { seams },
    );
    w = await catalogueTenant(app, {
      settings: { legal_info: { shipping_fee: 3_000, free_shipping_threshold: 50_000 } },
    });
    farm = await w.signIn('merchant', '햇살농원');
    other = await w.signIn('merchant', '바다상회');
  });
  afterAll(() => app.close());

  const bought = (kind: 'parcel' | 'local') => boughtWithPoints(app, w, farm, kind);
  const setStatus = (orderId: number, body: object, token = farm.token) =>
    w.call('PUT', '/api/delivery/status', { order_id: orderId, ...body }, token);
  const setShipment = (orderId: number, body: object, token = farm.token) =>
    w.call('PUT', `/api/delivery/orders/${orderId}/shipment`, body, token);
  const tracking = (orderId: number, token: string) =>
    w.call('GET', `/api/delivery/orders/${orderId}/tracking`, undefined, token);
  const order = async (orderId: number, token: string): Promise<Order> => {
    const res = await w.call('GET', `/api/delivery/orders/${orderId}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return orderSchema.parse(res.json());
  };
  const stored = async (orderId: number) =>
    (
      await app.db
        .select()
        .from(ordersTable)
        .where(and(eq(ordersTable.tenantId, w.tenant.id), eq(ordersTable.id, orderId)))
    )[0];

  it('takes the spec client’s move to 배송중 without a carrier, marks it 송장 미등록, and takes the number later', async () => {
    const { buyer, orderId } = await bought('parcel');
    const moved = await setStatus(orderId, { status: 'DELIVERING', memo: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'DELIVERING', shipment: null, needs_shipment: true });
    expect((await tracking(orderId, buyer.token)).json()).toMatchObject({ code: 'shipment_not_found' });

    const registered = await setShipment(orderId, { carrier: 'kr.cjlogistics', tracking_number: '6401-2345-6789' });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toMatchObject({
      needs_shipment: false,
      shipment: {
        carrier: 'kr.cjlogistics',
        carrier_name: 'CJ대한통운',
        tracking_number: '640123456789',
        status: 'INFORMATION_RECEIVED',
        status_label: '송장접수',
      },
    });
    expect(registered.json().shipment.tracking_url).toContain('640123456789');

    // The buyer sees the same parcel and its first event.
    const seen = trackingSchema.parse((await tracking(orderId, buyer.token)).json());
    expect(seen).toMatchObject({ order_id: orderId, tracking_number: '640123456789', status: 'INFORMATION_RECEIVED' });
    expect(seen.events.map((e) => e.status_label)).toEqual(['송장접수']);
    expect((await order(orderId, buyer.token)).shipment?.carrier_name).toBe('CJ대한통운');
  });

  it('registers the parcel with the move to 배송중, and refuses a number not in the carrier’s format, changing nothing', async () => {
    const { orderId } = await bought('parcel');
    const wrong = await setStatus(orderId, { status: 'DELIVERING', carrier: 'kr.epost', tracking_number: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('우체국택배 송장번호는 숫자 13자리입니다.');
    const half = await setStatus(orderId, { status: 'DELIVERING', carrier: 'kr.epost' });
    expect(half.statusCode).toBe(400);
    expect(half.json().detail).toContain('택배사와 송장번호를 함께 입력해주세요.');
    const early = await setStatus(orderId, {
      status: 'PREPARING',
      carrier: 'kr.epost',
      tracking_number: '1234567890123',
    });
    expect(early.statusCode).toBe(400);
    const unknown = await setStatus(orderId, { status: 'DELIVERING', carrier: 'kr.nowhere', tracking_number: '1' });
    expect(unknown.statusCode).toBe(400);
    expect(await stored(orderId)).toMatchObject({ status: 'PENDING', carrier: null, trackingNumber: null });

    const moved = await setStatus(orderId, {
      status: 'DELIVERING',
      carrier: 'kr.epost',
      tracking_number: ' 6865 1234 56789 ',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'DELIVERING',
      needs_shipment: false,
      shipment: { carrier: 'kr.epost', tracking_number: '6865123456789', status: 'INFORMATION_RECEIVED' },
    });
    // A correction before delivery starts a new reading of the new number.
    const fixed = await setShipment(orderId, { carrier: 'kr.hanjin', tracking_number: '412345678901' });
    expect(fixed.json().shipment).toMatchObject({ carrier: 'kr.hanjin', tracking_number: '412345678901' });
  });

  it('plays the parcel’s life on the clock through the tracking job and completes the order as the system', async () => {
    const { buyer, orderId } = await bought('parcel');
    expect(
      (await setStatus(orderId, { status: 'DELIVERING', carrier: 'kr.logen', tracking_number: '31234567890' }))
        .statusCode,
    ).toBe(200);
    const start = now;
    const step = async (stages: number) => {
      now = start + stages * STAGE_MS + 1_000;
      await app.shipments.sync({ tenantIds: [w.tenant.id] });
      return order(orderId, buyer.token);
    };
    expect((await step(1)).shipment?.status).toBe('AT_PICKUP');
    expect((await step(2)).shipment?.status).toBe('IN_TRANSIT');
    const out = await step(3);
    expect(out).toMatchObject({
      status: 'DELIVERING',
      shipment: { status: 'OUT_FOR_DELIVERY', status_label: '배송출발' },
    });
    const done = await step(4);
    expect(done).toMatchObject({ status: 'DELIVERED', shipment: { status: 'DELIVERED' }, can_confirm: true });
    expect(done.delivered_at).toBe(new Date(start + 4 * STAGE_MS).toISOString());
    expect(done.history?.at(-1)).toMatchObject({
      from_status: 'DELIVERING',
      status: 'DELIVERED',
      actor: 'system',
      memo: DELIVERED_BY_CARRIER_MEMO,
    });
    const timeline = trackingSchema.parse((await tracking(orderId, buyer.token)).json());
    expect(timeline.events.map((e) => e.status)).toEqual([
      'INFORMATION_RECEIVED',
      'AT_PICKUP',
      'IN_TRANSIT',
      'OUT_FOR_DELIVERY',
      'DELIVERED',
    ]);
    // Delivered: the number can no longer change, and the job leaves it alone.
    expect((await setShipment(orderId, { carrier: 'kr.logen', tracking_number: '39999999999' })).json()).toMatchObject({
      code: 'shipment_closed',
    });
    now = start + 10 * STAGE_MS;
    expect(await app.shipments.sync({ tenantIds: [w.tenant.id] })).toBe(0);
    now = start;
  });

  it('refuses a shipment once the order is delivered, cancelled or refunded, and a carrier with any move but 배송중', async () => {
    for (const end of ['DELIVERED', 'CANCELLED', 'REFUNDED'] as const) {
      const { orderId } = await bought('parcel');
      expect((await setStatus(orderId, { status: end })).statusCode).toBe(200);
      const refused = await setShipment(orderId, { carrier: 'kr.cjlogistics', tracking_number: '640123456789' });
      expect(refused.statusCode, end).toBe(400);
      expect(refused.json().code).toBe('shipment_closed');
      expect(await stored(orderId), end).toMatchObject({ status: end, carrier: null, trackingNumber: null });
    }
    const { orderId } = await bought('parcel');
    for (const status of ['CONFIRMED', 'PREPARING', 'READY', 'DELIVERED', 'CANCELLED', 'REFUNDED']) {
      const res = await setStatus(orderId, { status, carrier: 'kr.cjlogistics', tracking_number: '640123456789' });
      expect(res.statusCode, status).toBe(400);
    }
    expect(await stored(orderId)).toMatchObject({ status: 'PENDING', carrier: null });
  });

  it('two readings of a delivered parcel at once move the order once', async () => {
    const { buyer, orderId } = await bought('parcel');
    await setStatus(orderId, { status: 'DELIVERING', carrier: 'kr.cjlogistics', tracking_number: '640100000777' });
    const start = now;
    now = start + 4 * STAGE_MS + 1_000;
    await Promise.all([
      app.shipments.sync({ tenantIds: [w.tenant.id] }),
      tracking(orderId, buyer.token),
      app.shipments.sync({ tenantIds: [w.tenant.id] }),
    ]);
    const done = await order(orderId, buyer.token);
    expect(done.status).toBe('DELIVERED');
    expect(done.history?.filter((h) => h.status === 'DELIVERED')).toHaveLength(1);
    now = start;
  });

  it('keeps local delivery and pickup orders without a carrier', async () => {
    const { buyer, orderId } = await bought('local');
    const moved = await setStatus(orderId, {
      status: 'DELIVERING',
      carrier: 'kr.cjlogistics',
      tracking_number: '640123456789',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('shipment_not_parcel');
    const plain = await setStatus(orderId, { status: 'DELIVERING' });
    expect(plain.json()).toMatchObject({ status: 'DELIVERING', needs_shipment: false, shipment: null });
    expect(
      (await setShipment(orderId, { carrier: 'kr.cjlogistics', tracking_number: '640123456789' })).json().code,
    ).toBe('shipment_not_parcel');
    expect((await tracking(orderId, buyer.token)).statusCode).toBe(404);
  });

  it('shows a parcel to its buyer and its merchant only', async () => {
    const { buyer, orderId } = await bought('parcel');
    await setStatus(orderId, { status: 'DELIVERING', carrier: 'kr.lotte', tracking_number: '123456789012' });
    const stranger = await w.signIn('customer');
    expect((await tracking(orderId, farm.token)).statusCode).toBe(200);
    expect((await tracking(orderId, buyer.token)).statusCode).toBe(200);
    expect((await tracking(orderId, stranger.token)).json().code).toBe('order_not_found');
    expect((await tracking(orderId, other.token)).json().code).toBe('order_not_found');
    expect((await w.call('GET', `/api/delivery/orders/${orderId}/tracking`)).statusCode).toBe(401);
    // Another merchant cannot register or change it; a buyer is no merchant.
    expect(
      (await setShipment(orderId, { carrier: 'kr.lotte', tracking_number: '999999999999' }, other.token)).statusCode,
    ).toBe(404);
    expect(
      (await setShipment(orderId, { carrier: 'kr.lotte', tracking_number: '999999999999' }, buyer.token)).statusCode,
    ).toBe(403);
    // Another tenant's host does not know the order.
    const elsewhere = await catalogueTenant(app);
    const outsider = await elsewhere.signIn('merchant', '다른상점');
    expect(
      (
        await elsewhere.call(
          'PUT',
          `/api/delivery/orders/${orderId}/shipment`,
          { carrier: 'kr.lotte', tracking_number: '999999999999' },
          outsider.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await stored(orderId))?.trackingNumber).toBe('123456789012');
    // The sandbox sends no webhooks: the webhook address is not served.
    const hook = await w.call('POST', '/api/delivery/tracking-webhook/abc', {
      carrierId: 'kr.lotte',
      trackingNumber: '123456789012',
    });
    expect(hook.statusCode).toBe(404);
  });
});

import type { AddressInfo } from 'node:net';
import { orderSchema, trackingSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionSeams, type Seams } from '../../platform/seams.js';
import { buildTestApp } from '../../test/app.js';
import { startTrackerDeliveryStandIn, type TrackerDeliveryStandIn } from '../../test/tracker-delivery-stand-in.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { DELIVERED_BY_CARRIER_MEMO, WEBHOOK_RENEW_BEFORE_MS, WEBHOOK_TTL_MS } from './shipments.service.js';
import { boughtWithPoints } from './shipments.test-helpers.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;
const STAGE_MS = 12 * 3_600_000;
const HOUR = 3_600_000;

/**
 * Parcel tracking through the tracker.delivery adapter against its local stand-in (issue 41), over
 * real HTTP both ways: the webhook registered for the parcel at the tenant's own signed address,
 * the stand-in's callbacks (carrier and number only) read again by the server, the parcel
 * delivered by the webhook, the webhook renewed before it expires, and refused or forged calls.
 */
describe('parcel tracking with tracker.delivery', () => {
  let app: FastifyInstance;
  let tracker: TrackerDeliveryStandIn;
  let w: World;
  let farm: Person;
  let now = Date.parse('2026-11-20T01:00:00Z');
  const seams: Seams = { ...productionSeams, clock: { now: () => new Date(now) } };
  /** Where the stand-in sends its callbacks: this server, once it listens. */
  const deliverTo = { host: '127.0.0.1', port: 0 };

  beforeAll(async () => {
    tracker = await startTrackerDeliveryStandIn({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      stageMs: STAGE_MS,
      now: () => new Date(now),
      deliverTo,
    });
    app = await buildTestApp(
      {
        rateLimits: false,
        tracking: {
          service: 'tracker-delivery',
          trackerDelivery: {
            clientId: 'client-id',
            clientSecret: 'client-secret',
            webhookSecret: 'a-long-random-webhook-secret-for-tests',
            apiUrl: tracker.apiUrl,
          },
          sandboxStageMs: STAGE_MS,
          pollMs: 6 * HOUR,
          jobIntervalMs: 0,
        },
      },
      { seams },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    // The callbacks name the tenant's domain; the stand-in connects to this server with that Host.
    deliverTo.port = (app.server.address() as AddressInfo).port;
    w = await catalogueTenant(app, {
      settings: { legal_info: { shipping_fee: 3_000, free_shipping_threshold: 50_000 } },
    });
    farm = await w.signIn('merchant', '햇살농원');
  });
  afterAll(async () => {
    await app?.close();
    await tracker?.close();
  });

  const boughtParcel = () => boughtWithPoints(app, w, farm, 'parcel');
  const ship = (orderId: number, carrier: string, number: string) =>
    w.call(
      'PUT',
      '/api/delivery/status',
      { order_id: orderId, status: 'DELIVERING', carrier, tracking_number: number },
      farm.token,
    );
  const order = async (orderId: number, token: string) =>
    orderSchema.parse((await w.call('GET', `/api/delivery/orders/${orderId}`, undefined, token)).json());
  const registrationsOf = (number: string) => tracker.registrations().filter((r) => r.trackingNumber === number);

  it('registers the parcel’s webhook at the tenant’s signed address and completes the order when the webhook says delivered', async () => {
    const { buyer, orderId } = await boughtParcel();
    tracker.ship('kr.cjlogistics', '640100000001', new Date(now));
    const moved = await ship(orderId, 'kr.cjlogistics', '6401-0000-0001');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().shipment).toMatchObject({ status: 'INFORMATION_RECEIVED', tracking_number: '640100000001' });

    const [registration] = registrationsOf('640100000001');
    expect(registration?.carrierId).toBe('kr.cjlogistics');
    expect(registration?.callbackUrl).toBe(
      `http://${w.tenant.domain}/api/delivery/tracking-webhook/${app.shipments.tokenOf(w.tenant.id)}`,
    );
    expect(registration?.expirationTime.getTime()).toBe(now + WEBHOOK_TTL_MS);

    // The carrier moves it: the webhook names the parcel, and the server reads it again.
    const started = now;
    for (const [stage, status] of [
      [1, 'AT_PICKUP'],
      [3, 'OUT_FOR_DELIVERY'],
    ] as const) {
      now = started + stage * STAGE_MS + 1_000;
      await tracker.tick();
      expect((await order(orderId, buyer.token)).shipment?.status).toBe(status);
    }
    now = started + 4 * STAGE_MS + 1_000;
    await tracker.tick();
    const sent = tracker.webhooksSent.filter((h) => h.trackingNumber === '640100000001');
    expect(sent.map((h) => h.status)).toEqual([202, 202, 202]);
    const done = await order(orderId, buyer.token);
    expect(done).toMatchObject({ status: 'DELIVERED', delivered_at: new Date(started + 4 * STAGE_MS).toISOString() });
    expect(done.history?.at(-1)).toMatchObject({ actor: 'system', memo: DELIVERED_BY_CARRIER_MEMO });
    const timeline = trackingSchema.parse(
      (await w.call('GET', `/api/delivery/orders/${orderId}/tracking`, undefined, buyer.token)).json(),
    );
    expect(timeline.events.map((e) => e.status_label)).toEqual([
      '송장접수',
      '집화완료',
      '배송이동중',
      '배송출발',
      '배달완료',
    ]);
    now = started;
  });

  it('renews the webhook before it expires, while the parcel is on its way', async () => {
    const { orderId } = await boughtParcel();
    tracker.ship('kr.hanjin', '412300000002', new Date(now));
    expect((await ship(orderId, 'kr.hanjin', '412300000002')).statusCode).toBe(200);
    const first = registrationsOf('412300000002')[0]?.expirationTime.getTime() as number;
    const started = now;
    // Not yet due: the job leaves it alone.
    now = started + WEBHOOK_TTL_MS - WEBHOOK_RENEW_BEFORE_MS - HOUR;
    await app.shipments.sync({ tenantIds: [w.tenant.id] });
    expect(registrationsOf('412300000002').map((r) => r.expirationTime.getTime())).toEqual([first]);
    // Less than a day left: renewed for two more days, still one registration.
    now = started + WEBHOOK_TTL_MS - WEBHOOK_RENEW_BEFORE_MS + HOUR;
    await app.shipments.sync({ tenantIds: [w.tenant.id] });
    expect(registrationsOf('412300000002').map((r) => r.expirationTime.getTime())).toEqual([now + WEBHOOK_TTL_MS]);
    now = started;
  });

  it('refuses a number not in the carrier’s format and registers nothing; takes a number the carrier does not know yet', async () => {
    const { buyer, orderId } = await boughtParcel();
    const wrong = await ship(orderId, 'kr.logen', '12345');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('로젠택배 송장번호는 숫자 11자리입니다.');
    expect(registrationsOf('12345')).toEqual([]);
    expect((await order(orderId, buyer.token)).status).toBe('PENDING');

    // A fresh waybill the carrier has not heard of: accepted, its webhook registered, no events yet.
    const fresh = await ship(orderId, 'kr.logen', '31200000003');
    expect(fresh.json()).toMatchObject({ status: 'DELIVERING', shipment: { status: null } });
    expect(registrationsOf('31200000003')).toHaveLength(1);
    const empty = trackingSchema.parse(
      (await w.call('GET', `/api/delivery/orders/${orderId}/tracking`, undefined, buyer.token)).json(),
    );
    expect(empty.events).toEqual([]);
    // Once the carrier knows it, its webhook fires and the reading follows.
    tracker.ship('kr.logen', '31200000003', new Date(now));
    await tracker.tick();
    expect((await order(orderId, buyer.token)).shipment?.status).toBe('INFORMATION_RECEIVED');
  });

  it('refuses a callback with another tenant’s token or none, and acknowledges an unknown parcel without a change', async () => {
    const other = await catalogueTenant(app);
    const forged = await w.call('POST', `/api/delivery/tracking-webhook/${app.shipments.tokenOf(other.tenant.id)}`, {
      carrierId: 'kr.cjlogistics',
      trackingNumber: '640100000001',
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe('webhook_not_found');
    expect(
      (await w.call('POST', '/api/delivery/tracking-webhook/x', { carrierId: 'a', trackingNumber: 'b' })).statusCode,
    ).toBe(404);
    const token = app.shipments.tokenOf(w.tenant.id);
    const unknown = await w.call('POST', `/api/delivery/tracking-webhook/${token}`, {
      carrierId: 'kr.epost',
      trackingNumber: '9999999999999',
    });
    expect(unknown.statusCode).toBe(202);
    const broken = await w.call('POST', `/api/delivery/tracking-webhook/${token}`, { carrierId: 'kr.epost' });
    expect(broken.statusCode).toBe(400);
  });
});

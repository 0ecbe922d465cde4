import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CarrierId, TRACKING_STATUS_LABELS } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTrackerDeliveryStandIn, type TrackerDeliveryStandIn } from '../../test/tracker-delivery-stand-in.js';
import { PARCEL_STAGES, parcelEvents } from './parcel-life.js';
import { TrackerUnavailable } from './tracker.js';
import { createTrackerDeliveryTracker, type TrackerDeliveryConfig } from './tracker-delivery.js';

const CLIENT_ID = 'tracker-client-id-for-tests';
const CLIENT_SECRET = 'tracker-client-secret-for-tests';
const STAGE_MS = 6 * 3_600_000;
const HOUR = 3_600_000;
const TENANT = 1;
const CARRIER: CarrierId = 'kr.cjlogistics';

/** The stand-in's clock: the tests move it. */
let now = new Date('2025-03-03T01:00:00.000Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let service: TrackerDeliveryStandIn;
let nextNumber = 100_000_000_000;
/** A fresh 12-digit CJ number for each test. */
const newNumber = () => String(nextNumber++);

function trackerWith(overrides: Partial<TrackerDeliveryConfig> = {}) {
  return createTrackerDeliveryTracker({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    apiUrl: service.apiUrl,
    ...overrides,
  });
}

/** POSTs a GraphQL request to the stand-in as any client would. */
async function graphql(body: unknown, authorization = `TRACKQL-API-KEY ${CLIENT_ID}:${CLIENT_SECRET}`) {
  const res = await fetch(service.apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  service = await startTrackerDeliveryStandIn({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    stageMs: STAGE_MS,
    now: () => now,
  });
});
afterEach(() => service.setOutage(null));
afterAll(() => service.close());

describe('parcelEvents', () => {
  const start = new Date('2025-03-01T00:00:00.000Z');

  it('has the first event at once, then one stage every stageMs, oldest first', () => {
    expect(parcelEvents(start, start, 1000).map((e) => e.status)).toEqual(['INFORMATION_RECEIVED']);
    expect(parcelEvents(start, new Date(start.getTime() + 999), 1000)).toHaveLength(1);
    const three = parcelEvents(start, new Date(start.getTime() + 2000), 1000);
    expect(three.map((e) => e.status)).toEqual(['INFORMATION_RECEIVED', 'AT_PICKUP', 'IN_TRANSIT']);
    expect(three.map((e) => e.time)).toEqual([
      '2025-03-01T00:00:00.000Z',
      '2025-03-01T00:00:01.000Z',
      '2025-03-01T00:00:02.000Z',
    ]);
  });

  it('ends delivered after the last stage and stays so, with the Korean labels and the stages texts', () => {
    const events = parcelEvents(start, new Date(start.getTime() + 100_000), 1000);
    expect(events).toHaveLength(PARCEL_STAGES.length);
    expect(events.at(-1)?.status).toBe('DELIVERED');
    events.forEach((e, i) => {
      expect(e.status_label).toBe(TRACKING_STATUS_LABELS[e.status]);
      expect(e.description).toBe(PARCEL_STAGES[i]?.description);
      expect(e.location).toBe(PARCEL_STAGES[i]?.location);
    });
  });

  it('shows the first event even when asked before the start', () => {
    expect(parcelEvents(start, new Date(start.getTime() - 5000), 1000)).toHaveLength(1);
  });
});

describe('tracker.delivery adapter: track', () => {
  it('maps the events oldest first with Korean labels, following the stage as the clock moves, delivered at the end', async () => {
    const tracker = trackerWith();
    const number = newNumber();
    const shippedAt = now;
    service.ship(CARRIER, number);

    const first = await tracker.track(TENANT, CARRIER, number);
    expect(first).toEqual({ status: 'INFORMATION_RECEIVED', events: parcelEvents(shippedAt, now, STAGE_MS) });
    expect(first?.events[0]).toEqual({
      time: shippedAt.toISOString(),
      status: 'INFORMATION_RECEIVED',
      status_label: '송장접수',
      description: '보내는 분이 택배를 접수했습니다.',
      location: '발송지',
    });

    advance(2 * STAGE_MS + HOUR);
    const moving = await tracker.track(TENANT, CARRIER, number);
    expect(moving?.status).toBe('IN_TRANSIT');
    expect(moving?.events.map((e) => [e.status, e.status_label])).toEqual([
      ['INFORMATION_RECEIVED', '송장접수'],
      ['AT_PICKUP', '집화완료'],
      ['IN_TRANSIT', '배송이동중'],
    ]);
    // Oldest first, times back in UTC though the service speaks +09:00.
    expect(moving?.events.map((e) => e.time)).toEqual(
      [0, 1, 2].map((i) => new Date(shippedAt.getTime() + i * STAGE_MS).toISOString()),
    );

    advance(2 * STAGE_MS);
    const delivered = await tracker.track(TENANT, CARRIER, number);
    expect(delivered).toEqual({ status: 'DELIVERED', events: parcelEvents(shippedAt, now, STAGE_MS) });
    expect(delivered?.events).toHaveLength(PARCEL_STAGES.length);

    advance(30 * 24 * HOUR);
    expect((await tracker.track(TENANT, CARRIER, number))?.status).toBe('DELIVERED');
  });

  it('answers null for a number the carrier does not know, and the parcel once it is shipped', async () => {
    const tracker = trackerWith();
    const number = newNumber();
    expect(await tracker.track(TENANT, CARRIER, number)).toBeNull();
    // The same number at another carrier is another parcel.
    service.ship('kr.hanjin', number);
    expect(await tracker.track(TENANT, CARRIER, number)).toBeNull();
    service.ship(CARRIER, number);
    expect((await tracker.track(TENANT, CARRIER, number))?.status).toBe('INFORMATION_RECEIVED');
  });

  it('is TrackerUnavailable with wrong credentials (HTTP 401)', async () => {
    const number = newNumber();
    service.ship(CARRIER, number);
    await expect(trackerWith({ clientSecret: 'not-the-secret' }).track(TENANT, CARRIER, number)).rejects.toThrow(
      TrackerUnavailable,
    );
    await expect(
      trackerWith({ clientId: 'someone-else' }).registerWebhook(
        TENANT,
        CARRIER,
        number,
        'http://farm-x.test/hook',
        new Date(now.getTime() + 48 * HOUR),
      ),
    ).rejects.toThrow(TrackerUnavailable);
    expect(service.registrations()).toEqual([]);
  });

  it('is TrackerUnavailable for a carrier the service does not know (BAD_REQUEST), not null', async () => {
    await expect(trackerWith().track(TENANT, 'kr.nowhere' as CarrierId, newNumber())).rejects.toThrow(/BAD_REQUEST/);
  });

  it('is TrackerUnavailable, quickly, while the service is down or failing', async () => {
    const tracker = trackerWith({ timeoutMs: 150 });
    const number = newNumber();
    service.ship(CARRIER, number);
    service.setOutage('down');
    const started = Date.now();
    await expect(tracker.track(TENANT, CARRIER, number)).rejects.toThrow(TrackerUnavailable);
    await expect(
      tracker.registerWebhook(TENANT, CARRIER, number, 'http://farm-x.test/hook', new Date(now.getTime() + HOUR)),
    ).rejects.toThrow(TrackerUnavailable);
    expect(Date.now() - started).toBeLessThan(2_000);

    service.setOutage('error');
    await expect(tracker.track(TENANT, CARRIER, number)).rejects.toThrow(/HTTP 502/);

    service.setOutage(null);
    expect((await tracker.track(TENANT, CARRIER, number))?.status).toBe('INFORMATION_RECEIVED');
  });
});

describe('tracker.delivery adapter: registerWebhook', () => {
  it('registers with the expiry, and registering again extends the same registration', async () => {
    const tracker = trackerWith();
    const number = newNumber();
    const callbackUrl = `http://farm-x.test/api/tracking/webhook/${number}`;
    const firstExpiry = new Date(now.getTime() + 48 * HOUR);
    await tracker.registerWebhook(TENANT, CARRIER, number, callbackUrl, firstExpiry);
    const mine = () => service.registrations().filter((r) => r.trackingNumber === number);
    expect(mine()).toEqual([{ carrierId: CARRIER, trackingNumber: number, callbackUrl, expirationTime: firstExpiry }]);

    advance(24 * HOUR);
    const later = new Date(now.getTime() + 48 * HOUR);
    await tracker.registerWebhook(TENANT, CARRIER, number, callbackUrl, later);
    expect(mine()).toEqual([{ carrierId: CARRIER, trackingNumber: number, callbackUrl, expirationTime: later }]);

    // The service forgets it at its expiry.
    advance(48 * HOUR);
    expect(mine()).toEqual([]);
  });

  it('accepts a number the carrier does not know yet (track still answers null)', async () => {
    const number = newNumber();
    await trackerWith().registerWebhook(
      TENANT,
      CARRIER,
      number,
      'http://farm-x.test/hook',
      new Date(now.getTime() + HOUR),
    );
    expect(service.registrations().some((r) => r.trackingNumber === number)).toBe(true);
    expect(await trackerWith().track(TENANT, CARRIER, number)).toBeNull();
  });

  it('is refused (BAD_REQUEST) with an expiry already past, and registers nothing', async () => {
    const number = newNumber();
    await expect(
      trackerWith().registerWebhook(TENANT, CARRIER, number, 'http://farm-x.test/hook', new Date(now.getTime() - 1)),
    ).rejects.toThrow(/BAD_REQUEST/);
    expect(service.registrations().some((r) => r.trackingNumber === number)).toBe(false);
  });
});

describe('tracker.delivery stand-in: the protocol', () => {
  it('answers 401 with GraphQL errors for a wrong key', async () => {
    const answer = await graphql(
      { query: '{ track(carrierId: "kr.epost", trackingNumber: "1") { trackingNumber } }' },
      'Bearer x',
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ errors: [{ message: 'Unauthorized' }] });
  });

  it('takes simple inline arguments, and answers NOT_FOUND as HTTP 200 with data.track null', async () => {
    const number = newNumber();
    const query = `{ track(carrierId: "${CARRIER}", trackingNumber: "${number}") { trackingNumber lastEvent { status { code } } } }`;
    expect(await graphql({ query })).toEqual({
      status: 200,
      body: { data: { track: null }, errors: [{ message: 'Not Found', extensions: { code: 'NOT_FOUND' } }] },
    });
    service.ship(CARRIER, number);
    const answer = await graphql({ query });
    expect(answer.body).toMatchObject({
      data: {
        track: { trackingNumber: number, lastEvent: { status: { code: 'INFORMATION_RECEIVED', name: '송장접수' } } },
      },
    });
    expect(answer.body.errors).toBeUndefined();

    const mutation = `mutation { registerTrackWebhook(input: { carrierId: "${CARRIER}", trackingNumber: "${number}", callbackUrl: "http://farm-y.test/hook", expirationTime: "${new Date(now.getTime() + HOUR).toISOString()}" }) }`;
    expect(await graphql({ query: mutation })).toEqual({ status: 200, body: { data: { registerTrackWebhook: true } } });
  });

  it('refuses a registration without an expiry', async () => {
    const answer = await graphql({
      query: 'mutation R($input: RegisterTrackWebhookInput!) { registerTrackWebhook(input: $input) }',
      variables: { input: { carrierId: CARRIER, trackingNumber: newNumber(), callbackUrl: 'http://farm-x.test/hook' } },
    });
    expect(answer.body).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
  });
});

/** A tiny webhook receiver: what arrived, with its Host header. */
async function startReceiver() {
  const received: { host: string | undefined; path: string | undefined; body: unknown }[] = [];
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      received.push({ host: req.headers.host, path: req.url, body: JSON.parse(data) });
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('tracker.delivery stand-in: webhooks', () => {
  it('POSTs {carrierId, trackingNumber} to the callback (as its host) when the parcel moves, until the expiry', async () => {
    const receiver = await startReceiver();
    let clock = new Date('2025-03-03T01:00:00.000Z');
    const own = await startTrackerDeliveryStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      stageMs: STAGE_MS,
      now: () => clock,
      deliverTo: { host: '127.0.0.1', port: receiver.port },
    });
    try {
      const tracker = createTrackerDeliveryTracker({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        apiUrl: own.apiUrl,
      });
      const number = newNumber();
      const callbackUrl = 'http://farm-x.test/api/tracking/webhook?t=abc';
      await tracker.registerWebhook(TENANT, CARRIER, number, callbackUrl, new Date(clock.getTime() + 48 * HOUR));

      // Registered before the waybill exists: nothing to tell yet.
      await own.tick();
      expect(receiver.received).toEqual([]);

      own.ship(CARRIER, number);
      await own.tick();
      const hook = {
        host: 'farm-x.test',
        path: '/api/tracking/webhook?t=abc',
        body: { carrierId: CARRIER, trackingNumber: number },
      };
      expect(receiver.received).toEqual([hook]);
      expect(own.webhooksSent).toEqual([{ carrierId: CARRIER, trackingNumber: number, url: callbackUrl, status: 204 }]);

      // Nothing changed: nothing sent.
      clock = new Date(clock.getTime() + STAGE_MS - 1);
      await own.tick();
      expect(receiver.received).toHaveLength(1);

      // The next stage: one more, and the receiver reads the record again.
      clock = new Date(clock.getTime() + 1);
      await own.tick();
      expect(receiver.received).toEqual([hook, hook]);
      expect((await tracker.track(TENANT, CARRIER, number))?.status).toBe('AT_PICKUP');

      // Past the expiry the registration is gone: the parcel moves on, unannounced.
      clock = new Date(clock.getTime() + 48 * HOUR);
      await own.tick();
      expect(receiver.received).toHaveLength(2);
      expect(own.registrations()).toEqual([]);
      expect((await tracker.track(TENANT, CARRIER, number))?.status).toBe('DELIVERED');
    } finally {
      await own.close();
      await receiver.close();
    }
  });

  it('sends them by itself on the machine clock', async () => {
    const receiver = await startReceiver();
    const own = await startTrackerDeliveryStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      stageMs: 150,
      deliverTo: { host: '127.0.0.1', port: receiver.port },
    });
    try {
      const tracker = createTrackerDeliveryTracker({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        apiUrl: own.apiUrl,
      });
      const number = newNumber();
      own.ship(CARRIER, number);
      await tracker.registerWebhook(TENANT, CARRIER, number, 'http://farm-x.test/hook', new Date(Date.now() + HOUR));
      const deadline = Date.now() + 2_000;
      while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(receiver.received[0]).toEqual({
        host: 'farm-x.test',
        path: '/hook',
        body: { carrierId: CARRIER, trackingNumber: number },
      });
    } finally {
      await own.close();
      await receiver.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('RATE_LIMITS', () => {
  it('keeps the per-route rate limits on unless told otherwise', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'true' }).rateLimits).toBe(true);
  });

  it('lifts them with RATE_LIMITS=false outside production (the benchmarks)', () => {
    expect(loadConfig({ RATE_LIMITS: 'false' }).rateLimits).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMITS: '0' }).rateLimits).toBe(false);
  });

  it('refuses to boot a production server without them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', RATE_LIMITS: 'false' })).toThrow(
      'RATE_LIMITS=false is not allowed in production',
    );
    expect(() => loadConfig({ RATE_LIMITS: 'off' })).toThrow('RATE_LIMITS');
  });
});

describe('PAYMENT_GATEWAY', () => {
  const portone = {
    PORTONE_API_SECRET: 'secret',
    PORTONE_STORE_ID: 'store-1',
    PORTONE_CHANNEL_KEY: 'channel-1',
    PORTONE_WEBHOOK_SECRET: 'whsec_1',
  };

  it('refuses to boot a production server that names no gateway (the sandbox would mint points)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY: production needs PAYMENT_GATEWAY/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: '' })).toThrow('PAYMENT_GATEWAY');
  });

  it('runs production on the sandbox only when it is named, and on PortOne with its keys', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }).payments.gateway).toBe('sandbox');
    const live = loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'portone', ...portone }).payments;
    expect(live.gateway).toBe('portone');
    expect(live.portone?.storeId).toBe('store-1');
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'portone' })).toThrow('PORTONE_API_SECRET');
  });

  it('keeps the sandbox as the default outside production (development and tests)', () => {
    expect(loadConfig({}).payments.gateway).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).payments.gateway).toBe('sandbox');
  });
});

describe('TRACKING_SERVICE', () => {
  it('reads no carrier in production unless one is named (the sandbox would report deliveries nobody made)', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }).tracking.service).toBe('none');
    expect(loadConfig({}).tracking.service).toBe('sandbox');
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', TRACKING_SERVICE: 'sandbox' }).tracking.service,
    ).toBe('sandbox');
  });

  it('takes tracker.delivery only with its credentials and webhook secret', () => {
    expect(() => loadConfig({ TRACKING_SERVICE: 'tracker-delivery' })).toThrow('TRACKER_DELIVERY_CLIENT_ID');
    const live = loadConfig({
      TRACKING_SERVICE: 'tracker-delivery',
      TRACKER_DELIVERY_CLIENT_ID: 'id',
      TRACKER_DELIVERY_CLIENT_SECRET: 'secret',
      TRACKER_DELIVERY_WEBHOOK_SECRET: 'a-long-random-webhook-secret',
    }).tracking;
    expect(live).toMatchObject({
      service: 'tracker-delivery',
      pollMs: 6 * 3_600_000,
      trackerDelivery: { apiUrl: 'https://apis.tracker.delivery/graphql' },
    });
  });
});

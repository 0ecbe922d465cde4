import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('RATE_LIMITS', () => {
  it('keeps the per-route rate limits on unless told otherwise', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).rateLimits).toBe(true);
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

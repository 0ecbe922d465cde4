import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../seed/factories.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp, onCitus } from '../test/app.js';
import { createRedisBus } from './bus.js';
import { createMemoryCounters, createRedisCounters } from './counters.js';

// The Redis path runs against a real Redis (CI provides one on this address).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => redis.quit());

describe('counters', () => {
  it('count within a window and start again after it (memory)', async () => {
    let now = 1_000;
    const counters = createMemoryCounters(() => now);
    expect((await counters.hit('k', 100)).count).toBe(1);
    expect(await counters.hit('k', 100)).toEqual({ count: 2, ttlMs: 100 });
    now += 101;
    expect((await counters.peek('k')).count).toBe(0);
    expect((await counters.hit('k', 100)).count).toBe(1);
    await counters.reset('k');
    expect((await counters.peek('k')).count).toBe(0);
  });

  it('count within a window in Redis', async () => {
    const counters = createRedisCounters(redis, `test:${randomBytes(6).toString('hex')}:`);
    expect((await counters.hit('k', 500)).count).toBe(1);
    const second = await counters.hit('k', 500);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(500);
    expect((await counters.peek('k')).count).toBe(2);
    await counters.reset('k');
    expect(await counters.peek('k')).toEqual({ count: 0, ttlMs: 0 });
  });

  it('give a claim once per period, in memory and in Redis (view marks, job turns)', async () => {
    let now = 1_000;
    const stores = [
      createMemoryCounters(() => now),
      createRedisCounters(redis, `test:${randomBytes(6).toString('hex')}:`),
    ];
    for (const counters of stores) {
      expect(await counters.claim('seen:1', 300)).toBe(true);
      expect(await counters.claim('seen:1', 300)).toBe(false);
      expect(await counters.claim('seen:2', 300)).toBe(true);
    }
    now += 301;
    await new Promise((r) => setTimeout(r, 320));
    for (const counters of stores) expect(await counters.claim('seen:1', 300)).toBe(true);
  });
});

describe('the invalidation bus on Redis', () => {
  it('applies a change at once on the sending node and soon on the others, never twice on the sender', async () => {
    const channel = `test:${randomBytes(6).toString('hex')}:bus`;
    const log = { warn: () => undefined } as never;
    const connections: Redis[] = [];
    const open = () => {
      const r = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      connections.push(r);
      return r;
    };
    try {
      const heard: Record<string, number[]> = { a: [], b: [], c: [] };
      const buses = await Promise.all(['a', 'b', 'c'].map(() => createRedisBus(open(), open(), channel, log)));
      const announce = buses.map((bus, i) =>
        bus.topic<number>(
          'answers:test',
          (id) => heard['abc'[i] as string]?.push(id),
          () => undefined,
        ),
      );
      // Another topic on the same channel is not mixed up with this one.
      const otherHeard: number[] = [];
      const other = buses[1]?.topic<number>(
        'tenants',
        (id) => otherHeard.push(id),
        () => undefined,
      );
      announce[0]?.(7);
      expect(heard.a).toEqual([7]);
      other?.(1);
      await expect.poll(() => [heard.b, heard.c], { timeout: 1_000 }).toEqual([[7], [7]]);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.a).toEqual([7]);
      expect(otherHeard).toEqual([1]);
    } finally {
      for (const r of connections) r.disconnect();
    }
  });
});

describe('login lockout and rate limits with REDIS_URL', () => {
  it('are shared by two API nodes', async () => {
    const config = {
      redisUrl,
      redisKeyPrefix: `test:${randomBytes(6).toString('hex')}:`,
      loginLimits: {
        perAccountAddress: 3,
        perAccount: 100,
        perAddress: 100,
        windowMs: 60_000,
        accountWindowMs: 60_000,
      },
    };
    const nodeA = await buildTestApp(config);
    try {
      expect(nodeA.countersKind).toBe('redis');
      const tenant = await createTenant(nodeA.db);
      await createUser(nodeA.db, tenant.id, { email: 'r@example.com' });
      // A second node on the same Redis.
      const nodeB = await buildTestApp(config);
      try {
        // One database in production, and in the Citus pass; elsewhere each test app has its own,
        // so the tenant and the account are made again there (the factory reuses the hash).
        const tenantB = onCitus ? tenant : await createTenant(nodeB.db, { domain: tenant.domain });
        expect(tenantB.id).toBe(tenant.id);
        if (!onCitus) await createUser(nodeB.db, tenantB.id, { email: 'r@example.com' });
        const a = accountsClient(nodeA, tenant.domain);
        const b = accountsClient(nodeB, tenantB.domain);
        expect((await a.login('r@example.com', 'wrong')).statusCode).toBe(401);
        expect((await b.login('r@example.com', 'wrong')).statusCode).toBe(401);
        expect((await a.login('r@example.com', 'wrong')).statusCode).toBe(429);
        expect((await a.login('r@example.com', 'password123')).json().code).toBe('login_locked');

        // The per-route rate limit of find-email (10 a minute) counts across both nodes.
        const codes: number[] = [];
        for (let i = 0; i < 11; i++) {
          const client = i % 2 ? a : b;
          codes.push((await client.call('POST', '/api/auth/find-email', { phone: '01000000000' })).statusCode);
        }
        expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
        expect(codes[10]).toBe(429);
      } finally {
        await nodeB.close();
      }
    } finally {
      await nodeA.close();
    }
  });
});

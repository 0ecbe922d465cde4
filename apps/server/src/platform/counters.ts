import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { type Bus, createLocalBus, createRedisBus } from './bus.js';
import { AppError } from './errors.js';

/**
 * Windowed counters shared by every API node: failed logins, lockouts, resend throttles. In
 * process memory by default; in Redis when REDIS_URL is set (so that any node sees the count).
 */
export interface CounterStore {
  /** Adds one to `key`; the window starts with the first hit. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The current count (0 and no reset time when the window has ended). */
  peek(key: string): Promise<CounterState>;
  reset(key: string): Promise<void>;
  /** True for the first claim of `key` until `ttlMs` has passed (a view mark, a job's turn), false after. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}
export interface CounterState {
  count: number;
  /** Milliseconds until the window ends (0 when empty). */
  ttlMs: number;
}

export function createMemoryCounters(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { count: number; expires: number }>();
  let lastSweep = now();
  const live = (key: string) => {
    const t = now();
    // Sweep ended windows now and then so that the map cannot grow without bound.
    if (t - lastSweep > 60_000) {
      for (const [k, e] of entries) if (e.expires <= t) entries.delete(k);
      lastSweep = t;
    }
    const entry = entries.get(key);
    if (entry && entry.expires <= t) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, expires: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return { count: entry.count, ttlMs: entry.expires - now() };
    },
    async peek(key) {
      const entry = live(key);
      return entry ? { count: entry.count, ttlMs: entry.expires - now() } : { count: 0, ttlMs: 0 };
    },
    async reset(key) {
      entries.delete(key);
    },
    async claim(key, ttlMs) {
      if (live(key)) return false;
      entries.set(key, { count: 1, expires: now() + ttlMs });
      return true;
    },
  };
}

export function createRedisCounters(redis: Redis, prefix: string): CounterStore {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      // SET NX starts the window once; INCR counts; PTTL reports how long the window has left.
      const results = await redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
      const count = Number(results?.[1]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, ttlMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return count === null ? { count: 0, ttlMs: 0 } : { count: Number(count), ttlMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async claim(key, ttlMs) {
      return (await redis.set(prefix + key, 1, 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    counters: CounterStore;
    /** Which store backs counters and rate limits. */
    countersKind: 'memory' | 'redis';
    /** Cache invalidations heard by every API node (platform/bus.ts). */
    bus: Bus;
  }
}

/** Minutes (rounded up, at least 1) for a Korean "try again in N minutes" text. */
export function minutesLeft(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * The bucket of a rate-limited request: the resolved tenant and the client address, never raw
 * header text (the Host's port or case would otherwise open a fresh bucket per spelling). Routes
 * of the tenant scope have their tenant here: @fastify/rate-limit adds its check as a route-level
 * onRequest hook, and route-level hooks run after the scope's (which resolves the tenant).
 */
export function rateLimitKey(request: FastifyRequest): string {
  const tenant = (request.tenant as FastifyRequest['tenant'] | null) ?? null;
  return `${tenant ? tenant.id : '-'}|${request.ip}`;
}

/**
 * State shared by the API nodes, in Redis when REDIS_URL is set: counters, the invalidation bus,
 * and per-route rate limits (`config: { rateLimit: { max, timeWindow } }` on a route;
 * nothing is limited unless a route asks). Limits count per tenant and client address
 * (`rateLimitKey`), so that the tenants of one node do not share a bucket. Exceeding answers 429
 * `{detail, code}` with Retry-After.
 */
export const countersPlugin = fp(
  async (app: FastifyInstance, opts: { redisUrl?: string; keyPrefix: string; rateLimits?: boolean }) => {
    let redis: Redis | undefined;
    if (opts.redisUrl) {
      redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
      redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
      const subscriber = redis.duplicate();
      subscriber.on('error', (err) => app.log.warn({ err }, 'redis subscriber error'));
      app.addHook('onClose', async () => {
        for (const r of [subscriber, redis]) await r?.quit().catch(() => r?.disconnect());
      });
      app.decorate('bus', await createRedisBus(redis, subscriber, `${opts.keyPrefix}bus`, app.log));
    } else {
      app.decorate('bus', createLocalBus());
    }
    app.decorate('counters', redis ? createRedisCounters(redis, opts.keyPrefix) : createMemoryCounters());
    app.decorate('countersKind', redis ? 'redis' : 'memory');
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: `${opts.keyPrefix}rl:`,
      // `rateLimits: false` (config) lifts every per-route limit; the bad-input harness uses it.
      ...(opts.rateLimits === false ? { allowList: () => true } : {}),
      keyGenerator: rateLimitKey,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          'rate_limited',
          `요청이 너무 많습니다. ${Math.max(1, Math.ceil(context.ttl / 1000))}초 후에 다시 시도해주세요.`,
        ),
    });
  },
  { name: 'counters' },
);

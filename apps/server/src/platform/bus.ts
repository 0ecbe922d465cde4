import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Invalidations every API node must hear: a tenant's settings changed, a catalogue answer is
 * stale. `topic(name, apply)` gives the function that announces a change; it applies the change
 * on this node at once and, with Redis, on every other node through one pub/sub channel (well
 * under a second). A node whose subscription dropped may have missed messages: when it is back,
 * every topic's `resync` runs (drop everything), so that nothing stays stale beyond the outage.
 */
export interface Bus {
  topic<T>(name: string, apply: (message: T) => void, resync: () => void): (message: T) => void;
  /** Whether other nodes hear this one (Redis), or it is alone (memory). */
  kind: 'memory' | 'redis';
}

export function createLocalBus(): Bus {
  return { kind: 'memory', topic: (_name, apply) => apply };
}

interface Envelope {
  from: string;
  topic: string;
  message: unknown;
}

/**
 * The Redis bus: `publisher` is the shared command connection, `subscriber` a connection of its
 * own (a subscribed connection takes no other command). Resolves once subscribed.
 */
export async function createRedisBus(
  publisher: Redis,
  subscriber: Redis,
  channel: string,
  log: FastifyBaseLogger,
): Promise<Bus> {
  const node = randomUUID();
  const topics = new Map<string, { apply: (message: never) => void; resync: () => void }>();
  let subscribedOnce = false;
  subscriber.on('message', (_channel: string, text: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === node) return;
    topics.get(envelope.topic)?.apply(envelope.message as never);
  });
  // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost.
  subscriber.on('ready', () => {
    if (!subscribedOnce) return;
    log.warn('bus subscription restored: dropping every shared cache once');
    for (const t of topics.values()) t.resync();
  });
  await subscriber.subscribe(channel);
  subscribedOnce = true;
  return {
    kind: 'redis',
    topic<T>(name: string, apply: (message: T) => void, resync: () => void) {
      topics.set(name, { apply: apply as (message: never) => void, resync });
      return (message: T) => {
        apply(message);
        publisher.publish(channel, JSON.stringify({ from: node, topic: name, message })).catch((err: unknown) => {
          // Other nodes see the change within their cache's TTL instead.
          log.warn({ err, topic: name }, 'bus publish failed');
        });
      };
    },
  };
}

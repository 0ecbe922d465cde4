import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isCarrierId, type TrackingEvent } from '@app/contracts';
import { parcelEvents } from '../platform/tracking/parcel-life.js';

/** A webhook registration as the service holds it (one per carrier, number and callback URL). */
export interface StandInRegistration {
  carrierId: string;
  trackingNumber: string;
  callbackUrl: string;
  expirationTime: Date;
}

/** A webhook the stand-in POSTed; `status` is the receiver's HTTP status, 0 when it did not answer. */
export interface StandInWebhook {
  carrierId: string;
  trackingNumber: string;
  url: string;
  status: number;
}

interface GraphQlError {
  message: string;
  extensions: { code: 'BAD_REQUEST' | 'NOT_FOUND' | 'INTERNAL' | 'UNAUTHENTICATED' };
}

/** How a parcel and a registration are keyed. */
const parcelKey = (carrierId: string, trackingNumber: string) => `${carrierId}\n${trackingNumber}`;

const KST_OFFSET_MS = 9 * 3_600_000;
/** An RFC 3339 time with Korea's offset, as the Korean carriers' events come (`…T09:00:00.000+09:00`). */
const kstTime = (iso: string) => `${new Date(Date.parse(iso) + KST_OFFSET_MS).toISOString().slice(0, 23)}+09:00`;

/** The service's TrackEvent for one of parcel-life's events (the carrier's Korean name as `status.name`). */
const presentEvent = (e: TrackingEvent) => ({
  time: kstTime(e.time),
  status: { code: e.status, name: e.status_label },
  description: e.description,
  location: { name: e.location },
  contact: null,
});

/**
 * Reads `name: value` arguments written in the query text: a `$variable` (looked up in `variables`),
 * a string, number, boolean or null literal. Enough for the two operations the adapter sends; no
 * GraphQL parser (nested lists and objects are not read).
 */
function readArguments(text: string, variables: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const pattern = /(\w+)\s*:\s*(\$\w+|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)/g;
  for (const [, name, raw] of text.matchAll(pattern)) {
    if (!name || raw === undefined) continue;
    args[name] = raw.startsWith('$') ? variables[raw.slice(1)] : JSON.parse(raw);
  }
  return args;
}

/** The text between the parenthesis after `field` and its matching close (null when the field has none). */
function argumentText(query: string, field: string): string | null {
  const start = new RegExp(`\\b${field}\\s*\\(`).exec(query);
  if (!start) return null;
  let depth = 0;
  const from = start.index + start[0].length;
  for (let i = from; i < query.length; i++) {
    if (query[i] === '"') {
      // A string literal: its brackets are text (a backslash escapes the next character).
      for (i++; i < query.length && query[i] !== '"'; i++) if (query[i] === '\\') i++;
    } else if (query[i] === '(' || query[i] === '{') depth++;
    else if (query[i] === ')' || query[i] === '}') {
      if (depth === 0) return query.slice(from, i);
      depth--;
    }
  }
  return null;
}

/**
 * A local stand-in for tracker.delivery's GraphQL API (POST /graphql, `Authorization: TRACKQL-API-KEY
 * {clientId}:{clientSecret}`): the `track` query and the `registerTrackWebhook` mutation with the
 * service's answer shapes (schema of shlee322/delivery-tracker) and its errors (HTTP 200 with
 * `errors[].extensions.code` NOT_FOUND or BAD_REQUEST; HTTP 401 for wrong credentials).
 *
 * A parcel exists once the test `ship`s it and then lives parcel-life's story (one stage every
 * `stageMs` on the stand-in's clock); before that the carrier does not know the number (NOT_FOUND),
 * even when a webhook is already registered for it. Webhooks go out as the service sends them:
 * `{"carrierId", "trackingNumber"}` POSTed to the callback URL when the parcel's record changed,
 * until the registration's expiry (registering again with the same carrier, number and URL moves
 * the expiry). `tick` sends the due ones; without an own `now` a timer also ticks every 200 ms.
 */
export async function startTrackerDeliveryStandIn(options: {
  clientId: string;
  clientSecret: string;
  /** How long each stage of a parcel's life takes (parcel-life.ts). */
  stageMs: number;
  /** The stand-in's clock (the test's); the machine's by default, and then webhooks also go out by themselves. */
  now?: () => Date;
  /**
   * Where webhooks really connect: the callback URL names a tenant's domain no DNS resolves, so
   * they go to this host and port with the URL's host as the Host header (as a proxy would).
   */
  deliverTo?: { host: string; port: number };
}) {
  const clock = options.now ?? (() => new Date());
  /** When the carrier first heard of each parcel (ms). */
  const parcels = new Map<string, number>();
  /** Live registrations, keyed by carrier, number and callback URL; `notified`: the events count last told. */
  const registrations = new Map<string, StandInRegistration & { notified: number }>();
  const webhooksSent: StandInWebhook[] = [];
  let outage: 'down' | 'error' | null = null;

  /** The parcel's events as the carrier shows them now (none before it was shipped). */
  const eventsOf = (carrierId: string, trackingNumber: string): TrackingEvent[] | null => {
    const startedAt = parcels.get(parcelKey(carrierId, trackingNumber));
    const now = clock();
    if (startedAt === undefined || startedAt > now.getTime()) return null;
    return parcelEvents(new Date(startedAt), now, options.stageMs);
  };
  const countOf = (carrierId: string, trackingNumber: string) => eventsOf(carrierId, trackingNumber)?.length ?? 0;

  /** The service forgets a webhook at its expiry. */
  const sweep = () => {
    const now = clock().getTime();
    for (const [key, r] of registrations) if (r.expirationTime.getTime() <= now) registrations.delete(key);
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });

  const badRequest = (message: string): GraphQlError => ({ message, extensions: { code: 'BAD_REQUEST' } });

  function track(args: Record<string, unknown>, query: string) {
    const { carrierId, trackingNumber } = args;
    if (typeof carrierId !== 'string' || typeof trackingNumber !== 'string' || trackingNumber === '') {
      return { data: { track: null }, errors: [badRequest('carrierId and trackingNumber are required')] };
    }
    if (!isCarrierId(carrierId)) return { data: { track: null }, errors: [badRequest('Unsupported carrier')] };
    const events = eventsOf(carrierId, trackingNumber);
    if (!events) {
      return { data: { track: null }, errors: [{ message: 'Not Found', extensions: { code: 'NOT_FOUND' } }] };
    }
    // Relay-style `first` / `last` (the service shows the last 10 when neither is asked for).
    const page = readArguments(argumentText(query, 'events') ?? '', {});
    const shown =
      typeof page.first === 'number'
        ? events.slice(0, page.first)
        : events.slice(-(typeof page.last === 'number' ? page.last : 10));
    const nodes = shown.map(presentEvent);
    const cursor = (e: TrackingEvent) => Buffer.from(e.time).toString('base64');
    return {
      data: {
        track: {
          trackingNumber,
          // The most likely state: the last event (parcel-life's story has no stray ones).
          lastEvent: nodes.at(-1) ?? null,
          events: {
            edges: shown.map((e, i) => ({ node: nodes[i], cursor: cursor(e) })),
            pageInfo: {
              hasNextPage: false,
              hasPreviousPage: shown.length < events.length,
              startCursor: shown[0] ? cursor(shown[0]) : null,
              endCursor: shown.at(-1) ? cursor(shown.at(-1) as TrackingEvent) : null,
            },
          },
          sender: null,
          recipient: null,
        },
      },
    };
  }

  function registerTrackWebhook(input: unknown) {
    const refuse = (message: string) => ({ data: { registerTrackWebhook: null }, errors: [badRequest(message)] });
    if (typeof input !== 'object' || input === null) return refuse('input is required');
    const { carrierId, trackingNumber, callbackUrl, expirationTime } = input as Record<string, unknown>;
    if (typeof carrierId !== 'string' || typeof trackingNumber !== 'string' || trackingNumber === '') {
      return refuse('carrierId and trackingNumber are required');
    }
    if (!isCarrierId(carrierId)) return refuse('Unsupported carrier');
    if (typeof callbackUrl !== 'string' || !/^https?:$/.test(URL.parse(callbackUrl)?.protocol ?? '')) {
      return refuse('callbackUrl must be an http(s) URL');
    }
    // DateTime is RFC 3339 with a time zone.
    const expiry =
      typeof expirationTime === 'string' && /(Z|[+-]\d\d:\d\d)$/i.test(expirationTime)
        ? new Date(expirationTime)
        : null;
    if (!expiry || Number.isNaN(expiry.getTime())) return refuse('expirationTime must be a DateTime');
    if (expiry.getTime() <= clock().getTime()) return refuse('expirationTime must be in the future');
    sweep();
    const key = `${parcelKey(carrierId, trackingNumber)}\n${callbackUrl}`;
    const existing = registrations.get(key);
    if (existing) existing.expirationTime = expiry;
    else {
      registrations.set(key, {
        carrierId,
        trackingNumber,
        callbackUrl,
        expirationTime: expiry,
        notified: countOf(carrierId, trackingNumber),
      });
    }
    return { data: { registerTrackWebhook: true } };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    if (outage === 'down') return; // connections open, nothing ever answers
    if (outage === 'error') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    }
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(payload));
    };
    if (url.pathname !== '/graphql') return send(404, { errors: [{ message: 'Not Found' }] });
    if (req.method !== 'POST') return send(405, { errors: [{ message: 'Method Not Allowed' }] });
    if (req.headers.authorization !== `TRACKQL-API-KEY ${options.clientId}:${options.clientSecret}`) {
      return send(401, { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] });
    }
    let payload: { query?: unknown; variables?: unknown };
    try {
      payload = JSON.parse(body);
    } catch {
      return send(400, { errors: [badRequest('Request body is not JSON')] });
    }
    const query = typeof payload?.query === 'string' ? payload.query : null;
    if (!query) return send(400, { errors: [badRequest('Must provide query string.')] });
    const variables =
      typeof payload.variables === 'object' && payload.variables !== null
        ? (payload.variables as Record<string, unknown>)
        : {};

    const registerArgs = argumentText(query, 'registerTrackWebhook');
    if (registerArgs !== null) {
      if (!/^\s*mutation\b/.test(query))
        return send(200, { errors: [badRequest('registerTrackWebhook is a mutation')] });
      const input = /^\s*input\s*:\s*(\$\w+|\{[\s\S]*\})\s*$/.exec(registerArgs)?.[1];
      if (!input) return send(200, { data: null, errors: [badRequest('input is required')] });
      return send(
        200,
        registerTrackWebhook(input.startsWith('$') ? variables[input.slice(1)] : readArguments(input, variables)),
      );
    }
    const trackArgs = argumentText(query, 'track');
    if (trackArgs !== null && !/^\s*mutation\b/.test(query)) {
      return send(200, track(readArguments(trackArgs, variables), query));
    }
    send(200, { errors: [badRequest('The stand-in answers track and registerTrackWebhook only')] });
  });

  /** POSTs `{carrierId, trackingNumber}` to the callback URL (through `deliverTo` when given). */
  const deliver = (r: StandInRegistration) =>
    new Promise<number>((resolve) => {
      const target = new URL(r.callbackUrl);
      const body = JSON.stringify({ carrierId: r.carrierId, trackingNumber: r.trackingNumber });
      const send = !options.deliverTo && target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        {
          method: 'POST',
          host: options.deliverTo?.host ?? target.hostname.replace(/^\[|\]$/g, ''),
          port: options.deliverTo?.port ?? target.port,
          path: `${target.pathname}${target.search}`,
          headers: {
            host: target.host,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'tracker-delivery-stand-in',
          },
          timeout: 5_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(0));
      req.end(body);
    });

  /** One round of webhooks: every live registration whose parcel's events changed since it was last told. */
  async function deliverDue() {
    sweep();
    const due = [...registrations.values()].filter((r) => countOf(r.carrierId, r.trackingNumber) !== r.notified);
    await Promise.all(
      due.map(async (r) => {
        // Told once per change, whatever the receiver answers (the stand-in does not retry).
        r.notified = countOf(r.carrierId, r.trackingNumber);
        const status = await deliver(r);
        webhooksSent.push({ carrierId: r.carrierId, trackingNumber: r.trackingNumber, url: r.callbackUrl, status });
      }),
    );
  }

  /** Rounds run one after another, whether the timer or the test starts them. */
  let rounds: Promise<void> = Promise.resolve();
  const tick = () => {
    rounds = rounds.catch(() => {}).then(deliverDue);
    return rounds;
  };
  const timer = options.now ? null : setInterval(() => void tick(), 200);
  timer?.unref();

  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;

  return {
    /** The GraphQL endpoint, for the adapter's `apiUrl`. */
    apiUrl,
    /**
     * The carrier hears of the parcel at `at` (now by default): its first event, then a stage every
     * `stageMs`. A parcel already shipped keeps its first time; one shipped in the future is unknown until then.
     */
    ship(carrierId: string, trackingNumber: string, at: Date = clock()) {
      if (!isCarrierId(carrierId)) throw new Error(`the stand-in does not carry ${carrierId}`);
      const key = parcelKey(carrierId, trackingNumber);
      if (!parcels.has(key)) parcels.set(key, at.getTime());
    },
    /** The live webhook registrations (not expired at the stand-in's now), in the order they were made. */
    registrations(): StandInRegistration[] {
      sweep();
      return [...registrations.values()].map(({ carrierId, trackingNumber, callbackUrl, expirationTime }) => ({
        carrierId,
        trackingNumber,
        callbackUrl,
        expirationTime: new Date(expirationTime),
      }));
    },
    /** Every webhook POSTed, in order, with the receiver's status. */
    webhooksSent,
    /** Sends the due webhooks now and resolves when they were answered. */
    tick,
    /** `down`: the API takes calls and never answers; `error`: it answers 502 with an HTML page; null: normal. Webhooks go on. */
    setOutage(kind: 'down' | 'error' | null) {
      outage = kind;
    },
    close: async () => {
      if (timer) clearInterval(timer);
      await rounds;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

export type TrackerDeliveryStandIn = Awaited<ReturnType<typeof startTrackerDeliveryStandIn>>;

import { type CarrierId, isTrackingStatus, TRACKING_STATUS_LABELS, type TrackingEvent } from '@app/contracts';
import { type ParcelTrack, type ParcelTracker, TrackerUnavailable } from './tracker.js';

export interface TrackerDeliveryConfig {
  clientId: string;
  clientSecret: string;
  /** The GraphQL endpoint (https://apis.tracker.delivery/graphql; the stand-in's in tests). */
  apiUrl: string;
  /** How long one call may take (10 s by default). */
  timeoutMs?: number;
}

const EVENT_FIELDS = 'time status { code name } description location { name }';
const TRACK_QUERY = `query Track($carrierId: ID!, $trackingNumber: String!) {
  track(carrierId: $carrierId, trackingNumber: $trackingNumber) {
    lastEvent { ${EVENT_FIELDS} }
    events(last: 100) { edges { node { ${EVENT_FIELDS} } } }
  }
}`;
const REGISTER_MUTATION = `mutation RegisterTrackWebhook($input: RegisterTrackWebhookInput!) {
  registerTrackWebhook(input: $input)
}`;

interface GraphQlEvent {
  time?: string | null;
  status?: { code?: string; name?: string | null } | null;
  description?: string | null;
  location?: { name?: string | null } | null;
}
interface GraphQlAnswer<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

/** An event as our answers carry it (an unknown status code reads as UNKNOWN; an event without time is left out). */
function toEvent(node: GraphQlEvent | null | undefined): TrackingEvent | null {
  if (!node?.time) return null;
  const code = node.status?.code;
  const status = isTrackingStatus(code) ? code : 'UNKNOWN';
  return {
    time: new Date(node.time).toISOString(),
    status,
    status_label: node.status?.name?.trim() || TRACKING_STATUS_LABELS[status],
    description: node.description?.trim() || null,
    location: node.location?.name?.trim() || null,
  };
}

/**
 * The tracker.delivery (Delivery Tracker) GraphQL API: `track` by carrier id and number, and
 * `registerTrackWebhook` with an expiry (registering again extends it). Authorised with
 * `TRACKQL-API-KEY {clientId}:{clientSecret}`. Business errors come as HTTP 200 with `errors`;
 * NOT_FOUND means the carrier does not know the number (yet).
 */
export function createTrackerDeliveryTracker(conf: TrackerDeliveryConfig): ParcelTracker {
  async function call<T>(query: string, variables: Record<string, unknown>): Promise<GraphQlAnswer<T>> {
    let res: Response;
    try {
      res = await fetch(conf.apiUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `TRACKQL-API-KEY ${conf.clientId}:${conf.clientSecret}`,
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(conf.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new TrackerUnavailable(`tracker.delivery unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as GraphQlAnswer<T> | null;
    if (!res.ok || !body) throw new TrackerUnavailable(`tracker.delivery answered HTTP ${res.status}`);
    return body;
  }

  const failure = (answer: GraphQlAnswer<unknown>) =>
    new TrackerUnavailable(
      `tracker.delivery: ${answer.errors?.map((e) => `${e.extensions?.code ?? ''} ${e.message ?? ''}`.trim()).join('; ')}`,
    );

  return {
    kind: 'tracker-delivery',
    async track(_tenantId: number, carrier: CarrierId, trackingNumber: string): Promise<ParcelTrack | null> {
      type Track = {
        track: {
          lastEvent: GraphQlEvent | null;
          events: { edges: ({ node: GraphQlEvent | null } | null)[] | null } | null;
        } | null;
      };
      const answer = await call<Track>(TRACK_QUERY, { carrierId: carrier, trackingNumber });
      if (answer.errors?.length) {
        if (answer.errors.every((e) => e.extensions?.code === 'NOT_FOUND')) return null;
        throw failure(answer);
      }
      const track = answer.data?.track;
      if (!track) return null;
      const events = (track.events?.edges ?? [])
        .map((edge) => toEvent(edge?.node))
        .filter((e): e is TrackingEvent => e !== null)
        .sort((a, b) => a.time.localeCompare(b.time));
      // lastEvent is the most likely state (it prefers DELIVERED over a later stray event).
      const last = toEvent(track.lastEvent) ?? events.at(-1) ?? null;
      return { status: last?.status ?? 'UNKNOWN', events };
    },
    async registerWebhook(_tenantId, carrier, trackingNumber, callbackUrl, expiresAt) {
      const answer = await call<{ registerTrackWebhook: boolean | null }>(REGISTER_MUTATION, {
        input: { carrierId: carrier, trackingNumber, callbackUrl, expirationTime: expiresAt.toISOString() },
      });
      if (answer.errors?.length || answer.data?.registerTrackWebhook === false) throw failure(answer);
    },
  };
}

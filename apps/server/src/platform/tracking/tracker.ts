import type { CarrierId, TrackingEvent, TrackingStatus } from '@app/contracts';

/** What the tracking service knows of a parcel: its events oldest first and its most likely status. */
export interface ParcelTrack {
  status: TrackingStatus;
  events: TrackingEvent[];
}

/**
 * A parcel tracking service (docs/decisions/040-parcel-tracking.md): tracker.delivery in production,
 * the sandbox for the demo and tests. `null` from `track`: the carrier does not know the number
 * (yet: a fresh waybill takes a while to appear, so this is not an error).
 */
export interface ParcelTracker {
  readonly kind: 'sandbox' | 'tracker-delivery';
  track(tenantId: number, carrier: CarrierId, trackingNumber: string): Promise<ParcelTrack | null>;
  /**
   * Asks the service to call `callbackUrl` when the parcel's record changes, until `expiresAt`
   * (registering again extends it). The sandbox sends none: the tracking job reads it instead.
   */
  registerWebhook(
    tenantId: number,
    carrier: CarrierId,
    trackingNumber: string,
    callbackUrl: string,
    expiresAt: Date,
  ): Promise<void>;
}

/** The service could not be reached or refused the call (not: the number is unknown). */
export class TrackerUnavailable extends Error {}

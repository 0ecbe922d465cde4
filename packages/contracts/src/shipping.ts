import { z } from 'zod';
import {
  type CarrierId,
  carrierIds,
  normalizeTrackingNumber,
  shippingMessages,
  trackingNumberProblem,
  trackingStatuses,
} from './plain/shipping.js';

export * from './plain/shipping.js';

/** A carrier and a tracking number as typed: hyphens and spaces dropped, the carrier's format checked by the caller. */
export const carrierSchema = z.enum(carrierIds, { error: shippingMessages.carrier });
export const trackingNumberSchema = z
  .string({ error: '송장번호를 입력해주세요.' })
  .max(40, '송장번호가 너무 깁니다.')
  .transform(normalizeTrackingNumber);

/** Refuses a tracking number whose format is not its carrier's (400 with the reason in Korean). */
export function refineTrackingNumber(
  v: { carrier?: CarrierId | null; tracking_number?: string | null },
  ctx: z.RefinementCtx,
) {
  if (!v.carrier || v.tracking_number == null) return;
  const problem = trackingNumberProblem(v.carrier, v.tracking_number);
  if (problem) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: problem });
}

/** PUT /api/delivery/orders/{id}/shipment: sets or corrects the parcel's carrier and number before delivery. */
export const shipmentUpdateSchema = z
  .object({ carrier: carrierSchema, tracking_number: trackingNumberSchema })
  .superRefine(refineTrackingNumber);
export type ShipmentUpdate = z.input<typeof shipmentUpdateSchema>;

/** The parcel of a shipped (택배) order, in order answers. */
export const shipmentSchema = z
  .object({
    carrier: z.enum(carrierIds),
    carrier_name: z.string(),
    tracking_number: z.string(),
    /** The carrier's own tracking page. */
    tracking_url: z.string(),
    /** The tracking service's latest status (null until it knows the parcel). */
    status: z.enum(trackingStatuses).nullable(),
    status_label: z.string().nullable(),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof shipmentSchema>;

export const trackingEventSchema = z.object({
  time: z.string(),
  status: z.enum(trackingStatuses),
  status_label: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** GET /api/delivery/orders/{id}/tracking: the parcel's timeline, oldest first. */
export const trackingSchema = shipmentSchema
  .extend({
    order_id: z.number().int(),
    events: z.array(trackingEventSchema),
    /** When the tracking service was last asked (null: never reached yet). */
    checked_at: z.string().nullable(),
  })
  .meta({ id: 'Tracking' });
export type Tracking = z.infer<typeof trackingSchema>;

import {
  type CarrierId,
  normalizeTrackingNumber,
  type Shipment,
  shippingMessages,
  trackingNumberProblem,
} from '@app/contracts';
import type { ShipmentChange } from './merchant-orders.api';

/** A carrier and tracking number as the merchant is typing them ('' while no carrier is chosen). */
export interface ShipmentDraft {
  carrier: CarrierId | '';
  number: string;
}

export interface ShipmentErrors {
  carrier?: string;
  number?: string;
}

/** The fields start with the registered parcel, when there is one, so a correction starts from it. */
export function shipmentDraft(shipment: Shipment | null): ShipmentDraft {
  return shipment ? { carrier: shipment.carrier, number: shipment.tracking_number } : { carrier: '', number: '' };
}

export type ShipmentCheck = { shipment: ShipmentChange | null; errors?: undefined } | { errors: ShipmentErrors };

/**
 * What a draft sends, or why it cannot: both fields are needed, and the number must fit its
 * carrier's format (the contracts' own rule, so the server agrees). When `optional`, both left empty
 * send no shipment (the order then shows 송장 미등록).
 */
export function checkShipmentDraft(draft: ShipmentDraft, optional: boolean): ShipmentCheck {
  const number = normalizeTrackingNumber(draft.number);
  if (optional && !draft.carrier && number === '') return { shipment: null };
  if (!draft.carrier) return { errors: { carrier: shippingMessages.carrier } };
  const problem = trackingNumberProblem(draft.carrier, draft.number);
  if (problem) return { errors: { number: problem } };
  return { shipment: { carrier: draft.carrier, tracking_number: number } };
}

import {
  DEFAULT_DELIVERY_TERMS,
  type DeliveryTerms,
  type DeliveryTermsUpdate,
  deliveryTermsMessages,
  LOCAL_DELIVERY_FIELDS,
  PARCEL_FIELDS,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { merchants } from './users.schema.js';

/**
 * A merchant's delivery terms (docs/decisions/038-delivery-terms.md): columns of `merchants`,
 * read with the merchant wherever an answer carries `delivery_terms` and by checkout, which
 * charges exactly the fee they give (`orderFeeFor` of the contracts, shared with the web).
 */
export const deliveryTermsColumns = {
  deliveryFee: merchants.deliveryFee,
  minOrderAmount: merchants.minOrderAmount,
  freeDeliveryOver: merchants.freeDeliveryOver,
  etaText: merchants.etaText,
  offersPickup: merchants.offersPickup,
  pickupAddress: merchants.pickupAddress,
  pickupHours: merchants.pickupHours,
  parcelFee: merchants.parcelFee,
  parcelFreeOver: merchants.parcelFreeOver,
};
export type DeliveryTermsRow = { [K in keyof typeof deliveryTermsColumns]: (typeof merchants.$inferSelect)[K] };

export function presentDeliveryTerms(row: DeliveryTermsRow): DeliveryTerms {
  return {
    delivery_fee: row.deliveryFee,
    min_order_amount: row.minOrderAmount,
    free_delivery_over: row.freeDeliveryOver,
    eta_text: row.etaText,
    offers_pickup: row.offersPickup,
    pickup_address: row.pickupAddress,
    pickup_hours: row.pickupHours,
    parcel_fee: row.parcelFee,
    parcel_free_over: row.parcelFreeOver,
  };
}

export async function deliveryTermsOf(db: DbOrTx, tenantId: number, merchantId: number): Promise<DeliveryTerms> {
  const [row] = await db
    .select(deliveryTermsColumns)
    .from(merchants)
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants.id, merchantId)));
  return row ? presentDeliveryTerms(row) : DEFAULT_DELIVERY_TERMS;
}

/**
 * Saves the fields sent (absent ones stay). Local-delivery fields need the tenant's delivery module
 * and parcel fields its shopping module: a field of a switched-off module is refused (400), not
 * dropped, so that a client never believes it saved what it did not. Offering pickup needs an address.
 */
export async function updateDeliveryTerms(
  db: DbOrTx,
  tenant: TenantRow,
  merchantId: number,
  input: DeliveryTermsUpdate,
): Promise<DeliveryTerms> {
  const sent = (fields: readonly string[]) => fields.filter((f) => (input as Record<string, unknown>)[f] !== undefined);
  const off = [
    ...(tenant.features.delivery ? [] : sent(LOCAL_DELIVERY_FIELDS)),
    ...(tenant.features.shopping ? [] : sent(PARCEL_FIELDS)),
  ];
  if (off.length > 0) {
    throw AppError.badRequest(
      `이 서비스에서 제공하지 않는 배송 방식의 조건입니다: ${off.join(', ')}`,
      'feature_disabled',
    );
  }
  const current = await deliveryTermsOf(db, tenant.id, merchantId);
  const next: DeliveryTerms = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  const pickupTouched = input.offers_pickup !== undefined || input.pickup_address !== undefined;
  if (pickupTouched && next.offers_pickup && !next.pickup_address) {
    throw AppError.badRequest(deliveryTermsMessages.pickupAddressRequired, 'pickup_address_required');
  }
  await db
    .update(merchants)
    .set({
      deliveryFee: next.delivery_fee,
      minOrderAmount: next.min_order_amount,
      freeDeliveryOver: next.free_delivery_over,
      etaText: next.eta_text,
      offersPickup: next.offers_pickup,
      pickupAddress: next.pickup_address,
      pickupHours: next.pickup_hours,
      parcelFee: next.parcel_fee,
      parcelFreeOver: next.parcel_free_over,
      updatedAt: new Date(),
    })
    .where(and(eq(merchants.tenantId, tenant.id), eq(merchants.id, merchantId)));
  return next;
}

import { z } from 'zod';
import {
  DELIVERY_TERMS_TEXT_MAX,
  DELIVERY_TERMS_WON_MAX,
  type DeliveryTerms,
  deliveryTermsMessages as m,
} from './plain/delivery-terms.js';

export * from './plain/delivery-terms.js';

const won = z
  .number({ error: m.wonInvalid })
  .int(m.wonInvalid)
  .min(0, m.wonInvalid)
  .max(DELIVERY_TERMS_WON_MAX, m.wonInvalid);
const NUL = '올바르지 않은 문자가 포함되어 있습니다.';
/** A short text; blank is null, absent stays absent. */
const text = (max: number) =>
  z
    .string()
    .max(max, m.textTooLong(max))
    .refine((v) => !v.includes('\u0000'), NUL)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null));

/** A merchant's delivery terms as every answer carries them (`merchant.delivery_terms`). */
export const deliveryTermsSchema = z
  .object({
    delivery_fee: z.number().int(),
    min_order_amount: z.number().int(),
    free_delivery_over: z.number().int().nullable(),
    eta_text: z.string().nullable(),
    offers_pickup: z.boolean(),
    pickup_address: z.string().nullable(),
    pickup_hours: z.string().nullable(),
    parcel_fee: z.number().int().nullable(),
    parcel_free_over: z.number().int().nullable(),
  })
  .meta({ id: 'DeliveryTerms' }) satisfies z.ZodType<DeliveryTerms>;

/**
 * PUT /api/dashboard/delivery-terms: the fields to change (absent ones stay). Local-delivery fields
 * need the tenant's `delivery` module, parcel fields its `shopping` module (the server refuses the
 * others).
 */
export const deliveryTermsUpdateSchema = z
  .object({
    delivery_fee: won.optional(),
    min_order_amount: won.optional(),
    free_delivery_over: won.nullish(),
    eta_text: text(DELIVERY_TERMS_TEXT_MAX.eta_text),
    offers_pickup: z.boolean().optional(),
    pickup_address: text(DELIVERY_TERMS_TEXT_MAX.pickup_address),
    pickup_hours: text(DELIVERY_TERMS_TEXT_MAX.pickup_hours),
    parcel_fee: won.nullish(),
    parcel_free_over: won.nullish(),
  })
  .meta({ id: 'DeliveryTermsUpdate' });
export type DeliveryTermsUpdate = z.input<typeof deliveryTermsUpdateSchema>;

/** The fields of each module, for the server's feature check and the form's sections. */
export const LOCAL_DELIVERY_FIELDS = [
  'delivery_fee',
  'min_order_amount',
  'free_delivery_over',
  'eta_text',
  'offers_pickup',
  'pickup_address',
  'pickup_hours',
] as const;
export const PARCEL_FIELDS = ['parcel_fee', 'parcel_free_over'] as const;

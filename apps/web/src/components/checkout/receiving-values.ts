import { splitAddress } from '@/components/form/address';
import type { SessionUser } from '@/lib/session';

/**
 * The fields every payment form holds (buy-now's order sheet and the cart's checkout): the buyer,
 * where the order goes (the address as a searched base and a typed detail, joined when sent), the
 * memo and the points to use. ReceivingFields renders them; each form adds its own beside them.
 */
export interface ReceivingValues {
  buyer_name: string;
  buyer_email: string;
  buyer_tel: string;
  buyer_postcode: string;
  address_base: string;
  address_detail: string;
  delivery_memo: string;
  points_used: number;
}

/** A new payment form's fields, from the buyer's profile: no memo yet and no points. */
export function receivingFromProfile(user: SessionUser | null): ReceivingValues {
  const address = splitAddress(user?.address);
  return {
    buyer_name: user?.username ?? '',
    buyer_email: user?.email ?? '',
    buyer_tel: user?.phone ?? '',
    buyer_postcode: user?.postcode ?? '',
    address_base: address.base,
    address_detail: address.detail,
    delivery_memo: '',
    points_used: 0,
  };
}

/** The text fields of ReceivingValues: what a payment kept for a retry brings back as typed. */
const receivingTextFields = [
  'buyer_name',
  'buyer_email',
  'buyer_tel',
  'buyer_postcode',
  'address_base',
  'address_detail',
  'delivery_memo',
] as const satisfies readonly (keyof ReceivingValues)[];

/**
 * The text fields of a kept value, those of the right type only (storage is anybody's to edit);
 * null when it is not an object at all.
 */
export function keptReceivingText(value: unknown): Partial<ReceivingValues> | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const kept: Partial<ReceivingValues> = {};
  for (const key of receivingTextFields) if (typeof v[key] === 'string') kept[key] = v[key];
  return kept;
}

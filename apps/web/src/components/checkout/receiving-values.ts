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

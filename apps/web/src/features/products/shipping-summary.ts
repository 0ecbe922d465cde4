import type { TenantSettings } from '@app/contracts';
import { type DeliveryTerms, parcelTermsOf } from '@app/contracts/plain';
import { formatWon } from '@/lib/format';
import { detailMessages as m } from './messages';

/**
 * The shipping line of a shopping product: the merchant's parcel fee and free-shipping threshold,
 * or the tenant's where the merchant set none (`parcelTermsOf`, the terms checkout charges by).
 */
export function shippingSummary(legal: TenantSettings['legal_info'], terms: DeliveryTerms): string {
  const { fee, freeOver } = parcelTermsOf(terms, legal);
  if (fee <= 0 || freeOver <= 0) return m.freeShipping;
  return `${m.shippingFee(formatWon(fee))} · ${m.freeShippingFrom(formatWon(freeOver))}`;
}

import type { TenantSettings } from '@app/contracts';
import { shippingTerms } from '@app/contracts/plain';
import { formatWon } from '@/lib/format';
import { detailMessages as m } from './messages';

/**
 * The shipping line of a shopping product: the tenant's fee and free-shipping threshold by the
 * contracts' rule, the one checkout charges by (its policy page states the same terms).
 */
export function shippingSummary(legal: TenantSettings['legal_info']): string {
  const { shippingFee, freeShippingThreshold } = shippingTerms(legal);
  if (shippingFee <= 0) return m.freeShipping;
  const fee = m.shippingFee(formatWon(shippingFee));
  return freeShippingThreshold > 0 ? `${fee} · ${m.freeShippingFrom(formatWon(freeShippingThreshold))}` : fee;
}

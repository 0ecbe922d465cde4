import { shippingTerms, type TenantSettings } from '@app/contracts';

export interface PolicyValues {
  shippingFee: number;
  freeShippingThreshold: number;
  /** Round-trip return cost: twice the shipping fee. */
  roundTripFee: number;
}

export function policyValues(settings: TenantSettings): PolicyValues {
  const terms = shippingTerms(settings.legal_info);
  return { ...terms, roundTripFee: terms.shippingFee * 2 };
}

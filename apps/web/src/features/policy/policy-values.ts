import type { TenantSettings } from '@app/contracts';

/** Spec 9 and 5: shown when legal_info leaves them empty or at 0. */
export const DEFAULT_SHIPPING_FEE = 3000;
export const DEFAULT_FREE_SHIPPING_THRESHOLD = 50_000;

export interface PolicyValues {
  shippingFee: number;
  freeShippingThreshold: number;
  /** Round-trip return cost: twice the shipping fee. */
  roundTripFee: number;
}

function positiveOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

export function policyValues(settings: TenantSettings): PolicyValues {
  const legal = settings.legal_info ?? {};
  const shippingFee = positiveOr(legal.shipping_fee, DEFAULT_SHIPPING_FEE);
  return {
    shippingFee,
    freeShippingThreshold: positiveOr(legal.free_shipping_threshold, DEFAULT_FREE_SHIPPING_THRESHOLD),
    roundTripFee: shippingFee * 2,
  };
}

import { describe, expect, it } from 'vitest';
import { policyValues } from './policy-values';

describe('policy values (spec 5 and 9)', () => {
  it('defaults to 3,000 won shipping and 50,000 won free shipping when empty or 0', () => {
    expect(policyValues({})).toEqual({ shippingFee: 3000, freeShippingThreshold: 50000, roundTripFee: 6000 });
    expect(policyValues({ legal_info: { shipping_fee: 0, free_shipping_threshold: 0 } })).toEqual({
      shippingFee: 3000,
      freeShippingThreshold: 50000,
      roundTripFee: 6000,
    });
  });

  it('uses the tenant legal_info, the round trip being twice the fee', () => {
    expect(policyValues({ legal_info: { shipping_fee: 3500, free_shipping_threshold: 40000 } })).toEqual({
      shippingFee: 3500,
      freeShippingThreshold: 40000,
      roundTripFee: 7000,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { shippingSummary } from './shipping-summary';

describe('shippingSummary', () => {
  it("states the tenant's fee and its free-shipping threshold", () => {
    expect(shippingSummary({ shipping_fee: 3500, free_shipping_threshold: 40_000 })).toBe(
      '배송비 3,500원 · 40,000원 이상 무료배송',
    );
  });

  it('states the policy defaults when the tenant has not set them', () => {
    expect(shippingSummary(undefined)).toBe('배송비 3,000원 · 50,000원 이상 무료배송');
  });
});

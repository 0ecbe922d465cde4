import { DEFAULT_DELIVERY_TERMS } from '@app/contracts/plain';
import { describe, expect, it } from 'vitest';
import { shippingSummary } from './shipping-summary';

describe('shippingSummary', () => {
  it("states the tenant's fee and its free-shipping threshold when the merchant set none", () => {
    expect(shippingSummary({ shipping_fee: 3500, free_shipping_threshold: 40_000 }, DEFAULT_DELIVERY_TERMS)).toBe(
      '배송비 3,500원 · 40,000원 이상 무료배송',
    );
  });

  it('states the policy defaults when neither the tenant nor the merchant set them', () => {
    expect(shippingSummary(undefined, DEFAULT_DELIVERY_TERMS)).toBe('배송비 3,000원 · 50,000원 이상 무료배송');
  });

  it("states the merchant's own parcel fee and threshold over the tenant's", () => {
    const legal = { shipping_fee: 3500, free_shipping_threshold: 40_000 };
    expect(shippingSummary(legal, { ...DEFAULT_DELIVERY_TERMS, parcel_fee: 4000, parcel_free_over: 30_000 })).toBe(
      '배송비 4,000원 · 30,000원 이상 무료배송',
    );
    expect(shippingSummary(legal, { ...DEFAULT_DELIVERY_TERMS, parcel_fee: 2500 })).toBe(
      '배송비 2,500원 · 40,000원 이상 무료배송',
    );
  });

  it('says free shipping when the merchant ships for nothing', () => {
    expect(shippingSummary(undefined, { ...DEFAULT_DELIVERY_TERMS, parcel_fee: 0 })).toBe('무료배송');
    expect(shippingSummary(undefined, { ...DEFAULT_DELIVERY_TERMS, parcel_free_over: 0 })).toBe('무료배송');
  });
});

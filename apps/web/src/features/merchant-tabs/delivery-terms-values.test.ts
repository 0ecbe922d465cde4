import { DEFAULT_DELIVERY_TERMS, deliveryTermsMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { changedTerms, formOf, refusedField, termsErrors } from './delivery-terms-values';

const both = { local: true, parcel: true };
const saved = { ...DEFAULT_DELIVERY_TERMS, pickup_address: '햇살농장', parcel_fee: 4000 };

describe('delivery terms form values', () => {
  it('sends only what changed in the sections shown, blank texts and empty amounts as null', () => {
    const form = { ...formOf(saved), delivery_fee: 2500, eta_text: '  ', pickup_hours: ' 10시~ ', parcel_fee: null };
    expect(changedTerms(form, saved, both)).toEqual({ delivery_fee: 2500, pickup_hours: '10시~', parcel_fee: null });
    expect(changedTerms(form, saved, { local: false, parcel: true })).toEqual({ parcel_fee: null });
    expect(changedTerms(formOf(saved), saved, both)).toEqual({});
  });

  it('asks for a fee and a minimum (0 is fine) and an address while pickup is offered', () => {
    const form = { ...formOf(DEFAULT_DELIVERY_TERMS), delivery_fee: null, min_order_amount: 0 };
    expect(termsErrors(form, both)).toEqual({
      delivery_fee: '배달비를 입력해주세요. 무료 배달이면 0을 입력하세요.',
      pickup_address: deliveryTermsMessages.pickupAddressRequired,
    });
    expect(termsErrors({ ...form, delivery_fee: 0, offers_pickup: false }, both)).toEqual({});
    // Fields of a section that is not shown are not checked.
    expect(termsErrors(form, { local: false, parcel: true })).toEqual({});
  });

  it("keeps the contract's limits", () => {
    const form = { ...formOf(saved), parcel_free_over: 10_000_001, pickup_address: '가'.repeat(201) };
    expect(termsErrors(form, both)).toEqual({
      parcel_free_over: deliveryTermsMessages.wonInvalid,
      pickup_address: deliveryTermsMessages.textTooLong(200),
    });
  });

  it("reads the field a server refusal names, when it is one of the form's", () => {
    expect(refusedField('pickup_address: 픽업 주소를 입력해주세요.', both)).toEqual({
      field: 'pickup_address',
      text: '픽업 주소를 입력해주세요.',
    });
    expect(refusedField('parcel_fee: 금액', { local: true, parcel: false })).toBeNull();
    expect(refusedField('잠시 후 다시 시도해주세요.', both)).toBeNull();
  });
});

import { CARD_MIN_AMOUNT, ORDER_QTY_MAX, orderMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutFormValues,
  type CheckoutRules,
  cardBelowMinimum,
  checkoutFormSchema,
  checkoutSummary,
  clampPoints,
  freeShippingFrom,
  fulfilmentOf,
  maxOrderQuantity,
  offersOrderTypeChoice,
  parsePointsInput,
  shippingFeeOf,
  toPrepareBody,
} from './checkout-values';

const shipping = { shipping_fee: 3000, free_shipping_threshold: 50_000 };
const shoppingProduct = {
  id: 5,
  price: 12_000,
  category_type: 'shopping',
  is_delivery: false,
  display_remaining: -1,
} as const;
const deliveryProduct = {
  id: 6,
  price: 9000,
  category_type: 'pickup',
  is_delivery: true,
  display_remaining: 3,
} as const;
const pickupOnlyProduct = {
  id: 7,
  price: 4500,
  category_type: 'pickup',
  is_delivery: false,
  display_remaining: -1,
} as const;

const values = (over: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  buyer_name: '김민지',
  buyer_email: 'Minji@Example.com',
  buyer_tel: '010-1234-5678',
  qty: 1,
  order_type: 'delivery',
  buyer_postcode: '04524',
  address_base: '서울 중구 세종대로 110',
  address_detail: '3층',
  delivery_memo: '',
  points_used: 0,
  ...over,
});

function errors(rules: CheckoutRules, v: CheckoutFormValues): Record<string, string> {
  const result = checkoutFormSchema(rules).safeParse(v);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('shipping fee (tenant legal_info, the rule the server prices with)', () => {
  it("charges the tenant's fee below its free-shipping threshold and nothing from it", () => {
    const terms = { shipping_fee: 3500, free_shipping_threshold: 40_000 };
    expect(shippingFeeOf(terms, 39_999)).toBe(3500);
    expect(shippingFeeOf(terms, 40_000)).toBe(0);
    expect(freeShippingFrom(terms)).toBe(40_000);
  });

  it("uses the policy page's defaults (3,000원 below 50,000원) where the tenant set none or 0", () => {
    expect(shippingFeeOf(undefined, 10_000)).toBe(3000);
    expect(shippingFeeOf(undefined, 50_000)).toBe(0);
    expect(shippingFeeOf({ shipping_fee: 0, free_shipping_threshold: 0 }, 49_999)).toBe(3000);
    expect(shippingFeeOf({ shipping_fee: 2500 }, 900_000)).toBe(0);
    expect(freeShippingFrom({ shipping_fee: 2500 })).toBe(50_000);
  });

  it('adds shipping to shopping orders only', () => {
    const base = { price: 12_000, qty: 2, shipping, points: 0, available: 0, rewardRate: 1 };
    expect(checkoutSummary({ ...base, fulfilment: 'shipping' })).toMatchObject({
      itemsTotal: 24_000,
      shippingFee: 3000,
      total: 27_000,
    });
    expect(checkoutSummary({ ...base, fulfilment: 'delivery' })).toMatchObject({ shippingFee: 0, total: 24_000 });
    expect(checkoutSummary({ ...base, qty: 5, fulfilment: 'shipping' })).toMatchObject({
      itemsTotal: 60_000,
      shippingFee: 0,
      total: 60_000,
    });
  });
});

describe('points (spec 5: clamped between 0 and min(available, total))', () => {
  it('clamps typed points to the balance, the total and 0', () => {
    expect(clampPoints(5000, 3000, 10_000)).toBe(3000);
    expect(clampPoints(50_000, 80_000, 27_000)).toBe(27_000);
    expect(clampPoints(-10, 3000, 10_000)).toBe(0);
    expect(clampPoints(undefined, 3000, 10_000)).toBe(0);
    expect(clampPoints(1200, 3000, 10_000)).toBe(1200);
  });

  it('splits the total into points and card, and earns on the card part only', () => {
    const summary = checkoutSummary({
      price: 12_000,
      qty: 2,
      fulfilment: 'shipping',
      shipping,
      points: 99_999,
      available: 7000,
      rewardRate: 1.5,
    });
    expect(summary).toEqual({
      itemsTotal: 24_000,
      shippingFee: 3000,
      total: 27_000,
      points: 7000,
      card: 20_000,
      earned: 300,
    });
    expect(summary.points + summary.card).toBe(summary.itemsTotal + summary.shippingFee);
  });

  it('uses no points and earns nothing shown when the wallet is off', () => {
    const summary = checkoutSummary({
      price: 9000,
      qty: 1,
      fulfilment: 'delivery',
      shipping,
      points: 5000,
      available: null,
      rewardRate: null,
    });
    expect(summary).toMatchObject({ points: 0, card: 9000, earned: null });
  });

  it('reads typed points with separators', () => {
    expect(parsePointsInput('12,300')).toBe(12_300);
    expect(parsePointsInput('')).toBe(0);
    expect(parsePointsInput('abc')).toBe(0);
  });
});

describe('card minimum', () => {
  it(`refuses a card part between 1 and ${CARD_MIN_AMOUNT - 1} won`, () => {
    expect(cardBelowMinimum(0)).toBe(false);
    expect(cardBelowMinimum(1)).toBe(true);
    expect(cardBelowMinimum(CARD_MIN_AMOUNT - 1)).toBe(true);
    expect(cardBelowMinimum(CARD_MIN_AMOUNT)).toBe(false);
  });

  it('puts the cardMin text on the points field, and accepts points that pay it all', () => {
    const rules: CheckoutRules = { product: deliveryProduct, shipping, available: 20_000 };
    expect(errors(rules, values({ points_used: 8950 }))).toEqual({ points_used: orderMessages.cardMin });
    expect(errors(rules, values({ points_used: 8900 }))).toEqual({});
    expect(errors(rules, values({ points_used: 9000 }))).toEqual({});
  });

  it('refuses points above the balance or the total', () => {
    expect(errors({ product: deliveryProduct, shipping, available: 1000 }, values({ points_used: 2000 }))).toEqual({
      points_used: orderMessages.pointsShort,
    });
    expect(errors({ product: deliveryProduct, shipping, available: null }, values({ points_used: 100 }))).toEqual({
      points_used: orderMessages.pointsShort,
    });
    expect(errors({ product: deliveryProduct, shipping, available: 50_000 }, values({ points_used: 9100 }))).toEqual({
      points_used: orderMessages.pointsOverTotal,
    });
  });
});

describe('the payment form rules (spec 5)', () => {
  const shop: CheckoutRules = { product: shoppingProduct, shipping, available: 0 };

  it('requires the buyer fields with the spec texts', () => {
    expect(errors(shop, values({ buyer_name: ' ', buyer_email: 'nope', buyer_tel: '' }))).toEqual({
      buyer_name: orderMessages.required,
      buyer_email: orderMessages.email,
      buyer_tel: orderMessages.required,
    });
  });

  it('requires an address and a 5-digit postcode for shopping products', () => {
    expect(errors(shop, values({ address_base: '', buyer_postcode: '' }))).toEqual({
      address_base: orderMessages.address,
      buyer_postcode: orderMessages.postcode,
    });
    expect(errors(shop, values({ buyer_postcode: '1234' }))).toEqual({ buyer_postcode: orderMessages.postcode });
    expect(errors(shop, values())).toEqual({});
  });

  it('requires an address for delivery orders, none for pickup, and never a postcode', () => {
    const rules: CheckoutRules = { product: deliveryProduct, shipping, available: 0 };
    expect(errors(rules, values({ address_base: '', buyer_postcode: '' }))).toEqual({
      address_base: orderMessages.address,
    });
    expect(errors(rules, values({ order_type: 'pickup', address_base: '', buyer_postcode: '' }))).toEqual({});
    const pickupOnly: CheckoutRules = { product: pickupOnlyProduct, shipping, available: 0 };
    expect(errors(pickupOnly, values({ address_base: '', buyer_postcode: '' }))).toEqual({});
  });

  it('keeps the quantity between 1, ORDER_QTY_MAX and the stock', () => {
    expect(errors(shop, values({ qty: 0 }))).toEqual({ qty: orderMessages.qty });
    expect(errors(shop, values({ qty: Number.NaN }))).toEqual({ qty: orderMessages.qty });
    expect(errors(shop, values({ qty: ORDER_QTY_MAX + 1 }))).toEqual({ qty: orderMessages.qtyMax });
    const rules: CheckoutRules = { product: deliveryProduct, shipping, available: 0 };
    expect(errors(rules, values({ qty: 4 }))).toEqual({ qty: orderMessages.stockShort });
    expect(maxOrderQuantity(-1)).toBe(ORDER_QTY_MAX);
    expect(maxOrderQuantity(3)).toBe(3);
    expect(maxOrderQuantity(500)).toBe(ORDER_QTY_MAX);
  });

  it('offers 배달/픽업 only for pickup-category products that deliver', () => {
    expect(offersOrderTypeChoice(deliveryProduct)).toBe(true);
    expect(offersOrderTypeChoice(pickupOnlyProduct)).toBe(false);
    expect(offersOrderTypeChoice(shoppingProduct)).toBe(false);
    expect(fulfilmentOf(pickupOnlyProduct, 'delivery')).toBe('pickup');
    expect(fulfilmentOf(shoppingProduct, 'pickup')).toBe('shipping');
    expect(fulfilmentOf(deliveryProduct, 'pickup')).toBe('pickup');
  });
});

describe('the prepare body', () => {
  it('sends the shopping total with shipping, the joined address and the postcode', () => {
    const parsed = checkoutFormSchema({ product: shoppingProduct, shipping, available: 5000 }).parse(
      values({ qty: 2, points_used: 5000, delivery_memo: ' 문 앞 ' }),
    );
    expect(toPrepareBody(shoppingProduct, parsed, shipping)).toEqual({
      product_id: 5,
      qty: 2,
      amount: 27_000,
      points_used: 5000,
      buyer_name: '김민지',
      buyer_email: 'minji@example.com',
      buyer_tel: '01012345678',
      buyer_addr: '서울 중구 세종대로 110, 3층',
      buyer_postcode: '04524',
      delivery_memo: '문 앞',
    });
  });

  it('sends order_type for pickup-category products and no address for pickup', () => {
    const rules: CheckoutRules = { product: deliveryProduct, shipping, available: 0 };
    const pickup = checkoutFormSchema(rules).parse(values({ order_type: 'pickup' }));
    const body = toPrepareBody(deliveryProduct, pickup, shipping);
    expect(body).toMatchObject({ order_type: 'pickup', amount: 9000 });
    expect(body).not.toHaveProperty('buyer_addr');
    expect(body).not.toHaveProperty('buyer_postcode');
    const delivery = checkoutFormSchema(rules).parse(values());
    expect(toPrepareBody(deliveryProduct, delivery, shipping)).toMatchObject({
      order_type: 'delivery',
      buyer_addr: '서울 중구 세종대로 110, 3층',
    });
  });
});

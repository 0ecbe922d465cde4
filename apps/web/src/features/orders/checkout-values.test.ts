import {
  CARD_MIN_AMOUNT,
  DEFAULT_DELIVERY_TERMS,
  type DeliveryTerms,
  deliveryTermsMessages,
  ORDER_QTY_MAX,
  orderMessages,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  boughtProduct,
  type CheckoutFormValues,
  type CheckoutRules,
  cardBelowMinimum,
  checkoutFormSchema,
  checkoutSummary,
  clampPoints,
  freeDeliveryFrom,
  fulfilmentOf,
  maxOrderQuantity,
  offersOrderTypeChoice,
  orderFeeOf,
  parsePointsInput,
  toPrepareBody,
} from './checkout-values';

const terms = (over: Partial<DeliveryTerms> = {}): DeliveryTerms => ({ ...DEFAULT_DELIVERY_TERMS, ...over });

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

describe("parcel shipping (the merchant's terms, else the tenant's legal_info: orderFeeFor)", () => {
  const fee = (legal: Parameters<typeof orderFeeOf>[2], itemsTotal: number, own: Partial<DeliveryTerms> = {}) =>
    orderFeeOf('shipping', terms(own), legal, itemsTotal).fee;

  it("charges the tenant's fee below its free-shipping threshold and nothing from it", () => {
    const legal = { shipping_fee: 3500, free_shipping_threshold: 40_000 };
    expect(fee(legal, 39_999)).toBe(3500);
    expect(fee(legal, 40_000)).toBe(0);
    expect(freeDeliveryFrom('shipping', terms(), legal)).toBe(40_000);
  });

  it("uses the policy page's defaults (3,000원 below 50,000원) where the tenant set none or 0", () => {
    expect(fee(undefined, 10_000)).toBe(3000);
    expect(fee(undefined, 50_000)).toBe(0);
    expect(fee({ shipping_fee: 0, free_shipping_threshold: 0 }, 49_999)).toBe(3000);
    expect(fee({ shipping_fee: 2500 }, 900_000)).toBe(0);
    expect(freeDeliveryFrom('shipping', terms(), { shipping_fee: 2500 })).toBe(50_000);
  });

  it("charges the merchant's own parcel fee and threshold over the tenant's", () => {
    const own = { parcel_fee: 4000, parcel_free_over: 30_000 };
    expect(fee(shipping, 29_999, own)).toBe(4000);
    expect(fee(shipping, 30_000, own)).toBe(0);
    expect(fee(shipping, 10_000, { parcel_fee: 0 })).toBe(0);
    expect(freeDeliveryFrom('shipping', terms(own), shipping)).toBe(30_000);
  });

  it('adds shipping to shopping orders, and nothing to a delivery of a merchant with free delivery', () => {
    const base = { price: 12_000, qty: 2, terms: terms(), shipping, points: 0, available: 0, rewardRate: 1 };
    expect(checkoutSummary({ ...base, fulfilment: 'shipping' })).toMatchObject({
      itemsTotal: 24_000,
      deliveryFee: 3000,
      total: 27_000,
    });
    expect(checkoutSummary({ ...base, fulfilment: 'delivery' })).toMatchObject({ deliveryFee: 0, total: 24_000 });
    expect(checkoutSummary({ ...base, qty: 5, fulfilment: 'shipping' })).toMatchObject({
      itemsTotal: 60_000,
      deliveryFee: 0,
      total: 60_000,
    });
  });
});

describe("local delivery and pickup (the merchant's terms)", () => {
  const local = terms({ delivery_fee: 3000, free_delivery_over: 30_000, min_order_amount: 15_000 });
  const base = { price: 9000, terms: local, shipping, points: 0, available: 0, rewardRate: 1 };

  it('adds the delivery fee below the free-delivery amount and nothing from it', () => {
    expect(checkoutSummary({ ...base, qty: 2, fulfilment: 'delivery' })).toMatchObject({
      itemsTotal: 18_000,
      deliveryFee: 3000,
      total: 21_000,
      refusal: null,
    });
    expect(checkoutSummary({ ...base, qty: 4, fulfilment: 'delivery' })).toMatchObject({
      itemsTotal: 36_000,
      deliveryFee: 0,
      total: 36_000,
    });
    expect(freeDeliveryFrom('delivery', local, shipping)).toBe(30_000);
    expect(freeDeliveryFrom('delivery', terms({ delivery_fee: 3000 }), shipping)).toBeNull();
  });

  it('refuses a delivery below the minimum order amount, never a pickup, which costs nothing', () => {
    expect(checkoutSummary({ ...base, qty: 1, fulfilment: 'delivery' })).toMatchObject({
      deliveryFee: 3000,
      refusal: 'below_minimum',
    });
    expect(checkoutSummary({ ...base, qty: 1, fulfilment: 'pickup' })).toMatchObject({
      deliveryFee: 0,
      total: 9000,
      refusal: null,
    });
  });

  it('refuses a pickup where the merchant takes none', () => {
    const noPickup = { ...base, terms: terms({ offers_pickup: false }) };
    expect(checkoutSummary({ ...noPickup, qty: 1, fulfilment: 'pickup' }).refusal).toBe('pickup_not_offered');
    expect(checkoutSummary({ ...noPickup, qty: 1, fulfilment: 'delivery' }).refusal).toBeNull();
  });

  it('puts the refusal in the Korean words of the contract on the order type', () => {
    const product = { ...deliveryProduct, display_remaining: -1, merchant: { delivery_terms: local } };
    const rules: CheckoutRules = { product, shipping, available: 0 };
    expect(errors(rules, values({ qty: 1 }))).toEqual({
      order_type: deliveryTermsMessages.belowMinimum(15_000),
    });
    expect(errors(rules, values({ qty: 1 })).order_type).toBe(
      '최소주문금액 15,000원 이상부터 배달 주문할 수 있습니다.',
    );
    expect(errors(rules, values({ qty: 2 }))).toEqual({});
    expect(errors(rules, values({ qty: 1, order_type: 'pickup' }))).toEqual({});
    const closed: CheckoutRules = {
      product: { ...product, merchant: { delivery_terms: terms({ offers_pickup: false }) } },
      shipping,
      available: 0,
    };
    expect(errors(closed, values({ order_type: 'pickup' }))).toEqual({
      order_type: deliveryTermsMessages.pickupNotOffered,
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
      terms: terms(),
    });
    expect(summary).toEqual({
      itemsTotal: 24_000,
      deliveryFee: 3000,
      refusal: null,
      total: 27_000,
      points: 7000,
      card: 20_000,
      earned: 300,
    });
    expect(summary.points + summary.card).toBe(summary.itemsTotal + summary.deliveryFee);
  });

  it('uses no points and earns nothing shown when the wallet is off', () => {
    const summary = checkoutSummary({
      price: 9000,
      qty: 1,
      fulfilment: 'delivery',
      terms: terms(),
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
  it('sends the option bought, at its price, with the delivery fee in the amount', () => {
    const product = {
      ...deliveryProduct,
      merchant: { delivery_terms: terms({ delivery_fee: 2500, min_order_amount: 10_000 }) },
    };
    const bought = boughtProduct(product, { id: 42, name: '곱빼기', price: 11_000, stock: 2 });
    expect(bought).toMatchObject({ price: 11_000, display_remaining: 2 });
    const rules: CheckoutRules = { product: bought, shipping, available: 0 };
    expect(errors(rules, values({ qty: 3 }))).toEqual({ qty: orderMessages.stockShort });
    const parsed = checkoutFormSchema(rules).parse(values({ qty: 2 }));
    expect(toPrepareBody(bought, parsed, shipping, { id: 42 })).toMatchObject({
      product_id: 6,
      option_id: 42,
      qty: 2,
      amount: 24_500,
    });
    // Without an option nothing about options is sent.
    expect(toPrepareBody(product, parsed, shipping)).not.toHaveProperty('option_id');
    expect(boughtProduct(product, null)).toBe(product);
    expect(boughtProduct(product, { id: 1, name: '보통', price: 9000, stock: null }).display_remaining).toBe(-1);
  });

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

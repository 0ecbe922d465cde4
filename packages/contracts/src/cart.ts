import { z } from 'zod';
import { idSchema } from './common.js';
import { orderTypes, receivingFields } from './orders.js';
import { ORDER_QTY_MAX, orderMessages } from './plain/orders.js';
import { buyerSchema, checkoutSchema } from './wallet.js';

// --- the cart (issue 40) ---------------------------------------------------------------------------

/** Lines one cart may hold (a product and option is one line; adding it again adds to its qty). */
export const CART_LINES_MAX = 50;

export const cartMessages = {
  full: `장바구니에는 상품을 ${CART_LINES_MAX}개까지 담을 수 있습니다.`,
  notFound: '장바구니에서 상품을 찾을 수 없습니다.',
  nothingSelected: '결제할 상품을 선택해주세요.',
  unavailableSelected: '구매할 수 없는 상품이 선택되어 있습니다. 장바구니를 확인해주세요.',
  priceChanged: '장바구니의 가격이나 배송비가 바뀌었습니다. 다시 확인해주세요.',
  added: '장바구니에 담았습니다.',
} as const;

const qty = z
  .number({ error: orderMessages.qty })
  .int(orderMessages.qty)
  .min(1, orderMessages.qty)
  .max(ORDER_QTY_MAX, orderMessages.qtyMax);

/** POST /api/cart/items: the same product and option again adds to the line's qty. */
export const cartItemAddSchema = z.object({
  product_id: idSchema,
  /** Required when the product has options (400 option_required). */
  option_id: idSchema.optional(),
  qty,
});
export type CartItemAdd = z.input<typeof cartItemAddSchema>;

/** PATCH /api/cart/items/{id}: the line's new qty (also accepts a changed price: the buyer has seen it). */
export const cartItemUpdateSchema = z.object({ qty });

const idList = (message: string) =>
  z
    .string()
    .regex(/^(\d{1,10})(,\d{1,10}){0,49}$/, message)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .optional();

/**
 * GET /api/cart?pickup=3,7&selected=12,15: `pickup` names the merchants (ids) whose local goods the
 * buyer picks up instead of having them delivered (only where the merchant offers both);
 * `selected` the lines chosen for checkout: the totals (each group's and the cart's) then cover
 * only those, exactly as the checkout of those lines charges (absent: every available line).
 */
export const cartQuerySchema = z.object({
  pickup: idList('픽업할 판매자 목록이 올바르지 않습니다.'),
  selected: idList('선택한 상품 목록이 올바르지 않습니다.'),
});

/**
 * Why a line is left out of the totals: the product was taken off sale or deleted, it (or its
 * option) sold out, its option was removed or taken off sale, the product now needs an option, the
 * price differs from the one it was added at (PATCH the line to accept it), or fewer are left than
 * its qty.
 */
export const cartUnavailableReasons = [
  'unavailable',
  'sold_out',
  'option_removed',
  'option_required',
  'price_changed',
  'stock_short',
] as const;
export type CartUnavailableReason = (typeof cartUnavailableReasons)[number];

/** The stock a buyer is told of (the product page's rule): none when unlimited or plenty, else low or sold out. */
export const cartStockStates = ['in_stock', 'low', 'sold_out'] as const;

export const cartItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  option_id: z.number().int().nullable(),
  title: z.string(),
  option_name: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** The unit price now (the option's when it has one). */
  price: z.number().int(),
  /** The unit price when it was put in the cart, while it differs from `price` (else null). */
  previous_price: z.number().int().nullable(),
  qty: z.number().int(),
  line_total: z.number().int(),
  available: z.boolean(),
  unavailable_reason: z.enum(cartUnavailableReasons).nullable(),
  stock_state: z.enum(cartStockStates),
  /** Units left when counted and 10 or fewer (null: unlimited or plenty); the qty stepper's limit. */
  remaining: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartGroupSchema = z.object({
  merchant: z.object({ id: z.number().int(), business_name: z.string() }),
  /** Shopping goods are shipped by parcel; pickup-category (local) goods are delivered or picked up. */
  category_type: z.enum(['shopping', 'pickup']),
  /** How this group is received (pickup only where the merchant offers it and the buyer chose it). */
  order_type: z.enum(orderTypes),
  /** The ways the buyer may choose for this group (both only for local goods of a merchant offering pickup). */
  order_types: z.array(z.enum(orderTypes)),
  items: z.array(cartItemSchema),
  /** Goods of the available lines. */
  items_total: z.number().int(),
  delivery_fee: z.number().int(),
  /** "30,000원 이상 무료배송", "배달 20~25분", "픽업: 주소"; null when there is nothing to say. */
  delivery_note: z.string().nullable(),
  /** Won more of goods that would make delivery free (the "N원 더 담으면 무료배송" hint); null when free or never free. */
  free_delivery_gap: z.number().int().nullable(),
  /** Won more of goods needed to reach the merchant's minimum order for delivery; null when reached. */
  min_order_gap: z.number().int().nullable(),
  group_total: z.number().int(),
});
export type CartGroup = z.infer<typeof cartGroupSchema>;

export const cartSchema = z
  .object({
    groups: z.array(cartGroupSchema),
    /** Lines in the cart (the header's badge counts them). */
    count: z.number().int(),
    items_total: z.number().int(),
    delivery_total: z.number().int(),
    total_amount: z.number().int(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;

/**
 * POST /api/cart/checkout: one payment of the chosen lines (one order per merchant and kind).
 * `amount` is the total the buyer saw for those lines (goods and delivery fees); a different one
 * answers 409 price_changed with the recomputed cart. `order_types` names the merchants whose local
 * goods the buyer picks up.
 */
export const cartCheckoutSchema = buyerSchema.extend({
  item_ids: z.array(idSchema).min(1, cartMessages.nothingSelected).max(CART_LINES_MAX, cartMessages.full),
  points_used: z
    .number({ error: orderMessages.pointsShort })
    .int(orderMessages.pointsShort)
    .min(0, orderMessages.pointsShort)
    .max(2_147_483_647, orderMessages.pointsShort)
    .default(0),
  amount: z
    .number({ error: cartMessages.priceChanged })
    .int(cartMessages.priceChanged)
    .min(0, cartMessages.priceChanged)
    .max(2_147_483_647, cartMessages.priceChanged),
  order_types: z
    .array(z.object({ merchant_id: idSchema, order_type: z.enum(orderTypes) }))
    .max(CART_LINES_MAX)
    .default([]),
  ...receivingFields,
});
export type CartCheckout = z.input<typeof cartCheckoutSchema>;

export const cartCheckoutResultSchema = z
  .object({
    merchant_uid: z.string(),
    name: z.string(),
    /** Won to pay by card (0: points only, confirm through /api/payment/callback at once). */
    actual_payment_amount: z.number().int(),
    points_used: z.number().int(),
    /** One order per merchant (and kind), in id order. */
    order_ids: z.array(z.number().int()),
    total_amount: z.number().int(),
    checkout: checkoutSchema.nullable(),
  })
  .meta({ id: 'CartCheckedOut' });
export type CartCheckedOut = z.infer<typeof cartCheckoutResultSchema>;

/** A 409 of the cart checkout: `price_changed` carries the cart as it is now beside the error. */
export const cartPriceChangedSchema = z
  .object({ detail: z.string(), code: z.string(), cart: cartSchema.optional() })
  .meta({ id: 'CartPriceChanged' });

/**
 * POST /api/cart/merge: a guest's cart (kept in the browser) joins the account's at login. Lines that
 * can no longer be bought are skipped; qty adds up (to the per-order maximum).
 */
export const cartMergeSchema = z.object({
  items: z.array(cartItemAddSchema).max(CART_LINES_MAX, cartMessages.full),
});
export type CartMerge = z.input<typeof cartMergeSchema>;

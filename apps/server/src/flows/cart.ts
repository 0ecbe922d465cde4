import {
  CART_LINES_MAX,
  type Cart,
  type CartGroup,
  type CartUnavailableReason,
  type cartItemAddSchema,
  cartMessages,
  deliveryFeeText,
  LOW_STOCK_AT,
  type OrderType,
  orderFeeFor,
  orderMessages,
  parcelTermsOf,
} from '@app/contracts';
import { formatNumber } from '@app/contracts/plain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  addCartLine,
  cartLines,
  countCartLines,
  hasCartLine,
  removeCartLines,
  updateCartLine,
} from '../modules/cart/cart.repository.js';
import type { CartItemRow } from '../modules/cart/cart.schema.js';
import type { ProductOptionRow } from '../modules/catalogue/catalogue.schema.js';
import { findProducts, optionsOf, type ProductWithMerchant } from '../modules/catalogue/products.repository.js';
import { optionForSale, productForSale, thumbnailKeys } from '../modules/catalogue/sales.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { presentDeliveryTerms } from '../modules/users/delivery-terms.js';
import { users } from '../modules/users/users.schema.js';
import type { CurrentUser } from '../platform/auth.js';
import type { Db, DbOrTx } from '../platform/db/client.js';
import { AppError } from '../platform/errors.js';
import type { Storage } from '../platform/storage/storage.js';

type CartItemAdd = z.output<typeof cartItemAddSchema>;

/** A cart line as the catalogue has it now: its price, stock and whether it can be bought. */
export interface PricedLine {
  row: CartItemRow;
  product: ProductWithMerchant | null;
  option: ProductOptionRow | null;
  unitPrice: number;
  /** The count left (-1: unlimited), the option's when it has one. */
  remaining: number;
  reason: CartUnavailableReason | null;
}

/** The lines of one merchant and kind: one order at checkout. */
export interface PricedGroup {
  merchantId: number;
  businessName: string;
  categoryType: 'shopping' | 'pickup';
  orderType: OrderType;
  orderTypes: OrderType[];
  lines: PricedLine[];
  /** The available lines counted in the totals (all of them, or those selected). */
  counted: PricedLine[];
  itemsTotal: number;
  fee: number;
  refusal: null | 'below_minimum' | 'pickup_not_offered';
  note: string | null;
  freeGap: number | null;
  minGap: number | null;
}

export const cartItemNotFound = () => AppError.notFound(cartMessages.notFound, 'cart_item_not_found');

/** Why a line cannot be bought now (null: it can), in the order a buyer would want to hear it. */
function unavailability(
  tenant: TenantRow,
  userId: number,
  row: CartItemRow,
  product: ProductWithMerchant | undefined,
  options: ProductOptionRow[] | undefined,
): { reason: CartUnavailableReason | null; option: ProductOptionRow | null; price: number; remaining: number } {
  const none = { option: null, price: row.addedPrice, remaining: -1 };
  if (!product || product.deletedAt || !product.isAvailable || product.merchantOwnerId === userId) {
    return { reason: 'unavailable', ...none };
  }
  const feature = product.categoryType === 'shopping' ? 'shopping' : 'delivery';
  if (!tenant.features[feature]) return { reason: 'unavailable', ...none };
  let option: ProductOptionRow | null = null;
  if (product.hasOptions) {
    if (row.optionId === null) return { reason: 'option_required', ...none, price: product.price };
    option = options?.find((o) => o.id === row.optionId) ?? null;
    if (!option) return { reason: 'option_removed', ...none, price: product.price };
  } else if (row.optionId !== null) {
    return { reason: 'option_removed', ...none, price: product.price };
  }
  const price = option?.price ?? product.price;
  const remaining = option ? option.remaining : product.displayRemaining;
  const found = { option, price, remaining };
  if (option && !option.isAvailable) return { reason: 'unavailable', ...found };
  if (remaining === 0) return { reason: 'sold_out', ...found };
  if (remaining > 0 && row.qty > remaining) return { reason: 'stock_short', ...found };
  if (price !== row.addedPrice) return { reason: 'price_changed', ...found };
  return { reason: null, ...found };
}

/**
 * Prices cart lines as the catalogue has them now and groups them by merchant and kind, with each
 * group's delivery fee by the merchant's terms (exactly as checkout charges it). `selected`: the
 * lines counted in the totals (absent: every available line). `pickup`: merchants whose local goods
 * the buyer picks up.
 */
export async function priceCart(
  tx: DbOrTx,
  tenant: TenantRow,
  userId: number,
  rows: CartItemRow[],
  choice: { pickup?: number[]; selected?: number[] } = {},
): Promise<PricedGroup[]> {
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const [products, options] = await Promise.all([
    findProducts(tx, tenant.id, productIds),
    optionsOf(tx, tenant.id, productIds),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const pickup = new Set(choice.pickup ?? []);
  const selected = choice.selected ? new Set(choice.selected) : null;
  const groups = new Map<string, PricedGroup>();
  const legal = tenant.settings.legal_info;
  for (const row of rows) {
    const product = byId.get(row.productId);
    const found = unavailability(tenant, userId, row, product, options.get(row.productId));
    const line: PricedLine = {
      row,
      product: product ?? null,
      option: found.option,
      unitPrice: found.price,
      remaining: found.remaining,
      reason: found.reason,
    };
    const categoryType = product?.categoryType ?? 'shopping';
    const merchantId = product?.merchantId ?? 0;
    const key = `${merchantId}:${categoryType}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        merchantId,
        businessName: product?.merchantBusinessName ?? '',
        categoryType,
        orderType: 'delivery',
        orderTypes: [],
        lines: [],
        counted: [],
        itemsTotal: 0,
        fee: 0,
        refusal: null,
        note: null,
        freeGap: null,
        minGap: null,
      };
      groups.set(key, group);
    }
    group.lines.push(line);
    if (line.reason === null && (!selected || selected.has(row.id))) group.counted.push(line);
  }
  for (const group of groups.values()) {
    const product = group.lines.find((l) => l.product)?.product;
    if (!product) continue;
    const terms = presentDeliveryTerms(product.merchantTerms);
    if (group.categoryType === 'shopping') {
      group.orderTypes = ['delivery'];
    } else {
      const live = group.lines.filter((l) => l.reason === null).map((l) => l.product as ProductWithMerchant);
      if (live.every((p) => p.isDelivery)) group.orderTypes.push('delivery');
      if (terms.offers_pickup) group.orderTypes.push('pickup');
      group.orderType =
        group.orderTypes.includes('pickup') && (pickup.has(group.merchantId) || !group.orderTypes.includes('delivery'))
          ? 'pickup'
          : group.orderTypes.includes('delivery')
            ? 'delivery'
            : 'pickup';
    }
    group.itemsTotal = group.counted.reduce((sum, l) => sum + l.unitPrice * l.row.qty, 0);
    if (group.counted.length === 0) continue;
    const fee = orderFeeFor(terms, legal, group.categoryType, group.orderType, group.itemsTotal);
    group.fee = fee.fee;
    group.refusal = fee.refusal;
    if (group.categoryType === 'shopping') {
      const parcel = parcelTermsOf(terms, legal);
      group.note =
        parcel.fee === 0
          ? '무료배송'
          : `택배비 ${formatNumber(parcel.fee)}원 (${formatNumber(parcel.freeOver)}원 이상 무료배송)`;
      if (group.fee > 0) group.freeGap = parcel.freeOver - group.itemsTotal;
    } else if (group.orderType === 'pickup') {
      group.note = terms.pickup_address ? `픽업 · ${terms.pickup_address}` : '픽업';
    } else {
      group.note = [terms.eta_text ? `배달 ${terms.eta_text}` : null, deliveryFeeText(terms)]
        .filter(Boolean)
        .join(' · ');
      if (group.fee > 0 && terms.free_delivery_over !== null)
        group.freeGap = terms.free_delivery_over - group.itemsTotal;
      if (fee.refusal === 'below_minimum') group.minGap = terms.min_order_amount - group.itemsTotal;
    }
  }
  return [...groups.values()];
}

/** The cart's answer (GET /api/cart and every change). */
export async function presentCart(
  db: DbOrTx,
  storage: Storage,
  tenantId: number,
  groups: PricedGroup[],
): Promise<Cart> {
  const productIds = [...new Set(groups.flatMap((g) => g.lines.map((l) => l.row.productId)))];
  const thumbs = await thumbnailKeys(db, tenantId, productIds);
  const answer: CartGroup[] = groups.map((g) => {
    const groupTotal = g.itemsTotal + g.fee;
    return {
      merchant: { id: g.merchantId, business_name: g.businessName },
      category_type: g.categoryType,
      order_type: g.orderType,
      order_types: g.orderTypes,
      items: g.lines.map((l) => {
        const key = thumbs.get(l.row.productId);
        return {
          id: l.row.id,
          product_id: l.row.productId,
          option_id: l.row.optionId,
          title: l.product?.title ?? '',
          option_name: l.option?.name ?? null,
          thumbnail_url: key ? storage.url(key) : null,
          price: l.unitPrice,
          previous_price: l.unitPrice !== l.row.addedPrice ? l.row.addedPrice : null,
          qty: l.row.qty,
          line_total: l.unitPrice * l.row.qty,
          available: l.reason === null,
          unavailable_reason: l.reason,
          stock_state:
            l.remaining === 0 ? 'sold_out' : l.remaining > 0 && l.remaining <= LOW_STOCK_AT ? 'low' : 'in_stock',
          remaining: l.remaining >= 0 && l.remaining <= LOW_STOCK_AT ? l.remaining : null,
        };
      }),
      items_total: g.itemsTotal,
      delivery_fee: g.fee,
      delivery_note: g.note,
      free_delivery_gap: g.freeGap,
      min_order_gap: g.minGap,
      group_total: groupTotal,
    };
  });
  const itemsTotal = groups.reduce((sum, g) => sum + g.itemsTotal, 0);
  const deliveryTotal = groups.reduce((sum, g) => sum + g.fee, 0);
  return {
    groups: answer,
    count: groups.reduce((sum, g) => sum + g.lines.length, 0),
    items_total: itemsTotal,
    delivery_total: deliveryTotal,
    total_amount: itemsTotal + deliveryTotal,
  };
}

/**
 * The buyer's cart (issue 40, docs/decisions/039): lines of products (and options) of any
 * merchant, priced from the catalogue on every read; checkout (flows/checkout.ts) buys a selection
 * of them in one payment, one order per merchant and kind.
 */
export function createCartFlow(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  async function view(tenant: TenantRow, user: CurrentUser, choice: { pickup?: number[]; selected?: number[] } = {}) {
    const rows = await cartLines(db, tenant.id, user.id);
    return presentCart(db, storage, tenant.id, await priceCart(db, tenant, user.id, rows, choice));
  }

  /** The buyer's row locked: one change of a cart at a time, so its line cap holds. */
  async function lockBuyer(tx: DbOrTx, tenantId: number, userId: number) {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
      .for('no key update');
  }

  /** Adds a line, or more of it, checked as a purchase is (on sale, option, stock, not one's own). */
  async function addLine(
    tx: DbOrTx,
    tenant: TenantRow,
    user: CurrentUser,
    input: CartItemAdd,
    mode: 'add' | 'atLeast' = 'add',
  ) {
    const product = await productForSale(tx, tenant.id, input.product_id);
    const feature = product.categoryType === 'shopping' ? 'shopping' : 'delivery';
    if (!tenant.features[feature]) throw AppError.badRequest(orderMessages.unavailable, 'product_unavailable');
    if (product.merchantOwnerId === user.id) throw AppError.badRequest(orderMessages.ownProduct, 'own_product');
    const option = await optionForSale(tx, tenant.id, product, input.option_id);
    const remaining = option ? option.remaining : product.displayRemaining;
    if (remaining > 0 && input.qty > remaining) throw AppError.badRequest(orderMessages.stockShort, 'stock_short');
    const optionId = option?.id ?? null;
    if (
      !(await hasCartLine(tx, tenant.id, user.id, product.id, optionId)) &&
      (await countCartLines(tx, tenant.id, user.id)) >= CART_LINES_MAX
    ) {
      throw AppError.conflict(cartMessages.full, 'cart_full');
    }
    await addCartLine(
      tx,
      {
        tenantId: tenant.id,
        userId: user.id,
        productId: product.id,
        optionId,
        qty: input.qty,
        price: option?.price ?? product.price,
      },
      mode,
    );
  }

  return {
    view,

    async add(tenant: TenantRow, user: CurrentUser, input: CartItemAdd): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockBuyer(tx, tenant.id, user.id);
        await addLine(tx, tenant, user, input);
      });
      return view(tenant, user);
    },

    /**
     * A guest's cart joins the account's: what can still be bought is added, the rest skipped. A
     * line both carts have ends at the larger of the two quantities, so a merge sent again (its
     * answer lost) changes nothing (docs/decisions/039).
     */
    async merge(tenant: TenantRow, user: CurrentUser, items: CartItemAdd[]): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockBuyer(tx, tenant.id, user.id);
        for (const item of items) {
          try {
            await tx.transaction((line) => addLine(line, tenant, user, item, 'atLeast'));
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
          }
        }
      });
      return view(tenant, user);
    },

    /** A new qty; the line's price becomes the one the buyer sees now (a changed price accepted). */
    async update(tenant: TenantRow, user: CurrentUser, id: number, qty: number): Promise<Cart> {
      await db.transaction(async (tx) => {
        const [row] = (await cartLines(tx, tenant.id, user.id)).filter((r) => r.id === id);
        if (!row) throw cartItemNotFound();
        const [priced] = (await priceCart(tx, tenant, user.id, [row])).flatMap((g) => g.lines);
        if (priced && priced.remaining > 0 && qty > priced.remaining) {
          throw AppError.badRequest(orderMessages.stockShort, 'stock_short');
        }
        await updateCartLine(tx, tenant.id, user.id, id, { qty, addedPrice: priced?.unitPrice ?? row.addedPrice });
      });
      return view(tenant, user);
    },

    async remove(tenant: TenantRow, user: CurrentUser, id: number): Promise<Cart> {
      if ((await removeCartLines(db, tenant.id, user.id, [id])) === 0) throw cartItemNotFound();
      return view(tenant, user);
    },
  };
}

export type CartFlow = ReturnType<typeof createCartFlow>;

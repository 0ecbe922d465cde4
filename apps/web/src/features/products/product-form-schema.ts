import {
  type CategoryType,
  computeDiscountRate,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_OPTION_NAME_MAX,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_TITLE_MAX,
  type ProductDetail,
  type ProductInput,
  type ProductOptionInput,
  productMessages as pm,
  STOCK_MAX,
} from '@app/contracts';
import { z } from 'zod';
import { formMessages as m } from './messages';

const digits = /^\d+$/;

type Issues = { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void };

/** A price as typed (판매가): required, a whole number above 0, at most PRODUCT_PRICE_MAX. */
function checkPrice(v: string, ctx: Issues, path: (string | number)[]) {
  const t = v.trim();
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (t === '') issue(pm.priceRequired);
  else if (t.startsWith('-') || /^0+$/.test(t)) issue(pm.pricePositive);
  else if (!digits.test(t)) issue(pm.priceInteger);
  else if (Number(t) > PRODUCT_PRICE_MAX) issue(pm.priceTooHigh);
}

/** An original price as typed (정가): optional, else a whole number from 0 to PRODUCT_PRICE_MAX. */
function checkOriginalPrice(v: string, ctx: Issues, path: (string | number)[]) {
  const t = v.trim();
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (t === '') return;
  if (t.startsWith('-')) issue(pm.originalPriceMin);
  else if (!digits.test(t)) issue(pm.priceInteger);
  else if (Number(t) > PRODUCT_PRICE_MAX) issue(pm.priceTooHigh);
}

/** A stock count as typed (재고): empty is unlimited, else a whole number from 0 to STOCK_MAX. */
function checkStock(v: string, ctx: Issues, path: (string | number)[]) {
  const t = v.trim();
  if (t === '') return;
  if (!digits.test(t) || Number(t) > STOCK_MAX) ctx.addIssue({ code: 'custom', path, message: pm.stockInvalid });
}

/** One option row of the form, everything as typed; `saved_id` is the option's id once saved. */
const optionRowSchema = z.object({
  saved_id: z.number().int().positive().nullable(),
  name: z.string(),
  price: z.string(),
  original_price: z.string(),
  stock: z.string(),
  is_available: z.boolean(),
});
export type OptionRow = z.infer<typeof optionRowSchema>;

/**
 * What the form edits: prices and stock counts as typed text (an empty stock is unlimited), and
 * the options when "옵션 사용" is on; the rules mirror the contract's productInputSchema, with the
 * messages under the fields.
 */
export const productFormSchema = z
  .object({
    kind: z.enum(['shopping', 'pickup']),
    title: z
      .string()
      .trim()
      .min(1, pm.titleRequired)
      .max(PRODUCT_TITLE_MAX, `상품명은 ${PRODUCT_TITLE_MAX}자 이하로 입력해주세요.`),
    description: z.string().max(PRODUCT_DESCRIPTION_MAX, pm.descriptionTooLong),
    category: z.string(),
    delivery_category: z.string(),
    original_price: z.string(),
    price: z.string(),
    is_available: z.boolean(),
    is_delivery: z.boolean(),
    stock: z.string(),
    use_options: z.boolean(),
    options: z.array(optionRowSchema),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'shopping' && !v.category)
      ctx.addIssue({ code: 'custom', path: ['category'], message: pm.categoryRequired });
    if (v.kind === 'pickup' && !v.delivery_category)
      ctx.addIssue({ code: 'custom', path: ['delivery_category'], message: pm.deliveryCategoryRequired });
    // The fields hidden by the choice are not checked: what they hold is not sent.
    if (!v.use_options) {
      checkPrice(v.price, ctx, ['price']);
      checkOriginalPrice(v.original_price, ctx, ['original_price']);
      checkStock(v.stock, ctx, ['stock']);
      return;
    }
    if (v.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: m.optionsRequired });
    if (v.options.length > PRODUCT_OPTIONS_MAX)
      ctx.addIssue({ code: 'custom', path: ['options'], message: pm.optionsMax });
    const names = new Set<string>();
    v.options.forEach((option, i) => {
      const name = option.name.trim();
      if (name === '') ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: pm.optionNameRequired });
      else if (name.length > PRODUCT_OPTION_NAME_MAX)
        ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: m.optionNameTooLong });
      else if (names.has(name))
        ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: pm.optionNameDuplicate });
      names.add(name);
      checkPrice(option.price, ctx, ['options', i, 'price']);
      checkOriginalPrice(option.original_price, ctx, ['options', i, 'original_price']);
      checkStock(option.stock, ctx, ['options', i, 'stock']);
    });
  });

export type ProductFormValues = z.infer<typeof productFormSchema>;

/** A new, empty option row (on sale, unlimited). */
export function emptyOptionRow(): OptionRow {
  return { saved_id: null, name: '', price: '', original_price: '', stock: '', is_available: true };
}

export function emptyFormValues(kind: CategoryType): ProductFormValues {
  return {
    kind,
    title: '',
    description: '',
    category: '',
    delivery_category: '',
    original_price: '',
    price: '',
    is_available: true,
    is_delivery: true,
    stock: '',
    use_options: false,
    options: [],
  };
}

const countText = (n: number | null) => (n === null ? '' : String(n));

export function formValuesOf(product: ProductDetail): ProductFormValues {
  const withOptions = product.options.length > 0;
  return {
    kind: product.category_type,
    title: product.title,
    description: product.description ?? '',
    category: product.category ?? '',
    delivery_category: product.delivery_category ?? '',
    original_price: product.original_price ? String(product.original_price) : '',
    price: String(product.price),
    is_available: product.is_available,
    is_delivery: product.is_delivery,
    // With options the product's count is their sum: each option's own count is edited instead.
    stock: withOptions ? '' : countText(product.stock),
    use_options: withOptions,
    options: product.options.map((o) => ({
      saved_id: o.id,
      name: o.name,
      price: String(o.price),
      original_price: o.original_price ? String(o.original_price) : '',
      stock: countText(o.stock),
      is_available: o.is_available,
    })),
  };
}

const wonOrNull = (v: string) => (v.trim() ? Number(v.trim()) : null);
const countOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

/** `display_remaining` of a stock count or of options' counts: -1 when any is unlimited, else the sum. */
function remainingOf(counts: (number | null)[]): number {
  let sum = 0;
  for (const c of counts) {
    if (c === null) return -1;
    sum += c;
  }
  return sum;
}

/**
 * The save body: every field (PUT replaces them all); the discount is the server's to compute.
 * Without options: the price and the stock count (`display_remaining` agreeing with it), and an
 * empty option list, which removes any the product had. With options: the options in the order
 * shown, saved ones with their `id`; the product's price is then the server's (the cheapest option
 * on sale), so none is sent.
 */
export function toProductInput(v: ProductFormValues): ProductInput {
  const shopping = v.kind === 'shopping';
  const common = {
    category_type: v.kind,
    title: v.title.trim(),
    description: v.description.trim(),
    category: shopping ? v.category : null,
    delivery_category: shopping ? null : v.delivery_category,
    is_delivery: shopping ? false : v.is_delivery,
    is_available: v.is_available,
  };
  if (v.use_options) {
    const options: ProductOptionInput[] = v.options.map((o) => ({
      ...(o.saved_id ? { id: o.saved_id } : {}),
      name: o.name.trim(),
      price: Number(o.price.trim()),
      original_price: wonOrNull(o.original_price),
      stock: countOrNull(o.stock),
      is_available: o.is_available,
    }));
    return { ...common, display_remaining: remainingOf(options.map((o) => o.stock ?? null)), options };
  }
  const stock = countOrNull(v.stock);
  return {
    ...common,
    price: Number(v.price.trim()),
    original_price: wonOrNull(v.original_price),
    stock,
    display_remaining: remainingOf([stock]),
    options: [],
  };
}

/** The live discount of the form (spec 5), 0 while either price is not a number yet. */
export function liveDiscount(price: string, originalPrice: string): number {
  const p = Number(price.trim());
  const o = Number(originalPrice.trim());
  if (!digits.test(price.trim()) || !digits.test(originalPrice.trim())) return 0;
  return computeDiscountRate(p, o);
}

import {
  type CategoryType,
  computeDiscountRate,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_TITLE_MAX,
  type ProductDetail,
  type ProductInput,
  productMessages as pm,
} from '@app/contracts';
import { z } from 'zod';

const digits = /^\d+$/;

/** What the form edits: prices as typed text, the stock option as its value. */
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
    original_price: z.string().superRefine((v, ctx) => {
      const t = v.trim();
      if (t === '') return;
      if (t.startsWith('-')) ctx.addIssue({ code: 'custom', message: pm.originalPriceMin });
      else if (!digits.test(t)) ctx.addIssue({ code: 'custom', message: pm.priceInteger });
      else if (Number(t) > PRODUCT_PRICE_MAX) ctx.addIssue({ code: 'custom', message: pm.priceTooHigh });
    }),
    price: z.string().superRefine((v, ctx) => {
      const t = v.trim();
      if (t === '') ctx.addIssue({ code: 'custom', message: pm.priceRequired });
      else if (t.startsWith('-') || t === '0' || /^0+$/.test(t))
        ctx.addIssue({ code: 'custom', message: pm.pricePositive });
      else if (!digits.test(t)) ctx.addIssue({ code: 'custom', message: pm.priceInteger });
      else if (Number(t) > PRODUCT_PRICE_MAX) ctx.addIssue({ code: 'custom', message: pm.priceTooHigh });
    }),
    is_available: z.boolean(),
    is_delivery: z.boolean(),
    display_remaining: z.enum(['-1', '0', '1', '5', '10']),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'shopping' && !v.category)
      ctx.addIssue({ code: 'custom', path: ['category'], message: pm.categoryRequired });
    if (v.kind === 'pickup' && !v.delivery_category)
      ctx.addIssue({ code: 'custom', path: ['delivery_category'], message: pm.deliveryCategoryRequired });
  });

export type ProductFormValues = z.infer<typeof productFormSchema>;

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
    display_remaining: '-1',
  };
}

/** A stock count outside the form's options shows as the nearest option below it. */
function remainingOption(n: number): ProductFormValues['display_remaining'] {
  if (n < 0) return '-1';
  if (n === 0) return '0';
  if (n >= 10) return '10';
  if (n >= 5) return '5';
  return '1';
}

export function formValuesOf(product: ProductDetail): ProductFormValues {
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
    display_remaining: remainingOption(product.display_remaining),
  };
}

/** The save body: every field (PUT replaces them all); the discount is the server's to compute. */
export function toProductInput(v: ProductFormValues): ProductInput {
  const shopping = v.kind === 'shopping';
  return {
    category_type: v.kind,
    title: v.title.trim(),
    description: v.description.trim(),
    price: Number(v.price.trim()),
    original_price: v.original_price.trim() ? Number(v.original_price.trim()) : null,
    category: shopping ? v.category : null,
    delivery_category: shopping ? null : v.delivery_category,
    is_delivery: shopping ? false : v.is_delivery,
    is_available: v.is_available,
    display_remaining: Number(v.display_remaining),
  };
}

/** The live discount of the form (spec 5), 0 while either price is not a number yet. */
export function liveDiscount(price: string, originalPrice: string): number {
  const p = Number(price.trim());
  const o = Number(originalPrice.trim());
  if (!digits.test(price.trim()) || !digits.test(originalPrice.trim())) return 0;
  return computeDiscountRate(p, o);
}

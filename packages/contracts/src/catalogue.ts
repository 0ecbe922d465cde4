import { z } from 'zod';
import { optionalNumber } from './common.js';
import { deliveryTermsSchema } from './delivery-terms.js';
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_OPTION_NAME_MAX,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_TITLE_MAX,
  productMessages,
  STOCK_MAX,
} from './plain/catalogue.js';
import { PAGE_MAX, PAGE_SIZE_MAX } from './plain.js';
import { requiredText } from './users.js';

// The category lists, product limits and texts need no zod: the first screens import them from `@app/contracts/plain`.
export * from './plain/catalogue.js';

// ---------------------------------------------------------------------------------------------
// Categories (spec part 2, section 2: the shopping mall's fixed list; the delivery pills)
// ---------------------------------------------------------------------------------------------

/** The shopping categories a product may carry ('all' is only a filter). */
export const shoppingCategoryValues = [
  'clothing',
  'food',
  'beauty',
  'household',
  'kitchenware',
  'appliances',
  'interior',
  'books',
] as const;
export type ShoppingCategory = (typeof shoppingCategoryValues)[number];

/** The delivery / pickup categories a product may carry ('all' is only a filter). */
export const deliveryCategoryValues = [
  'korean',
  'snack',
  'chicken',
  'pizza',
  'chinese',
  'japanese',
  'cafe',
  'bakery',
  'fruit_vegetable',
  'meat',
  'seafood',
  'side_dish',
] as const;
export type DeliveryCategory = (typeof deliveryCategoryValues)[number];

/** The shape of the category lists (plain/catalogue.ts). */
export const categorySchema = z
  .object({
    value: z.string(),
    label: z.string(),
    emoji: z.string().optional(),
  })
  .meta({ id: 'Category' });
export const categoryListSchema = z.object({ categories: z.array(categorySchema) }).meta({ id: 'CategoryList' });
export type CategoryList = z.infer<typeof categoryListSchema>;

/** A category of `/api/categories`: both lists in one, with the kind and the live product count. */
export const catalogueCategorySchema = categorySchema
  .extend({
    type: z.enum(['shopping', 'delivery']),
    product_count: z.number().int(),
  })
  .meta({ id: 'CatalogueCategory' });
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;
export const catalogueCategoryListSchema = z.object({ categories: z.array(catalogueCategorySchema) });

// ---------------------------------------------------------------------------------------------
// Products (spec part 2, sections 3, 5 and 9)
// ---------------------------------------------------------------------------------------------

/** 'pickup' is the delivery/pickup kind (it carries delivery_category), 'shopping' the mall kind. */
export const categoryTypeSchema = z.enum(['shopping', 'pickup']);
export type CategoryType = z.infer<typeof categoryTypeSchema>;

const wonAmount = (required: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? required : productMessages.priceInteger),
    })
    .int(productMessages.priceInteger)
    .max(PRODUCT_PRICE_MAX, productMessages.priceTooHigh);

const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** PostgreSQL text cannot hold U+0000: refuse it up front rather than fail in the database. */
const NUL_MESSAGE = '올바르지 않은 문자가 포함되어 있습니다.';
const withoutNul = (v: string) => !v.includes('\u0000');

/** A stock count: a whole number, or null for unlimited. */
const stockCount = z
  .number({ error: productMessages.stockInvalid })
  .int(productMessages.stockInvalid)
  .min(0, productMessages.stockInvalid)
  .max(STOCK_MAX, productMessages.stockInvalid)
  .nullable();

/**
 * One option (size) of a product in a save body: with `id` an existing option to update, without
 * a new one. Its price is absolute (not added to the product's).
 */
export const productOptionInputSchema = z.object({
  id: z.number().int().positive().optional(),
  name: requiredText(productMessages.optionNameRequired, PRODUCT_OPTION_NAME_MAX).refine(withoutNul, NUL_MESSAGE),
  price: wonAmount(productMessages.priceRequired).gt(0, productMessages.pricePositive),
  original_price: wonAmount(productMessages.priceRequired).min(0, productMessages.originalPriceMin).nullish(),
  /** null (or absent): unlimited. */
  stock: stockCount.default(null),
  is_available: z.boolean().default(true),
});
export type ProductOptionInput = z.input<typeof productOptionInputSchema>;

const productFields = {
  /** Optional on create: inferred from which category is given (delivery_category means pickup). */
  category_type: categoryTypeSchema.optional(),
  title: requiredText(productMessages.titleRequired, PRODUCT_TITLE_MAX).refine(withoutNul, NUL_MESSAGE),
  description: z
    .string()
    .max(PRODUCT_DESCRIPTION_MAX, productMessages.descriptionTooLong)
    .refine(withoutNul, NUL_MESSAGE)
    .nullish()
    .transform((v) => v?.trim() ?? ''),
  /** Required without options; with options the cheapest option on sale's price is the product's. */
  price: wonAmount(productMessages.priceRequired).gt(0, productMessages.pricePositive).optional(),
  original_price: wonAmount(productMessages.priceRequired).min(0, productMessages.originalPriceMin).nullish(),
  category: z.preprocess(
    emptyToNull,
    z.enum(shoppingCategoryValues, { error: productMessages.categoryInvalid }).nullish(),
  ),
  delivery_category: z.preprocess(
    emptyToNull,
    z.enum(deliveryCategoryValues, { error: productMessages.deliveryCategoryInvalid }).nullish(),
  ),
  /** Delivery-capable (true) or pickup-only (false); meaningful for the pickup kind. */
  is_delivery: z.boolean().default(false),
  is_available: z.boolean().default(true),
  display_remaining: z
    .number({ error: productMessages.remainingInvalid })
    .int(productMessages.remainingInvalid)
    .min(-1, productMessages.remainingInvalid)
    .max(STOCK_MAX, productMessages.remainingInvalid)
    .default(-1),
  /** The stock count (null: unlimited); wins over `display_remaining` when both are sent. */
  stock: stockCount.optional(),
  /**
   * The options, in display order. In a PUT: listed ones with `id` are updated, ones without are
   * new, ones left out are removed; without the key the options stay as they are.
   */
  options: z.array(productOptionInputSchema).max(PRODUCT_OPTIONS_MAX, productMessages.optionsMax).optional(),
};

/** The product save body (POST and PUT): the form sends every field; the discount is never read. */
export const productInputSchema = z
  .object(productFields)
  .superRefine((value, ctx) => {
    const kind = value.category_type ?? (value.delivery_category ? 'pickup' : 'shopping');
    if (kind === 'shopping' && !value.category) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: productMessages.categoryRequired });
    }
    if (value.price === undefined && !value.options?.length) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: productMessages.priceRequired });
    }
    const names = new Set<string>();
    value.options?.forEach((option, i) => {
      if (names.has(option.name)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: productMessages.optionNameDuplicate });
      }
      names.add(option.name);
    });
    if (kind === 'pickup' && !value.delivery_category) {
      ctx.addIssue({
        code: 'custom',
        path: ['delivery_category'],
        message: productMessages.deliveryCategoryRequired,
      });
    }
  })
  .meta({ id: 'ProductSave' });
export type ProductInput = z.input<typeof productInputSchema>;

/**
 * PUT /api/products/{id}/stock: the products tab's in-place count change. `stock` for a product
 * without options, `options` (id and count) for one with; null is unlimited.
 */
export const productStockUpdateSchema = z
  .object({
    stock: stockCount.optional(),
    options: z
      .array(z.object({ id: z.number().int().positive(), stock: stockCount }))
      .max(PRODUCT_OPTIONS_MAX, productMessages.optionsMax)
      .optional(),
  })
  .meta({ id: 'ProductStockUpdate' });
export type ProductInputParsed = z.output<typeof productInputSchema>;

export const productMerchantSchema = z
  .object({
    id: z.number().int(),
    /** The merchant's user id (the channel page link uses it when present). */
    owner_id: z.number().int(),
    business_name: z.string(),
    /** What ordering from this merchant costs and how it arrives. */
    delivery_terms: deliveryTermsSchema,
  })
  .meta({ id: 'ProductMerchant' });

/** An option as products answer it. */
export const productOptionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price: z.number().int(),
    original_price: z.number().int().nullable(),
    /** null: unlimited. */
    stock: z.number().int().nullable(),
    is_available: z.boolean(),
  })
  .meta({ id: 'ProductOption' });
export type ProductOption = z.infer<typeof productOptionSchema>;

export const productMediaSchema = z
  .object({
    id: z.number().int(),
    /** The display-size image (WebP, at most 1280 px), a same-origin path. */
    file_path: z.string(),
    /** The thumbnail (WebP, 400 x 400). */
    thumbnail_path: z.string(),
    thumbnail_url: z.string(),
    media_type: z.literal('image'),
    file_name: z.string(),
    is_thumbnail: z.boolean(),
    order: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ProductMedia' });
export type ProductMedia = z.infer<typeof productMediaSchema>;

/** Documents the image upload form in the OpenAPI document (the route reads the parts itself). */
export const productImageFormSchema = z
  .object({
    file: z.string().meta({ format: 'binary' }),
    is_thumbnail: z.enum(['true', 'false']).optional(),
  })
  .meta({ id: 'ProductImageForm' });

/** A product as every list answers it (cards, dashboard rows). */
export const productSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Same as title (the spec's entity lists both). */
    name: z.string(),
    description: z.string(),
    price: z.number().int(),
    original_price: z.number().int().nullable(),
    /** Computed by the server from price and original_price. */
    discount_rate: z.number().int(),
    is_available: z.boolean(),
    category_type: categoryTypeSchema,
    category: z.string().nullable(),
    delivery_category: z.string().nullable(),
    is_delivery: z.boolean(),
    /**
     * -1 unlimited, 0 sold out, otherwise the remaining count (with options: their sum, -1 if any
     * is unlimited). The spec's name for `stock`.
     */
    display_remaining: z.number().int(),
    /** The stock count, null for unlimited (with options: their sum). */
    stock: z.number().int().nullable(),
    /**
     * The options in display order (empty without). With options, `price`, `original_price` and
     * `discount_rate` are the cheapest option on sale's.
     */
    options: z.array(productOptionSchema),
    /** The thumbnail item's display image, or null without images. */
    image_url: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
    merchant_id: z.number().int(),
    merchant: productMerchantSchema,
    /** One decimal; 0 without reviews. */
    rating_average: z.number(),
    rating_count: z.number().int(),
    views_count: z.number().int(),
    orders_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** `GET /api/products/{id}` and the answers of the save calls: the product with its images. */
export const productDetailSchema = productSchema
  .extend({
    media: z.array(productMediaSchema),
    /**
     * The ratings of the product's newest reviews (at most 100; `rating_average` and
     * `rating_count` are the exact figures of all of them).
     */
    reviews: z.array(z.object({ rating: z.number().int() })),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export { PAGE_MAX, PAGE_SIZE_MAX };

/** page/size of every list: page from 1 (at most 1000), size 1 to 100. */
export const pageQuerySchema = z.object({
  page: optionalNumber(z.number().int().min(1).max(PAGE_MAX)).default(1),
  size: optionalNumber(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(20),
});

const searchText = z
  .string()
  .max(100, '검색어는 100자 이하로 입력해주세요.')
  .refine(withoutNul, NUL_MESSAGE)
  .transform((v) => v.trim())
  .optional();
const filterText = (max: number) => z.string().max(max).refine(withoutNul, NUL_MESSAGE).optional();

export const productSortValues = [
  'latest',
  'popular',
  'price_asc',
  'price_desc',
  'discount',
  'views',
  'orders',
] as const;

/** Filters of `GET /api/products` (and search, popular, latest, discount, category). */
export const productListQuerySchema = pageQuerySchema.extend({
  merchant_id: optionalNumber(z.number().int().min(1).max(2_147_483_647)),
  /** A shopping or delivery category value; 'all' or empty means no filter. */
  category: z.string().max(50).optional(),
  category_type: categoryTypeSchema.optional(),
  min_price: optionalNumber(z.number().int().min(0).max(PRODUCT_PRICE_MAX)),
  max_price: optionalNumber(z.number().int().min(0).max(PRODUCT_PRICE_MAX)),
  q: searchText,
  is_delivery: z.enum(['true', 'false']).optional(),
  sort: z.enum(productSortValues).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListSchema = z
  .object({
    products: z.array(productSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof productListSchema>;

export const deletedProductsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['deleted_desc', 'deleted_asc', 'title', 'price']).default('deleted_desc'),
});

export const mediaListSchema = z.object({ media: z.array(productMediaSchema) }).meta({ id: 'ProductMediaList' });
export type MediaList = z.infer<typeof mediaListSchema>;

export const mediaBulkDeleteSchema = z.object({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1, '삭제할 이미지를 선택해주세요.').max(100),
});

/** `PUT /api/products/{id}/media/order`: every image of the product once; the first (lowest order) is the thumbnail. */
export const mediaOrderSchema = z
  .array(
    z.object({
      id: z.number().int().min(1).max(2_147_483_647),
      order: z.number().int().min(0).max(1000),
      is_thumbnail: z.boolean().optional(),
    }),
  )
  .max(PRODUCT_IMAGES_MAX, productMessages.imagesMax);
export type MediaOrder = z.infer<typeof mediaOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Main feed
// ---------------------------------------------------------------------------------------------

/** `GET /api/main/delivery`: pickup-kind products by ranking (orders, then views, then newest). */
export const mainDeliveryQuerySchema = pageQuerySchema.extend({
  category: z.string().max(50).optional(),
  q: searchText,
  is_delivery: z.enum(['true', 'false']).optional(),
});

export const mainDeliverySchema = productListSchema.meta({ id: 'MainDelivery' });

export const mainShoppingQuerySchema = z.object({
  category: z.string().max(50).optional(),
  q: searchText,
  /** Products per category (and search results), 1 to 50, default 20. */
  size: optionalNumber(z.number().int().min(1).max(50)).default(20),
});

/**
 * `GET /api/main/shopping`: `categories.all` is the BEST list, or with `category` the only key is
 * that category (one page of `size` products each); `search_results` comes with `q`.
 */
export const mainShoppingSchema = z
  .object({
    categories: z.record(z.string(), z.array(productSchema)),
    search_results: z.array(productSchema).optional(),
    search_total: z.number().int().optional(),
  })
  .meta({ id: 'MainShopping' });
export type MainShopping = z.infer<typeof mainShoppingSchema>;

// ---------------------------------------------------------------------------------------------
// Merchants, regions, banners, events, notices, search
// ---------------------------------------------------------------------------------------------

export const merchantSummarySchema = z
  .object({
    id: z.number().int(),
    owner_id: z.number().int(),
    business_name: z.string(),
    business_description: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    profile_image: z.string().nullable(),
    region: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    product_count: z.number().int(),
    delivery_terms: deliveryTermsSchema,
    /** Only in `nearby` answers: kilometres from the asked point, one decimal. */
    distance_km: z.number().optional(),
  })
  .meta({ id: 'MerchantSummary' });
export type MerchantSummary = z.infer<typeof merchantSummarySchema>;

export const merchantListQuerySchema = pageQuerySchema.extend({
  search: searchText,
  q: searchText,
  /** Merchants selling in this category. */
  category: filterText(50),
  /** A region code (see /api/regions) or a part of the address. */
  location: filterText(100),
});

export const merchantListSchema = z
  .object({
    merchants: z.array(merchantSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'MerchantList' });
export type MerchantList = z.infer<typeof merchantListSchema>;

/**
 * A coordinate in degrees, kept to 7 decimals (about 1 cm): finer digits mean nothing, and a
 * subnormal number such as 4.4e-323 is out of PostgreSQL's float8 range (it would answer 500).
 */
const coordinate = (limit: number) =>
  z.coerce
    .number()
    .min(-limit)
    .max(limit)
    .transform((v) => Math.round(v * 1e7) / 1e7);

export const nearbyQuerySchema = z.object({
  lat: coordinate(90),
  lng: coordinate(180),
  /** Kilometres, default 5, at least 10 m, at most 50 km. */
  radius: optionalNumber(z.number().min(0.01).max(50)).default(5),
  size: optionalNumber(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(20),
});

export const merchantsOnlySchema = z.object({ merchants: z.array(merchantSummarySchema) });

export const regionSchema = z.object({ code: z.string(), name: z.string(), merchant_count: z.number().int() });
export const regionListSchema = z.object({ regions: z.array(regionSchema) }).meta({ id: 'RegionList' });
export type Region = z.infer<typeof regionSchema>;

export const bannerSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string().nullable(),
    image_url: z.string().nullable(),
    link_url: z.string().nullable(),
    background_color: z.string().nullable(),
  })
  .meta({ id: 'Banner' });
export const bannerListSchema = z.object({ banners: z.array(bannerSchema) });
export type Banner = z.infer<typeof bannerSchema>;

export const eventSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    image_url: z.string().nullable(),
    link_url: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'Event' });
export const eventListSchema = z.object({ events: z.array(eventSchema) });
export type CatalogueEvent = z.infer<typeof eventSchema>;

export const noticeSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    is_pinned: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Notice' });
export const noticeListSchema = z.object({
  notices: z.array(noticeSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  pages: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const searchQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .max(100, '검색어는 100자 이하로 입력해주세요.')
    .refine(withoutNul, NUL_MESSAGE)
    .transform((v) => v.trim()),
  type: z.enum(['all', 'products', 'merchants']).default('all'),
});

export const searchResultSchema = z
  .object({
    query: z.string(),
    type: z.enum(['all', 'products', 'merchants']),
    products: z.array(productSchema),
    merchants: z.array(merchantSummarySchema),
    total_products: z.number().int(),
    total_merchants: z.number().int(),
    /** Every match of the asked type: total_products + total_merchants. */
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const popularKeywordsSchema = z.object({
  keywords: z.array(z.object({ keyword: z.string(), count: z.number().int() })),
});
export const keywordSuggestQuerySchema = z.object({
  q: z
    .string()
    .max(100)
    .refine(withoutNul, NUL_MESSAGE)
    .transform((v) => v.trim())
    .default(''),
});
export const keywordSuggestionsSchema = z.object({ suggestions: z.array(z.string()) });

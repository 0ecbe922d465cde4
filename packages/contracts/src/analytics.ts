import { z } from 'zod';
import { deliveryCategories, shoppingCategories } from './catalogue.js';
import { paymentStatuses } from './wallet.js';

// --- constants of spec part 3, section 9 -----------------------------------------------------------

/** GET /api/payment/analytics/summary: default and bounds of `period_days`. */
export const ANALYTICS_PERIOD_DEFAULT = 30;
export const ANALYTICS_PERIOD_MIN = 1;
export const ANALYTICS_PERIOD_MAX = 365;
/** The payments tab draws the last 7 days of `daily_stats` as bars. */
export const ANALYTICS_CHART_DAYS = 7;
/** The payments tab shows the top 5 products and the top 5 customers. */
export const ANALYTICS_TOP_PRODUCTS = 5;
export const ANALYTICS_TOP_CUSTOMERS = 5;
/** The /payment/analytics screen flags the top 3 products. */
export const ANALYTICS_TOP_FLAGGED = 3;
/** How many products the server answers in `product_stats` (by revenue). */
export const ANALYTICS_PRODUCTS_MAX = 50;
/** How many customers the server answers in `top_customers` (by total spent). */
export const ANALYTICS_TOP_CUSTOMERS_MAX = 10;
/** Days, hours and weekdays are counted in this time zone (docs/decisions/018-dashboards.md). */
export const ANALYTICS_TIME_ZONE = 'Asia/Seoul';
/** `weekday_stats[].weekday`: 0 = Sunday … 6 = Saturday, named as in Korean calendars. */
export const ANALYTICS_WEEKDAY_NAMES = ['일', '월', '화', '수', '목', '금', '토'] as const;

/** Texts of the analytics screens (spec part 3, sections 6 and 8), in Korean. */
export const analyticsMessages = {
  loadFailed: '통계를 불러오는데 실패했습니다.',
  paymentsLoadFailed: '결제 데이터를 불러오는데 실패했습니다.',
  merchantOnly: '가맹점주만 접근 가능합니다.',
  periodDays: `조회 기간은 ${ANALYTICS_PERIOD_MIN}일에서 ${ANALYTICS_PERIOD_MAX}일 사이의 정수로 입력해주세요.`,
  noPayments: '결제 내역이 없습니다.',
  unknownReason: '사유 없음',
  retry: '다시 시도',
} as const;

const categoryLabels = new Map(
  [...shoppingCategories, ...deliveryCategories].filter((c) => c.value !== 'all').map((c) => [c.value, c.label]),
);
/** The Korean label of a category code of `product_stats` / `category_stats` (the code itself when unknown). */
export function analyticsCategoryLabel(code: string): string {
  return categoryLabels.get(code) ?? code;
}

// --- the call --------------------------------------------------------------------------------------

/** GET /api/payment/analytics/summary?period_days= (1–365, default 30). */
const periodDays = z
  .number({ error: analyticsMessages.periodDays })
  .int(analyticsMessages.periodDays)
  .min(ANALYTICS_PERIOD_MIN, analyticsMessages.periodDays)
  .max(ANALYTICS_PERIOD_MAX, analyticsMessages.periodDays);
export const analyticsQuerySchema = z.object({
  // As common.optionalNumber, with the one Korean message for text that is not a number too.
  period_days: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number({ error: analyticsMessages.periodDays }).pipe(periodDays).optional(),
    )
    .default(ANALYTICS_PERIOD_DEFAULT),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** How a payment was paid: `card` when any part went to a card, `points` when points paid it all (as the payment list says). */
export const analyticsPaymentMethods = ['card', 'points'] as const;
export type AnalyticsPaymentMethod = (typeof analyticsPaymentMethods)[number];

const count = z.number().int().min(0);
/** Whole won. */
const won = z.number().int().min(0);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const analyticsSummarySchema = z
  .object({
    period_days: z.number().int(),
    /** The first and last Korean day of the period (the last is today), `YYYY-MM-DD`. */
    analysis_period: z.object({ start_date: date, end_date: date }),
    summary: z.object({
      /** Order payments created in the period, every status. */
      total_payments: count,
      /** Order totals (card + points) of the paid ones. */
      total_revenue: won,
      /** Paid / all, percent with one decimal; 0 when there is none. */
      success_rate: z.number().min(0).max(100),
      /** Revenue / paid payments, whole won; 0 when none is paid. */
      avg_order_value: won,
      unique_customers: count,
      unique_products_sold: count,
      /** The delivery fees (배달비, 택배비) within total_revenue: its own line. */
      delivery_fee_total: won,
    }),
    /** One row per status present, most frequent first. */
    payment_status_stats: z.array(
      z.object({
        status: z.enum(paymentStatuses),
        count,
        total_amount: won,
        avg_amount: won,
        min_amount: won,
        max_amount: won,
      }),
    ),
    /** Every day of the period, oldest first, zero-filled; paid payments. */
    daily_stats: z.array(z.object({ date, count, total_amount: won })),
    /** Paid payments by method, most frequent first; percentage of the paid count, one decimal. */
    payment_method_stats: z.array(
      z.object({
        method: z.enum(analyticsPaymentMethods),
        count,
        percentage: z.number().min(0).max(100),
        total_amount: won,
      }),
    ),
    /** 24 rows (0–23, Korean time), zero-filled; paid payments. */
    hourly_stats: z.array(z.object({ hour: z.number().int().min(0).max(23), count })),
    /** Weekdays with paid payments, Sunday first. */
    weekday_stats: z.array(
      z.object({
        weekday: z.number().int().min(0).max(6),
        weekday_name: z.enum(ANALYTICS_WEEKDAY_NAMES),
        count,
      }),
    ),
    /** Products sold by paid payments, by revenue (highest first), at most 50. */
    product_stats: z.array(
      z.object({
        product_id: z.number().int(),
        product_name: z.string(),
        /** The category code (shopping `category` or `delivery_category`); see analyticsCategoryLabel. */
        category: z.string(),
        payment_count: count,
        total_quantity: count,
        /** Won of the product's order lines. */
        total_revenue: won,
        /** Average order total of the payments that bought it. */
        avg_payment_amount: won,
        /** total_revenue / total_quantity, whole won. */
        revenue_per_unit: won,
        /** The options bought (by revenue, highest first); empty for a product sold without options. */
        options: z.array(
          z.object({ option_id: z.number().int(), option_name: z.string(), total_quantity: count, total_revenue: won }),
        ),
      }),
    ),
    /** Paid revenue by category (highest first). */
    category_stats: z.array(
      z.object({
        category: z.string(),
        payment_count: count,
        unique_products: count,
        total_revenue: won,
      }),
    ),
    /** At most 10 buyers by total spent (paid). */
    top_customers: z.array(
      z.object({
        user_id: z.number().int(),
        name: z.string(),
        /** Masked as wherever one user is shown to another (`sk***@example.com`): never the full address. */
        email: z.string(),
        purchase_count: count,
        unique_products_bought: count,
        /** Days from the buyer's first to last paid purchase in the period. */
        customer_lifetime_days: count,
        total_spent: won,
      }),
    ),
    /** Failed and cancelled payments by reason (most frequent first); reason null when none was recorded. */
    failure_analysis: z.array(
      z.object({
        status: z.enum(['failed', 'cancelled']),
        reason: z.string().nullable(),
        count,
      }),
    ),
  })
  .meta({ id: 'PaymentAnalytics' });
export type PaymentAnalytics = z.infer<typeof analyticsSummarySchema>;

import { z } from 'zod';

/** The feature modules a tenant switches on or off (spec part 1, section 1). */
export const featureKeys = [
  'content',
  'shopping',
  'delivery',
  'payment',
  'reviews',
  'social_login',
  'merchant',
  'analytics',
  'wallet',
] as const;
export const featureKeySchema = z.enum(featureKeys);
export type FeatureKey = z.infer<typeof featureKeySchema>;

export const tenantFeaturesSchema = z
  .object(Object.fromEntries(featureKeys.map((k) => [k, z.boolean()])) as Record<FeatureKey, z.ZodBoolean>)
  .meta({ id: 'TenantFeatures' });
export type TenantFeatures = z.infer<typeof tenantFeaturesSchema>;

const hexColour = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, '색상은 #RRGGBB 형식이어야 합니다.');
const shortText = z.string().max(200);
const longText = z.string().max(5000);

export const tenantThemeSchema = z.object({
  primary: hexColour.optional(),
  accent: hexColour.optional(),
  'primary-light': hexColour.optional(),
  'accent-light': hexColour.optional(),
});

export const companyInfoSchema = z.object({
  company_name: shortText.optional(),
  ceo_name: shortText.optional(),
  business_number: shortText.optional(),
  address: shortText.optional(),
  sales_report_number: shortText.optional(),
  pg_company_name: shortText.optional(),
});

export const serviceInfoSchema = z.object({
  service_name: shortText.optional(),
  service_description: longText.optional(),
  service_tagline: shortText.optional(),
  hero_title: shortText.optional(),
  /** May contain HTML: the client sanitises it before rendering. */
  hero_subtitle: longText.optional(),
  /** May contain HTML: the client sanitises it before rendering. */
  hero_description: longText.optional(),
});

const won = z
  .number({ error: '숫자로 입력해주세요.' })
  .int('정수로 입력해주세요.')
  .min(0, '0원 이상으로 입력해주세요.')
  .max(100_000_000, '1억 원 이하로 입력해주세요.');

export const legalInfoSchema = z.object({
  shipping_fee: won.optional(),
  free_shipping_threshold: won.optional(),
  return_hours: shortText.optional(),
  return_address: shortText.optional(),
  return_contact: shortText.optional(),
});

/** Public tenant settings (spec part 1, section 3). Every field is optional: the client has defaults. */
export const tenantSettingsSchema = z
  .object({
    contact_email: z.email('올바른 이메일 형식이 아닙니다.').max(200).optional(),
    contact_phone: shortText.optional(),
    business_hours: shortText.optional(),
    logo_url: z.string().max(2000).optional(),
    theme_color: hexColour.optional(),
    theme: tenantThemeSchema.optional(),
    company_info: companyInfoSchema.optional(),
    service_info: serviceInfoSchema.optional(),
    legal_info: legalInfoSchema.optional(),
    /** Percent of a card payment credited as points (one decimal at most); 1 when unset. */
    point_reward_rate: z
      .number({ error: '적립률은 숫자로 입력해주세요.' })
      .min(0, '적립률은 0 이상이어야 합니다.')
      .max(100, '적립률은 100 이하여야 합니다.')
      .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, '적립률은 소수점 첫째 자리까지 입력할 수 있습니다.')
      .optional(),
  })
  .meta({ id: 'TenantSettings' });
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

export const tenantSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    domain: z.string(),
    is_active: z.boolean(),
    proxy_tenant: z.string().nullable(),
    features: tenantFeaturesSchema,
    settings: tenantSettingsSchema,
    /**
     * True when the deployment's card payments go through the built-in sandbox gateway: nothing is
     * charged, and every payment screen says so with TEST_PAYMENT_NOTICE.
     */
    test_payments: z.boolean(),
  })
  .meta({ id: 'Tenant' });

/** What every payment screen and the sandbox checkout page say while the sandbox gateway is on. */
export const TEST_PAYMENT_NOTICE = '테스트 결제 — 실제로 청구되지 않습니다';
export type Tenant = z.infer<typeof tenantSchema>;

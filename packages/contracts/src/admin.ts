import { z } from 'zod';
import { imageUrlSchema } from './common.js';
import {
  companyInfoSchema,
  featureKeys,
  legalInfoSchema,
  serviceInfoSchema,
  tenantSchema,
  tenantSettingsSchema,
  tenantThemeSchema,
} from './tenant.js';

export const tenantListAnswerSchema = z.object({ tenants: z.array(tenantSchema) });

/** One or more feature switches; unknown keys are refused. */
export const tenantFeaturesUpdateBodySchema = z.object({
  features: z
    .strictObject(Object.fromEntries(featureKeys.map((k) => [k, z.boolean().optional()])), {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `알 수 없는 기능입니다: ${issue.keys.join(', ')}` : undefined,
    })
    .meta({ id: 'TenantFeaturesUpdate' }),
});

/**
 * A tenant's phone number as typed (1644-5678, 02-123-4567, 010-1234-5678): stored as its digits,
 * like the users' phones; empty clears it. Numbers stored before this rule stay readable as they are.
 */
export const tenantPhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?:0\d{8,10}|1\d{7})?$/,
        '전화번호 형식이 올바르지 않습니다. (예: 02-123-4567, 1644-5678, 010-1234-5678)',
      ),
  );

/** A business registration number as typed (123-45-67890 or 10 digits): stored as the digits; empty clears it. */
export const tenantBusinessNumberSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:\d{10})?$/, '사업자등록번호는 숫자 10자리로 입력해주세요. (예: 123-45-67890)'));

/**
 * Partial settings, deep-merged into the stored ones. `display_name` (basic tab) is a tenant
 * column but is accepted here because the settings modal saves it with the others. A legal fee
 * sent as null is unset (checkout and the policy page then use the default).
 */
export const tenantSettingsUpdateBodySchema = z.object({
  settings: tenantSettingsSchema
    .extend({
      display_name: z.string().trim().min(1, '표시 이름을 입력해주세요.').max(100).optional(),
      // Checked on input only, so a logo stored before the check never breaks reading the tenant.
      logo_url: imageUrlSchema.optional(),
      contact_phone: tenantPhoneSchema.optional(),
      theme: tenantThemeSchema.strict().optional(),
      company_info: companyInfoSchema
        .extend({ business_number: tenantBusinessNumberSchema.optional() })
        .strict()
        .optional(),
      service_info: serviceInfoSchema.strict().optional(),
      legal_info: legalInfoSchema
        .extend({
          shipping_fee: legalInfoSchema.shape.shipping_fee.unwrap().nullable().optional(),
          free_shipping_threshold: legalInfoSchema.shape.free_shipping_threshold.unwrap().nullable().optional(),
        })
        .strict()
        .optional(),
    })
    .strict()
    .meta({ id: 'TenantSettingsUpdate' }),
  display_name: z.string().trim().min(1, '표시 이름을 입력해주세요.').max(100).optional(),
});

/** What the settings route hands the tenants service: the settings part of the body, after parsing. */
export type TenantSettingsPatch = Omit<z.output<typeof tenantSettingsUpdateBodySchema>['settings'], 'display_name'>;

export const tenantAnswerSchema = z.object({ message: z.string(), tenant: tenantSchema });

export const localhostProcAnswerSchema = z.object({
  /** Domain of the tenant served at localhost and 127.0.0.1. */
  current_localhost_proc: z.string().nullable(),
  tenant_info: tenantSchema.nullable(),
});
export const localhostProcSetAnswerSchema = localhostProcAnswerSchema.extend({ message: z.string() });

/** A mail kept by the development outbox (when SMTP_URL is not set). */
export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** What the mail is for, with the code or link it carries, so a person or a test can use it. */
  kind: z.string().nullable(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export const outboxAnswerSchema = z.object({ mails: z.array(outboxMailSchema) });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

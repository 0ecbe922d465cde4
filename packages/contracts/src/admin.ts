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
 * Partial settings, deep-merged into the stored ones. `display_name` (basic tab) is a tenant
 * column but is accepted here because the settings modal saves it with the others.
 */
export const tenantSettingsUpdateBodySchema = z.object({
  settings: tenantSettingsSchema
    .extend({
      display_name: z.string().trim().min(1, '표시 이름을 입력해주세요.').max(100).optional(),
      // Checked on input only, so a logo stored before the check never breaks reading the tenant.
      logo_url: imageUrlSchema.optional(),
      theme: tenantThemeSchema.strict().optional(),
      company_info: companyInfoSchema.strict().optional(),
      service_info: serviceInfoSchema.strict().optional(),
      legal_info: legalInfoSchema.strict().optional(),
    })
    .strict()
    .meta({ id: 'TenantSettingsUpdate' }),
  display_name: z.string().trim().min(1, '표시 이름을 입력해주세요.').max(100).optional(),
});

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

import { z } from 'zod';

/**
 * A string field whose absence and emptiness both answer `missing` (a Korean "enter X" text),
 * trimmed before its other checks.
 */
export function requiredText(missing: string, max = 200) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? missing : '문자열이어야 합니다.'),
    })
    .trim()
    .min(1, { error: missing, abort: true })
    .max(max, `${max}자 이하로 입력해주세요.`);
}

/** E-mail as typed by a person: trimmed and lower-cased, so that it is one key everywhere. */
export const emailSchema = requiredText('이메일을 입력해주세요.', 254)
  .toLowerCase()
  .email('올바른 이메일 형식이 아닙니다.');

/** Korean phone numbers; dashes and spaces are dropped, so `010-1234-5678` is stored as digits. */
export const phoneSchema = requiredText('전화번호를 입력해주세요.', 30)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^0\d{8,10}$/, '전화번호는 0으로 시작하는 9~11자리 숫자로 입력해주세요.'));

/**
 * Characters that show nothing: format characters (zero-width space and joiners, BOM, soft
 * hyphen, bidi marks), controls, Hangul fillers, variation selectors, the combining grapheme joiner.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Variation_Selector}\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|\u034F/gu;

/**
 * The characters of a password as the password policy counts them: after NFKC normalisation
 * (full-width `ａ` is `a`), without whitespace and invisible characters. The password itself is
 * stored (hashed) as typed.
 */
export function countedPasswordCharacters(password: string): string[] {
  return Array.from(password.normalize('NFKC').replace(INVISIBLE, '').replace(/\s/gu, ''));
}

export const PASSWORD_MIN_COUNTED = 8;
export const passwordPolicyMessages = {
  tooShort: '비밀번호는 공백을 제외하고 8자 이상이어야 합니다.',
  oneCharacter: '같은 문자만 반복한 비밀번호는 사용할 수 없습니다.',
  /** Checked by the server only (the list is too large for the web bundle). */
  common: '너무 흔한 비밀번호입니다. 다른 비밀번호를 사용해주세요.',
} as const;

/**
 * The one password policy (ASVS 5.0 V6.2; docs/decisions/004-sessions.md) of every place a
 * password is set — registration, reset, change, the admin command: at least 8 characters as
 * `countedPasswordCharacters` counts them, not one character repeated. The server also refuses
 * passwords of a list of common ones (`isCommonPassword` in apps/server), which the client skips.
 */
export function passwordPolicyProblem(password: string): string | undefined {
  const counted = countedPasswordCharacters(password);
  if (counted.length < PASSWORD_MIN_COUNTED) return passwordPolicyMessages.tooShort;
  if (new Set(counted.map((c) => c.toLowerCase())).size === 1) return passwordPolicyMessages.oneCharacter;
  return undefined;
}

/** Adds the password policy to a string schema, after (and only when) its own checks pass. */
function withPasswordPolicy(schema: z.ZodString) {
  return schema.superRefine((password, ctx) => {
    const problem = passwordPolicyProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * Registration: the password policy, and the spec's registration rule on top (8 to 20 characters
 * with letters and digits; not trimmed).
 */
export const registrationPasswordSchema = withPasswordPolicy(
  z
    .string({ error: '비밀번호를 입력해주세요.' })
    .min(1, { error: '비밀번호를 입력해주세요.', abort: true })
    .min(8, { error: '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.', abort: true })
    .max(20, { error: '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.', abort: true })
    .regex(/[A-Za-z]/, { error: '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.', abort: true })
    .regex(/\d/, { error: '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.', abort: true }),
);

/** A new password set by reset or change: the password policy; long ones are kept whole. */
export const newPasswordSchema = withPasswordPolicy(
  z
    .string({ error: '새 비밀번호를 입력해주세요.' })
    .min(8, { error: '비밀번호는 최소 8자 이상이어야 합니다.', abort: true })
    .max(1024, { error: '비밀번호는 1024자 이하로 입력해주세요.', abort: true }),
);

export const usernameSchema = requiredText('사용자명을 입력해주세요.', 30).min(2, '사용자명은 2자 이상 입력해주세요.');

/** Stored as "base, detail" (the postcode widget's address and the typed detail). */
export const addressSchema = requiredText('주소를 입력해주세요.', 300);

/** The 5-digit postcode (우편번호) stored with an address; blank clears it. */
export const postcodeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .regex(/^\d{5}$/, '우편번호는 숫자 5자리로 입력해주세요.')
    .nullable(),
);

/** Business registration number: 10 digits; dashes and spaces are dropped. */
export const businessNumberSchema = requiredText('사업자등록번호를 입력해주세요.', 20)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, '사업자등록번호는 숫자 10자리로 입력해주세요.'));

export const userTypeSchema = z.enum(['customer', 'merchant']);
export type UserType = z.infer<typeof userTypeSchema>;

/** The merchant profile inside the user object. */
export const merchantProfileSchema = z
  .object({
    id: z.number().int(),
    business_name: z.string(),
    business_description: z.string().nullable(),
    business_number: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'MerchantProfile' });
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;

/** The user object every auth call answers (kept by the client under the storage key `user`). */
export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    user_type: userTypeSchema,
    /** A platform administrator (a grant, not a user type): the client shows [관리자] and /admin/tenants. */
    is_admin: z.boolean(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    /** The postcode of `address` (5 digits), when the user gave one. */
    postcode: z.string().nullable(),
    profile_image: z.string().nullable(),
    merchant: merchantProfileSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

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

/** Registration rule of the spec: 8 to 20 characters with letters and digits (not trimmed). */
export const registrationPasswordSchema = z
  .string({ error: '비밀번호를 입력해주세요.' })
  .min(1, { error: '비밀번호를 입력해주세요.', abort: true })
  .min(8, '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.')
  .max(20, '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.')
  .regex(/[A-Za-z]/, '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.')
  .regex(/\d/, '비밀번호는 8~20자의 영문과 숫자를 포함해야 합니다.');

/** A new password set by reset or change: at least 8 characters; long ones are kept whole. */
export const newPasswordSchema = z
  .string({ error: '새 비밀번호를 입력해주세요.' })
  .min(8, '비밀번호는 최소 8자 이상이어야 합니다.')
  .max(1024, '비밀번호는 1024자 이하로 입력해주세요.');

export const usernameSchema = requiredText('사용자명을 입력해주세요.', 30).min(2, '사용자명은 2자 이상 입력해주세요.');

/** Stored as "base, detail" (the postcode widget's address and the typed detail). */
export const addressSchema = requiredText('주소를 입력해주세요.', 300);

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
    profile_image: z.string().nullable(),
    merchant: merchantProfileSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

import { z } from 'zod';
import { imageUrlSchema } from './common.js';
import {
  addressSchema,
  businessNumberSchema,
  emailSchema,
  newPasswordSchema,
  phoneSchema,
  postcodeSchema,
  registrationPasswordSchema,
  requiredText,
  usernameSchema,
  userSchema,
} from './users.js';

/** Answer of the calls that only report success. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageAnswer = z.infer<typeof messageSchema>;

/**
 * Login form (application/x-www-form-urlencoded or multipart/form-data; JSON is accepted too):
 * `username` carries the e-mail.
 */
export const loginBodySchema = z.object({
  username: emailSchema,
  password: z
    .string({ error: '비밀번호를 입력해주세요.' })
    .min(1, '비밀번호를 입력해주세요.')
    .max(1024, '비밀번호는 1024자 이하로 입력해주세요.'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Answer of login and of both social-login calls: a bearer token and the user. */
export const loginAnswerSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    user: userSchema,
  })
  .meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const registerCustomerBodySchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: registrationPasswordSchema,
  user_type: z.literal('customer', '고객 회원가입에서는 user_type이 customer여야 합니다.').optional(),
  phone: phoneSchema,
  address: addressSchema,
});
export type RegisterCustomerBody = z.input<typeof registerCustomerBodySchema>;

export const merchantRegistrationSchema = z.object({
  business_name: requiredText('상호명을 입력해주세요.', 100),
  business_number: businessNumberSchema,
  business_description: z.string().trim().max(2000, '소개는 2000자 이하로 입력해주세요.').optional().nullable(),
  address: addressSchema,
  phone: phoneSchema,
});

export const registerMerchantBodySchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: registrationPasswordSchema,
  user_type: z.literal('merchant', '판매자 회원가입에서는 user_type이 merchant여야 합니다.').optional(),
  /** The person's own phone and address; the business ones are used when these are absent. */
  phone: phoneSchema.optional(),
  address: addressSchema.optional(),
  merchant: merchantRegistrationSchema,
});
export type RegisterMerchantBody = z.input<typeof registerMerchantBodySchema>;

export const sendVerificationBodySchema = z.object({ email: emailSchema });
export const sendVerificationAnswerSchema = z.object({
  message: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds before another code may be sent. */
  resend_after: z.number().int(),
});

export const verifyEmailBodySchema = z.object({
  email: emailSchema,
  code: requiredText('인증 코드를 입력해주세요.', 20),
});
export const verifyEmailAnswerSchema = z.object({ message: z.string(), verified: z.literal(true) });

export const findEmailBodySchema = z.object({ phone: phoneSchema });
/** Both fields hold the masked e-mail: the full address is never answered to an anonymous caller. */
export const findEmailAnswerSchema = z.object({ email: z.string(), masked_email: z.string() });

export const resetPasswordRequestBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  token: requiredText('유효하지 않은 접근입니다.', 200),
  new_password: newPasswordSchema,
});

/** Profile edit: only the fields sent change. E-mail and user type cannot be changed here. */
export const profileUpdateBodySchema = z.object({
  username: usernameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  address: z.string().trim().max(300, '300자 이하로 입력해주세요.').nullable().optional(),
  /** The address's postcode; clearing the address clears it too. */
  postcode: postcodeSchema.optional(),
  profile_image: imageUrlSchema.nullable().optional(),
  /** Sent back unchanged by clients that post the whole stored user; a different value is refused. */
  email: z.string().optional(),
  user_type: z.string().optional(),
  merchant: z
    .object({
      business_name: requiredText('상호명을 입력해주세요.', 100).optional(),
      business_number: businessNumberSchema.optional(),
      business_description: z.string().trim().max(2000, '소개는 2000자 이하로 입력해주세요.').nullable().optional(),
      address: z.string().trim().max(300, '300자 이하로 입력해주세요.').nullable().optional(),
      phone: phoneSchema.nullable().optional(),
    })
    .optional()
    .nullable(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

export const changePasswordBodySchema = z.object({
  current_password: z
    .string({ error: '현재 비밀번호를 입력해주세요.' })
    .min(1, '현재 비밀번호를 입력해주세요.')
    .max(1024),
  new_password: newPasswordSchema,
});

export const socialProviderSchema = z.enum(['kakao']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const socialAuthUrlAnswerSchema = z.object({
  auth_url: z.string(),
  /**
   * The `state` inside auth_url: the client keeps it, compares it with the callback's and sends it
   * with the code; the same answer sets it in an HttpOnly cookie bound to this browser.
   */
  state: z.string(),
});
export const socialCallbackBodySchema = z.object({
  code: requiredText('인증 코드가 없습니다.', 2000),
  /**
   * The `state` Kakao sent back. Required: one missing or not the one of this browser's auth-url
   * call answers 400 `social_state_invalid` (checked in the route so that the code is precise).
   */
  state: z.string().max(200).optional(),
  /** Only when the client used a redirect URI other than the configured one (must be the same as at authorize). */
  redirect_uri: z.url().max(2000).optional(),
});
export const socialLoginBodySchema = z.object({
  access_token: requiredText('액세스 토큰이 없습니다.', 4000),
});

/**
 * What deleting the account would do now (GET /api/auth/account/deletion, docs/decisions/030):
 * the open orders that block it (as buyer or as seller), the points that would be forfeited and
 * the points still locked (a payment or withdrawal in progress, which also block it).
 */
export const accountDeletionPreviewSchema = z
  .object({
    can_delete: z.boolean(),
    open_orders: z.array(
      z.object({
        id: z.number().int(),
        /** Whether the user is the buyer or the seller of the order. */
        role: z.enum(['buyer', 'merchant']),
        /** AWAITING_PAYMENT: a checkout not yet paid. */
        status: z.string(),
        status_label: z.string(),
        total_price: z.number().int(),
      }),
    ),
    /** Points forfeited at deletion (docs/decisions/030). */
    points_available: z.number().int(),
    /** Points held for a payment or a withdrawal in progress: deletion waits until they settle. */
    points_locked: z.number().int(),
    /** Products a merchant's deletion takes off sale. */
    products_on_sale: z.number().int(),
  })
  .meta({ id: 'AccountDeletionPreview' });
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreviewSchema>;

import {
  businessNumberSchema,
  changePasswordBodySchema,
  imageUrlSchema,
  phoneSchema,
  usernameSchema,
} from '@app/contracts';
import { z } from 'zod';
import { accountMessages as m } from './messages';

const optionalPhone = z.union([z.literal(''), phoneSchema]);
// The server's rule (own media or http(s)), with the form's message.
const imageUrl = z
  .string()
  .trim()
  .refine((v) => imageUrlSchema.safeParse(v).success, m.profileImageInvalid);

export const profileFormSchema = z.object({
  username: usernameSchema,
  phone: optionalPhone,
  address: z.string().trim().max(300, '300자 이하로 입력해주세요.'),
  profile_image: imageUrl,
  merchant: z
    .object({
      business_name: z.string().trim().min(1, '상호명을 입력해주세요.').max(100),
      business_number: z.union([z.literal(''), businessNumberSchema]),
      business_description: z.string().trim().max(2000, '소개는 2000자 이하로 입력해주세요.'),
      address: z.string().trim().max(300, '300자 이하로 입력해주세요.'),
      phone: optionalPhone,
    })
    .optional(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

export const passwordFormSchema = changePasswordBodySchema
  .extend({ password_confirm: z.string().min(1, m.passwordConfirmRequired) })
  .refine((v) => v.new_password === v.password_confirm, {
    path: ['password_confirm'],
    message: m.passwordMismatch,
    when: (payload) => {
      const confirm = (payload.value as { password_confirm?: unknown } | null)?.password_confirm;
      return typeof confirm === 'string' && confirm.length > 0;
    },
  });

/** The profile call's body: empty optional texts become null (cleared), unchanged e-mail and type are not sent. */
export function toProfileBody(values: ProfileFormOutput) {
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    username: values.username,
    phone: orNull(values.phone),
    address: orNull(values.address),
    profile_image: orNull(values.profile_image),
    ...(values.merchant
      ? {
          merchant: {
            business_name: values.merchant.business_name,
            ...(values.merchant.business_number ? { business_number: values.merchant.business_number } : {}),
            business_description: orNull(values.merchant.business_description),
            address: orNull(values.merchant.address),
            phone: orNull(values.merchant.phone),
          },
        }
      : {}),
  };
}

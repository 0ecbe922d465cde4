import { registerCustomerBodySchema, registerMerchantBodySchema } from '@app/contracts';
import { z } from 'zod';
import { authMessages as m } from './messages';

const passwordConfirm = z.string().min(1, m.passwordConfirmRequired);

function samePasswords(v: { password: string; password_confirm: string }) {
  return v.password === v.password_confirm;
}
/** Checked as soon as a confirmation is typed, even while other fields are still empty or invalid. */
export const whenConfirmTyped = (payload: { value: unknown }) => {
  const confirm = (payload.value as { password_confirm?: unknown } | null)?.password_confirm;
  return typeof confirm === 'string' && confirm.length > 0;
};
const mismatch = { path: ['password_confirm'], message: m.passwordMismatch, when: whenConfirmTyped };

/** The server's customer registration contract plus the confirmation field (spec 5). */
export const customerFormSchema = registerCustomerBodySchema
  .omit({ user_type: true })
  .extend({ password_confirm: passwordConfirm })
  .refine(samePasswords, mismatch);
export type CustomerFormInput = z.input<typeof customerFormSchema>;

/** Step 1 of merchant registration: the account. */
export const merchantAccountSchema = registerMerchantBodySchema
  .pick({ email: true, username: true, password: true })
  .extend({ password_confirm: passwordConfirm })
  .refine(samePasswords, mismatch);

/** Both steps: the account and the business (the person's phone and address come from the business). */
export const merchantFormSchema = registerMerchantBodySchema
  .omit({ user_type: true, phone: true, address: true })
  .extend({ password_confirm: passwordConfirm })
  .refine(samePasswords, mismatch);
export type MerchantFormInput = z.input<typeof merchantFormSchema>;

import {
  BUSINESS_NUMBER_PATTERN,
  changePasswordBodySchema,
  type DashboardProfile,
  type DashboardProfileUpdate,
  formatBusinessNumber,
  PROFILE_IMAGE_BYTES_MAX,
  phoneSchema,
  usernameSchema,
} from '@app/contracts';
import { z } from 'zod';
import { formatPhone } from '@/lib/phone';
import { accountMessages as m } from './messages';

/** Spec part 3, 9: the success message stays this long. */
export const SUCCESS_MESSAGE_MS = 3000;
/** `ddd-dd-ddddd`: 10 digits and two hyphens. */
export const BUSINESS_NUMBER_MAX_LENGTH = 12;

/** The editable fields as the form holds them: plain strings, the address as "base, detail". */
export interface ProfileFormValues {
  username: string;
  phone: string;
  address: string;
  /** The address's 5-digit postcode, or empty. */
  postcode: string;
  business_name: string;
  business_number: string;
  business_description: string;
}

export type ProfileChanges = DashboardProfileUpdate;

/** The loaded profile as form values (missing texts empty, phone and business number with hyphens). */
export function profileFormValues(p: DashboardProfile): ProfileFormValues {
  return {
    username: p.username,
    phone: p.phone ? formatPhone(p.phone) : '',
    address: p.address ?? '',
    postcode: p.postcode ?? '',
    business_name: p.business_name ?? '',
    business_number: p.business_number ? formatBusinessNumber(p.business_number) : '',
    business_description: p.business_description ?? '',
  };
}

/**
 * The form's rules (spec part 3, 5): username required and unique (the server says so), phone
 * optional, business fields for merchants only. A business number may stay empty only when the
 * account had none (the server cannot clear it).
 */
export function profileFormSchema(opts: { merchant: boolean; hadBusinessNumber: boolean }) {
  return z.object({
    username: usernameSchema,
    phone: z.union([z.literal(''), phoneSchema]),
    address: z.string().trim().max(300, m.addressTooLong),
    postcode: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\d{5}$/, m.postcodeFormat),
    ]),
    business_name: opts.merchant ? z.string().trim().min(1, m.businessNameRequired).max(100) : z.string(),
    business_number: opts.merchant
      ? z
          .string()
          .trim()
          .refine(
            (v) => (v === '' && !opts.hadBusinessNumber) || BUSINESS_NUMBER_PATTERN.test(v),
            m.businessNumberFormat,
          )
      : z.string(),
    business_description: opts.merchant ? z.string().trim().max(2000, m.businessDescriptionTooLong) : z.string(),
  });
}

/**
 * The fields that differ from the loaded profile, and only those (spec part 3, 4: updates send only
 * the changed fields). Texts compare trimmed; cleared optional texts are sent as null. Customers
 * never send business fields.
 */
export function changedFields(values: ProfileFormValues, loaded: DashboardProfile, merchant: boolean): ProfileChanges {
  const was = profileFormValues(loaded);
  const now = (key: keyof ProfileFormValues) => values[key].trim();
  // A phone number is the same number with or without hyphens (the server keeps the digits).
  const comparable = (key: keyof ProfileFormValues, v: string) => (key === 'phone' ? v.replace(/[\s-]/g, '') : v);
  const differs = (key: keyof ProfileFormValues) => comparable(key, now(key)) !== comparable(key, was[key].trim());
  const changes: ProfileChanges = {};
  if (differs('username')) changes.username = now('username');
  if (differs('phone')) changes.phone = now('phone') || null;
  if (differs('address')) changes.address = now('address') || null;
  if (differs('postcode')) changes.postcode = now('postcode') || null;
  if (merchant) {
    if (differs('business_name')) changes.business_name = now('business_name');
    if (differs('business_number')) changes.business_number = now('business_number');
    if (differs('business_description')) changes.business_description = now('business_description') || null;
  }
  return changes;
}

/** The client's checks of a chosen profile image (spec part 3, 5): an image type, at most 30 MB. */
export function checkProfileImage(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return m.imageOnly;
  if (file.size > PROFILE_IMAGE_BYTES_MAX) return m.imageTooLarge;
  return null;
}

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

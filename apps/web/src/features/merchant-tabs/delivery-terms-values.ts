import {
  type DeliveryTerms,
  type DeliveryTermsUpdate,
  deliveryTermsMessages,
  deliveryTermsUpdateSchema,
  LOCAL_DELIVERY_FIELDS,
  PARCEL_FIELDS,
} from '@app/contracts';
import { deliveryTermsText as m } from './messages';

/** The delivery terms form as typed: won amounts as numbers (null while empty), texts as typed. */
export interface DeliveryTermsForm {
  delivery_fee: number | null;
  min_order_amount: number | null;
  free_delivery_over: number | null;
  eta_text: string;
  offers_pickup: boolean;
  pickup_address: string;
  pickup_hours: string;
  parcel_fee: number | null;
  parcel_free_over: number | null;
}
export type DeliveryTermsField = keyof DeliveryTermsForm;
export type DeliveryTermsErrors = Partial<Record<DeliveryTermsField, string>>;

/** Which sections the form shows: local delivery and pickup with `delivery`, parcels with `shopping`. */
export interface TermsSections {
  local: boolean;
  parcel: boolean;
}

export function formOf(terms: DeliveryTerms): DeliveryTermsForm {
  return {
    ...terms,
    eta_text: terms.eta_text ?? '',
    pickup_address: terms.pickup_address ?? '',
    pickup_hours: terms.pickup_hours ?? '',
  };
}

/** The fields of the sections shown, in the form's order. */
export function fieldsOf(sections: TermsSections): DeliveryTermsField[] {
  return [...(sections.local ? LOCAL_DELIVERY_FIELDS : []), ...(sections.parcel ? PARCEL_FIELDS : [])];
}

const textOf = (value: string) => value.trim() || null;

/** A field as the server stores it: blank texts are null. */
function storedValue(form: DeliveryTermsForm, field: DeliveryTermsField) {
  const value = form[field];
  return typeof value === 'string' ? textOf(value) : value;
}

/**
 * The PUT body: the fields of the sections shown that differ from the saved terms (absent ones
 * stay as they are). Empty when nothing changed.
 */
export function changedTerms(
  form: DeliveryTermsForm,
  saved: DeliveryTerms,
  sections: TermsSections,
): DeliveryTermsUpdate {
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(sections)) {
    const value = storedValue(form, field);
    if (value !== saved[field]) body[field] = value;
  }
  return body as DeliveryTermsUpdate;
}

/**
 * What is wrong with the form, under each field: a delivery fee and a minimum are needed (0 is a
 * fine answer), pickup needs its address, and the contract's limits (amounts, text lengths).
 */
export function termsErrors(form: DeliveryTermsForm, sections: TermsSections): DeliveryTermsErrors {
  const errors: DeliveryTermsErrors = {};
  const fields = fieldsOf(sections);
  const whole = Object.fromEntries(fields.map((f) => [f, storedValue(form, f)]));
  const parsed = deliveryTermsUpdateSchema.safeParse(whole);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DeliveryTermsField | undefined;
      if (field && fields.includes(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  if (sections.local) {
    if (form.delivery_fee === null) errors.delivery_fee = m.deliveryFeeRequired;
    if (form.min_order_amount === null) errors.min_order_amount = m.minOrderRequired;
    if (form.offers_pickup && !form.pickup_address.trim()) {
      errors.pickup_address ??= deliveryTermsMessages.pickupAddressRequired;
    }
  }
  return errors;
}

/**
 * The field a refusal of the server names (its validation answers start with `field: `), so its
 * message goes under that field; null when it names none of the form's fields.
 */
export function refusedField(
  detail: string,
  sections: TermsSections,
): { field: DeliveryTermsField; text: string } | null {
  const match = /^([a-z_]+): (.+)$/s.exec(detail);
  if (!match) return null;
  const field = match[1] as DeliveryTermsField;
  return fieldsOf(sections).includes(field) ? { field, text: match[2] as string } : null;
}

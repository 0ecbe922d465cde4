import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { checkoutPartsText as t } from '@/messages/checkout';
import './checkout.css';

export interface BuyerFieldsProps {
  /** The form's registrations of buyer_name, buyer_tel and buyer_email. */
  fields: { name: UseFormRegisterReturn; tel: UseFormRegisterReturn; email: UseFormRegisterReturn };
  errors: { name?: string; tel?: string; email?: string };
}

/** 주문자 정보 of a payment form: name, phone and email (prefilled from the profile by the form). */
export function BuyerFields({ fields, errors }: BuyerFieldsProps) {
  return (
    <fieldset className="order-fieldset">
      <legend className="field-label">{t.buyer}</legend>
      <TextField label={t.buyerName} autoComplete="name" error={errors.name} {...fields.name} />
      <TextField
        label={t.buyerTel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t.buyerTelPlaceholder}
        error={errors.tel}
        {...fields.tel}
      />
      <TextField
        label={t.buyerEmail}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email}
        {...fields.email}
      />
    </fieldset>
  );
}

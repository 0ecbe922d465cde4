import { Search } from 'lucide-react';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { baseAddressOf, loadPostcode } from '@/components/form/postcode';
import { TextField } from '@/components/form/text-field';
import { checkoutPartsText as t } from '@/messages/checkout';
import './checkout.css';

type PostcodeState = 'idle' | 'loading' | 'failed';

export interface ShippingAddressProps {
  /** A parcel (shopping goods) needs the postcode too; a local delivery only the address. */
  withPostcode: boolean;
  /** The form's registrations of buyer_postcode, address_base and address_detail. */
  fields: { postcode: UseFormRegisterReturn; base: UseFormRegisterReturn; detail: UseFormRegisterReturn };
  errors: { postcode?: string; base?: string; detail?: string };
  /** The widget's answer: the form fills the postcode (when one came) and the address, then asks for the detail. */
  onFound: (found: { postcode: string; address: string }) => void;
}

/**
 * Postcode, address and detail of a parcel or a delivery: '우편번호 찾기' loads the Daum/Kakao widget
 * on demand and fills the postcode and address; every field can also be typed, which is the way
 * when the widget's script cannot load.
 */
export function ShippingAddress({ withPostcode, fields, errors, onFound }: ShippingAddressProps) {
  const [state, setState] = useState<PostcodeState>('idle');

  const findPostcode = async () => {
    setState('loading');
    try {
      const Postcode = await loadPostcode();
      setState('idle');
      new Postcode({
        oncomplete: (result) => onFound({ postcode: result.zonecode ?? '', address: baseAddressOf(result) }),
      }).open();
    } catch {
      setState('failed');
    }
  };

  return (
    <fieldset className="order-fieldset">
      <legend className="field-label">{withPostcode ? t.shipping : t.deliveryAddress}</legend>
      {withPostcode ? (
        <TextField
          label={t.postcode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder={t.postcodePlaceholder}
          error={errors.postcode}
          hint={state === 'failed' ? t.postcodeFailed : undefined}
          action={
            <button
              type="button"
              className="btn btn-outline"
              disabled={state === 'loading'}
              onClick={() => void findPostcode()}
            >
              <Search size={18} aria-hidden="true" />
              {state === 'loading' ? t.findingPostcode : t.findPostcode}
            </button>
          }
          {...fields.postcode}
        />
      ) : null}
      <TextField
        label={t.address}
        autoComplete="street-address"
        placeholder={t.addressPlaceholder}
        error={errors.base}
        {...fields.base}
      />
      <TextField
        label={t.addressDetail}
        autoComplete="address-line2"
        placeholder={t.addressDetailPlaceholder}
        error={errors.detail}
        {...fields.detail}
      />
    </fieldset>
  );
}

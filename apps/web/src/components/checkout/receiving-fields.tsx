import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { checkoutPartsText as t } from '@/messages/checkout';
import { BuyerFields } from './buyer-fields';
import { PointsField, WalletPoints } from './points-field';
import type { ReceivingValues } from './receiving-values';
import { ShippingAddress } from './shipping-address';
import type { CheckoutWallet } from './use-checkout-wallet';

export interface ReceivingFieldsProps<T extends ReceivingValues, TOut> {
  /** The payment form; its values hold ReceivingValues' fields under their names. */
  form: UseFormReturn<T, unknown, TOut>;
  /** Something is shipped or delivered: the address is asked for. */
  withAddress: boolean;
  /** A parcel goes: the postcode is asked for too. */
  withPostcode: boolean;
  wallet: CheckoutWallet;
  /** What the payment costs: points can pay at most this much. */
  total: number;
}

/**
 * The fields every payment form asks for, in this order: the buyer, the address when something is
 * shipped or delivered (the postcode widget fills it, then the detail is asked for), the memo, and
 * the points when the tenant runs the wallet.
 */
export function ReceivingFields<T extends ReceivingValues, TOut>({
  form: ownForm,
  withAddress,
  withPostcode,
  wallet,
  total,
}: ReceivingFieldsProps<T, TOut>) {
  // The paths and values used here are ReceivingValues', which every T holds.
  const form = ownForm as unknown as UseFormReturn<ReceivingValues, unknown, TOut>;
  const { errors } = form.formState;

  const fillAddress = ({ postcode, address }: { postcode: string; address: string }) => {
    const opts = { shouldValidate: true, shouldDirty: true } as const;
    if (postcode) form.setValue('buyer_postcode', postcode, opts);
    form.setValue('address_base', address, opts);
    form.setFocus('address_detail');
  };

  return (
    <>
      <BuyerFields
        fields={{
          name: form.register('buyer_name'),
          tel: form.register('buyer_tel'),
          email: form.register('buyer_email'),
        }}
        errors={{
          name: errors.buyer_name?.message,
          tel: errors.buyer_tel?.message,
          email: errors.buyer_email?.message,
        }}
      />

      {withAddress ? (
        <ShippingAddress
          withPostcode={withPostcode}
          fields={{
            postcode: form.register('buyer_postcode'),
            base: form.register('address_base'),
            detail: form.register('address_detail'),
          }}
          errors={{
            postcode: errors.buyer_postcode?.message,
            base: errors.address_base?.message,
            detail: errors.address_detail?.message,
          }}
          onFound={fillAddress}
        />
      ) : null}
      <TextField
        label={t.memo}
        placeholder={t.memoPlaceholder}
        error={errors.delivery_memo?.message}
        {...form.register('delivery_memo')}
      />

      {wallet.on ? (
        <WalletPoints available={wallet.available} failed={wallet.failed} onRetry={wallet.retry}>
          {wallet.available !== null ? (
            <PointsField control={form.control} name="points_used" available={wallet.available} total={total} />
          ) : null}
        </WalletPoints>
      ) : null}
    </>
  );
}

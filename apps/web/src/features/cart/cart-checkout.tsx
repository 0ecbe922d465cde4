import { type Cart, cartMessages, earnedPoints } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/app-toaster';
import { PayBar, payLabel } from '@/components/checkout/pay-bar';
import { PaymentSummary, paymentSummaryRows } from '@/components/checkout/payment-summary';
import { ReceivingFields } from '@/components/checkout/receiving-fields';
import { receivingFromProfile } from '@/components/checkout/receiving-values';
import { useCheckoutWallet } from '@/components/checkout/use-checkout-wallet';
import { usePaymentWindow } from '@/components/checkout/use-payment-window';
import { useFocusFirstError } from '@/components/form/focus-first-error';
import { useSingleFlight } from '@/components/form/single-flight';
import { Sheet } from '@/components/sheet';
import { TestPaymentNotice } from '@/components/test-payment-notice';
import { apiErrorDetail } from '@/lib/api-client';
import { outcomeUnknown, submissionKeys } from '@/lib/idempotency';
import { clampPoints } from '@/lib/payment-amounts';
import { useSession } from '@/lib/session';
import { checkoutCart, priceChangedCart } from './api/checkout-cart';
import {
  type CartCheckoutOutput,
  type CartCheckoutRules,
  type CartCheckoutValues,
  cartCheckoutFormSchema,
  toCartCheckoutBody,
} from './cart-checkout-values';
import { keepCartCheckout, readCartCheckout } from './cart-payment';
import { type CheckoutTotals, checkoutTotalsOf } from './cart-values';
import { cartText, cartCheckoutText as t } from './messages';
import '@/components/form/form.css';
import './cart.css';

/** The selected groups as the sheet lists them: merchant, how it is received, what and how much. */
function OrderGroups({ totals }: { totals: CheckoutTotals }) {
  return (
    <section className="cart-checkout-groups" aria-label={t.products}>
      <h3 className="order-summary-title">{t.products}</h3>
      <ul className="cart-checkout-list">
        {totals.groups.map((g) => {
          const [first] = g.items;
          const kind = g.fulfilment === 'shipping' ? cartText.kinds.shopping : cartText.kinds[g.fulfilment];
          const feeLabel = g.fulfilment === 'shipping' ? cartText.shippingFee : cartText.deliveryFee;
          return (
            <li key={g.group.merchant.id} className="cart-checkout-group">
              <p className="cart-checkout-merchant">{t.groupKind(g.group.merchant.business_name, kind)}</p>
              <p className="order-muted">{t.lines(first?.title ?? '', g.items.length - 1)}</p>
              <dl className="order-summary">
                <div>
                  <dt>{cartText.itemsTotal}</dt>
                  <dd>{cartText.won(g.itemsTotal)}</dd>
                </div>
                {g.fulfilment !== 'pickup' ? (
                  <div>
                    <dt>{feeLabel}</dt>
                    <dd>{g.fee === 0 ? cartText.free : cartText.won(g.fee)}</dd>
                  </div>
                ) : null}
                <div className="order-summary-total">
                  <dt>{cartText.groupTotal}</dt>
                  <dd>{cartText.won(g.total)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export interface CartCheckoutFormProps {
  /** The cart as priced now (with the buyer's 배달/픽업 choices). */
  cart: Cart;
  /** The lines being paid for (selected and available). */
  selectedIds: number[];
  /** The cart priced for those lines when only some of a merchant's are selected (their own fee). */
  priced?: Cart;
  /** A refused checkout (409 price_changed) answered with the cart as it is now. */
  onCartChanged: (cart: Cart) => void;
  /** Opened again after a declined or cancelled payment: the entries kept then fill the form. */
  resume?: boolean;
}

/**
 * The cart's checkout (the product page's payment form, for several merchants): the lines by
 * merchant, the buyer, the address when anything is shipped or delivered, points, and a summary
 * that adds up; then POST /api/cart/checkout and the payment window, or the callback screen at once
 * when points pay it all.
 */
export function CartCheckoutForm({ cart, selectedIds, priced, onCartChanged, resume = false }: CartCheckoutFormProps) {
  const totals = checkoutTotalsOf(cart, selectedIds, priced);
  const { user } = useSession();
  const wallet = useCheckoutWallet();
  const { available, rewardRate } = wallet;
  const [failure, setFailure] = useState<string | null>(null);
  const payment = usePaymentWindow();
  const [keys] = useState(() => submissionKeys());

  // The resolver reads the rules of this render: the balance and a repriced cart arrive later.
  const currentRules: CartCheckoutRules = {
    needsAddress: totals.needsAddress,
    needsPostcode: totals.needsPostcode,
    total: totals.total,
    available,
  };
  const rules = useRef(currentRules);
  rules.current = currentRules;
  const resolver = useMemo<Resolver<CartCheckoutValues, unknown, CartCheckoutOutput>>(
    () => (values, context, options) => zodResolver(cartCheckoutFormSchema(rules.current))(values, context, options),
    [],
  );
  const [initialValues] = useState<CartCheckoutValues>(() => {
    const kept = resume && user ? readCartCheckout(user.id) : null;
    return { ...receivingFromProfile(user), ...kept };
  });
  const form = useForm<CartCheckoutValues, unknown, CartCheckoutOutput>({
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: initialValues,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { isSubmitting } = form.formState;
  const points = useWatch({ control: form.control, name: 'points_used' });
  const pointsUsed = available === null ? 0 : clampPoints(points, available, totals.total);
  const card = totals.total - pointsUsed;
  const earned = rewardRate === null ? null : earnedPoints(card, rewardRate);

  // A smaller total or balance pulls the points down with it (the clamp of spec 5).
  useEffect(() => {
    if (available === null) return;
    const clamped = clampPoints(points, available, totals.total);
    if (clamped !== points) form.setValue('points_used', clamped, { shouldValidate: form.formState.isSubmitted });
  }, [available, totals.total, points, form]);

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const entries = form.getValues();
    const body = toCartCheckoutBody(totals, values);
    let prepared: Awaited<ReturnType<typeof checkoutCart>>;
    try {
      prepared = await checkoutCart(body, keys.keyFor(body));
      keys.settle();
    } catch (err) {
      if (!outcomeUnknown(err)) keys.settle();
      const changed = priceChangedCart(err);
      if (!changed) {
        setFailure(apiErrorDetail(err) ?? t.failed);
        return;
      }
      // The cart as it is now replaces the one shown: the buyer sees the new figures and pays again.
      onCartChanged(changed);
      const detail = apiErrorDetail(err) ?? cartMessages.priceChanged;
      toast.error(detail);
      setFailure(detail);
      return;
    }
    // Kept for this tab: a declined or cancelled payment comes back to this sheet with them.
    if (user) keepCartCheckout(user.id, prepared.merchant_uid, entries);
    const opening = await payment.open(prepared);
    if (opening) setFailure(opening);
  }, focusFirstError);

  const busy = isSubmitting || payment.stage !== 'form';
  const refusal = totals.belowMinimum.length
    ? totals.belowMinimum.map((b) => cartText.minOrderBlocked(b.merchant, b.gap)).join(' ')
    : null;
  const summaryRows = paymentSummaryRows({
    itemsTotal: totals.itemsTotal,
    fee: totals.needsAddress ? { label: t.fees, amount: totals.deliveryTotal } : null,
    points: wallet.on ? pointsUsed : null,
    card,
    earned,
  });

  return (
    <form ref={formRef} className="form-stack order-form" noValidate onSubmit={flight.guard(onSubmit)}>
      <TestPaymentNotice />
      <OrderGroups totals={totals} />

      <ReceivingFields
        form={form}
        withAddress={totals.needsAddress}
        withPostcode={totals.needsPostcode}
        wallet={wallet}
        total={totals.total}
      />

      <PaymentSummary title={t.summary} rows={summaryRows} note={totals.partial ? cartText.partialFee : null} />

      <PayBar refusal={refusal} failure={failure} pending={busy}>
        {payLabel({ stage: payment.stage, submitting: isSubmitting, total: totals.total, card })}
      </PayBar>
    </form>
  );
}

export interface CartCheckoutDialogProps extends CartCheckoutFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The checkout in a bottom sheet (phones) or a centred dialog, like the product page's; fresh each time it opens. */
export function CartCheckoutDialog({ open, onOpenChange, ...form }: CartCheckoutDialogProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t.title}>
      <CartCheckoutForm {...form} />
    </Sheet>
  );
}

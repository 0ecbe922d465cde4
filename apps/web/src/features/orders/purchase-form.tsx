import { type DeliveryTerms, orderMessages } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Resolver, type UseFormReturn, useController, useForm, useWatch } from 'react-hook-form';
import { PayBar, payLabel } from '@/components/checkout/pay-bar';
import { PaymentSummary, paymentSummaryRows } from '@/components/checkout/payment-summary';
import { ReceivingFields } from '@/components/checkout/receiving-fields';
import { receivingFromProfile } from '@/components/checkout/receiving-values';
import { useCheckoutWallet } from '@/components/checkout/use-checkout-wallet';
import { usePaymentWindow } from '@/components/checkout/use-payment-window';
import { apiErrorDetail } from '@/lib/api-client';
import { outcomeUnknown, submissionKeys } from '@/lib/idempotency';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { stockText } from '@/lib/stock';
import { useTenant } from '@/lib/tenant';
import {
  boughtProduct,
  type CheckoutFormOutput,
  type CheckoutFormValues,
  type CheckoutOption,
  type CheckoutProduct,
  type CheckoutRules,
  checkoutFormSchema,
  checkoutSummary,
  clampPoints,
  freeDeliveryFrom,
  fulfilmentOf,
  maxOrderQuantity,
  offersOrderTypeChoice,
  refusalText,
  termsOf,
  toPrepareBody,
} from './checkout-values';
import { checkoutText as t } from './messages';
import { preparePurchase } from './orders.api';
import '@/components/form/form.css';
import './orders.css';
import { useFocusFirstError } from '@/components/form/focus-first-error';
import { useSingleFlight } from '@/components/form/single-flight';
import { Sheet } from '@/components/sheet';
import { TestPaymentNotice } from '@/components/test-payment-notice';
import { keepPurchaseDraft, readPurchaseDraft } from './purchase-draft';

type Form = UseFormReturn<CheckoutFormValues, unknown, CheckoutFormOutput>;

/**
 * A typed quantity held within 1..max (the server's 1..ORDER_QTY_MAX and the stock): more digits
 * than that stop at max, so the summary never prices a quantity the order would refuse; emptied,
 * it is NaN (the form asks for a quantity) until typed again.
 */
export function typedQuantity(text: string, max: number): number {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (!digits) return Number.NaN;
  return Math.min(max, Math.max(1, Number(digits)));
}

function QuantityStepper({ form, max }: { form: Form; max: number }) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name: 'qty' });
  const qty = field.value;
  const error = fieldState.error?.message;
  const current = Number.isInteger(qty) && qty >= 1 ? qty : 1;
  const set = (next: number) => field.onChange(Math.min(max, Math.max(1, next)));
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t.quantity}
      </label>
      <div className="order-stepper">
        <button
          type="button"
          className="order-stepper-btn"
          aria-label={t.decrease}
          disabled={current <= 1}
          onClick={() => set(current - 1)}
        >
          <Minus size={18} aria-hidden="true" />
        </button>
        <input
          ref={field.ref}
          id={id}
          name={field.name}
          className="input order-stepper-input tabular"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={Number.isFinite(qty) ? String(qty) : ''}
          onChange={(e) => field.onChange(typedQuantity(e.currentTarget.value, max))}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="button"
          className="order-stepper-btn"
          aria-label={t.increase}
          disabled={current >= max}
          onClick={() => set(current + 1)}
        >
          <Plus size={18} aria-hidden="true" />
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Where and when a pickup is collected, as far as the merchant says. */
function PickupPlace({ terms }: { terms: DeliveryTerms }) {
  if (!terms.pickup_address && !terms.pickup_hours) return null;
  return (
    <p className="order-muted">
      {[
        terms.pickup_address && t.pickupAt(terms.pickup_address),
        terms.pickup_hours && t.pickupHours(terms.pickup_hours),
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}

/** Under 배달/픽업: what the chosen way means, with the merchant's ETA or pickup place. */
function ReceiveHint({ pickup, terms }: { pickup: boolean; terms: DeliveryTerms }) {
  if (pickup) {
    return (
      <div className="field-hint">
        <p>{t.pickupHint}</p>
        <PickupPlace terms={terms} />
      </div>
    );
  }
  return (
    <div className="field-hint">
      <p>{t.deliveryHint}</p>
      {terms.eta_text ? <p>{t.eta(terms.eta_text)}</p> : null}
      {terms.offers_pickup ? null : <p>{t.noPickup}</p>}
    </div>
  );
}

export interface PurchaseFormProps {
  product: CheckoutProduct;
  /** The option chosen on the product page (required there when the product has options). */
  option?: CheckoutOption | null;
  /** The quantity chosen on the product page. */
  quantity: number;
  /**
   * Opened again after a declined or cancelled payment: the entries kept when that payment started
   * (purchase-draft.ts) fill the form instead of the profile's details and the page's quantity.
   */
  resume?: boolean;
}

/**
 * The payment form of the product page (spec part 3: payment form, flow, validation): buyer
 * details from the profile, how the order is received and where, the quantity, points to use,
 * and a summary that adds up; then prepare, and the gateway for the card part or the callback
 * screen at once when points pay it all.
 */
export function PurchaseForm({ product: listed, option = null, quantity, resume = false }: PurchaseFormProps) {
  // With an option, the order is for it: its price and its stock.
  const product = boughtProduct(listed, option);
  const terms = termsOf(product);
  const { user } = useSession();
  const { tenant } = useTenant();
  const wallet = useCheckoutWallet();
  const { available, rewardRate } = wallet;
  const shipping = tenant.settings.legal_info;
  const maxQty = maxOrderQuantity(product.display_remaining);
  const [failure, setFailure] = useState<string | null>(null);
  const payment = usePaymentWindow();
  const stage = payment.stage;
  const [keys] = useState(() => submissionKeys());

  // The resolver reads the rules of this render: the balance arrives after the form is made.
  const rules = useRef<CheckoutRules>({ product, shipping, available });
  rules.current = { product, shipping, available };
  const resolver = useMemo<Resolver<CheckoutFormValues, unknown, CheckoutFormOutput>>(
    () => (values, context, options) => zodResolver(checkoutFormSchema(rules.current))(values, context, options),
    [],
  );

  const [initialValues] = useState<CheckoutFormValues>(() => {
    const fromProfile: CheckoutFormValues = {
      ...receivingFromProfile(user),
      qty: quantity,
      order_type: product.category_type === 'pickup' && !product.is_delivery ? 'pickup' : 'delivery',
    };
    // The option is the page's to choose (it sent the kept one back); only the entries come from here.
    const { option_id: _option, ...kept } = (resume && user ? readPurchaseDraft(user.id, product.id) : null) ?? {};
    const values = { ...fromProfile, ...kept };
    return { ...values, qty: Math.min(Math.max(1, Math.floor(values.qty) || 1), Math.max(1, maxQty)) };
  });
  const form = useForm<CheckoutFormValues, unknown, CheckoutFormOutput>({
    resolver,
    mode: 'onTouched',
    // The first field in error is brought into view below (useFocusFirstError), in the order shown.
    shouldFocusError: false,
    defaultValues: initialValues,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { isSubmitting } = form.formState;
  const [qty, orderType, points] = useWatch({ control: form.control, name: ['qty', 'order_type', 'points_used'] });
  const fulfilment = fulfilmentOf(product, orderType);
  const summary = checkoutSummary({
    price: product.price,
    qty,
    fulfilment,
    terms,
    shipping,
    points,
    available,
    rewardRate,
  });

  // A smaller total or balance pulls the points down with it (the clamp of spec 5).
  useEffect(() => {
    if (available === null) return;
    const clamped = clampPoints(points, available, summary.total);
    if (clamped !== points) form.setValue('points_used', clamped, { shouldValidate: form.formState.isSubmitted });
  }, [available, summary.total, points, form]);

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const entries = form.getValues();
    const body = toPrepareBody(product, values, shipping, option);
    let prepared: Awaited<ReturnType<typeof preparePurchase>>;
    try {
      prepared = await preparePurchase(body, keys.keyFor(body));
      keys.settle();
    } catch (err) {
      if (!outcomeUnknown(err)) keys.settle();
      setFailure(apiErrorDetail(err) ?? orderMessages.pointFailed);
      return;
    }
    // Kept for this tab: a declined or cancelled payment comes back to this sheet with them.
    if (user) keepPurchaseDraft(user.id, product.id, prepared.merchant_uid, entries, option?.id);
    // Points pay it all (full_points): the callback screen confirms it at once, like a card payment.
    const opening = await payment.open(prepared);
    if (opening) setFailure(opening);
  }, focusFirstError);

  const busy = isSubmitting || stage !== 'form';
  const image = mediaUrl(product.thumbnail_url ?? product.image_url);
  const stock = stockText(product.display_remaining);
  const freeFrom = summary.deliveryFee > 0 ? freeDeliveryFrom(fulfilment, terms, shipping) : null;
  const refusal = summary.refusal ? refusalText(summary.refusal, terms) : null;
  const summaryRows = paymentSummaryRows({
    itemsTotal: summary.itemsTotal,
    fee:
      fulfilment === 'pickup'
        ? null
        : { label: fulfilment === 'shipping' ? t.shippingFee : t.deliveryFee, amount: summary.deliveryFee },
    points: wallet.on ? summary.points : null,
    card: summary.card,
    earned: summary.earned,
  });
  return (
    <form ref={formRef} className="form-stack order-form" noValidate onSubmit={flight.guard(onSubmit)}>
      <TestPaymentNotice />
      <section className="order-product" aria-label={t.product}>
        <div className="order-thumb">{image ? <img src={image} alt="" loading="lazy" /> : null}</div>
        <div className="order-product-text">
          <p className="order-product-title">{product.title}</p>
          {option ? <p className="order-product-option">{t.option(option.name)}</p> : null}
          <p className="order-muted tabular">{t.unitPrice(product.price)}</p>
          {stock ? <p className="order-muted tabular">{stock}</p> : null}
        </div>
      </section>
      <QuantityStepper form={form} max={Math.max(1, maxQty)} />

      {offersOrderTypeChoice(product) ? (
        <fieldset className="order-fieldset">
          <legend className="field-label">{t.receive}</legend>
          <div className="order-segments">
            {(['delivery', 'pickup'] as const).map((type) => (
              <label key={type} className="order-segment">
                <input
                  type="radio"
                  value={type}
                  // A merchant who takes no pickups: only delivery can be chosen (the server refuses the other).
                  disabled={type === 'pickup' && !terms.offers_pickup && orderType !== 'pickup'}
                  {...form.register('order_type')}
                />
                <span>{type === 'delivery' ? t.delivery : t.pickup}</span>
              </label>
            ))}
          </div>
          <ReceiveHint pickup={orderType === 'pickup'} terms={terms} />
        </fieldset>
      ) : product.category_type === 'pickup' && terms.offers_pickup ? (
        <div className="form-message form-message-info">
          <p>{t.pickupOnly}</p>
          <PickupPlace terms={terms} />
        </div>
      ) : null}

      <ReceivingFields
        form={form}
        withAddress={fulfilment !== 'pickup'}
        withPostcode={fulfilment === 'shipping'}
        wallet={wallet}
        total={summary.total}
      />

      <PaymentSummary
        title={t.summary}
        rows={summaryRows}
        note={
          freeFrom === null
            ? null
            : fulfilment === 'shipping'
              ? t.freeShippingFrom(freeFrom)
              : t.freeDeliveryFrom(freeFrom)
        }
      />

      {/* The merchant's terms refuse this order as it stands (below the minimum, no pickups). */}
      <PayBar refusal={refusal} failure={failure} pending={busy}>
        {payLabel({ stage, submitting: isSubmitting, total: summary.total, card: summary.card })}
      </PayBar>
    </form>
  );
}

export interface PurchaseDialogProps extends PurchaseFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The payment form in a bottom sheet (phones) or a centred dialog; a fresh form each time it opens. */
export function PurchaseDialog({ open, onOpenChange, ...form }: PurchaseDialogProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t.title}>
      <PurchaseForm {...form} />
    </Sheet>
  );
}

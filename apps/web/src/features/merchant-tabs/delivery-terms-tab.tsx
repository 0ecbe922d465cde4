import {
  type DeliveryTerms,
  deliveryFeeText,
  deliveryTermsMessages,
  parcelTermsOf,
  shippingTerms,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Store, Truck } from 'lucide-react';
import { Switch } from 'radix-ui';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { toast } from '@/components/app-toaster';
import { useFocusFirstError } from '@/components/form/focus-first-error';
import { NumberField } from '@/components/form/number-field';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { apiErrorDetail } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import {
  changedTerms,
  type DeliveryTermsErrors,
  type DeliveryTermsField,
  type DeliveryTermsForm,
  formOf,
  refusedField,
  type TermsSections,
  termsErrors,
} from './delivery-terms-values';
import { DeniedNotice, isForbidden, LoadError } from './merchant-parts';
import { applyDeliveryTerms, deliveryTermsQuery, saveDeliveryTerms } from './merchant-tabs.api';
import { deliveryTermsText as m } from './messages';
import '@/components/form/form.css';
import './merchant-tabs.css';

/**
 * The merchant's delivery terms (the dashboard's 배송 조건 tab): local delivery and pickup with the
 * tenant's `delivery` feature, parcel shipping with `shopping`. Saved with the fields that changed.
 */
export function DeliveryTermsTab() {
  const { user } = useSession();
  const { isEnabled } = useTenant();
  if (user?.user_type !== 'merchant') return <DeniedNotice />;
  const sections: TermsSections = { local: isEnabled('delivery'), parcel: isEnabled('shopping') };
  return (
    <section className="mt-section" aria-labelledby="mt-terms-title">
      <div className="mt-head">
        <h2 id="mt-terms-title">{m.title}</h2>
      </div>
      <p className="mt-muted">{m.intro}</p>
      {sections.local || sections.parcel ? (
        <TermsLoader sections={sections} />
      ) : (
        <p className="mt-muted">{m.noSections}</p>
      )}
    </section>
  );
}

function TermsLoader({ sections }: { sections: TermsSections }) {
  const query = useQuery(deliveryTermsQuery());
  if (query.isError && isForbidden(query.error)) return <DeniedNotice />;
  if (query.isPending) {
    return (
      <div role="status" aria-live="polite" className="mt-terms-skeleton">
        <span className="visually-hidden">{m.loading}</span>
        <div className="skeleton" style={{ height: 220 }} />
        <div className="skeleton" style={{ height: 140 }} />
      </div>
    );
  }
  if (query.isError) {
    return <LoadError title={m.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />;
  }
  // A new answer (after saving) starts the form again from what is stored.
  return <TermsForm key={JSON.stringify(query.data)} saved={query.data} sections={sections} />;
}

function TermsForm({ saved, sections }: { saved: DeliveryTerms; sections: TermsSections }) {
  const queryClient = useQueryClient();
  const legal = useTenant().tenant.settings.legal_info;
  const [form, setForm] = useState<DeliveryTermsForm>(() => formOf(saved));
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ field: DeliveryTermsField; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { pending, guard } = useSingleFlight();
  const save = useMutation({
    mutationFn: saveDeliveryTerms,
    onSuccess: async (terms) => {
      toast.success(deliveryTermsMessages.saved);
      await applyDeliveryTerms(queryClient, terms);
    },
    onError: (err) => {
      const detail = apiErrorDetail(err);
      const named = detail ? refusedField(detail, sections) : null;
      setRefused(named);
      if (named) focusFirstError();
    },
  });

  const errors: DeliveryTermsErrors = termsErrors(form, sections);
  const body = changedTerms(form, saved, sections);
  const changed = Object.keys(body).length > 0;
  // Errors show once a save was tried, and then follow what is typed; the server's stay until the field changes.
  const shown: DeliveryTermsErrors = tried ? { ...errors } : {};
  if (refused) shown[refused.field] ??= refused.text;
  const set = <K extends DeliveryTermsField>(field: K, value: DeliveryTermsForm[K]) => {
    setForm((prev) => ({ ...prev, [field]: value }));
    if (refused?.field === field) setRefused(null);
  };
  const failure = save.isError && !refused ? (apiErrorDetail(save.error) ?? m.saveFailed) : null;

  const submit = guard((event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return undefined;
    }
    if (!changed) return undefined;
    setRefused(null);
    return save.mutateAsync(body);
  });

  const policy = shippingTerms(legal);
  // What a buyer is told, from what is typed (the stored value stands in for an empty required field).
  const preview: DeliveryTerms = {
    ...saved,
    delivery_fee: form.delivery_fee ?? saved.delivery_fee,
    min_order_amount: form.min_order_amount ?? saved.min_order_amount,
    free_delivery_over: form.free_delivery_over,
    eta_text: form.eta_text.trim() || null,
    offers_pickup: form.offers_pickup,
    parcel_fee: form.parcel_fee,
    parcel_free_over: form.parcel_free_over,
  };
  const parcel = parcelTermsOf(preview, legal);

  return (
    <form ref={formRef} className="mt-terms" onSubmit={submit} noValidate aria-labelledby="mt-terms-title">
      {sections.local ? (
        <TermsSection
          icon={<Store size={20} aria-hidden="true" />}
          title={m.local}
          intro={m.localIntro}
          preview={[
            deliveryFeeText(preview),
            m.minOrderLine(preview.min_order_amount),
            ...(preview.eta_text ? [m.etaLine(preview.eta_text)] : []),
            m.pickupLine(preview.offers_pickup),
          ].join(' · ')}
        >
          <div className="mt-terms-grid">
            <NumberField
              label={m.deliveryFee}
              unit="원"
              value={form.delivery_fee}
              onChange={(v) => set('delivery_fee', v)}
              hint={m.deliveryFeeHint}
              error={shown.delivery_fee}
            />
            <NumberField
              label={m.minOrder}
              unit="원"
              value={form.min_order_amount}
              onChange={(v) => set('min_order_amount', v)}
              hint={m.minOrderHint}
              error={shown.min_order_amount}
            />
            <NumberField
              label={m.freeOver}
              unit="원"
              placeholder={m.freeOverPlaceholder}
              value={form.free_delivery_over}
              onChange={(v) => set('free_delivery_over', v)}
              hint={m.freeOverHint}
              error={shown.free_delivery_over}
            />
            <TextField
              label={m.eta}
              placeholder={m.etaPlaceholder}
              value={form.eta_text}
              onChange={(e) => set('eta_text', e.currentTarget.value)}
              hint={m.etaHint}
              error={shown.eta_text}
              autoComplete="off"
            />
          </div>
          <PickupSwitch checked={form.offers_pickup} onChange={(v) => set('offers_pickup', v)} />
          {form.offers_pickup ? (
            <div className="mt-terms-grid">
              <TextField
                label={m.pickupAddress}
                placeholder={m.pickupAddressPlaceholder}
                value={form.pickup_address}
                onChange={(e) => set('pickup_address', e.currentTarget.value)}
                error={shown.pickup_address}
                autoComplete="street-address"
              />
              <TextField
                label={m.pickupHours}
                placeholder={m.pickupHoursPlaceholder}
                value={form.pickup_hours}
                onChange={(e) => set('pickup_hours', e.currentTarget.value)}
                error={shown.pickup_hours}
                autoComplete="off"
              />
            </div>
          ) : null}
        </TermsSection>
      ) : null}

      {sections.parcel ? (
        <TermsSection
          icon={<Truck size={20} aria-hidden="true" />}
          title={m.parcel}
          intro={m.parcelIntro}
          preview={m.parcelLine(parcel.fee, parcel.freeOver)}
        >
          <p className="mt-terms-policy tabular">{m.policyLine(policy.shippingFee, policy.freeShippingThreshold)}</p>
          <div className="mt-terms-grid">
            <NumberField
              label={m.parcelFee}
              unit="원"
              placeholder={m.policyFee(policy.shippingFee)}
              value={form.parcel_fee}
              onChange={(v) => set('parcel_fee', v)}
              hint={form.parcel_fee === null ? m.policy : m.followsPolicy}
              error={shown.parcel_fee}
            />
            <NumberField
              label={m.parcelFreeOver}
              unit="원"
              placeholder={m.policyFreeOver(policy.freeShippingThreshold)}
              value={form.parcel_free_over}
              onChange={(v) => set('parcel_free_over', v)}
              hint={form.parcel_free_over === null ? m.policy : m.followsPolicy}
              error={shown.parcel_free_over}
            />
          </div>
        </TermsSection>
      ) : null}

      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="mt-terms-actions">
        <SubmitButton pending={pending} pendingLabel={m.saving} disabled={!changed}>
          {m.save}
        </SubmitButton>
      </div>
    </form>
  );
}

function TermsSection({
  icon,
  title,
  intro,
  preview,
  children,
}: {
  icon: ReactNode;
  title: string;
  intro: string;
  preview: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card mt-terms-section" aria-labelledby={`${id}-title`}>
      <div className="mt-terms-head">
        <h3 id={`${id}-title`}>
          {icon}
          {title}
        </h3>
        <p className="mt-muted">{intro}</p>
      </div>
      <div className="mt-terms-preview">
        <span className="mt-terms-preview-label">{m.preview}</span>
        <span className="tabular">{preview}</span>
      </div>
      {children}
    </section>
  );
}

function PickupSwitch({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="mt-switch-field">
      <div className="mt-switch-row">
        <label htmlFor={id} className="field-label">
          {m.pickup}
        </label>
        <Switch.Root
          id={id}
          className="mt-switch"
          checked={checked}
          onCheckedChange={onChange}
          aria-describedby={`${id}-hint`}
        >
          <Switch.Thumb className="mt-switch-thumb" />
        </Switch.Root>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {m.pickupHint}
      </p>
    </div>
  );
}

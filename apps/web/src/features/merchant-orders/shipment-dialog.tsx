import type { Order } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFocusFirstError } from '@/components/form/focus-first-error';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { Sheet } from '@/components/sheet';
import { apiErrorDetail } from '@/lib/api-client';
import { refreshMerchantOrders, updateShipment } from './merchant-orders.api';
import { ordersText as m } from './messages';
import { ShipmentFields } from './shipment-fields';
import { checkShipmentDraft, type ShipmentErrors, shipmentDraft } from './shipment-values';
import '@/components/form/form.css';

interface ShipmentDialogProps {
  /** The parcel order whose carrier and number are registered (none yet) or corrected. */
  order: Order | null;
  onOpenChange: (open: boolean) => void;
  /** Called after the server accepted the shipment (the lists are being refreshed). */
  onSaved: (order: Order) => void;
}

/** 송장 등록 / 송장 수정: a parcel's carrier and tracking number, any time before it is delivered. */
export function ShipmentDialog({ order, onOpenChange, onSaved }: ShipmentDialogProps) {
  const mode = order?.shipment ? 'edit' : 'register';
  return (
    <Sheet open={order !== null} onOpenChange={onOpenChange} title={m.shipmentTitles[mode]}>
      {/* Keyed by order: another order starts from its own parcel. */}
      {order ? <ShipmentForm key={order.id} order={order} onSaved={onSaved} /> : null}
    </Sheet>
  );
}

function ShipmentForm({ order, onSaved }: { order: Order; onSaved: (order: Order) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const mode = order.shipment ? 'edit' : 'register';
  const [draft, setDraft] = useState(() => shipmentDraft(order.shipment));
  const [errors, setErrors] = useState<ShipmentErrors>({});
  const [failure, setFailure] = useState<{ detail?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusFirstError(formRef);

  // Single-flight: a double click registers once.
  const flight = useSingleFlight();
  const submit = flight.guard((event: FormEvent) => {
    event.preventDefault();
    const checked = checkShipmentDraft(draft, false);
    if (checked.errors) {
      setErrors(checked.errors);
      focusError();
      return;
    }
    if (!checked.shipment) return;
    const change = checked.shipment;
    setFailure(null);
    return (async () => {
      try {
        const updated = await updateShipment(order.id, change);
        void refreshMerchantOrders(queryClient, order.id);
        onSaved(updated);
      } catch (err) {
        setFailure({ detail: apiErrorDetail(err) });
      }
    })();
  });

  const busy = flight.pending;
  return (
    <form ref={formRef} className="orders-form" onSubmit={submit} noValidate>
      <p className="orders-dialog-order">
        <span>{m.orderNumber(order.id)}</span>
        <span className="orders-muted">{order.buyer.name}</span>
      </p>
      {order.delivery_address ? <p className="orders-muted orders-shipment-address">{order.delivery_address}</p> : null}
      <ShipmentFields
        id={id}
        value={draft}
        errors={errors}
        disabled={busy}
        hint={m.shipmentNumberHint}
        onChange={(next) => {
          setDraft(next);
          setErrors({});
          setFailure(null);
        }}
      />
      {failure ? (
        <div className="form-message form-message-error" role="alert">
          <p>{m.shipmentFailed}</p>
          {failure.detail ? <p>{failure.detail}</p> : null}
        </div>
      ) : null}
      <div className="orders-dialog-actions">
        <Dialog.Close className="btn btn-outline">{m.cancel}</Dialog.Close>
        <SubmitButton pending={busy} pendingLabel={m.shipmentSaving}>
          {m.shipmentSubmit[mode]}
        </SubmitButton>
      </div>
    </form>
  );
}

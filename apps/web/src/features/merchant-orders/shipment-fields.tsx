import { CARRIERS, type CarrierId, carrierIds } from '@app/contracts';
import type { ReactNode } from 'react';
import { ChoiceSelect } from '@/components/form/choice-select';
import { describedBy, FieldNotes } from '@/components/form/field-notes';
import { TextField } from '@/components/form/text-field';
import { ordersText as m } from './messages';
import type { ShipmentDraft, ShipmentErrors } from './shipment-values';

const carrierChoices = ['', ...carrierIds] as const;
const carrierLabels = Object.fromEntries([
  ['', m.carrierPlaceholder],
  ...carrierIds.map((id) => [id, CARRIERS[id].name]),
]) as Record<CarrierId | '', string>;

interface ShipmentFieldsProps {
  id: string;
  value: ShipmentDraft;
  onChange: (value: ShipmentDraft) => void;
  errors: ShipmentErrors;
  disabled?: boolean;
  /** Under the tracking number: what leaving the fields empty means, for example. */
  hint?: ReactNode;
}

/** The carrier (the six Korean carriers by name) and the tracking number, typed on a number pad. */
export function ShipmentFields({ id, value, onChange, errors, disabled, hint }: ShipmentFieldsProps) {
  const carrierId = `${id}-carrier`;
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={carrierId}>
          {m.carrier}
        </label>
        <ChoiceSelect
          id={carrierId}
          value={value.carrier}
          choices={carrierChoices}
          labels={carrierLabels}
          disabled={disabled}
          aria-invalid={errors.carrier ? true : undefined}
          aria-describedby={describedBy(carrierId, null, errors.carrier)}
          onChange={(carrier) => onChange({ ...value, carrier })}
        />
        <FieldNotes id={carrierId} error={errors.carrier} />
      </div>
      <TextField
        id={`${id}-number`}
        label={m.trackingNumber}
        className="tabular"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="done"
        maxLength={30}
        placeholder={m.trackingNumberPlaceholder}
        value={value.number}
        disabled={disabled}
        error={errors.number}
        hint={hint}
        onChange={(e) => onChange({ ...value, number: e.currentTarget.value })}
      />
    </>
  );
}

import { walletMessages } from '@app/contracts/plain';
import { useId } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { describedBy, FieldNotes } from '@/components/form/field-notes';
import { walletText as m } from './messages';
import { formatAmountInput, parseAmountInput } from './wallet-values';

export interface QuickAmount {
  label: string;
  value: number;
}

interface AmountFieldProps<T extends FieldValues> {
  /** The form's control and the amount's field name (react-hook-form). */
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** `원` for won, `P` for points. */
  unit: string;
  quick: QuickAmount[];
  hint?: string;
}

/**
 * A form's money input that groups thousands as the user types, with quick-amount chips under
 * it; its value and error come from the form.
 */
export function AmountField<T extends FieldValues>({ control, name, label, unit, quick, hint }: AmountFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  // Emptied, the field holds null and stays empty until something is typed (see parseAmountInput).
  const value = field.value as number | null | undefined;
  const onChange = (v: number | null) => field.onChange(v);
  // An emptied amount says at once that one is needed, as the form will when sent.
  const error = fieldState.error?.message ?? (value === null ? walletMessages.amountRequired : undefined);
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="wallet-amount-input">
        <input
          ref={field.ref}
          id={id}
          name={field.name}
          className="input tabular"
          inputMode="numeric"
          autoComplete="off"
          placeholder={m.amountPlaceholder}
          value={formatAmountInput(value)}
          onChange={(e) => onChange(parseAmountInput(e.currentTarget.value))}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <span className="wallet-amount-unit" aria-hidden="true">
          {unit}
        </span>
      </div>
      <fieldset className="wallet-chips">
        <legend className="visually-hidden">{m.quickAmounts}</legend>
        {quick.map((q) => (
          <button
            key={q.label}
            type="button"
            className="wallet-chip"
            aria-pressed={value === q.value}
            onClick={() => onChange(q.value)}
          >
            {q.label}
          </button>
        ))}
      </fieldset>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

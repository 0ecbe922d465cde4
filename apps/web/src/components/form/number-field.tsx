import { type ReactNode, type Ref, useId } from 'react';
import { formatAmountInput, parseAmountInput } from './amount-input';
import './form.css';
import { describedBy, FieldNotes } from './field-notes';

export interface NumberFieldProps {
  label: ReactNode;
  /** The whole number typed, or null while the field is empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** What the number counts, shown at the end of the box: `원`, `개`. */
  unit: string;
  /** Shown while empty: what an empty field means (`무제한`, `쇼핑몰 기본 3,000원`). */
  placeholder?: string;
  hint?: ReactNode;
  /** The validation message shown under the field in red (DESIGN.md: forms). */
  error?: string;
  name?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled whole-number input (money, counts) that groups thousands as the user types
 * (`15,000`), with its unit at the end; label above, hint and error under it.
 */
export function NumberField({
  label,
  value,
  onChange,
  onBlur,
  unit,
  placeholder,
  hint,
  error,
  name,
  id,
  ref,
}: NumberFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="number-input">
        <input
          ref={ref}
          id={inputId}
          name={name}
          className="input tabular"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          value={formatAmountInput(value)}
          onChange={(e) => onChange(parseAmountInput(e.currentTarget.value))}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
        />
        {/* Empty, the placeholder says what that means ("무제한"), without a unit after it. */}
        {value !== null ? (
          <span className="number-input-unit" aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </div>
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}

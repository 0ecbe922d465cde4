import { type Ref, useId } from 'react';
import { walletText as m } from './messages';
import { formatAmountInput, parseAmountInput } from './wallet-values';

export interface QuickAmount {
  label: string;
  value: number;
}

interface AmountFieldProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: () => void;
  /** `원` for won, `P` for points. */
  unit: string;
  quick: QuickAmount[];
  error?: string;
  hint?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A money input that groups thousands as the user types, with quick-amount chips under it. */
export function AmountField({ label, value, onChange, onBlur, unit, quick, error, hint, name, ref }: AmountFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="wallet-amount-input">
        <input
          ref={ref}
          id={id}
          name={name}
          className="input tabular"
          inputMode="numeric"
          autoComplete="off"
          placeholder={m.amountPlaceholder}
          value={formatAmountInput(value)}
          onChange={(e) => onChange(parseAmountInput(e.currentTarget.value))}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
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
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

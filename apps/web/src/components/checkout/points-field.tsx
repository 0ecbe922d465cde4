import { type ReactNode, useId } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { clampPoints, formatPointsInput, parsePointsInput } from '@/lib/payment-amounts';
import { checkoutPartsText as t } from '@/messages/checkout';
import './checkout.css';

export interface PointsFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** The form's points field (a number). */
  name: FieldPathByValue<T, number>;
  available: number;
  /** What the payment costs: points can pay at most this much. */
  total: number;
}

/** 사용할 포인트 with the balance, typed with separators and held within min(balance, total); 전액 사용. */
export function PointsField<T extends FieldValues, TOut>({
  control,
  name,
  available,
  total,
}: PointsFieldProps<T, TOut>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const max = Math.max(0, Math.min(available, total));
  const error = fieldState.error?.message;
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  // Spec 5: whatever is typed is clamped between 0 and min(available, total).
  const set = (v: number) => field.onChange(clampPoints(v, available, total));
  return (
    <div className="field">
      <div className="order-points-head">
        <label className="field-label" htmlFor={id}>
          {t.pointsLabel}
        </label>
        <span className="order-muted tabular">{t.pointsAvailable(available)}</span>
      </div>
      <div className="field-row">
        <div className="order-amount-input">
          <input
            ref={field.ref}
            id={id}
            name={field.name}
            className="input tabular"
            inputMode="numeric"
            autoComplete="off"
            value={formatPointsInput(field.value as number | undefined)}
            onChange={(e) => set(parsePointsInput(e.currentTarget.value))}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          />
          <span className="order-amount-unit" aria-hidden="true">
            P
          </span>
        </div>
        <button type="button" className="btn btn-outline" disabled={max === 0} onClick={() => set(max)}>
          {t.useAll}
        </button>
      </div>
      <p id={hintId} className="field-hint">
        {t.pointsHint}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface WalletPointsProps {
  /** The balance once read; null while it loads or when it failed. */
  available: number | null;
  failed: boolean;
  onRetry: () => void;
  /** The points field, shown once the balance is known. */
  children: ReactNode;
}

/** 포인트 사용 of a payment form: the field once the balance is read, else its loading or failure. */
export function WalletPoints({ available, failed, onRetry, children }: WalletPointsProps) {
  return (
    <fieldset className="order-fieldset">
      <legend className="field-label">{t.points}</legend>
      {available !== null ? (
        children
      ) : failed ? (
        <div className="order-inline-alert" role="alert">
          <p>{t.pointsFailed}</p>
          <button type="button" className="btn btn-ghost" onClick={onRetry}>
            {t.retry}
          </button>
        </div>
      ) : (
        <p className="order-muted" role="status">
          {t.pointsLoading}
        </p>
      )}
    </fieldset>
  );
}

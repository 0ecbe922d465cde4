import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import './form.css';
import { describedBy, FieldNotes } from './field-notes';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The validation message shown under the field in red (DESIGN.md: forms). */
  error?: string;
  hint?: ReactNode;
  /** A button beside the input (send code, search address). */
  action?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input: label above, hint and error under it, wired for screen readers. */
export function TextField({ label, error, hint, action, id, ref, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className={action ? 'field-row' : undefined}>
        <input
          ref={ref}
          id={inputId}
          className={`input ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
          {...input}
        />
        {action}
      </div>
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area, wired like TextField: `aria-invalid` and `aria-describedby` name its hint and error. */
export function TextAreaField({ label, error, hint, id, ref, className, ...area }: TextAreaFieldProps) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className="field">
      <label className="field-label" htmlFor={areaId}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        className={`input textarea ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, hint, error)}
        {...area}
      />
      <FieldNotes id={areaId} hint={hint} error={error} />
    </div>
  );
}

/** A message box above or under a form: success, error or info. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import './form.css';

/** The ids of a field's hint and error, for `aria-describedby` (undefined when it shows neither). */
export function describedBy(id: string, hint: ReactNode, error: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The hint and the error under a field (DESIGN.md: forms), with the ids `describedBy` names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

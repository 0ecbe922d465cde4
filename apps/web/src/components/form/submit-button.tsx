import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /**
   * True while the submission is under way: react-hook-form's `isSubmitting` (its handler returns
   * the request's promise), a mutation's `isPending` or `useSingleFlight().pending`.
   */
  pending: boolean;
  /** What the button says while pending; its usual label otherwise. */
  pendingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The one submit button of the app's forms: disabled and `aria-busy` while its submission is
 * pending, so a second click never sends the form again (pair it with `useSingleFlight` for the
 * clicks that arrive before React re-renders).
 */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  className = 'btn btn-primary',
  children,
  ...button
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={className}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...button}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}

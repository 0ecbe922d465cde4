import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useBusyLatch } from '@/components/form/single-flight';
import { ordersText as m } from './messages';

interface OrderActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  actionLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The refusal of the last try, shown in the dialog (which stays open for another try). */
  error?: string | null;
  /** Disables the action (an invalid reason). */
  invalid?: boolean;
  tone?: 'primary' | 'danger';
  onAction: () => void;
  children?: ReactNode;
}

/** Asks before an order action (구매확정, 주문 취소) and shows its outcome in place. */
export function OrderActionDialog({
  open,
  onOpenChange,
  title,
  text,
  actionLabel,
  busyLabel,
  busy,
  error,
  invalid,
  tone = 'primary',
  onAction,
  children,
}: OrderActionDialogProps) {
  // A double click acts once, even before the button is re-rendered disabled.
  const enter = useBusyLatch(busy, open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="sheet-overlay" />
        <AlertDialog.Content className="sheet sheet-alert">
          <AlertDialog.Title className="sheet-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="sheet-description">{text}</AlertDialog.Description>
          {children}
          {error ? (
            <p className="form-message form-message-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="order-alert-actions">
            <AlertDialog.Cancel className="btn btn-outline" disabled={busy}>
              {m.keep}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={`btn ${tone === 'danger' ? 'order-btn-danger' : 'btn-primary'}`}
              disabled={busy || invalid}
              aria-busy={busy || undefined}
              onClick={() => {
                if (enter()) onAction();
              }}
            >
              {busy ? busyLabel : actionLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

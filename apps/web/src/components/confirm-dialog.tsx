import { AlertDialog } from 'radix-ui';
import { useBusyLatch } from '@/components/form/single-flight';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { confirmMessages as m } from '@/messages/common';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}

/** A destructive action asked once more (delete a post, a comment, a review): cancel or confirm. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel = m.delete,
  busy,
  onConfirm,
}: ConfirmDialogProps) {
  // A double click confirms once, even before the button is re-rendered disabled.
  const enter = useBusyLatch(busy, open);
  const rendered = useOpenedOnce(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {rendered ? (
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="confirm-dialog-overlay" />
          <AlertDialog.Content className="confirm-dialog">
            <AlertDialog.Title className="confirm-dialog-title">{title}</AlertDialog.Title>
            <AlertDialog.Description className="confirm-dialog-text">{text}</AlertDialog.Description>
            <div className="confirm-dialog-actions">
              <AlertDialog.Cancel className="btn btn-outline">{m.cancel}</AlertDialog.Cancel>
              <AlertDialog.Action
                className="btn confirm-dialog-danger"
                disabled={busy}
                onClick={(e) => {
                  e.preventDefault();
                  if (enter()) onConfirm();
                }}
              >
                {confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      ) : null}
    </AlertDialog.Root>
  );
}

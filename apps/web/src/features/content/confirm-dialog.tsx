import { AlertDialog } from 'radix-ui';
import { contentMessages as m } from './messages';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}

/** The delete confirmation modal of posts and comments. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel = m.delete,
  busy,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="content-dialog-overlay" />
        <AlertDialog.Content className="content-dialog">
          <AlertDialog.Title className="content-dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description>{text}</AlertDialog.Description>
          <div className="content-dialog-actions">
            <AlertDialog.Cancel className="btn btn-outline">{m.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn btn-danger"
              disabled={busy}
              onClick={(e) => {
                e.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

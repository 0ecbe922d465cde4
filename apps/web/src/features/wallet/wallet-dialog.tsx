import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { walletText as m } from './messages';

interface WalletDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/** The wallet's modals: a bottom sheet on a phone, a centred card on a desktop. */
export function WalletDialog({ open, onOpenChange, title, description, children }: WalletDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="wallet-dialog-overlay" />
        <Dialog.Content className="wallet-dialog" {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className="wallet-dialog-head">
            <Dialog.Title className="wallet-dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="wallet-icon-button" aria-label={m.close}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="wallet-muted">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

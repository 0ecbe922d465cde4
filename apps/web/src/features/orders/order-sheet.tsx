import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { checkoutText as t } from './messages';
import './orders.css';

interface OrderSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/** The payment form's modal: a bottom sheet on a phone, a centred card on a desktop (like the wallet's). */
export function OrderSheet({ open, onOpenChange, title, description, children }: OrderSheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="order-sheet-overlay" />
        <Dialog.Content className="order-sheet" {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className="order-sheet-head">
            <Dialog.Title className="order-sheet-title">{title}</Dialog.Title>
            <Dialog.Close className="order-icon-button" aria-label={t.close}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="order-muted">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { sheetMessages as m } from '@/messages/common';
import './sheet.css';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title (aria-describedby); without it the sheet has no description. */
  description?: ReactNode;
  /** The close button waits, for example while the sheet's form is being sent. */
  closeDisabled?: boolean;
  /** A modifier of the card, for example `sheet-wide`. */
  className?: string;
  children: ReactNode;
}

/**
 * The app's modal: a bottom sheet on a phone, a centred card from 640 px, with its title and a
 * close button (Radix Dialog: focus trap, Escape, outside click).
 */
export function Sheet({ open, onOpenChange, title, description, closeDisabled, className, children }: SheetProps) {
  const rendered = useOpenedOnce(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {rendered ? (
        <Dialog.Portal>
          <Dialog.Overlay className="sheet-overlay" />
          <Dialog.Content
            className={className ? `sheet ${className}` : 'sheet'}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className="sheet-head">
              <Dialog.Title className="sheet-title">{title}</Dialog.Title>
              <Dialog.Close className="sheet-close" aria-label={m.close} disabled={closeDisabled}>
                <X size={20} aria-hidden="true" />
              </Dialog.Close>
            </div>
            {description ? <Dialog.Description className="sheet-description">{description}</Dialog.Description> : null}
            {children}
          </Dialog.Content>
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}

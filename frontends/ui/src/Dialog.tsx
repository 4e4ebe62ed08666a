/**
 * A modal dialog on Radix Dialog (docs/decisions/0020-ui-primitives-radix.md): rendered in a
 * portal, labelled by its title and described by its description. Radix keeps Tab inside, hides
 * the rest of the page from assistive technology, locks page scroll (touch included), closes on
 * Escape and on a press outside the panel, and focuses the first focusable element on open.
 * Our part is the look (ui-dialog classes) and which of those closings a dialog allows.
 */
import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { cx } from './cx.ts';
import { CloseIcon } from './Icons.tsx';
import { useUiT } from './i18n.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; the primary action last. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /**
   * False for dialogs that need an explicit choice (acknowledgments): no close (×) button, and
   * neither a press outside nor (unless `closeOnEscape`) Escape closes it.
   */
  dismissible?: boolean;
  /** Escape closes the dialog (onOpenChange(false)); as `dismissible` unless told. */
  closeOnEscape?: boolean;
  /** The element to focus on open; else the first focusable element (Radix). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible label of the close (×) button. */
  closeLabel?: string;
  /** role="alertdialog" for confirmations of destructive actions and warnings that need a choice. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  closeOnEscape = dismissible,
  initialFocusRef,
  closeLabel,
  role = 'dialog',
  className,
}: DialogProps) {
  // Our dialogs are opened by state, not by a Radix Trigger, so Radix does not know where focus
  // was: remember it on open and give it back on close.
  const t = useUiT();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {/* The panel inside the backdrop (Radix's 'scrollable overlay'): the backdrop centres it. */}
        <RadixDialog.Overlay className="ui-dialog__backdrop">
          <RadixDialog.Content
            className={cx('ui-dialog', `ui-dialog--${size}`, className)}
            role={role}
            // Radix hides the rest of the page (aria-hidden) and traps focus; saying the dialog is
            // modal lets assistive technology and checkers know why the page behind is unreachable.
            aria-modal="true"
            onOpenAutoFocus={(event) => {
              returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              if (initialFocusRef?.current) {
                event.preventDefault();
                initialFocusRef.current.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              const target = returnFocusTo.current;
              returnFocusTo.current = null;
              if (target?.isConnected) {
                event.preventDefault();
                target.focus();
              }
            }}
            onEscapeKeyDown={(event) => {
              if (!closeOnEscape) event.preventDefault();
            }}
            onPointerDownOutside={(event) => {
              if (!dismissible) event.preventDefault();
            }}
          >
            <div className="ui-dialog__header">
              <RadixDialog.Title className="ui-dialog__title">{title}</RadixDialog.Title>
              {dismissible ? (
                <RadixDialog.Close className="ui-dialog__close" aria-label={closeLabel ?? t('common.close')}>
                  <CloseIcon size={20} />
                </RadixDialog.Close>
              ) : null}
            </div>
            {description ? <RadixDialog.Description className="ui-dialog__description">{description}</RadixDialog.Description> : null}
            {children ? <div className="ui-dialog__body">{children}</div> : null}
            {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

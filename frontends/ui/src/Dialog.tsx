/**
 * A modal dialog: rendered in a portal, aria-modal and labelled by its title, keeps Tab inside,
 * closes on Escape (and on a backdrop click unless told not to) and gives focus back to the
 * element that opened it.
 */
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx.ts';
import { CloseIcon } from './Icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; the primary action last. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False for dialogs that need an explicit choice (acknowledgments). */
  dismissible?: boolean;
  /** The element to focus on open; else the first focusable element in the body or footer. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible label of the close (×) button. */
  closeLabel?: string;
  /** role="alertdialog" for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusableIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getClientRects().length > 0,
  );

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  initialFocusRef,
  closeLabel = 'Close',
  role = 'dialog',
  className,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  const panelRef = useRef<HTMLDivElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (!open) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const first =
        initialFocusRef?.current ?? focusableIn(panel).find((element) => !element.classList.contains('ui-dialog__close'));
      (first ?? panel).focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus that escapes (a click in the browser chrome, assistive tech) is brought back.
    const onFocusIn = (event: FocusEvent): void => {
      if (panel && event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation();
      onOpenChangeRef.current(false);
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="ui-dialog__backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onOpenChangeRef.current(false);
      }}
    >
      <div
        ref={panelRef}
        className={cx('ui-dialog', `ui-dialog--${size}`, className)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={() => onOpenChangeRef.current(false)}>
              <CloseIcon size={20} />
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className="ui-dialog__description">
            {description}
          </p>
        ) : null}
        {children ? <div className="ui-dialog__body">{children}</div> : null}
        {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/**
 * A menu button and its menu (WAI-ARIA APG 'menu button' pattern):
 * - the button has aria-haspopup="menu" and aria-expanded; Enter, Space or Arrow Down open the
 *   menu on its first item, Arrow Up on its last;
 * - in the menu, Arrow Up/Down move (wrapping), Home/End jump, a letter moves to the next item
 *   starting with it, Escape and Tab close it and return focus to the button;
 * - a click outside or a navigation closes it;
 * - disabled items stay focusable (so their reason can be read) and carry aria-disabled; a
 *   tooltip shows the reason on hover, focus or tap.
 * Text that is not an item (group labels, notes, tooltips) is hidden from the accessibility
 * tree and referenced by aria-labelledby / aria-describedby, so the menu holds only items,
 * groups and separators.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { cx } from './cx.ts';
import { ExternalLinkIcon } from './Icons.tsx';
import { navigate } from './navigation.ts';
import { Spinner } from './Spinner.tsx';

interface MenuContextValue {
  close: (options?: { focusButton?: boolean }) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);
const GroupNoteContext = createContext<string | undefined>(undefined);

const ITEM_SELECTOR = '[role="menuitem"]';

export interface MenuProps {
  /** Visible content of the menu button. */
  button: ReactNode;
  /** Accessible name of the button; it should start with the button's visible text. */
  buttonLabel: string;
  buttonClassName?: string;
  /** Shown at the top of the open menu, above (and outside) its items: who is signed in. */
  header?: ReactNode;
  /** Accessible name of the menu; the button's by default. */
  menuLabel?: string;
  children: ReactNode;
  className?: string;
}

export function Menu({ button, buttonLabel, buttonClassName, header, menuLabel, children, className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = (): HTMLElement[] => (menuRef.current ? Array.from(menuRef.current.querySelectorAll<HTMLElement>(ITEM_SELECTOR)) : []);

  const close = useCallback(({ focusButton = false }: { focusButton?: boolean } = {}) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  const openAt = (target: 'first' | 'last'): void => {
    setOpen(true);
    setFocusOnOpen(target);
  };

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const list = items();
    (focusOnOpen === 'first' ? list[0] : list[list.length - 1])?.focus();
    setFocusOnOpen(null);
  }, [open, focusOnOpen]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent): void => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    const onRoute = (): void => setOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('popstate', onRoute);
    window.addEventListener('single-spa:routing-event', onRoute);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('popstate', onRoute);
      window.removeEventListener('single-spa:routing-event', onRoute);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const list = items();
    if (list.length === 0) return;
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number): void => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index < 0 ? 0 : index + 1);
        return;
      case 'ArrowUp':
        focusAt(index < 0 ? list.length - 1 : index - 1);
        return;
      case 'Home':
      case 'PageUp':
        focusAt(0);
        return;
      case 'End':
      case 'PageDown':
        focusAt(list.length - 1);
        return;
      case 'Escape':
      case 'Tab':
        event.preventDefault();
        event.stopPropagation();
        close({ focusButton: true });
        return;
      default:
        break;
    }
    if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: the next item whose label starts with the letter.
      const letter = event.key.toLowerCase();
      const labelOf = (element: HTMLElement): string => (element.dataset.label ?? element.textContent ?? '').trim().toLowerCase();
      for (let step = 1; step <= list.length; step += 1) {
        const candidate = list[(Math.max(index, 0) + step) % list.length];
        if (candidate && labelOf(candidate).startsWith(letter)) {
          event.preventDefault();
          candidate.focus();
          return;
        }
      }
    }
  };

  return (
    <div ref={rootRef} className={cx('ui-menu', open && 'ui-menu--open', className)}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={cx('ui-menu__button', buttonClassName)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        onClick={() => (open ? close() : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open ? (
        <div className="ui-menu__popup">
          {header ? <div className="ui-menu__header">{header}</div> : null}
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-orientation="vertical"
            aria-labelledby={menuLabel ? undefined : buttonId}
            aria-label={menuLabel}
            className="ui-menu__list"
            onKeyDown={onMenuKeyDown}
          >
            <MenuContext.Provider value={{ close }}>{children}</MenuContext.Provider>
          </div>
        </div>
      ) : null}
    </div>
  );
}

export interface MenuGroupProps {
  /** The section's heading ('Members Only Benefits'); it names the group. */
  label: string;
  /** A note under the heading ('Portal credentials required'); it describes each item. */
  note?: ReactNode;
  children: ReactNode;
}

export function MenuGroup({ label, note, children }: MenuGroupProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = note ? `${id}-note` : undefined;
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={noteId} className="ui-menu__group">
      <div id={labelId} className="ui-menu__group-label" aria-hidden="true">
        {label}
      </div>
      {note ? (
        <div id={noteId} className="ui-menu__note" aria-hidden="true">
          {note}
        </div>
      ) : null}
      <GroupNoteContext.Provider value={noteId}>{children}</GroupNoteContext.Provider>
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="ui-menu__separator" />;
}

export interface MenuItemProps {
  /** The label: the item's accessible name. */
  children: ReactNode;
  icon?: ReactNode;
  /** A portal path (navigates without a page load) or, with `external`, an address for a new tab. */
  href?: string;
  external?: boolean;
  onSelect?: () => void;
  /** Shown but not usable (aria-disabled); say why in `tooltip`. */
  disabled?: boolean;
  tooltip?: string;
  /** Working: shows a spinner; the label should say so ('Logging out...'). */
  busy?: boolean;
  /** Keep the menu open after selection (the item shows progress). */
  keepOpen?: boolean;
  tone?: 'default' | 'destructive';
}

const isPlainClick = (event: MouseEvent): boolean => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function MenuItem({ children, icon, href, external = false, onSelect, disabled = false, tooltip, busy = false, keepOpen = false, tone = 'default' }: MenuItemProps) {
  const menu = useContext(MenuContext);
  const groupNoteId = useContext(GroupNoteContext);
  const id = useId();
  const [tipShown, setTipShown] = useState(false);
  const tooltipId = tooltip ? `${id}-tooltip` : undefined;
  const newTabId = external ? `${id}-new-tab` : undefined;
  const describedBy = [tooltipId, newTabId, groupNoteId].filter(Boolean).join(' ') || undefined;
  const inactive = disabled || busy;

  const onClick = (event: MouseEvent<HTMLElement>): void => {
    if (inactive) {
      event.preventDefault();
      if (disabled && tooltip) setTipShown(true);
      return;
    }
    if (href && !external) {
      // Modified clicks (new tab, new window) keep the browser's behaviour.
      if (!isPlainClick(event)) return;
      event.preventDefault();
      onSelect?.();
      // Focus goes back to the button; the shell moves it on to the new page's heading when the page changes.
      menu?.close({ focusButton: true });
      navigate(href);
      return;
    }
    onSelect?.();
    if (!keepOpen) menu?.close({ focusButton: !external });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    // Space activates menu items, links included.
    if (event.key === ' ' && event.currentTarget instanceof HTMLAnchorElement) {
      event.preventDefault();
      event.currentTarget.click();
    }
  };

  const common = {
    role: 'menuitem',
    tabIndex: -1,
    className: cx('ui-menu__item', tone === 'destructive' && 'ui-menu__item--destructive', busy && 'ui-menu__item--busy'),
    'aria-disabled': inactive || undefined,
    'aria-busy': busy || undefined,
    'aria-describedby': describedBy,
    onClick,
    onKeyDown,
    onFocus: () => setTipShown(true),
    onBlur: () => setTipShown(false),
    onMouseEnter: () => setTipShown(true),
    onMouseLeave: () => setTipShown(false),
  } as const;

  const content = (
    <>
      <span className="ui-menu__icon" aria-hidden="true">
        {busy ? <Spinner size="sm" /> : icon}
      </span>
      <span className="ui-menu__label">{children}</span>
      {external ? <ExternalLinkIcon size={16} className="ui-menu__external" /> : null}
    </>
  );

  return (
    <div role="none" className="ui-menu__entry">
      {href && !inactive ? (
        <a {...common} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {content}
        </a>
      ) : (
        <button {...common} type="button">
          {content}
        </button>
      )}
      {external ? (
        <span id={newTabId} hidden>
          Opens in a new tab
        </span>
      ) : null}
      {tooltip ? (
        <span id={tooltipId} className={cx('ui-menu__tooltip', tipShown && 'ui-menu__tooltip--shown')} aria-hidden="true">
          {tooltip}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A menu button and its menu on Radix Dropdown Menu (docs/decisions/0020-ui-primitives-radix.md).
 * Radix gives the WAI-ARIA menu button pattern: aria-haspopup / aria-expanded on the button,
 * Enter, Space or Arrow Down open the menu on its first item, arrow keys, Home/End and typeahead
 * move in it, Escape or a press outside close it and focus returns to the button; it is placed
 * within the viewport.
 * Our part is the look (ui-menu classes) and what items do:
 * - a portal path navigates without a page load (modified clicks keep the browser's behaviour);
 * - disabled and busy items stay focusable (so their reason can be read: aria-disabled, not
 *   Radix's `disabled`, which skips them) and do nothing when chosen; a tooltip shows the reason
 *   while the item is hovered or focused (a tap focuses it);
 * - a navigation closes the menu, and focus goes on to the new page's heading (the shell), not
 *   back to the button; an item for the page already shown starts that page again (navigate).
 * Text that is not an item (group labels, notes, tooltips) is hidden from the accessibility tree
 * and referenced by aria-labelledby / aria-describedby.
 */
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent, ReactNode, Ref } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { cx } from './cx.ts';
import { CheckIcon, ExternalLinkIcon } from './Icons.tsx';
import { navigate } from '@portal/client/navigation.ts';
import { Spinner } from './Spinner.tsx';
import { useUiT } from './i18n.ts';

/** `leave`: an item navigates; the menu closes without giving focus back to its button. */
const MenuContext = createContext<{ leave: () => void } | null>(null);
const GroupNoteContext = createContext<string | undefined>(undefined);

export interface MenuProps {
  /** Visible content of the menu button. */
  button: ReactNode;
  /** Accessible name of the button; it should start with the button's visible text. */
  buttonLabel: string;
  buttonClassName?: string;
  /** Shown at the top of the open menu, above its items: who is signed in. */
  header?: ReactNode;
  /** Accessible name of the menu; the button's by default. */
  menuLabel?: string;
  children: ReactNode;
  className?: string;
  /** The menu button's element (a caller that drew a placeholder button moves focus to it). */
  buttonRef?: Ref<HTMLButtonElement>;
  /** Open on mount (the placeholder button was pressed before this menu loaded). */
  defaultOpen?: boolean;
}

export function Menu({ button, buttonLabel, buttonClassName, header, menuLabel, children, className, buttonRef, defaultOpen = false }: MenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  // An item navigated: focus goes to the new page's heading (the shell), not back to the button.
  const leaving = useRef(false);

  useEffect(() => {
    if (!open) return undefined;
    leaving.current = false;
    const onRoute = (): void => setOpen(false);
    window.addEventListener('popstate', onRoute);
    window.addEventListener('single-spa:routing-event', onRoute);
    return () => {
      window.removeEventListener('popstate', onRoute);
      window.removeEventListener('single-spa:routing-event', onRoute);
    };
  }, [open]);

  return (
    // Not modal: like the menu button pattern, the page stays readable while the menu is open (a
    // modal menu would hide it with aria-hidden, leaving its focusable elements hidden but
    // focusable); a press outside still closes the menu, and Tab still stays in it.
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <div className={cx('ui-menu', open && 'ui-menu--open', className)}>
        <DropdownMenu.Trigger ref={buttonRef} className={cx('ui-menu__button', buttonClassName)} aria-label={buttonLabel}>
          {button}
        </DropdownMenu.Trigger>
      </div>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="ui-menu__popup"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          loop
          onCloseAutoFocus={(event) => {
            if (!leaving.current) return;
            leaving.current = false;
            event.preventDefault();
          }}
          {...(menuLabel ? { 'aria-label': menuLabel, 'aria-labelledby': undefined } : {})}
        >
          {header ? <div className="ui-menu__header">{header}</div> : null}
          <div className="ui-menu__list">
            <MenuContext.Provider
              value={{
                leave: () => {
                  leaving.current = true;
                  setOpen(false);
                },
              }}
            >
              {children}
            </MenuContext.Provider>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
    <DropdownMenu.Group aria-labelledby={labelId} aria-describedby={noteId} className="ui-menu__group">
      <div id={labelId} className="ui-menu__group-label" aria-hidden="true">
        {label}
      </div>
      {note ? (
        <div id={noteId} className="ui-menu__note" aria-hidden="true">
          {note}
        </div>
      ) : null}
      <GroupNoteContext.Provider value={noteId}>{children}</GroupNoteContext.Provider>
    </DropdownMenu.Group>
  );
}

export interface MenuChoiceProps<T extends string> {
  /** The choice's heading ('Language'); it names the group. */
  label: string;
  options: ReadonlyArray<{ readonly value: T; readonly label: string; readonly lang?: string }>;
  value: T;
  onChange: (value: T) => void;
}

/**
 * One choice among a few (the page's language): Radix's radio items (menuitemradio, the current
 * one aria-checked and aria-current="true"), each label in its own `lang` when given. The menu
 * stays open, so the change is seen.
 */
export function MenuChoice<T extends string>({ label, options, value, onChange }: MenuChoiceProps<T>) {
  const labelId = `${useId()}-label`;
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={(next) => onChange(next as T)} aria-labelledby={labelId} className="ui-menu__group">
      <div id={labelId} className="ui-menu__group-label" aria-hidden="true">
        {label}
      </div>
      {options.map((option) => (
        <div key={option.value} className="ui-menu__entry">
          <DropdownMenu.RadioItem
            value={option.value}
            lang={option.lang}
            aria-current={option.value === value ? 'true' : undefined}
            className="ui-menu__item"
            onSelect={(event) => event.preventDefault()}
          >
            <span className="ui-menu__icon" aria-hidden="true">
              {option.value === value ? <CheckIcon size={16} /> : null}
            </span>
            <span className="ui-menu__label">{option.label}</span>
          </DropdownMenu.RadioItem>
        </div>
      ))}
    </DropdownMenu.RadioGroup>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="ui-menu__separator" />;
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
  const t = useUiT();
  const menu = useContext(MenuContext);
  const groupNoteId = useContext(GroupNoteContext);
  const id = useId();
  const tooltipId = tooltip ? `${id}-tooltip` : undefined;
  const newTabId = external ? `${id}-new-tab` : undefined;
  const describedBy = [tooltipId, newTabId, groupNoteId].filter(Boolean).join(' ') || undefined;
  const inactive = disabled || busy;
  const link = href !== undefined && !inactive;

  const content = (
    <>
      <span className="ui-menu__icon" aria-hidden="true">
        {busy ? <Spinner size="sm" /> : icon}
      </span>
      <span className="ui-menu__label">{children}</span>
      {external ? <ExternalLinkIcon size={16} className="ui-menu__external" /> : null}
    </>
  );

  // A portal path: the page changes without a load (the page already shown starts again).
  // Preventing the click's default also stops Radix's selection, so the menu is closed here, and
  // without giving focus back to the button: the shell moves it to the new page's heading, which
  // a restarted page may draw only after Radix would have returned it.
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (external || !href || !isPlainClick(event)) return;
    event.preventDefault();
    onSelect?.();
    if (menu) menu.leave();
    navigate(href);
  };

  return (
    <div className="ui-menu__entry">
      <DropdownMenu.Item
        asChild={link}
        className={cx('ui-menu__item', tone === 'destructive' && 'ui-menu__item--destructive', busy && 'ui-menu__item--busy')}
        aria-disabled={inactive || undefined}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
        textValue={typeof children === 'string' ? children : undefined}
        onSelect={(event) => {
          if (inactive) {
            event.preventDefault();
            return;
          }
          onSelect?.();
          if (keepOpen) event.preventDefault();
        }}
      >
        {link ? (
          <a href={href} onClick={onLinkClick} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {content}
          </a>
        ) : (
          content
        )}
      </DropdownMenu.Item>
      {external ? (
        <span id={newTabId} hidden>
          {t('menu.newTab')}
        </span>
      ) : null}
      {tooltip ? (
        <span id={tooltipId} className="ui-menu__tooltip" aria-hidden="true">
          {tooltip}
        </span>
      ) : null}
    </div>
  );
}

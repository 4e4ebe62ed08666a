/**
 * The user-status menu at the top right (enrollment-and-payment §2 'User-status menu'): the
 * display name and a badge ('athenahealth' for provider login, 'Guest'), a caregiver shown as
 * 'caregiver name (for patient name)', and the member links. Signed-out visitors get a Sign In
 * link instead.
 *
 * The menu itself (Radix Dropdown Menu, the nurse line dialog) is a chunk of its own
 * (UserStatusMenu.tsx), loaded when the pointer or focus comes to the button (issue 15, decision
 * 0034), with the question whether Membership Billing is offered (GET /api/stripe/customer-check). Until then the same button is drawn natively; a press on it (Enter, Space, Arrow Down, a
 * click or tap) is kept and replayed on the menu once it has loaded, and focus moves to the real
 * button, so keyboard users notice nothing.
 */
import { Suspense, startTransition, useRef, useState } from 'react';
import type { ComponentPropsWithoutRef, KeyboardEvent } from 'react';
import { ButtonLink } from '@portal/ui';
import { useAuthState, useLocation, withReturn } from '@portal/client';
import { lazyOr, withWords } from './lazy-or.ts';
import { chromeText } from './chrome-text.ts';
import { MenuButtonContent, menuButtonLabel, type MenuIntent, type SignedIn } from './user-status-button.tsx';

const loadMenu = () => withWords(import('./UserStatusMenu.tsx'));
// Without its chunk the button stays a placeholder (the page still works; a reload brings the menu).
const UserStatusMenu = lazyOr<{ state: SignedIn; intent: MenuIntent }>(
  () => loadMenu().then((module) => module.default),
  ({ state }) => <MenuButtonPlaceholder state={state} />,
);

export function UserStatus() {
  const { state, isPending } = useAuthState();
  const { pathname, search } = useLocation();
  if (state.kind === 'unauthenticated') {
    // No layout jump while the first session check runs.
    if (isPending) return <span className="portal-user__placeholder" aria-hidden="true" />;
    return (
      <ButtonLink href={withReturn('/login', `${pathname}${search}`)} variant="secondary" size="sm">
        {chromeText('user.signIn')}
      </ButtonLink>
    );
  }
  return <SignedInStatus state={state} />;
}

/** The menu button as drawn before the menu has loaded. */
function MenuButtonPlaceholder({ state, ...handlers }: { state: SignedIn } & ComponentPropsWithoutRef<'button'>) {
  return (
    <div className="ui-menu portal-user">
      <button type="button" className="ui-menu__button portal-user__button" aria-haspopup="menu" aria-expanded="false" aria-label={menuButtonLabel(state)} {...handlers}>
        <MenuButtonContent state={state} />
      </button>
    </div>
  );
}

const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

function SignedInStatus({ state }: { state: SignedIn }) {
  const [wanted, setWanted] = useState(false);
  const intent = useRef<MenuIntent>({ focused: false, key: null, pressed: false });
  const want = (): void => {
    if (wanted) return;
    void loadMenu();
    // A transition: the placeholder stays on screen (and keeps focus and keys) until the menu has loaded.
    startTransition(() => setWanted(true));
  };

  const placeholder = (
    <MenuButtonPlaceholder
      state={state}
      onPointerEnter={want}
      onFocus={() => {
        intent.current.focused = true;
        want();
      }}
      onBlur={(event) => {
        // Not when the placeholder itself leaves the page: the real button takes the focus then.
        if (event.currentTarget.isConnected) intent.current.focused = false;
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        intent.current.key = event.key;
        want();
      }}
      // The press as it starts: if the menu replaces this button between pointerdown and click
      // (it loads on pointerenter), no click reaches either button, and the press is still kept.
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        intent.current.pressed = true;
        want();
      }}
      onClick={() => {
        intent.current.pressed = true;
        want();
      }}
    />
  );

  // One boundary for both, so the placeholder is the same element until the menu replaces it.
  return <Suspense fallback={placeholder}>{wanted ? <UserStatusMenu state={state} intent={intent.current} /> : placeholder}</Suspense>;
}

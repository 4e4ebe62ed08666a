/**
 * The account menu button's face, shared by the placeholder drawn before the menu's chunk loads
 * (UserStatus.tsx) and the menu itself (UserStatusMenu.tsx): its accessible name, what it shows,
 * and what a press on the placeholder asked for.
 */
import { Badge, ChevronDownIcon, cx } from '@portal/ui';
import { badgeOf, displayNameOf, initialsOf } from '@portal/client';
import type { AuthState } from '@portal/client';
import { chromeText } from './chrome-text.ts';

export type SignedIn = Exclude<AuthState, { kind: 'unauthenticated' }>;

/** What happened on the placeholder button before the menu loaded. */
export interface MenuIntent {
  /** The placeholder had focus: the real button takes it. */
  focused: boolean;
  /** A key that opens the menu (Enter, Space, ArrowDown), replayed on the real button. */
  key: string | null;
  /** A click or tap: the menu opens at once. */
  pressed: boolean;
}

/** The accessible name of the menu button. */
export const menuButtonLabel = (state: SignedIn): string => chromeText('user.menuLabel', { name: displayNameOf(state), badge: badgeText(state) });

/** The badge: 'athenahealth' (a name) or 'Guest' in the page's language. */
export const badgeText = (state: SignedIn): string => (state.kind === 'guest' ? chromeText('user.guestBadge') : (badgeOf(state) ?? ''));

/** What the menu button shows: avatar, name, badge and chevron. */
export function MenuButtonContent({ state }: { state: SignedIn }) {
  return (
    <>
      <span className={cx('portal-avatar', state.kind === 'guest' && 'portal-avatar--guest')} aria-hidden="true">
        {initialsOf(state)}
      </span>
      <span className="portal-user__summary">
        <span className="portal-user__name">{displayNameOf(state)}</span>
        <Badge variant={state.kind === 'provider' ? 'default' : 'secondary'} className="portal-user__badge">
          {badgeText(state)}
        </Badge>
      </span>
      <ChevronDownIcon size={18} className="portal-user__chevron" />
    </>
  );
}

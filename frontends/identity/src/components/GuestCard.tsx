import type { MouseEvent } from 'react';
import {
  ButtonLink,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckIcon,
  Spinner,
  cx,
} from '@portal/ui';
import {
  navigate,
  withReturn,
} from '@portal/client';
import { useUiT } from '@portal/ui/i18n.ts';
import { useT } from '../i18n.ts';

/**
 * 'Continue as Guest': to /guest-login, keeping the return path, once the login page's human
 * check is done. Pressed before, the press is kept (the link is busy and says so) and goes when
 * the check answers.
 */
export function GuestCard({
  returnPath,
  afterCheck = (run) => run(),
  waitingForCheck = false,
}: {
  returnPath: string | null;
  /** The login page's human check: runs `run` now when done, else as soon as it is (or not, when it fails). */
  afterCheck?: (run: () => void) => void;
  /** A press is kept until the check answers. */
  waitingForCheck?: boolean;
}) {
  const href = withReturn('/guest-login', returnPath);
  const t = useT();
  const uiT = useUiT();

  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    // With the check done the link goes now, as a link does (a new-tab click opens a tab);
    // otherwise it stays here and goes later in this tab, or not at all if the check fails.
    let inThisClick = true;
    let goesNow = false;
    afterCheck(() => {
      if (inThisClick) goesNow = true;
      else navigate(href);
    });
    inThisClick = false;
    if (!goesNow) event.preventDefault();
  };

  return (
    <Card as="article" className="identity-guest-card">
      <CardHeader>
        <CardTitle>{t('login.guest.title')}</CardTitle>
        <CardDescription>{t('login.guest.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="ui-plan__features" aria-label={t('login.guest.needs')}>
          <li className="ui-plan__feature">
            <CheckIcon size={18} className="ui-plan__check" />
            <span>{t('login.guest.needs.email')}</span>
          </li>
          <li className="ui-plan__feature">
            <CheckIcon size={18} className="ui-plan__check" />
            <span>{t('login.guest.needs.phone')}</span>
          </li>
        </ul>
      </CardContent>
      <CardFooter>
        {/* Busy like a loading Button, but still a link (focus stays on it while it waits). */}
        <ButtonLink
          href={href}
          size="lg"
          block
          className={cx(waitingForCheck && 'ui-button--loading')}
          aria-busy={waitingForCheck || undefined}
          onClick={onClick}
        >
          {waitingForCheck ? <Spinner size="sm" className="ui-button__spinner" /> : null}
          <span className="ui-button__label">{waitingForCheck ? uiT('securityCheck.waiting') : t('login.guest.action')}</span>
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}

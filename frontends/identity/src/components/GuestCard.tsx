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
  SECURITY_CHECK_WAITING,
  navigate,
  withReturn,
} from '@portal/client';

export const GUEST_LABEL = 'Continue as Guest';

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
        <CardTitle>Continue as Guest</CardTitle>
        <CardDescription>
          No patient portal account? Verify your email address and mobile phone number to enroll in a membership or book an
          appointment.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="ui-plan__features" aria-label="What you will need">
          <li className="ui-plan__feature">
            <CheckIcon size={18} className="ui-plan__check" />
            <span>An email address you can check now</span>
          </li>
          <li className="ui-plan__feature">
            <CheckIcon size={18} className="ui-plan__check" />
            <span>A mobile phone that can receive text messages</span>
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
          <span className="ui-button__label">{waitingForCheck ? SECURITY_CHECK_WAITING : GUEST_LABEL}</span>
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}

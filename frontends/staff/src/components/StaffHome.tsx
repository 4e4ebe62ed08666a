import { useId } from 'react';
import { Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, LogOutIcon, UserIcon } from '@portal/ui';
import { sessionEndsAt } from '../staff-session.ts';

/** Signed in: who, until when, and Logout. Patient search and subscriptions join this page later. */
export function StaffHome({
  email,
  expiresAt,
  onLogout,
  loggingOut,
}: {
  email: string;
  expiresAt: string | null;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const titleId = useId();
  const endsAt = sessionEndsAt(expiresAt);
  return (
    <Card as="section" className="ui-auth-card staff-home" aria-labelledby={titleId}>
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <UserIcon size={22} />
        </span>
        <CardTitle as="h2" id={titleId}>
          Signed in as {email}
        </CardTitle>
        {endsAt ? <CardDescription>Your session ends at {endsAt}. Sign in again after that.</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <p className="ui-help-text">Log out when you leave this computer, especially on a shared workstation.</p>
      </CardContent>
      <CardFooter>
        <Button variant="secondary" onClick={onLogout} loading={loggingOut} loadingText="Logging out...">
          <LogOutIcon size={18} />
          Logout
        </Button>
      </CardFooter>
    </Card>
  );
}

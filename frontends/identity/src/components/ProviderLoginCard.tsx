import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckIcon,
  ShieldIcon,
} from '@portal/ui';
import {
  SECURITY_CHECK_WAITING,
  useProviderSignIn,
} from '@portal/client';

export const PROVIDER_SIGN_IN_LABEL = 'Sign in with athenahealth';

const BENEFITS = [
  'See your membership and manage appointments',
  'Reach the members-only nurse line',
  "Caregivers can switch to a dependent's account",
];

/**
 * The health-record provider's login (shown when /api/config says oauth.enabled). The button
 * starts sign-in at our server's authorize endpoint, coming back to `redirectPath`, once the
 * login page's human check is done; pressed before, the press is kept (the button is busy and
 * says so) and goes when the check answers.
 */
export function ProviderLoginCard({
  redirectPath,
  afterCheck = (run) => run(),
  waitingForCheck = false,
}: {
  redirectPath: string;
  /** The login page's human check: runs `run` now when done, else as soon as it is (or not, when it fails). */
  afterCheck?: (run: () => void) => void;
  /** A press is kept until the check answers. */
  waitingForCheck?: boolean;
}) {
  const { start, isStarting } = useProviderSignIn();
  const [error, setError] = useState<string | null>(null);

  const signIn = (): void => {
    setError(null);
    afterCheck(() => {
      start('dashboard', redirectPath).catch((failure: unknown) => {
        const message = failure instanceof Error ? failure.message : '';
        // A raw HTTP error ('503: ...') is not for patients; configuration messages are.
        setError(message && !/^\d{3}: /.test(message) ? message : 'Sign-in could not be started. Please try again.');
      });
    });
  };

  return (
    <Card as="article" highlighted className="identity-provider-card">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <ShieldIcon size={22} />
        </span>
        <CardTitle>Patient Portal Login</CardTitle>
        <CardDescription>
          Already have an athenahealth patient portal account with our practice? Sign in with the same credentials.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="ui-plan__features" aria-label="With your patient portal account">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="ui-plan__feature">
              <CheckIcon size={18} className="ui-plan__check" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
        {error ? (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          size="lg"
          block
          onClick={signIn}
          loading={isStarting || waitingForCheck}
          loadingText={waitingForCheck ? SECURITY_CHECK_WAITING : 'Redirecting to athenahealth...'}
        >
          {PROVIDER_SIGN_IN_LABEL}
        </Button>
      </CardFooter>
    </Card>
  );
}

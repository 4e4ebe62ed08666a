import { ButtonLink, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, CheckIcon, withReturn } from '@portal/ui';

/** 'Continue as Guest': to /guest-login, keeping the return path, once the login page's human check is done. */
export function GuestCard({
  returnPath,
  requireCheck = () => true,
  waiting = false,
}: {
  returnPath: string | null;
  requireCheck?: () => boolean;
  waiting?: boolean;
}) {
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
        <ButtonLink
          href={withReturn('/guest-login', returnPath)}
          size="lg"
          block
          aria-disabled={waiting || undefined}
          onClick={(event) => {
            if (!requireCheck()) event.preventDefault();
          }}
        >
          Continue as Guest
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}

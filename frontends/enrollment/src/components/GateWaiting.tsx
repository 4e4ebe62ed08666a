/**
 * What a sign-in gate shows while it cannot show its page: checking the session, a failed check
 * (try again or sign in), or the redirect to the login page.
 */
import { AlertIcon, Button, ButtonLink, Container, EmptyState, LoadingState } from '@portal/ui';
import { ENROLLMENT_AUTH_PATH } from '../flow.ts';
import { SESSION_ERROR_TEXT, SESSION_ERROR_TITLE } from '../messages.ts';

export function GateWaiting({
  isPending,
  isError,
  refetch,
  loadingLabel,
}: {
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  loadingLabel: string;
}) {
  if (isPending) {
    return (
      <Container size="md">
        <LoadingState label={loadingLabel} />
      </Container>
    );
  }

  if (isError) {
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          tone="destructive"
          icon={<AlertIcon size={28} />}
          title={SESSION_ERROR_TITLE}
          description={<p role="alert">{SESSION_ERROR_TEXT}</p>}
          actions={
            <>
              <Button onClick={refetch}>Try again</Button>
              <ButtonLink href={ENROLLMENT_AUTH_PATH} variant="secondary">
                Go to Sign In
              </ButtonLink>
            </>
          }
        />
      </Container>
    );
  }

  return (
    <Container size="md">
      <LoadingState label="Redirecting to login..." />
    </Container>
  );
}

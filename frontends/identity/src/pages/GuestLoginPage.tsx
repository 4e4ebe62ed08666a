import { useEffect } from 'react';
import { ArrowLeftIcon, ButtonLink, Container, LoadingState, PageHeader, Stack, useLocation, withReturn } from '@portal/ui';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';

/**
 * /guest-login (booking-dashboard-staff §2). The email and phone verification cards join this
 * page later. Signed-in visitors move on to the return path or /dashboard.
 */
export function GuestLoginPage() {
  const { searchParams } = useLocation();
  const returnPath = searchParams.get('return');
  const redirecting = useSignedInRedirect(returnPath);

  useEffect(() => {
    document.title = 'Guest Verification | Member Portal';
  }, []);

  if (redirecting) {
    return (
      <Container size="md">
        <LoadingState label="Redirecting..." />
      </Container>
    );
  }

  return (
    <Container size="md">
      <Stack gap={5}>
        <div>
          <ButtonLink href={withReturn('/login', returnPath)} variant="secondary" size="sm">
            <ArrowLeftIcon size={18} />
            Back to Login Options
          </ButtonLink>
        </div>
        <PageHeader
          title="Guest Verification"
          description="Verify your email address and your mobile phone number to continue as a guest."
        />
      </Stack>
    </Container>
  );
}

import { useEffect } from 'react';
import { ButtonLink, CheckIcon, Container, EmptyState, Stack } from '@portal/ui';
import { usePractice } from '@portal/client';

export const SIGNED_OUT_TITLE = 'Signed Out Successfully';

/**
 * /logout-confirmation (enrollment-and-payment §2): 'Signed Out Successfully', 'Sign Back In'
 * (to /dashboard, which asks for sign-in) and the practice's contact address.
 */
export function LogoutConfirmationPage() {
  // The practice's address comes from its configuration (GET /api/config/practice, decision 0028).
  const supportEmail = usePractice().data?.supportEmail;
  useEffect(() => {
    document.title = `${SIGNED_OUT_TITLE} | Member Portal`;
  }, []);

  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        icon={<CheckIcon size={28} />}
        title={SIGNED_OUT_TITLE}
        className="identity-signed-out"
        description={
          <Stack gap={3}>
            <p>You have left the Member Portal. If you are on a shared or public device, close this browser window.</p>
            {supportEmail ? (
              <p>
                Questions? Contact us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </p>
            ) : null}
          </Stack>
        }
        actions={
          <ButtonLink href="/dashboard" size="lg">
            Sign Back In
          </ButtonLink>
        }
      />
    </Container>
  );
}

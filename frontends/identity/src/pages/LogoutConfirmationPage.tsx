import { useEffect } from 'react';
import { ButtonLink, CheckIcon, Container, EmptyState, PRACTICE_CONTACT_EMAIL, Stack } from '@portal/ui';

export const SIGNED_OUT_TITLE = 'Signed Out Successfully';

/**
 * /logout-confirmation (enrollment-and-payment §2): 'Signed Out Successfully', 'Sign Back In'
 * (to /dashboard, which asks for sign-in) and the practice's contact address.
 */
export function LogoutConfirmationPage() {
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
            <p>
              Questions? Contact us at <a href={`mailto:${PRACTICE_CONTACT_EMAIL}`}>{PRACTICE_CONTACT_EMAIL}</a>
            </p>
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

import { useEffect } from 'react';
import { ButtonLink, CheckIcon, Container, EmptyState, Stack } from '@portal/ui';
import { usePractice } from '@portal/client';
import { useT } from '../i18n.ts';
import { richText } from '../rich-text.tsx';

/**
 * /logout-confirmation (enrollment-and-payment §2): 'Signed Out Successfully', 'Sign Back In'
 * (to /dashboard, which asks for sign-in) and the practice's contact address.
 */
export function LogoutConfirmationPage() {
  // The practice's address comes from its configuration (GET /api/config/practice, decision 0028).
  const supportEmail = usePractice().data?.supportEmail;
  const t = useT();
  useEffect(() => {
    document.title = t('title.signedOut');
  }, [t]);

  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        icon={<CheckIcon size={28} />}
        title={t('signedOut.title')}
        className="identity-signed-out"
        description={
          <Stack gap={3}>
            <p>{t('signedOut.body')}</p>
            {supportEmail ? (
              <p>{richText(t, 'signedOut.contact', { email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> })}</p>
            ) : null}
          </Stack>
        }
        actions={
          <ButtonLink href="/dashboard" size="lg">
            {t('signedOut.signBackIn')}
          </ButtonLink>
        }
      />
    </Container>
  );
}

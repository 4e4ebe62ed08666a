import { useEffect } from 'react';
import { Container, LoadingState } from '@portal/ui';
import { navigate } from '@portal/client';
import { useT } from '../i18n.ts';

/** /enrollment-auth and /appointment-auth: where each sends people to sign in first. */
export const AUTH_REDIRECTS: Readonly<Record<string, string>> = {
  '/enrollment-auth': '/login?return=/enrollment',
  '/appointment-auth': '/login?return=/appointments',
};

/** Shows 'Redirecting to login...' and goes to /login with the matching return path. */
export function AuthRedirectPage({ pathname }: { pathname: string }) {
  const target = AUTH_REDIRECTS[pathname] ?? '/login';
  const t = useT();
  useEffect(() => {
    document.title = t('title.redirectingToLogin');
  }, [t]);
  useEffect(() => {
    navigate(target, { replace: true });
  }, [target]);
  return (
    <Container size="md">
      <LoadingState label={t('common.redirectingToLogin')} />
    </Container>
  );
}

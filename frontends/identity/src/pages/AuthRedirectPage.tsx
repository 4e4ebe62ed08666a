import { useEffect } from 'react';
import { Container, LoadingState } from '@portal/ui';
import { navigate } from '@portal/client';

/** /enrollment-auth and /appointment-auth: where each sends people to sign in first. */
export const AUTH_REDIRECTS: Readonly<Record<string, string>> = {
  '/enrollment-auth': '/login?return=/enrollment',
  '/appointment-auth': '/login?return=/appointments',
};

export const REDIRECTING_TO_LOGIN = 'Redirecting to login...';

/** Shows 'Redirecting to login...' and goes to /login with the matching return path. */
export function AuthRedirectPage({ pathname }: { pathname: string }) {
  const target = AUTH_REDIRECTS[pathname] ?? '/login';
  useEffect(() => {
    document.title = 'Redirecting to login | Member Portal';
    navigate(target, { replace: true });
  }, [target]);
  return (
    <Container size="md">
      <LoadingState label={REDIRECTING_TO_LOGIN} />
    </Container>
  );
}

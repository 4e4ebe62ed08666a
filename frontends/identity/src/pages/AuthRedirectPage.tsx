import { useEffect } from 'react';
import { Container, LoadingState, Split, Stack } from '@portal/ui';
import { navigate } from '@portal/client';
import { LoginHero } from '../components/LoginHero.tsx';
import { useT } from '../i18n.ts';

/** /enrollment-auth and /appointment-auth: where each sends people to sign in first. */
export const AUTH_REDIRECTS: Readonly<Record<string, string>> = {
  '/enrollment-auth': '/login?return=/enrollment',
  '/appointment-auth': '/login?return=/appointments',
};

/**
 * Shows 'Redirecting to login...' and goes to /login with the matching return path. It stands
 * beside the sign-in page's own hero, so the page does not change under the visitor when the
 * sign-in options take its place (and the hero the API drew before JavaScript stays put).
 */
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
    <Container size="xl">
      <Stack gap={8}>
        <Split>
          <LoginHero />
          <LoadingState label={t('common.redirectingToLogin')} />
        </Split>
      </Stack>
    </Container>
  );
}

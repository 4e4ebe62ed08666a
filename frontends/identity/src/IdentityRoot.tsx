import { StrictMode, Suspense, lazy, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Container, LoadingState } from '@portal/ui';
import { createPortalQueryClient, normalizePath, useLocation } from '@portal/client';
import type { PortalCustomProps } from '@portal/client';
import { AUTH_REDIRECTS, AuthRedirectPage } from './pages/AuthRedirectPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { LogoutConfirmationPage } from './pages/LogoutConfirmationPage.tsx';
import { useT } from './i18n.ts';

export type IdentityRootProps = Partial<PortalCustomProps> & { name?: string };

// Guest verification (its forms, the validation codecs) loads only on /guest-login, so /login
// stays small; the phone-auth SDK loads later still, on the phone step.
const GuestLoginPage = lazy(() => import(/* webpackChunkName: "guest-login" */ './pages/GuestLoginPage.tsx').then((module) => ({ default: module.GuestLoginPage })));

function PageLoading() {
  const t = useT();
  return (
    <Container size="md">
      <LoadingState label={t('common.loading')} />
    </Container>
  );
}

const pageFor = (pathname: string) => {
  if (pathname === '/guest-login') {
    return (
      <Suspense fallback={<PageLoading />}>
        <GuestLoginPage />
      </Suspense>
    );
  }
  if (pathname === '/logout-confirmation') return <LogoutConfirmationPage />;
  if (pathname in AUTH_REDIRECTS) return <AuthRedirectPage pathname={pathname} />;
  return <LoginPage />;
};

/** The identity micro-frontend: /login (and the legacy /login-old), /guest-login, /logout-confirmation, /enrollment-auth, /appointment-auth. */
export function IdentityRoot({ queryClient }: IdentityRootProps) {
  const { pathname } = useLocation();
  // The shell hands over the page's QueryClient; a bare mount (tests) gets its own.
  const [fallbackClient] = useState(() => (queryClient ? null : createPortalQueryClient()));
  const client = queryClient ?? fallbackClient;
  const page = pageFor(normalizePath(pathname));
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}

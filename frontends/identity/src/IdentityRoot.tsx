import { StrictMode, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { normalizePath, useLocation } from '@portal/ui';
import type { PortalCustomProps } from '@portal/ui';
import { GuestLoginPage } from './pages/GuestLoginPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';

export type IdentityRootProps = Partial<PortalCustomProps> & { name?: string };

/** The identity micro-frontend: /login and /guest-login. */
export function IdentityRoot({ queryClient }: IdentityRootProps) {
  const { pathname } = useLocation();
  // The shell hands over the page's QueryClient; a bare mount (tests) gets its own.
  const [fallbackClient] = useState(() => (queryClient ? null : new QueryClient()));
  const client = queryClient ?? fallbackClient;
  const page = normalizePath(pathname) === '/guest-login' ? <GuestLoginPage /> : <LoginPage />;
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}

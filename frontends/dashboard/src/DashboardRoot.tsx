import { StrictMode, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPortalQueryClient } from '@portal/ui';
import type { PortalCustomProps } from '@portal/ui';
import { DashboardPage } from './pages/DashboardPage.tsx';

export type DashboardRootProps = Partial<PortalCustomProps> & { name?: string };

/** The dashboard micro-frontend: / and /dashboard. */
export function DashboardRoot({ queryClient }: DashboardRootProps) {
  // The shell hands over the page's QueryClient (and with it the session it polls); a bare
  // mount (tests) gets its own.
  const [fallbackClient] = useState(() => (queryClient ? null : createPortalQueryClient()));
  const client = queryClient ?? fallbackClient;
  const page = <DashboardPage />;
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}

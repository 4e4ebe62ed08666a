import { StrictMode, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPortalQueryClient, useLocation } from '@portal/client';
import type { PortalCustomProps } from '@portal/client';
import { DashboardPage } from './pages/DashboardPage.tsx';

export type DashboardRootProps = Partial<PortalCustomProps> & { name?: string };

/** The dashboard micro-frontend: / and /dashboard. */
export function DashboardRoot({ queryClient }: DashboardRootProps) {
  // The shell hands over the page's QueryClient (and with it the session it polls); a bare
  // mount (tests) gets its own.
  const [fallbackClient] = useState(() => (queryClient ? null : createPortalQueryClient()));
  const client = queryClient ?? fallbackClient;
  // Every navigation here draws the dashboard anew: a link to the dashboard on the dashboard
  // starts it again, as a menu item or link must do something (decision 0050).
  const { key } = useLocation();
  const page = <DashboardPage key={key} />;
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}

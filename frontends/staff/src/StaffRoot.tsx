import { StrictMode, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPortalQueryClient } from '@portal/client';
import type { PortalCustomProps } from '@portal/client';
import { StaffPage } from './pages/StaffPage.tsx';

export type StaffRootProps = Partial<PortalCustomProps> & { name?: string };

/** The staff micro-frontend: /staff. */
export function StaffRoot({ queryClient }: StaffRootProps) {
  // The shell hands over the page's QueryClient; a bare mount (tests) gets its own.
  const [fallbackClient] = useState(() => (queryClient ? null : createPortalQueryClient()));
  const client = queryClient ?? fallbackClient;
  const page = <StaffPage />;
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}

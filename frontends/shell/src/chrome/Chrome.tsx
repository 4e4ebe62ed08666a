import { createPortal } from 'react-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ToastHost } from '@portal/ui';
import type { RouteTable } from '../routes.ts';
import { SessionExpiryWarning } from '../session/SessionExpiryWarning.tsx';
import { SessionMonitor } from '../session/SessionMonitor.tsx';
import { PortalFooter } from './PortalFooter.tsx';
import { PortalHeader } from './PortalHeader.tsx';
import { RemoteStatus } from './RemoteStatus.tsx';

export interface ChromeTargets {
  header: HTMLElement;
  footer: HTMLElement;
  status: HTMLElement;
}

/**
 * Everything the shell itself draws around the micro-frontends, in one React root: header (with
 * the user-status menu), footer, loading indicator, toasts, the session watch and the global
 * session-expiry warning.
 */
export function Chrome({ queryClient, routes, targets }: { queryClient: QueryClient; routes: RouteTable; targets: ChromeTargets }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionMonitor />
      {createPortal(<PortalHeader routes={routes} />, targets.header)}
      {createPortal(<RemoteStatus />, targets.status)}
      {createPortal(<PortalFooter />, targets.footer)}
      <ToastHost />
      <SessionExpiryWarning />
    </QueryClientProvider>
  );
}

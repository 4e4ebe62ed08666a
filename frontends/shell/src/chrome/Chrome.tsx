import { createPortal } from 'react-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ToastHost } from '@portal/ui';
import { PortalFooter } from './PortalFooter.tsx';
import { PortalHeader } from './PortalHeader.tsx';
import { RemoteStatus } from './RemoteStatus.tsx';

export interface ChromeTargets {
  header: HTMLElement;
  footer: HTMLElement;
  status: HTMLElement;
}

/**
 * Everything the shell itself draws around the micro-frontends, in one React root: header,
 * footer, loading indicator and toasts (global overlays such as the session-expiry warning join
 * here later).
 */
export function Chrome({ queryClient, targets }: { queryClient: QueryClient; targets: ChromeTargets }) {
  return (
    <QueryClientProvider client={queryClient}>
      {createPortal(<PortalHeader />, targets.header)}
      {createPortal(<RemoteStatus />, targets.status)}
      {createPortal(<PortalFooter />, targets.footer)}
      <ToastHost />
    </QueryClientProvider>
  );
}

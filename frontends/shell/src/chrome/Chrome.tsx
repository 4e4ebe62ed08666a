import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteTable } from '../routes.ts';
import { useAuthState } from '@portal/client';
import { SessionMonitor } from '../session/SessionMonitor.tsx';
import { LazyToastHost } from './LazyToastHost.tsx';
import { PortalHeader } from './PortalHeader.tsx';
import { lazyOr, withWords } from './lazy-or.ts';
import { removePrerendered } from './prerendered.ts';
import { RemoteStatus } from './RemoteStatus.tsx';

const SessionExpiryWarning = lazyOr(
  () => withWords(import('../session/SessionExpiryWarning.tsx')).then((module) => module.SessionExpiryWarning),
  () => null,
);

/**
 * The session-expiry warning (with its dialog) loads once a provider-login user is signed in, and
 * then stays: it keeps 'Session Expired' on screen after the session answer turns signed-out.
 */
function SessionExpiry() {
  const { state } = useAuthState();
  const [needed, setNeeded] = useState(false);
  const provider = state.kind === 'provider';
  useEffect(() => {
    if (provider) setNeeded(true);
  }, [provider]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryWarning />
    </Suspense>
  );
}

// Below the first screen, and pre-rendered in index.html until then: a chunk of its own, loaded
// when the footer comes near the viewport (its locations and contact need the practice answer).
// Without its chunk, index.html's footer stays.
const PortalFooter = lazyOr<{ target: HTMLElement; routes: RouteTable }>(
  () =>
    withWords(import('./PortalFooter.tsx')).then(({ PortalFooter: Footer }) =>
      function LoadedFooter({ target, routes }: { target: HTMLElement; routes: RouteTable }) {
        // Replaces index.html's footer in the same frame.
        useLayoutEffect(() => removePrerendered(target), [target]);
        return <Footer routes={routes} />;
      },
    ),
  () => null,
);

/** True once the element is within 400 px of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport(element: HTMLElement): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

export interface ChromeTargets {
  header: HTMLElement;
  footer: HTMLElement;
  status: HTMLElement;
}

/**
 * Everything the shell itself draws around the micro-frontends, in one React root: header (with
 * the user-status menu), footer, loading indicator, toasts, the session watch and the global
 * session-expiry warning. The menu, the toasts and the dialogs load on first use (decision 0034).
 */
export function Chrome({ queryClient, routes, targets }: { queryClient: QueryClient; routes: RouteTable; targets: ChromeTargets }) {
  // The header is drawn with the first render: index.html's goes in the same frame.
  useLayoutEffect(() => removePrerendered(targets.header), [targets.header]);
  const footerNear = useNearViewport(targets.footer);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionMonitor />
      {createPortal(<PortalHeader routes={routes} />, targets.header)}
      {createPortal(<RemoteStatus />, targets.status)}
      {footerNear
        ? createPortal(
            <Suspense fallback={null}>
              <PortalFooter target={targets.footer} routes={routes} />
            </Suspense>,
            targets.footer,
          )
        : null}
      <LazyToastHost />
      <SessionExpiry />
    </QueryClientProvider>
  );
}

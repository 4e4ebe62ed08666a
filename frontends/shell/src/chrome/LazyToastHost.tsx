/**
 * The page's toasts without Radix Toast in the shell's first load (issue 15, decision 0034): a
 * small listener keeps the toast events ('portal:toast', 'portal:toast-dismiss', toast.ts) raised
 * before the host has loaded, loads @portal/ui's ToastHost on the first one (ToastHostLoaded.tsx),
 * and hands it those events once it listens. Toasts look and behave as before; the first one of a
 * page appears when its chunk has arrived.
 */
import { Suspense, useEffect, useState } from 'react';
import { TOAST_DISMISS_EVENT, TOAST_EVENT } from '@portal/client/toast-events.ts';
import { lazyOr, withWords } from './lazy-or.ts';
import { earlyToastEvents, hostState } from './toast-host-state.ts';

const ToastHostLoaded = lazyOr(
  () => withWords(import('./ToastHostLoaded.tsx')).then((module) => module.default),
  () => null,
);

export function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const keep = (event: Event): void => {
      if (hostState.listening) return;
      earlyToastEvents.push(event as CustomEvent);
      setWanted(true);
    };
    window.addEventListener(TOAST_EVENT, keep);
    window.addEventListener(TOAST_DISMISS_EVENT, keep);
    return () => {
      window.removeEventListener(TOAST_EVENT, keep);
      window.removeEventListener(TOAST_DISMISS_EVENT, keep);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHostLoaded />
    </Suspense>
  );
}

import { useEffect, useState } from 'react';
import { sessionExpiryState } from '@portal/client';
import type { SessionExpiryState } from '@portal/client';

const sameState = (a: SessionExpiryState, b: SessionExpiryState): boolean =>
  a.kind === b.kind && (a.kind !== 'expiring' || b.kind !== 'expiring' || a.secondsLeft === b.secondsLeft);

/**
 * Where the session stands against `expiresAt`, re-read every second (and when the tab becomes
 * visible again, since hidden tabs run timers late). Renders only when the state changes: once a
 * second during the last minute, otherwise once on crossing into it.
 */
export const useExpiryClock = (expiresAt: string | null): SessionExpiryState => {
  const [state, setState] = useState<SessionExpiryState>(() => sessionExpiryState(expiresAt, Date.now()));
  useEffect(() => {
    const tick = (): void => {
      const next = sessionExpiryState(expiresAt, Date.now());
      setState((current) => (sameState(current, next) ? current : next));
    };
    tick();
    if (!expiresAt) return undefined;
    const timer = window.setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [expiresAt]);
  return state;
};

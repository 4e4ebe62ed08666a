import { useEffect, useRef } from 'react';
import { navigate, useAuthState } from '@portal/client';
import { afterSignInPath } from './after-sign-in.ts';

/**
 * A signed-in visitor of a sign-in page (provider login or verified guest) is sent on to the
 * `return` path or /dashboard (booking-dashboard-staff §2, §4). Returns true while that happens.
 * `paused`: the page itself moves on (guest verification waits 2 s on its success screen).
 *
 * It sends them once: after the move the page renders once more with the new address (no
 * `return` any more) before it unmounts, and must not then send them on to /dashboard.
 */
export const useSignedInRedirect = (returnPath: string | null, paused = false): boolean => {
  const { state } = useAuthState();
  const signedIn = state.kind !== 'unauthenticated' && !paused;
  const sent = useRef(false);
  useEffect(() => {
    if (!signedIn || sent.current) return;
    sent.current = true;
    navigate(afterSignInPath(returnPath), { replace: true });
  }, [signedIn, returnPath]);
  return signedIn;
};

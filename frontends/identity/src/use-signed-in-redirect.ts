import { useEffect } from 'react';
import { navigate, useAuthState } from '@portal/ui';
import { afterSignInPath } from './after-sign-in.ts';

/**
 * A signed-in visitor of a sign-in page (provider login or verified guest) is sent on to the
 * `return` path or /dashboard (booking-dashboard-staff §2, §4). Returns true while that happens.
 */
export const useSignedInRedirect = (returnPath: string | null): boolean => {
  const { state } = useAuthState();
  const signedIn = state.kind !== 'unauthenticated';
  useEffect(() => {
    if (signedIn) navigate(afterSignInPath(returnPath), { replace: true });
  }, [signedIn, returnPath]);
  return signedIn;
};

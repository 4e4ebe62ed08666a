/**
 * Provider sign-in (and Switch Account) and logout, for every micro-frontend (re-exported by
 * session.ts): apart from the session watch so that a first load that offers neither does not
 * carry them (issue 15, docs/decisions/0034-bundle-splitting-and-first-paint.md).
 */
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthConfigResponse, LogoutResponse } from '@portal/contracts';
import { ApiContractError, api } from './api.ts';
import type { ApiClient } from './api.ts';
import { providerSignInUrl } from './auth-state.ts';
import type { SignInWorkflow } from './auth-state.ts';
import { lazyCodec } from './lazy-codecs.ts';
import { navigate } from './navigation.ts';
import { AUTH_STATUS_QUERY_KEY, SESSION_QUERY_KEY, readGuestIdentity } from './session.ts';
import { runClientCleanup } from './storage.ts';

export const LOGOUT_CONFIRMATION_PATH = '/logout-confirmation';

/** The login error when the server has no provider client configured (booking-dashboard-staff §8). */
export const OAUTH_NOT_CONFIGURED = 'OAuth client ID not configured. Please contact the practice.';
export const SIGN_IN_UNAVAILABLE = 'Sign-in is not available right now. Please try again later.';

/** GET /api/auth/config: where provider sign-in starts. */
export const getAuthConfig = (client: ApiClient): Promise<AuthConfigResponse> =>
  client.get<AuthConfigResponse>('/api/auth/config', { cache: 'no-store', decode: lazyCodec('AuthConfigResponse') });

/** POST /api/auth/logout: ends the session; says whether to clear this browser. */
export const postLogout = (client: ApiClient): Promise<LogoutResponse> => client.post<LogoutResponse>('/api/auth/logout', undefined, { decode: lazyCodec('LogoutResponse') });

// ---------------------------------------------------------------------------------------------
// Provider sign-in (and Switch Account)

/** The authorize endpoint when it is on this site (a path, or an absolute URL of this origin). */
const sameOriginEndpoint = (value: string): string | null => {
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
};

/**
 * Starts provider sign-in: our server's authorize endpoint (from GET /api/auth/config) with the
 * workflow and the path to come back to; the server builds the provider redirect. Rejects with
 * a message fit to show when sign-in is not configured, or when the answer cannot be read.
 */
export const startProviderSignIn = async (workflow: SignInWorkflow, redirectPath: string): Promise<void> => {
  const config = await getAuthConfig(api).catch((error: unknown) => {
    // An answer in a shape this page does not know: the generic message, never the field names.
    throw error instanceof ApiContractError ? new Error(SIGN_IN_UNAVAILABLE) : error;
  });
  if (!config || typeof config.clientId !== 'string' || config.clientId.trim() === '') throw new Error(OAUTH_NOT_CONFIGURED);
  const endpoint = typeof config.authorizeUrl === 'string' ? sameOriginEndpoint(config.authorizeUrl) : null;
  if (!endpoint) throw new Error(SIGN_IN_UNAVAILABLE);
  window.location.assign(providerSignInUrl(endpoint, workflow, redirectPath));
};

/**
 * A button's busy state around startProviderSignIn. The page is left on success, so the state
 * stays busy; it resets if the browser brings the page back from its back/forward cache.
 */
export const useProviderSignIn = () => {
  const [isStarting, setStarting] = useState(false);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent): void => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  const start = useCallback(async (workflow: SignInWorkflow, redirectPath: string): Promise<void> => {
    setStarting(true);
    try {
      await startProviderSignIn(workflow, redirectPath);
    } catch (error) {
      setStarting(false);
      throw error;
    }
  }, []);
  return { start, isStarting };
};

// ---------------------------------------------------------------------------------------------
// Logout

/**
 * Logout (enrollment-and-payment §4): POST /api/auth/logout, then the client cleanup when the
 * server says to clear client data or on any failure, then /logout-confirmation.
 */
export const logout = async (queryClient?: QueryClient): Promise<void> => {
  let cleanup = true;
  // A guest's identity lives only in this browser: it always goes, whatever the server says.
  const guest = readGuestIdentity() !== null;
  try {
    const answer = await postLogout(api);
    cleanup = answer?.clearClientData === true || guest;
  } catch (error) {
    console.warn('Logout failed; clearing this browser anyway', error);
  }
  // Leave first, so no screen reacts to the signed-out session before it is gone.
  navigate(LOGOUT_CONFIRMATION_PATH);
  if (cleanup) runClientCleanup('logout');
  else if (queryClient) {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: AUTH_STATUS_QUERY_KEY });
  }
};

/** Logout with a busy flag for 'Logging out...'. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const run = useCallback(async () => {
    setLoggingOut(true);
    try {
      await logout(queryClient);
    } finally {
      setLoggingOut(false);
    }
  }, [queryClient]);
  return { logout: run, isLoggingOut };
};


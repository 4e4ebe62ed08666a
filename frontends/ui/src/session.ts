/**
 * The signed-in user for every micro-frontend: the session query (GET /api/auth/session, never
 * from a cache, polled by the shell), the guest identity in browser storage, provider sign-in and
 * logout. All frontends share the page's QueryClient, so they share one session entry.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { AuthConfigResponse, AuthStatusResponse, GuestSessionResponse, LogoutResponse, SessionResponse } from '@portal/contracts';
import { ApiContractError, ApiError, api } from './api.ts';
import type { ApiClient } from './api.ts';
import { SESSION_MIN_CHECK_GAP_MS, authStateFrom, guestIdentityFrom, providerSignInUrl, sessionPollInterval } from './auth-state.ts';
import type { AuthState, GuestIdentity, SignInWorkflow } from './auth-state.ts';
import { navigate } from './navigation.ts';
import { resetQueryCache } from './query-client.ts';
import { GUEST_IDENTITY_KEYS, SESSION_CLEANUP_EVENT, browserStores, readStorage, runClientCleanup } from './storage.ts';
import { toast } from './toast.ts';

export const SESSION_QUERY_KEY = ['/api/auth/session'] as const;
export const AUTH_STATUS_QUERY_KEY = ['/api/auth/status'] as const;
export const CONFIG_QUERY_KEY = ['/api/config'] as const;
export const CUSTOMER_CHECK_QUERY_KEY = ['/api/stripe/customer-check'] as const;

export const LOGOUT_CONFIRMATION_PATH = '/logout-confirmation';
export const DASHBOARD_PATH = '/dashboard';

/** The login error when the server has no provider client configured (booking-dashboard-staff §8). */
export const OAUTH_NOT_CONFIGURED = 'OAuth client ID not configured. Please contact the practice.';
export const SIGN_IN_UNAVAILABLE = 'Sign-in is not available right now. Please try again later.';

/** Raised by the guest verification screens after they store (or clear) a verification. */
export const GUEST_IDENTITY_EVENT = 'portal:guest-identity';

// ---------------------------------------------------------------------------------------------
// The calls, each answer decoded with its @portal/contracts codec (one that does not decode is
// reported and thrown as ApiContractError). They take the client, so the shell's Pact consumer
// test (frontends/shell/src/shell-api.pact.test.ts) runs these same functions; the hooks below
// call them with the page's `api`.

/** GET /api/auth/session: who is signed in (never from a cache). */
export const getSession = (client: ApiClient, signal?: AbortSignal): Promise<SessionResponse> =>
  client.get<SessionResponse>('/api/auth/session', { cache: 'no-store', decode: SessionResponse, ...(signal ? { signal } : {}) });

/** GET /api/auth/status: the session's end (sessionInfo.expiresAt) for the expiry warning. */
export const getAuthStatus = (client: ApiClient, signal?: AbortSignal): Promise<AuthStatusResponse> =>
  client.get<AuthStatusResponse>('/api/auth/status', { cache: 'no-store', decode: AuthStatusResponse, ...(signal ? { signal } : {}) });

/** GET /api/guest/session with the stored X-Verification-Token: whether the server still holds the guest. */
export const getGuestSession = (client: ApiClient, signal?: AbortSignal): Promise<GuestSessionResponse> =>
  client.get<GuestSessionResponse>('/api/guest/session', { cache: 'no-store', decode: GuestSessionResponse, ...(signal ? { signal } : {}) });

/** GET /api/auth/config: where provider sign-in starts. */
export const getAuthConfig = (client: ApiClient): Promise<AuthConfigResponse> =>
  client.get<AuthConfigResponse>('/api/auth/config', { cache: 'no-store', decode: AuthConfigResponse });

/** POST /api/auth/logout: ends the session; says whether to clear this browser. */
export const postLogout = (client: ApiClient): Promise<LogoutResponse> => client.post<LogoutResponse>('/api/auth/logout', undefined, { decode: LogoutResponse });

// ---------------------------------------------------------------------------------------------
// Session query

export const fetchSession = (signal?: AbortSignal): Promise<SessionResponse> => getSession(api, signal);

export const fetchAuthStatus = (signal?: AbortSignal): Promise<AuthStatusResponse> => getAuthStatus(api, signal);

/**
 * The verified guest in browser storage: localStorage when the guest chose 'Remember me', else
 * sessionStorage (gone when the browser closes). Each store is read as a whole, never mixed.
 */
export const readGuestIdentity = (now: number = Date.now()): GuestIdentity | null =>
  guestIdentityFrom((key) => readStorage(key, 'localStorage'), now) ?? guestIdentityFrom((key) => readStorage(key, 'sessionStorage'), now);

export interface UseSessionOptions {
  /**
   * Poll while signed in (every 30 s; 60 s for guests). Only the shell polls, so the page checks
   * once per interval however many components read the session.
   */
  poll?: boolean;
}

/** GET /api/auth/session. Checked again on mount or focus only when the last check is 15 s old. */
export const useSessionQuery = ({ poll = false }: UseSessionOptions = {}) =>
  useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: SESSION_MIN_CHECK_GAP_MS,
    refetchOnWindowFocus: true,
    refetchInterval: poll ? (query) => sessionPollInterval(authStateFrom(query.state.data, readGuestIdentity()), query.state.dataUpdateCount) : false,
  });

// ---------------------------------------------------------------------------------------------
// Guest identity (browser storage), re-read when storage or the route changes

const GUEST_EVENTS = ['storage', 'popstate', 'single-spa:routing-event', GUEST_IDENTITY_EVENT, SESSION_CLEANUP_EVENT] as const;

const subscribeGuest = (onChange: () => void): (() => void) => {
  for (const name of GUEST_EVENTS) window.addEventListener(name, onChange);
  // A verification expires with time alone.
  const timer = window.setInterval(onChange, 30_000);
  return () => {
    for (const name of GUEST_EVENTS) window.removeEventListener(name, onChange);
    window.clearInterval(timer);
  };
};

const guestSnapshot = (): string => {
  const guest = readGuestIdentity();
  return guest ? JSON.stringify(guest) : '';
};

/** The verified guest in browser storage, or null. */
export const useGuestIdentity = (): GuestIdentity | null => {
  const snapshot = useSyncExternalStore(subscribeGuest, guestSnapshot, () => '');
  return useMemo(() => (snapshot ? (JSON.parse(snapshot) as GuestIdentity) : null), [snapshot]);
};

export interface AuthStateResult {
  readonly state: AuthState;
  readonly session: SessionResponse | undefined;
  /** The first session check has not answered yet (and no guest is stored). */
  readonly isPending: boolean;
  /** The last session check failed (the user then counts as unauthenticated unless a guest). */
  readonly isError: boolean;
  readonly error: Error | null;
  readonly refetch: () => void;
}

/** Who is signed in: provider login, guest or nobody (enrollment-and-payment §4). */
export const useAuthState = (options: UseSessionOptions = {}): AuthStateResult => {
  const query = useSessionQuery(options);
  const guest = useGuestIdentity();
  // A failed check marks the user unauthenticated: a stale answer from before the failure is ignored.
  const session = query.isError ? undefined : query.data;
  const state = useMemo(() => authStateFrom(session, guest), [session, guest]);
  const { refetch } = query;
  return {
    state,
    session,
    isPending: query.isPending && state.kind === 'unauthenticated',
    isError: query.isError,
    error: query.error,
    refetch: useCallback(() => void refetch(), [refetch]),
  };
};

// ---------------------------------------------------------------------------------------------
// The guest's token, checked by the server

export const GUEST_SESSION_QUERY_KEY = ['/api/guest/session'] as const;
export const VERIFICATION_EXPIRED_TITLE = 'Verification Expired';

/** Removes the guest identity from both storages and tells every screen. */
export const clearGuestIdentity = (): void => {
  for (const store of browserStores()) {
    for (const key of GUEST_IDENTITY_KEYS) {
      try {
        store.removeItem(key);
      } catch {
        // Blocked storage: nothing stored there.
      }
    }
  }
  window.dispatchEvent(new Event(GUEST_IDENTITY_EVENT));
};

/**
 * Asks the server once per verification whether the stored guest token still holds
 * (GET /api/guest/session with X-Verification-Token). A 401 ('Verification Expired': signed by
 * someone else, or expired on the server's clock) clears the guest and says so; other failures
 * change nothing. The shell runs it for the page.
 */
export const useGuestSessionCheck = (): void => {
  const guest = useGuestIdentity();
  const query = useQuery({
    queryKey: [...GUEST_SESSION_QUERY_KEY, guest?.token ?? ''],
    queryFn: ({ signal }) => getGuestSession(api, signal),
    enabled: guest !== null,
    staleTime: Infinity,
    retry: false,
  });
  const refused = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (!refused) return;
    clearGuestIdentity();
    toast({ title: VERIFICATION_EXPIRED_TITLE, description: 'Please verify your email and phone again.', variant: 'destructive' });
  }, [refused]);
};

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

/**
 * Clears the query cache on every client cleanup ('sessionCleanup'): reset and fetched again
 * after a logout, dropped without refetching when the page is leaving for the login page.
 * The shell installs it for the page; standalone pages install their own.
 */
export const listenForSessionCleanup = (queryClient: QueryClient): (() => void) => {
  const onCleanup = (event: Event): void => {
    const reason = (event as CustomEvent<{ reason?: unknown }>).detail?.reason;
    if (reason === 'expired') {
      void queryClient.cancelQueries();
      queryClient.clear();
    } else {
      resetQueryCache(queryClient);
    }
  };
  window.addEventListener(SESSION_CLEANUP_EVENT, onCleanup);
  return () => window.removeEventListener(SESSION_CLEANUP_EVENT, onCleanup);
};

/**
 * The signed-in user for every micro-frontend: the session query (GET /api/auth/session, never
 * from a cache, polled by the shell), the guest identity in browser storage, provider sign-in and
 * logout. All frontends share the page's QueryClient, so they share one session entry.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthStatusResponse, SessionResponse } from '@portal/contracts';
import { api } from './api.ts';
import type { ApiClient } from './api.ts';
import { lazyCodec } from './lazy-codecs.ts';
import { SESSION_MIN_CHECK_GAP_MS, authStateFrom, guestIdentityFrom, sessionPollInterval } from './auth-state.ts';
import type { AuthState, GuestIdentity } from './auth-state.ts';
import { resetQueryCache } from './query-client.ts';
import { SESSION_CLEANUP_EVENT, readStorage } from './storage.ts';

export const SESSION_QUERY_KEY = ['/api/auth/session'] as const;
export const AUTH_STATUS_QUERY_KEY = ['/api/auth/status'] as const;
export const CONFIG_QUERY_KEY = ['/api/config'] as const;
export const CUSTOMER_CHECK_QUERY_KEY = ['/api/stripe/customer-check'] as const;

export const DASHBOARD_PATH = '/dashboard';

/** Raised by the guest verification screens after they store (or clear) a verification. */
export const GUEST_IDENTITY_EVENT = 'portal:guest-identity';

// ---------------------------------------------------------------------------------------------
// The calls, each answer decoded with its @portal/contracts codec (one that does not decode is
// reported and thrown as ApiContractError; the codecs load with the first answer, lazy-codecs.ts). They take the client, so the shell's Pact consumer
// test (frontends/shell/src/shell-api.pact.test.ts) runs these same functions; the hooks below
// call them with the page's `api`.

/** GET /api/auth/session: who is signed in (never from a cache). */
export const getSession = (client: ApiClient, signal?: AbortSignal): Promise<SessionResponse> =>
  client.get<SessionResponse>('/api/auth/session', { cache: 'no-store', decode: lazyCodec('SessionResponse'), ...(signal ? { signal } : {}) });

/** GET /api/auth/status: the session's end (sessionInfo.expiresAt) for the expiry warning. */
export const getAuthStatus = (client: ApiClient, signal?: AbortSignal): Promise<AuthStatusResponse> =>
  client.get<AuthStatusResponse>('/api/auth/status', { cache: 'no-store', decode: lazyCodec('AuthStatusResponse'), ...(signal ? { signal } : {}) });

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

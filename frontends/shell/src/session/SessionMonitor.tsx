/**
 * The page's session watch (enrollment-and-payment §4, §9): polls GET /api/auth/session while
 * someone is signed in, clears the query cache on every client cleanup, and handles a patient
 * switch: when the session's patient differs from the last known one (localStorage
 * 'lastKnownPatientId'), the previous patient's browser-storage keys go, the query cache is
 * cleared and a window 'patientSwitched' event is raised. A verified guest's token is checked
 * once with GET /api/guest/session; a refused one is cleared ('Verification Expired').
 */
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { lazyOr, withWords } from '../chrome/lazy-or.ts';
import { AUTH_STATUS_QUERY_KEY, SESSION_QUERY_KEY, listenForSessionCleanup, resetQueryCache, trackPatient, useAuthState, useGuestIdentity } from '@portal/client';

// Loaded only while a guest is stored (decision 0034).
const GuestSessionCheck = lazyOr(
  () => withWords(import('./GuestSessionCheck.tsx')).then((module) => module.default),
  () => null,
);

/** The session and auth status answers already describe the new patient: keep them. */
const isSessionQuery = (query: Query): boolean => {
  const [first] = query.queryKey;
  return first === SESSION_QUERY_KEY[0] || first === AUTH_STATUS_QUERY_KEY[0];
};

export function SessionMonitor() {
  const queryClient = useQueryClient();
  const { state } = useAuthState({ poll: true });
  // A guest's token is checked by the server once per verification.
  const guest = useGuestIdentity();
  const patientId = state.kind === 'provider' ? state.patientId : null;

  useEffect(() => listenForSessionCleanup(queryClient), [queryClient]);

  useEffect(() => {
    if (!patientId) return;
    if (trackPatient(patientId)) resetQueryCache(queryClient, isSessionQuery);
  }, [patientId, queryClient]);

  return guest ? (
    <Suspense fallback={null}>
      <GuestSessionCheck />
    </Suspense>
  ) : null;
}

import { useEffect, useMemo, useRef } from 'react';
import { Container, LoadingState } from '@portal/ui';
import { navigate, normalizePath, readStorage, toast, useAuthState, useGuestIdentity, useLocation } from '@portal/client';
import { GateWaiting } from '../components/GateWaiting.tsx';
import { useT } from '../i18n.ts';
import { DASHBOARD_HREF, ENROLLMENT_PATH, PRACTICE_LOCATION_PATH } from '../flow.ts';
import { startDecision, startQueryOf, storedVerificationIn } from '../start.ts';
import type { StartDecision } from '../start.ts';
import { GuestEnrollmentPage } from './GuestEnrollmentPage.tsx';

/**
 * /enrollment (start.ts has the rules): provider-login users start at the practice location
 * step; verified guests fill in Patient Info (their email and phone were verified on
 * /guest-login, which comes back with verified=true); redirectToDashboard=true sends a signed-in
 * user to the dashboard; a guest whose phone is not verified yet is told 'Phone Verification
 * Required'; anyone else signs in.
 */
export function StartPage() {
  const t = useT();
  const { searchParams } = useLocation();
  const query = useMemo(() => startQueryOf(searchParams), [searchParams]);
  const { state, isPending, isError, refetch } = useAuthState();
  const guest = useGuestIdentity();
  const user = state.kind === 'provider' ? 'provider' : state.kind === 'guest' && guest ? 'guest' : 'unauthenticated';
  const settled = !isPending && !isError;
  const stored = useMemo(
    () => (user === 'unauthenticated' && settled ? storedVerificationIn([(key) => readStorage(key), (key) => readStorage(key, 'sessionStorage')], Date.now()) : 'none'),
    [user, settled],
  );
  const decision = startDecision({ user, settled, stored, query }, t);
  // Patient Info titles its own page (GuestEnrollmentPage); this one would win, as the parent's effect runs last.
  const ownTitle = decision.kind !== 'patient-info';
  useEffect(() => {
    if (ownTitle) document.title = t('title.start');
  }, [t, ownTitle]);
  const startPath = useRef(typeof window === 'undefined' ? '' : normalizePath(window.location.pathname));

  const leaving = decision.kind === 'leave' ? { ...decision.notice, path: decision.path, variant: 'destructive' as const }
    : decision.kind === 'dashboard' ? { ...decision.notice, path: DASHBOARD_HREF, variant: 'default' as const }
    : null;
  const leaveTo = leaving ? JSON.stringify(leaving) : null;
  useEffect(() => {
    // Only while this screen is the page: a logout leaves for /logout-confirmation first.
    if (!leaveTo || normalizePath(window.location.pathname) !== startPath.current) return;
    const { path, ...notice } = JSON.parse(leaveTo) as NonNullable<typeof leaving>;
    toast(notice);
    navigate(path, { replace: true });
  }, [leaveTo]);

  const cleanAddress = decision.kind === 'patient-info' && decision.cleanAddress;
  useEffect(() => {
    if (cleanAddress) navigate(ENROLLMENT_PATH, { replace: true });
  }, [cleanAddress]);

  return <StartScreen decision={decision} guest={guest} isPending={isPending} isError={isError} refetch={refetch} />;
}

function StartScreen({
  decision,
  guest,
  isPending,
  isError,
  refetch,
}: {
  decision: StartDecision;
  guest: ReturnType<typeof useGuestIdentity>;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}) {
  const t = useT();
  switch (decision.kind) {
    case 'practice-location':
      return <GoToPracticeLocation />;
    case 'patient-info':
      return guest ? <GuestEnrollmentPage guest={guest} /> : null;
    case 'dashboard':
      return (
        <Container size="md">
          <LoadingState label={t('start.redirectingToDashboard')} />
        </Container>
      );
    default:
      return <GateWaiting isPending={isPending} isError={isError} refetch={refetch} loadingLabel={t('start.checkingSignIn')} />;
  }
}

function GoToPracticeLocation() {
  const t = useT();
  useEffect(() => {
    navigate(PRACTICE_LOCATION_PATH, { replace: true });
  }, []);
  return (
    <Container size="md">
      <LoadingState label={t('start.starting')} />
    </Container>
  );
}

import { useEffect } from 'react';
import { Container, LoadingState, navigate } from '@portal/ui';
import { UserGate } from '../components/UserGate.tsx';
import { PRACTICE_LOCATION_PATH } from '../flow.ts';
import { GuestEnrollmentPage } from './GuestEnrollmentPage.tsx';

/**
 * /enrollment: provider-login users start at the practice location step; verified guests fill
 * in Patient Info (their email and phone were verified on /guest-login); anyone else signs in.
 */
export function StartPage() {
  useEffect(() => {
    document.title = 'Member Enrollment | Member Portal';
  }, []);
  return (
    <UserGate loadingLabel="Checking your sign-in...">
      {(user) => (user.kind === 'provider' ? <GoToPracticeLocation /> : <GuestEnrollmentPage guest={user.guest} />)}
    </UserGate>
  );
}

function GoToPracticeLocation() {
  useEffect(() => {
    navigate(PRACTICE_LOCATION_PATH, { replace: true });
  }, []);
  return (
    <Container size="md">
      <LoadingState label="Starting your enrollment..." />
    </Container>
  );
}

import { useEffect } from 'react';
import { Container, LoadingState, navigate } from '@portal/ui';
import { ProviderGate } from '../components/ProviderGate.tsx';
import { PRACTICE_LOCATION_PATH } from '../flow.ts';

/** /enrollment: provider-login users start at the practice location step. */
export function StartPage() {
  useEffect(() => {
    document.title = 'Member Enrollment | Member Portal';
  }, []);
  return <ProviderGate loadingLabel="Checking your sign-in...">{() => <GoToPracticeLocation />}</ProviderGate>;
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

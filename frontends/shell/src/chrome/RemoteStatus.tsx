import { Container, LoadingState } from '@portal/ui';
import { useLoadingRemote } from '../remote-status.ts';

/** Shown in the main area while a micro-frontend's code downloads. */
export function RemoteStatus() {
  const loading = useLoadingRemote();
  if (!loading) return null;
  return (
    <Container size="md" className="portal-remote-loading">
      <LoadingState label="Loading..." />
    </Container>
  );
}

import { Container, Spinner } from '@portal/ui';
import { useLoadingRemote } from '../remote-status.ts';
import { chromeText } from './chrome-text.ts';

/** Shown in the main area while a micro-frontend's code downloads. */
export function RemoteStatus() {
  const loading = useLoadingRemote();
  if (!loading) return null;
  return (
    <Container size="md" className="portal-remote-loading">
      {/* @portal/ui's LoadingState, drawn here with the first load's words (no Lingui). */}
      <div className="ui-loading" role="status" aria-live="polite">
        <Spinner size="lg" />
        <p className="ui-loading__label">{chromeText('remote.loading')}</p>
      </div>
    </Container>
  );
}

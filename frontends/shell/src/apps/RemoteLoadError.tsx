import { useEffect } from 'react';
import { AlertIcon, Button, Container, EmptyState } from '@portal/ui';

import { REMOTE_LOAD_ERROR_TEXT } from './remote-load-error-text.ts';

/** Shown in place of a micro-frontend whose code could not be downloaded or started. */
export function RemoteLoadError() {
  useEffect(() => {
    document.title = 'Something went wrong | Member Portal';
  }, []);
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        tone="destructive"
        icon={<AlertIcon size={28} />}
        title="Something went wrong"
        description={<p role="alert">{REMOTE_LOAD_ERROR_TEXT}</p>}
        actions={<Button onClick={() => window.location.reload()}>Refresh the page</Button>}
      />
    </Container>
  );
}

import { useEffect } from 'react';
import { AlertIcon, Button, Container, EmptyState } from '@portal/ui';

import { messages, useT } from '../i18n.ts';

/** Shown in place of a micro-frontend whose code could not be downloaded or started. */
export function RemoteLoadError() {
  const t = useT();
  useEffect(() => {
    document.title = messages.t('loadError.documentTitle');
  }, [t]);
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        tone="destructive"
        icon={<AlertIcon size={28} />}
        title={t('loadError.title')}
        description={<p role="alert">{t('loadError.text')}</p>}
        actions={<Button onClick={() => window.location.reload()}>{t('loadError.refresh')}</Button>}
      />
    </Container>
  );
}

import { useEffect } from 'react';
import { ButtonLink, Container, EmptyState, MapPinIcon } from '@portal/ui';
import { messages, useT } from '../i18n.ts';

/** Every path no micro-frontend owns (booking-dashboard-staff §2, fallback route). */
export function NotFound() {
  const t = useT();
  useEffect(() => {
    document.title = messages.t('notFound.documentTitle');
  }, [t]);
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        icon={<MapPinIcon size={28} />}
        title={t('notFound.title')}
        description={t('notFound.text')}
        actions={<ButtonLink href="/dashboard">{t('notFound.dashboard')}</ButtonLink>}
      />
    </Container>
  );
}

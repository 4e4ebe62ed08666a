import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import { AlertIcon } from './Icons.tsx';
import { Container } from './Layout.tsx';
import { useUiT } from './i18n.ts';

/** What a micro-frontend's error boundary shows when its pages crash. */
export function AppError() {
  const t = useUiT();
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        tone="destructive"
        icon={<AlertIcon size={28} />}
        title={t('appError.title')}
        description={<p role="alert">{t('appError.description')}</p>}
        actions={<Button onClick={() => window.location.reload()}>{t('appError.refresh')}</Button>}
      />
    </Container>
  );
}

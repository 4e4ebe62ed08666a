/**
 * What a sign-in gate shows while it cannot show its page: checking the session, a failed check
 * (try again or sign in), or the redirect to the login page.
 */
import { AlertIcon, Button, ButtonLink, Container, EmptyState, LoadingState } from '@portal/ui';
import { ENROLLMENT_AUTH_PATH } from '../flow.ts';
import { useT } from '../i18n.ts';

export function GateWaiting({
  isPending,
  isError,
  refetch,
  loadingLabel,
}: {
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  loadingLabel: string;
}) {
  const t = useT();
  if (isPending) {
    return (
      <Container size="md">
        <LoadingState label={loadingLabel} />
      </Container>
    );
  }

  if (isError) {
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          tone="destructive"
          icon={<AlertIcon size={28} />}
          title={t('gate.sessionError.title')}
          description={<p role="alert">{t('gate.sessionError.text')}</p>}
          actions={
            <>
              <Button onClick={refetch}>{t('common.tryAgain')}</Button>
              <ButtonLink href={ENROLLMENT_AUTH_PATH} variant="secondary">
                {t('gate.signIn')}
              </ButtonLink>
            </>
          }
        />
      </Container>
    );
  }

  return (
    <Container size="md">
      <LoadingState label={t('gate.redirectingToLogin')} />
    </Container>
  );
}

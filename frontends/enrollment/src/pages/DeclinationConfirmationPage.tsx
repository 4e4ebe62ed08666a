import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  AlertIcon,
  Button,
  ButtonLink,
  Card,
  CheckIcon,
  Container,
  EmptyState,
  InfoIcon,
  LoadingState,
  PageHeader,
  Stack,
} from '@portal/ui';
import {
  api,
  useAuthState,
} from '@portal/client';
import type { EnrollmentRecord } from '@portal/contracts';
import { TopLinks } from '../components/TopLinks.tsx';
import { isDeclined, isNotFoundError, signedOnDate } from '../declination.ts';
import { fetchEnrollment } from '../enrollment-api.ts';
import { DASHBOARD_HREF } from '../flow.ts';
import { messages, useT } from '../i18n.ts';

/**
 * /declination-confirmation/{id} and /declination-confirmation?enrollmentId={id}: loads the
 * enrollment (owner only); a declined one is confirmed, anything else is 'Confirmation Not Found'.
 */
export function DeclinationConfirmationPage({ enrollmentId }: { enrollmentId: string | null }) {
  const t = useT();
  const locale = messages.useLocale();
  useEffect(() => {
    document.title = t('title.declination');
  }, [t]);
  const { isPending: sessionPending } = useAuthState();
  const query = useQuery<EnrollmentRecord>({
    queryKey: ['/api/enrollments', enrollmentId ?? ''],
    queryFn: ({ signal }) => fetchEnrollment(api, enrollmentId ?? '', signal),
    enabled: enrollmentId !== null,
  });

  if (enrollmentId === null) return <NotFound />;

  if (query.isPending || (sessionPending && !query.data)) {
    return (
      <Container size="md">
        <LoadingState label={t('declination.loading')} />
      </Container>
    );
  }

  if (query.isError && !isNotFoundError(query.error)) {
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          tone="destructive"
          icon={<AlertIcon size={28} />}
          title={t('declination.loadError.title')}
          description={<p role="alert">{t('declination.loadError.text')}</p>}
          actions={
            <>
              <Button onClick={() => void query.refetch()}>{t('common.tryAgain')}</Button>
              <ButtonLink href={DASHBOARD_HREF} variant="secondary">
                {t('common.goToDashboard')}
              </ButtonLink>
            </>
          }
        />
      </Container>
    );
  }

  const record = query.data;
  if (!record || !isDeclined(record)) return <NotFound />;

  const signedOn = signedOnDate(record, undefined, locale);
  return (
    <Container size="md">
      <Stack gap={5}>
        <TopLinks />
        <PageHeader
          eyebrow={
            <span className="enrollment-confirmed">
              <CheckIcon size={18} /> {t('declination.recorded')}
            </span>
          }
          title={t('declination.title')}
          description={<p>{t('declination.thanks')}</p>}
        />
        <Card>
          <dl className="enrollment-details">
            <div>
              <dt>{t('declination.decision')}</dt>
              <dd>{t('declination.declined')}</dd>
            </div>
            <div>
              <dt>{t('declination.signedOn')}</dt>
              <dd>{signedOn ?? t('common.notAvailable')}</dd>
            </div>
          </dl>
        </Card>
        <section aria-labelledby="declination-notices" className="enrollment-notices">
          <h2 id="declination-notices" className="ui-section__title">
            {t('declination.pleaseNote')}
          </h2>
          <ul className="enrollment-notes">
            <li>
              <InfoIcon size={18} /> {t('declination.optional')}
            </li>
            <li>
              <InfoIcon size={18} /> {t('declination.later')}
            </li>
          </ul>
        </section>
        <div className="ui-actions">
          <ButtonLink href={DASHBOARD_HREF} size="lg" className="ui-actions__primary">
            {t('common.goToDashboard')}
          </ButtonLink>
        </div>
      </Stack>
    </Container>
  );
}

function NotFound() {
  const t = useT();
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        icon={<AlertIcon size={28} />}
        title={t('declination.notFound.title')}
        description={<p>{t('declination.notFound.text')}</p>}
        actions={<ButtonLink href={DASHBOARD_HREF}>{t('common.goToDashboard')}</ButtonLink>}
      />
    </Container>
  );
}

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
import {
  CONFIRMATION_NOT_FOUND_TITLE,
  DECLINATION_CONFIRMED_TITLE,
  DECLINED_DECISION,
  NOTICE_ENROLL_LATER,
  NOTICE_OPTIONAL,
} from '../messages.ts';

/**
 * /declination-confirmation/{id} and /declination-confirmation?enrollmentId={id}: loads the
 * enrollment (owner only); a declined one is confirmed, anything else is 'Confirmation Not Found'.
 */
export function DeclinationConfirmationPage({ enrollmentId }: { enrollmentId: string | null }) {
  useEffect(() => {
    document.title = 'Membership Declination | Member Enrollment';
  }, []);
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
        <LoadingState label="Loading your confirmation..." />
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
          title="We couldn't load your confirmation"
          description={<p role="alert">Please check your connection and try again.</p>}
          actions={
            <>
              <Button onClick={() => void query.refetch()}>Try again</Button>
              <ButtonLink href={DASHBOARD_HREF} variant="secondary">
                Go to Dashboard
              </ButtonLink>
            </>
          }
        />
      </Container>
    );
  }

  const record = query.data;
  if (!record || !isDeclined(record)) return <NotFound />;

  const signedOn = signedOnDate(record);
  return (
    <Container size="md">
      <Stack gap={5}>
        <TopLinks />
        <PageHeader
          eyebrow={
            <span className="enrollment-confirmed">
              <CheckIcon size={18} /> Decision recorded
            </span>
          }
          title={DECLINATION_CONFIRMED_TITLE}
          description={<p>Thank you. We have recorded your decision about the membership program.</p>}
        />
        <Card>
          <dl className="enrollment-details">
            <div>
              <dt>Decision</dt>
              <dd>{DECLINED_DECISION}</dd>
            </div>
            <div>
              <dt>Signed on</dt>
              <dd>{signedOn ?? 'Not available'}</dd>
            </div>
          </dl>
        </Card>
        <section aria-labelledby="declination-notices" className="enrollment-notices">
          <h2 id="declination-notices" className="ui-section__title">
            Please note
          </h2>
          <ul className="enrollment-notes">
            <li>
              <InfoIcon size={18} /> {NOTICE_OPTIONAL}
            </li>
            <li>
              <InfoIcon size={18} /> {NOTICE_ENROLL_LATER}
            </li>
          </ul>
        </section>
        <div className="ui-actions">
          <ButtonLink href={DASHBOARD_HREF} size="lg" className="ui-actions__primary">
            Go to Dashboard
          </ButtonLink>
        </div>
      </Stack>
    </Container>
  );
}

function NotFound() {
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        icon={<AlertIcon size={28} />}
        title={CONFIRMATION_NOT_FOUND_TITLE}
        description={<p>We could not find a membership declination for this link.</p>}
        actions={<ButtonLink href={DASHBOARD_HREF}>Go to Dashboard</ButtonLink>}
      />
    </Container>
  );
}

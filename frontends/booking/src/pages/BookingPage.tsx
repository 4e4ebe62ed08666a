import { AlertIcon, ArrowLeftIcon, Button, ButtonLink, Card, Container, EmptyState, LoadingState, PageHeader, ProgressBar, Stack } from '@portal/ui';
import { pageHeading, progressPercent, stepTitle } from '../booking-flow.ts';
import { BookingStepContent } from '../components/BookingStepContent.tsx';
import { ExistingAppointmentPrompt } from '../components/ExistingAppointmentPrompt.tsx';
import { MembershipRequired } from '../components/MembershipRequired.tsx';
import { StepFocusContext } from '../components/StepHeading.tsx';
import { useBookingPage } from './use-booking-page.ts';
import { useT } from '../i18n.ts';

/**
 * /appointments and /appointments/booking (booking-dashboard-staff §2 'Appointment booking', §4
 * 'Booking'): steps −1..4 for guests (verification, patient information, provider, schedule,
 * confirmation) and members (practice location, provider, appointment type, schedule,
 * confirmation), the progress bar and a Dashboard button. `?reschedule=<appointmentId>` (the
 * dashboard's Reschedule) books by moving that appointment; `?location=<id>` (the practice
 * location screen) starts members at the provider step.
 */
export function BookingPage({ search }: { search: URLSearchParams }) {
  const page = useBookingPage(search);
  const { state, auth, act, member, notAMember } = page;
  const t = useT();

  const title = stepTitle(t, state.path, state.step);
  const heading = pageHeading(t, state, page.rescheduleId !== null);
  const canGoBack = state.step > 0 && state.step < 4 && !(state.path === 'guest' && state.step === 1) && !notAMember;

  let content;
  if (state.step === -1 || (member && page.membershipPending && state.step < 4)) {
    content = <LoadingState label={t('page.checkingAuthentication')} />;
  } else if (page.isError && auth.kind === 'unauthenticated') {
    content = (
      <EmptyState
        tone="destructive"
        icon={<AlertIcon size={28} />}
        title={t('page.sessionError.title')}
        description={<p role="alert">{t('page.sessionError.text')}</p>}
        actions={<Button onClick={page.refetch}>{t('page.tryAgain')}</Button>}
      />
    );
  } else if (notAMember) {
    content = <MembershipRequired />;
  } else {
    content = (
      <BookingStepContent
        state={state}
        auth={auth}
        sessionLocation={page.sessionLocation}
        busy={page.busy}
        patientFailure={page.patientFailure}
        onVerified={page.onVerified}
        onPatient={(form) => void page.savePatient(form)}
        act={act}
        onBook={() => void page.book()}
      />
    );
  }

  return (
    <StepFocusContext.Provider value={page.moved}>
      <Container size="md">
        <Stack gap={5} className="booking-page">
          <div className="booking-top">
            <ButtonLink href="/dashboard" variant="ghost" size="sm">
              <ArrowLeftIcon size={18} /> {t('page.dashboard')}
            </ButtonLink>
          </div>
          {heading ? <PageHeader title={heading.title} description={<p>{heading.description}</p>} /> : null}
          <ProgressBar title={title} percent={progressPercent(state.step)} />
          <Card className="booking-card booking-step">{content}</Card>
          {canGoBack ? (
            <div>
              <Button variant="ghost" onClick={() => act({ type: 'back' })}>
                <ArrowLeftIcon size={18} /> {t('page.back')}
              </Button>
            </div>
          ) : null}
        </Stack>
      </Container>
      <ExistingAppointmentPrompt existing={page.existing} busy={page.busy} onChoose={(choice) => void page.chooseExisting(choice)} onClose={page.closeExisting} />
    </StepFocusContext.Provider>
  );
}

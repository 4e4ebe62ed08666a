import { RESCHEDULE_PARAM } from '@portal/ui/appointments-contract.ts';
import { Suspense, lazy, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookAppointmentRequest, BookingPatientForm, ExistingAppointment, Provider, ProvidersResponse } from '@portal/contracts';
import {
  AlertIcon,
  ArrowLeftIcon,
  Button,
  ButtonLink,
  Card,
  Container,
  EmptyState,
  LoadingState,
  PRACTICE_LOCATIONS,
  PageHeader,
  ProgressBar,
  SUBSCRIPTION_STATUS_QUERY_KEY,
  Stack,
  api,
  apiErrorField,
  isMembershipActive,
  navigate,
  toast,
  useAuthState,
} from '@portal/ui';
import { ApiError } from '@portal/ui';
import {
  AVAILABILITY_QUERY_KEY,
  PROVIDERS_QUERY_KEY,
  UPCOMING_APPOINTMENTS_QUERY_KEY,
  bookAppointment,
  bookingConflict,
  cancelAppointment,
  fetchMembership,
  isMembershipRequired,
  rescheduleAppointment,
  savePatientInfo,
} from '../booking-api.ts';
import {
  bookingReducer,
  canBook,
  existingConfirmation,
  initialBookingState,
  pageHeading,
  progressPercent,
  stepTitle,
} from '../booking-flow.ts';
import type { BookingAction, BookingState, ChosenType } from '../booking-flow.ts';
import { ConfirmationStep } from '../components/ConfirmationStep.tsx';
import type { ExistingChoice } from '../components/ExistingAppointmentDialog.tsx';
import { LocationSelect } from '../components/LocationSelect.tsx';
import { MembershipRequired } from '../components/MembershipRequired.tsx';
import { ProviderStep } from '../components/ProviderStep.tsx';
import { ScheduleStep } from '../components/ScheduleStep.tsx';
import { StepFocusContext, StepHeading } from '../components/StepHeading.tsx';
import { TypeChoices } from '../components/TypeChoices.tsx';
import { VerificationStep } from '../components/VerificationStep.tsx';
import {
  BOOKING_FAILED_TEXT,
  BOOKING_FAILED_TITLE,
  CANCELLATION_FAILED_TEXT,
  CANCELLATION_FAILED_TITLE,
  CANNOT_CANCEL_TEXT,
  CANNOT_CANCEL_TITLE,
  PAGE_TITLE,
  RESCHEDULE_FAILED_TEXT,
  RESCHEDULE_FAILED_TITLE,
} from '../messages.ts';

// Loaded when needed, keeping the first chunk small: the conflict dialog (Radix) and the guests'
// patient form (its validation rules).
const loadDialog = () => import('../components/ExistingAppointmentDialog.tsx');
const ExistingAppointmentDialog = lazy(() => loadDialog().then((module) => ({ default: module.ExistingAppointmentDialog })));
const PatientInfoStep = lazy(() => import('../components/PatientInfoStep.tsx').then((module) => ({ default: module.PatientInfoStep })));

const knownLocation = (id: string | null | undefined): string | null =>
  id && PRACTICE_LOCATIONS.some((location) => location.id === id) ? id : null;

/** The book (or reschedule) request of the chosen slot. */
const slotRequest = (state: BookingState): BookAppointmentRequest | null => {
  const { provider, appointmentType, slot } = state;
  if (!provider || !appointmentType || !slot) return null;
  return {
    providerId: slot.providerId ?? provider.id,
    appointmentId: slot.appointmentId,
    appointmentDate: slot.date,
    appointmentTime: slot.time,
    appointmentTypeId: appointmentType.id,
  };
};

/** The provider's name; with No Preference, the name of the slot's own provider when the list knows it. */
const providerNameOf = (state: BookingState, providers?: readonly Provider[]): string | null => {
  if (!state.provider) return null;
  if (state.provider.id !== 'any') return state.provider.name;
  const own = providers?.find((provider) => provider.id === state.slot?.providerId);
  return own ? own.displayName || own.name : null;
};

/**
 * /appointments and /appointments/booking (booking-dashboard-staff §2 'Appointment booking', §4
 * 'Booking'): steps −1..4 for guests (verification, patient information, provider, schedule,
 * confirmation) and members (practice location, provider, appointment type, schedule,
 * confirmation), the progress bar and a Dashboard button. `?reschedule=<appointmentId>` (the
 * dashboard's Reschedule) books by moving that appointment; `?location=<id>` (the practice
 * location screen) starts members at the provider step.
 */
export function BookingPage({ search }: { search: URLSearchParams }) {
  const { state: auth, session, isPending, isError, refetch } = useAuthState();
  const rescheduleId = search.get(RESCHEDULE_PARAM);
  const locationParam = knownLocation(search.get('location'));
  const sessionLocation = knownLocation(session?.practiceLocation) ?? '';

  // Who is booking decides the path; a new patient (switch, sign-in, sign-out) starts again.
  const who = auth.kind === 'provider' ? `provider:${auth.patientId}` : auth.kind === 'guest' ? 'guest' : isPending ? 'pending' : 'nobody';
  const start = (): BookingAction =>
    auth.kind === 'provider'
      ? { type: 'start-member', patientId: auth.patientId, locationId: locationParam ?? sessionLocation, skipLocation: locationParam !== null, rescheduleId }
      : { type: 'start-guest' };
  // Known already (the session the page holds): the wizard starts at its first step from its first paint.
  const [state, dispatch] = useReducer(bookingReducer, null, () => (who === 'pending' ? initialBookingState : bookingReducer(initialBookingState, start())));
  const startedFor = useRef(who === 'pending' ? null : who);
  const [moved, setMoved] = useState(false);
  const [membershipRefused, setMembershipRefused] = useState(false);
  const [existing, setExisting] = useState<ExistingAppointment | null>(null);
  const [busy, setBusy] = useState<ExistingChoice | 'book' | 'patient' | null>(null);
  const [patientFailure, setPatientFailure] = useState<{ title: string; text: string } | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    document.title = `${PAGE_TITLE} | Member Portal`;
  }, []);

  useEffect(() => {
    if (who === 'pending' || startedFor.current === who) return;
    startedFor.current = who;
    setMembershipRefused(false);
    setExisting(null);
    setMoved(false);
    dispatch(start());
    // Only a change of who is booking restarts the wizard (a navigation here mounts a new one: BookingRoot).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [who]);

  const act = useCallback((action: Parameters<typeof dispatch>[0]) => {
    setMoved(true);
    dispatch(action);
  }, []);

  const member = state.path === 'member';
  const membership = useQuery({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchMembership(api, signal),
    enabled: member && auth.kind === 'provider',
  });
  const notAMember = membershipRefused || (member && membership.data !== undefined && !isMembershipActive(membership.data));

  const knownProviders = (): readonly Provider[] | undefined => queryClient.getQueryData<ProvidersResponse>(PROVIDERS_QUERY_KEY(state.locationId))?.providers;

  const dropUpcoming = (): void => {
    queryClient.removeQueries({ queryKey: UPCOMING_APPOINTMENTS_QUERY_KEY });
  };

  const onVerified = useCallback(() => act({ type: 'verified' }), [act]);

  const savePatient = async (form: BookingPatientForm): Promise<void> => {
    setBusy('patient');
    setPatientFailure(null);
    try {
      const answer = await savePatientInfo(api, form);
      act({ type: 'patient-saved', patientId: answer.patientId, locationId: knownLocation(answer.departmentId) ?? form.department });
    } catch (error) {
      if (isMembershipRequired(error)) setMembershipRefused(true);
      else {
        setPatientFailure({
          title: apiErrorField(error, 'error') ?? 'Unable to save patient information',
          text: apiErrorField(error, 'message') ?? 'Please try again or contact our office.',
        });
      }
    } finally {
      setBusy(null);
    }
  };

  const book = async (): Promise<void> => {
    const request = slotRequest(state);
    if (!request || !state.patientId || !canBook(state) || busy) return;
    setBusy('book');
    try {
      if (state.rescheduleId) {
        const answer = await rescheduleAppointment(api, state.patientId, {
          ...request,
          existingAppointmentId: state.rescheduleId,
          ...(providerNameOf(state) ? { providerName: providerNameOf(state) ?? undefined } : {}),
        });
        dropUpcoming();
        act({ type: 'confirmed', confirmation: confirmationOf(state, 'rescheduled', answer.appointmentTypeName, answer.message, answer.appointmentId ?? null, knownProviders()) });
        return;
      }
      const answer = await bookAppointment(api, state.patientId, request);
      dropUpcoming();
      act({ type: 'confirmed', confirmation: confirmationOf(state, 'booked', answer.appointmentTypeName, answer.message ?? null, answer.appointmentId ?? null, knownProviders()) });
    } catch (error) {
      const conflict = state.rescheduleId ? null : bookingConflict(error);
      if (conflict?.[0]) {
        setExisting(conflict[0]);
      } else if (isMembershipRequired(error)) {
        setMembershipRefused(true);
      } else {
        const rescheduling = state.rescheduleId !== null;
        toast({
          title: rescheduling ? RESCHEDULE_FAILED_TITLE : BOOKING_FAILED_TITLE,
          description: apiErrorField(error, 'message') ?? (rescheduling ? RESCHEDULE_FAILED_TEXT : BOOKING_FAILED_TEXT),
          variant: 'destructive',
        });
        if (error instanceof ApiError && error.status === 409) {
          // The time was taken meanwhile: read the week again and choose anew.
          act({ type: 'week-chosen', week: state.week });
          void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY({ departmentId: state.locationId, providerId: state.provider?.id ?? '', appointmentTypeId: state.appointmentType?.id ?? '', week: state.week }) });
        }
      }
    } finally {
      setBusy(null);
    }
  };

  const chooseExisting = async (choice: ExistingChoice): Promise<void> => {
    if (!existing || busy) return;
    if (choice === 'keep') {
      act({ type: 'confirmed', confirmation: existingConfirmation(existing) });
      setExisting(null);
      return;
    }
    setBusy(choice);
    try {
      if (choice === 'reschedule') {
        const request = slotRequest(state);
        if (!request || !state.patientId) return;
        const answer = await rescheduleAppointment(api, state.patientId, {
          ...request,
          existingAppointmentId: existing.appointmentId,
          ...(providerNameOf(state) ? { providerName: providerNameOf(state) ?? undefined } : {}),
        });
        dropUpcoming();
        setExisting(null);
        act({ type: 'confirmed', confirmation: confirmationOf(state, 'rescheduled', answer.appointmentTypeName, answer.message, answer.appointmentId ?? null, knownProviders()) });
      } else {
        await cancelAppointment(api, existing.appointmentId);
        setExisting(null);
        dropUpcoming();
        navigate('/dashboard');
      }
    } catch (error) {
      if (choice === 'reschedule') {
        toast({ title: RESCHEDULE_FAILED_TITLE, description: apiErrorField(error, 'message') ?? RESCHEDULE_FAILED_TEXT, variant: 'destructive' });
      } else if (error instanceof ApiError && error.status === 409) {
        toast({ title: CANNOT_CANCEL_TITLE, description: apiErrorField(error, 'message') ?? CANNOT_CANCEL_TEXT, variant: 'destructive' });
      } else {
        toast({ title: CANCELLATION_FAILED_TITLE, description: CANCELLATION_FAILED_TEXT, variant: 'destructive' });
      }
    } finally {
      setBusy(null);
    }
  };

  useEffect(() => {
    // A booking may meet a conflict: have the dialog ready by the time Book is pressed.
    if (state.step === 3) void loadDialog().catch(() => undefined);
  }, [state.step]);

  const title = stepTitle(state.path, state.step);
  const heading = pageHeading(state, rescheduleId !== null);
  const canGoBack = state.step > 0 && state.step < 4 && !(state.path === 'guest' && state.step === 1) && !notAMember;

  let content;
  if (state.step === -1 || (member && membership.isPending && state.step < 4)) {
    content = <LoadingState label="Checking authentication..." />;
  } else if (isError && auth.kind === 'unauthenticated') {
    content = (
      <EmptyState
        tone="destructive"
        icon={<AlertIcon size={28} />}
        title="Session Error"
        description={<p role="alert">Unable to verify authentication. Please try again.</p>}
        actions={<Button onClick={refetch}>Try again</Button>}
      />
    );
  } else if (notAMember) {
    content = <MembershipRequired />;
  } else {
    content = (
      <StepContent
        state={state}
        auth={auth}
        sessionLocation={sessionLocation}
        busy={busy}
        patientFailure={patientFailure}
        onVerified={onVerified}
        onPatient={(form) => void savePatient(form)}
        act={act}
        onBook={() => void book()}
      />
    );
  }

  return (
    <StepFocusContext.Provider value={moved}>
      <Container size="md">
        <Stack gap={5} className="booking-page">
          <div className="booking-top">
            <ButtonLink href="/dashboard" variant="ghost" size="sm">
              <ArrowLeftIcon size={18} /> Dashboard
            </ButtonLink>
          </div>
          {heading ? <PageHeader title={heading.title} description={<p>{heading.description}</p>} /> : null}
          <ProgressBar title={title} percent={progressPercent(state.step)} />
          <Card className="booking-card booking-step">{content}</Card>
          {canGoBack ? (
            <div>
              <Button variant="ghost" onClick={() => act({ type: 'back' })}>
                <ArrowLeftIcon size={18} /> Back
              </Button>
            </div>
          ) : null}
        </Stack>
      </Container>
      {existing ? (
        <Suspense fallback={null}>
          <ExistingAppointmentDialog
            existing={existing}
            busy={busy === 'keep' || busy === 'reschedule' || busy === 'cancel' ? busy : null}
            onChoose={(choice) => void chooseExisting(choice)}
            onClose={() => setExisting(null)}
          />
        </Suspense>
      ) : null}
    </StepFocusContext.Provider>
  );
}

const confirmationOf = (
  state: BookingState,
  kind: 'booked' | 'rescheduled',
  appointmentTypeName: string | null,
  message: string | null,
  appointmentId: string | null,
  providers?: readonly Provider[],
) => ({
  kind,
  date: state.slot?.date ?? '',
  time: state.slot?.time ?? '',
  providerName: providerNameOf(state, providers),
  appointmentTypeName: appointmentTypeName ?? state.appointmentType?.name ?? null,
  appointmentId,
  message,
});

interface StepContentProps {
  state: BookingState;
  auth: ReturnType<typeof useAuthState>['state'];
  sessionLocation: string;
  busy: string | null;
  patientFailure: { title: string; text: string } | null;
  onVerified: () => void;
  onPatient: (form: BookingPatientForm) => void;
  act: (action: Parameters<typeof bookingReducer>[1]) => void;
  onBook: () => void;
}

function StepContent({ state, auth, sessionLocation, busy, patientFailure, onVerified, onPatient, act, onBook }: StepContentProps) {
  const guest = state.path === 'guest';
  const chooseType = (appointmentType: ChosenType) => act({ type: 'type-chosen', appointmentType });
  switch (state.step) {
    case 0:
      if (guest) return <VerificationStep verified={auth.kind === 'guest'} onVerified={onVerified} />;
      return (
        <Stack gap={5}>
          <StepHeading>Practice Location</StepHeading>
          {auth.kind === 'provider' ? <p>Welcome, {auth.patientName}</p> : null}
          <LocationSelect initial={state.locationId || sessionLocation} submitLabel="Continue" onSubmit={(locationId) => act({ type: 'location-chosen', locationId })} />
        </Stack>
      );
    case 1:
      if (guest) {
        if (auth.kind !== 'guest') return <VerificationStep verified={false} onVerified={onVerified} />;
        return (
          <Suspense fallback={<LoadingState compact label="Loading..." />}>
            <PatientInfoStep guest={auth} submitting={busy === 'patient'} failure={patientFailure} onSubmit={onPatient} />
          </Suspense>
        );
      }
      return <ProviderStep locationId={state.locationId} selectedId={state.provider?.id ?? null} onChoose={(provider) => act({ type: 'provider-chosen', provider })} />;
    case 2:
      if (guest) {
        return <ProviderStep locationId={state.locationId} selectedId={state.provider?.id ?? null} onChoose={(provider) => act({ type: 'provider-chosen', provider })} />;
      }
      return (
        <Stack gap={5}>
          <StepHeading>Choose an Appointment Type</StepHeading>
          <p id="booking-type-list" className="booking-muted">
            With {state.provider?.name}
          </p>
          {state.provider ? (
            <TypeChoices providerId={state.provider.id} selectedId={state.appointmentType?.id ?? null} onChoose={chooseType} headingId="booking-type-list" />
          ) : null}
        </Stack>
      );
    case 3:
      return (
        <ScheduleStep
          state={state}
          chooseTypeHere={guest}
          booking={busy === 'book'}
          onType={(appointmentType) => act({ type: 'type-chosen', appointmentType })}
          onWeek={(week) => act({ type: 'week-chosen', week })}
          onSlot={(slot) => act({ type: 'slot-chosen', slot })}
          onDifferentProvider={() => act({ type: 'different-provider' })}
          onBook={onBook}
        />
      );
    case 4:
      return state.confirmation ? <ConfirmationStep confirmation={state.confirmation} locationId={state.locationId} /> : null;
    default:
      return null;
  }
}

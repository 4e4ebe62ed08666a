import { Suspense, lazy } from 'react';
import type { BookingPatientForm } from '@portal/contracts';
import { LoadingState, Stack } from '@portal/ui';
import { useAuthState } from '@portal/client';
import type { BookingAction, BookingState, ChosenType } from '../booking-flow.ts';
import { ANY_PROVIDER_ID, providerName } from '../providers.ts';
import { ConfirmationStep } from './ConfirmationStep.tsx';
import { LocationSelect } from './LocationSelect.tsx';
import { ProviderStep } from './ProviderStep.tsx';
import { ScheduleStep } from './ScheduleStep.tsx';
import { StepHeading } from './StepHeading.tsx';
import { TypeChoices } from './TypeChoices.tsx';
import { VerificationStep } from './VerificationStep.tsx';
import { useT } from '../i18n.ts';

// Loaded when needed, keeping the first chunk small: the guests' patient form (its validation rules).
const PatientInfoStep = lazy(() => import('./PatientInfoStep.tsx').then((module) => ({ default: module.PatientInfoStep })));

interface BookingStepContentProps {
  state: BookingState;
  auth: ReturnType<typeof useAuthState>['state'];
  sessionLocation: string;
  busy: string | null;
  patientFailure: { title: string; text: string } | null;
  onVerified: () => void;
  onPatient: (form: BookingPatientForm) => void;
  act: (action: BookingAction) => void;
  onBook: () => void;
}

/** The booking wizard's current step: guests' and members' steps 0..4. */
export function BookingStepContent({ state, auth, sessionLocation, busy, patientFailure, onVerified, onPatient, act, onBook }: BookingStepContentProps) {
  const t = useT();
  const guest = state.path === 'guest';
  const chooseType = (appointmentType: ChosenType) => act({ type: 'type-chosen', appointmentType });
  switch (state.step) {
    case 0:
      if (guest) return <VerificationStep verified={auth.kind === 'guest'} onVerified={onVerified} />;
      return (
        <Stack gap={5}>
          <StepHeading>{t('location.heading')}</StepHeading>
          {auth.kind === 'provider' ? <p>{t('location.welcome', { name: auth.patientName })}</p> : null}
          <LocationSelect initial={state.locationId || sessionLocation} submitLabel={t('location.continue')} onSubmit={(locationId) => act({ type: 'location-chosen', locationId })} />
        </Stack>
      );
    case 1:
      if (guest) {
        if (auth.kind !== 'guest') return <VerificationStep verified={false} onVerified={onVerified} />;
        return (
          <Suspense fallback={<LoadingState compact label={t('page.loading')} />}>
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
          <StepHeading>{t('types.heading')}</StepHeading>
          <p id="booking-type-list" className="booking-muted">
            {t('types.with', { provider: providerName(t, state.provider), any: state.provider?.id === ANY_PROVIDER_ID ? 'yes' : 'no' })}
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

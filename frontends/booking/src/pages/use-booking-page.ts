import { RESCHEDULE_PARAM } from '@portal/client/appointments-contract.ts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingPatientForm, ExistingAppointment, Provider, ProvidersResponse } from '@portal/contracts';
import { ApiError, SUBSCRIPTION_STATUS_QUERY_KEY, api, apiErrorField, isMembershipActive, navigate, toast, useAuthState } from '@portal/client';
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
import { bookingReducer, canBook, existingConfirmation, initialBookingState } from '../booking-flow.ts';
import type { BookingAction } from '../booking-flow.ts';
import type { ExistingChoice } from '../components/ExistingAppointmentDialog.tsx';
import { preloadExistingDialog } from '../components/ExistingAppointmentPrompt.tsx';
import { useApiErrorText } from '@portal/client/api-error-text.ts';
import { useLocale, useT, type MessageId } from '../i18n.ts';
import { confirmationOf, knownLocation, providerNameOf, slotRequest } from './booking-requests.ts';

/**
 * The booking page's state: who is booking (a new patient starts the wizard again; a navigation
 * here mounts a new page, ADR 0050), the wizard's steps, the membership check, and the requests
 * that save the patient, book or move the slot, and answer an existing appointment's conflict.
 */
export function useBookingPage(search: URLSearchParams) {
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
  const t = useT();
  const locale = useLocale();
  const errorText = useApiErrorText();

  /** A refusal's words: the API's message in English (as before), its code's text in Spanish; ours when it gave none. */
  const refusalText = (error: unknown, fallback: MessageId): string => {
    const message = apiErrorField(error, 'message');
    return message === null ? t(fallback) : errorText({ code: apiErrorField(error, 'code'), message });
  };

  useEffect(() => {
    document.title = t('page.documentTitle');
  }, [t]);

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

  const act = useCallback((action: BookingAction) => {
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
          // The API's own title in English (as before); ours in Spanish.
          title: (locale === 'en-US' ? apiErrorField(error, 'error') : null) ?? t('patient.saveFailed'),
          text: refusalText(error, 'common.tryAgainOrContact'),
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
          title: t(rescheduling ? 'failure.reschedule.title' : 'failure.booking.title'),
          description: refusalText(error, rescheduling ? 'failure.reschedule.text' : 'failure.booking.text'),
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
        toast({ title: t('failure.reschedule.title'), description: refusalText(error, 'failure.reschedule.text'), variant: 'destructive' });
      } else if (error instanceof ApiError && error.status === 409) {
        toast({ title: t('failure.cannotCancel.title'), description: refusalText(error, 'failure.cannotCancel.text'), variant: 'destructive' });
      } else {
        toast({ title: t('failure.cancellation.title'), description: t('failure.cancellation.text'), variant: 'destructive' });
      }
    } finally {
      setBusy(null);
    }
  };

  useEffect(() => {
    // A booking may meet a conflict: have the dialog ready by the time Book is pressed.
    if (state.step === 3) preloadExistingDialog();
  }, [state.step]);

  return {
    auth,
    isError,
    refetch,
    rescheduleId,
    sessionLocation,
    state,
    act,
    moved,
    member,
    membershipPending: membership.isPending,
    notAMember,
    busy,
    patientFailure,
    existing,
    closeExisting: () => setExisting(null),
    onVerified,
    savePatient,
    book,
    chooseExisting,
  };
}

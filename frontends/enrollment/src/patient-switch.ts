/**
 * Patient switch on the enrollment pages (enrollment-and-payment §4 'Patient switch'): the shell
 * raises 'patientSwitched' when the session's patient differs from the last known one (and has
 * already cleared that patient's stored data). The enrollment page starts listening 2 s after it
 * opens; for a different patient it shows a toast and goes to the dashboard after 1.5 s.
 */
import { useEffect } from 'react';
import { PATIENT_SWITCHED_EVENT, navigate, toast } from '@portal/client';
import { DASHBOARD_HREF } from './flow.ts';
import { paymentMessages } from './payment/i18n.ts';

export const PATIENT_SWITCH_LISTEN_AFTER_MS = 2000;
export const PATIENT_SWITCH_REDIRECT_MS = 1500;

/** True when the event's detail names two different, non-empty patients. */
export const isDifferentPatient = (detail: unknown): boolean => {
  if (typeof detail !== 'object' || detail === null) return false;
  const { previousPatientId, patientId } = detail as { previousPatientId?: unknown; patientId?: unknown };
  return typeof patientId === 'string' && patientId !== '' && typeof previousPatientId === 'string' && previousPatientId !== '' && patientId !== previousPatientId;
};

export interface TimerApi {
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

/**
 * Starts listening on `target` after 2 s; on a switch to a different patient, tells the user and
 * leaves for the dashboard 1.5 s later. Returns the cleanup.
 */
export const watchPatientSwitch = (
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  timers: TimerApi,
  onSwitch: () => void,
  onRedirect: () => void,
): (() => void) => {
  let redirectTimer: number | null = null;
  const listener = (event: Event): void => {
    if (redirectTimer !== null || !isDifferentPatient((event as CustomEvent<unknown>).detail)) return;
    onSwitch();
    redirectTimer = timers.setTimeout(onRedirect, PATIENT_SWITCH_REDIRECT_MS);
  };
  let listening = false;
  const startTimer = timers.setTimeout(() => {
    listening = true;
    target.addEventListener(PATIENT_SWITCHED_EVENT, listener);
  }, PATIENT_SWITCH_LISTEN_AFTER_MS);
  return () => {
    timers.clearTimeout(startTimer);
    if (redirectTimer !== null) timers.clearTimeout(redirectTimer);
    if (listening) target.removeEventListener(PATIENT_SWITCHED_EVENT, listener);
  };
};

/** The hook the enrollment pages use. */
export const usePatientSwitchRedirect = (): void => {
  useEffect(
    () =>
      watchPatientSwitch(
        window,
        { setTimeout: (callback, ms) => window.setTimeout(callback, ms), clearTimeout: (id) => window.clearTimeout(id) },
        () => toast({ title: paymentMessages.t('patientSwitch.title'), description: paymentMessages.t('patientSwitch.text') }),
        () => navigate(DASHBOARD_HREF),
      ),
    [],
  );
};

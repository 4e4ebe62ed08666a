/**
 * The dashboard's upcoming appointments (booking-dashboard-staff §2 'Dashboard', §5, §9): how an
 * appointment reads (MM/DD/YYYY, h:mm AM/PM, the location's name). Whether Cancel and Reschedule
 * are offered (the 24-hour rule) is the server's decision, sent with each appointment: the rule
 * lives once, in core (issue 25).
 */
import type { Provider } from '@portal/contracts';
import { PRACTICE_LOCATIONS } from '@portal/client';

export const UPCOMING_TITLE = 'Upcoming Appointments';
export const NO_UPCOMING = 'No Upcoming Appointments (90 days)';
export const CANCEL_CUTOFF_TOOLTIP = 'Cannot cancel within 24 hours. Please call the office.';
/** Not in the spec (which gives only Cancel's): the same rule and wording for Reschedule. */
export const RESCHEDULE_CUTOFF_TOOLTIP = 'Cannot reschedule within 24 hours. Please call the office.';
export const CANCEL_DIALOG_TITLE = 'Cancel Appointment';
export const CANCEL_DIALOG_TEXT = 'Are you sure you want to cancel this appointment? This action cannot be undone.';
export const KEEP_APPOINTMENT = 'Keep Appointment';
export const CONFIRM_CANCEL = 'Yes, Cancel Appointment';
export const CANCELLATION_ERROR_TITLE = 'Cancellation Error';
export const CANCELLATION_ERROR_TEXT = 'Failed to cancel appointment. Please contact the office.';
export { APPOINTMENTS_PATH } from '@portal/client/appointments-contract.ts';


/** Cached per patient (§3 'Browser storage': an upcoming-appointments cache per patient). */
export { upcomingAppointmentsKey } from '@portal/client/appointments-contract.ts';

/** The Provider fact when the practice's list does not name the appointment's provider (or could not be read). */
export const UNKNOWN_PROVIDER = 'Your provider';

/** A location's providers list as the row reads it: still loading, or settled (read, or failed). */
export interface ProviderList {
  readonly isPending: boolean;
  readonly providers?: readonly Provider[] | undefined;
}

/**
 * The Provider fact of an appointment: the name its location's providers list gives (display
 * name first), UNKNOWN_PROVIDER when the settled list does not name it, and null while the list
 * is loading: the row waits for it rather than showing a placeholder that then changes (issue 23).
 */
export const providerFact = (providerId: string, list: ProviderList | undefined): string | null => {
  if (!list || list.isPending) return null;
  const found = list.providers?.find((provider) => provider.id === providerId);
  return found ? found.displayName || found.name : UNKNOWN_PROVIDER;
};

/** Where Reschedule goes: the booking screen, moving this appointment. */
export { rescheduleHref } from '@portal/client/appointments-contract.ts';

/** MM/DD/YYYY and h:mm AM/PM, as the booking screens show them (@portal/ui). */
export { formatUsDate as formatAppointmentDate, formatTime12h as formatAppointmentTime } from '@portal/ui';

export const departmentName = (departmentId: string): string =>
  PRACTICE_LOCATIONS.find((location) => location.id === departmentId)?.name ?? 'Practice location';

/** What the row offers: the server's decision (core's 24-hour rule); an answer without one offers both (the server decides on the request). */
export const changeOffer = (appointment: { readonly canCancel?: boolean | undefined; readonly canReschedule?: boolean | undefined }): { readonly canCancel: boolean; readonly canReschedule: boolean } => ({
  canCancel: appointment.canCancel ?? true,
  canReschedule: appointment.canReschedule ?? true,
});

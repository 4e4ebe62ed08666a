/**
 * The dashboard's upcoming appointments (booking-dashboard-staff §2 'Dashboard', §5, §9): how an
 * appointment reads (MM/DD/YYYY, h:mm AM/PM, the location's name). Whether Cancel and Reschedule
 * are offered (the 24-hour rule) is the server's decision, sent with each appointment: the rule
 * lives once, in core (issue 25).
 */
import type { Provider } from '@portal/contracts';
import type { Locale } from '@portal/contracts/locale.ts';
import { PRACTICE_LOCATIONS } from '@portal/client';
import { formatTime12h, formatUsDate } from '@portal/ui';
import { formatClockTime, formatLongDate } from '@portal/i18n/format.ts';
import type { Translate } from './i18n.ts';

// The words are in messages/en.json and es.json ('upcoming.*', 'cancelDialog.*'). The Reschedule
// cutoff ('upcoming.rescheduleCutoff') is not in the spec, which gives only Cancel's: the same rule
// and wording.
export { APPOINTMENTS_PATH } from '@portal/client/appointments-contract.ts';


/** Cached per patient (§3 'Browser storage': an upcoming-appointments cache per patient). */
export { upcomingAppointmentsKey } from '@portal/client/appointments-contract.ts';

/** The Provider fact when the practice's list does not name the appointment's provider (or could not be read): the English, for the tests. */
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
export const providerFact = (t: Translate, providerId: string, list: ProviderList | undefined): string | null => {
  if (!list || list.isPending) return null;
  const found = list.providers?.find((provider) => provider.id === providerId);
  return found ? found.displayName || found.name : t('upcoming.unknownProvider');
};

/** Where Reschedule goes: the booking screen, moving this appointment. */
export { rescheduleHref } from '@portal/client/appointments-contract.ts';

/** MM/DD/YYYY and h:mm AM/PM, as the booking screens show them (@portal/ui). */
export { formatUsDate as formatAppointmentDate, formatTime12h as formatAppointmentTime };

/**
 * An appointment's date and time in the page's language: English as the booking screens show them
 * ('03/09/2026', '8:05 AM'); Spanish in words ('9 de marzo de 2026', '8:05 a.m.').
 */
export const appointmentWhen = (locale: Locale, date: string, startTime: string): { readonly date: string; readonly time: string } =>
  locale === 'en-US' ? { date: formatUsDate(date), time: formatTime12h(startTime) } : { date: formatLongDate(date, locale), time: formatClockTime(startTime, locale) };

/** The location's name (the practice's, not translated), or 'Practice location'. */
export const departmentName = (t: Translate, departmentId: string): string =>
  PRACTICE_LOCATIONS.find((location) => location.id === departmentId)?.name ?? t('upcoming.unknownLocation');

/** What the row offers: the server's decision (core's 24-hour rule); an answer without one offers both (the server decides on the request). */
export const changeOffer = (appointment: { readonly canCancel?: boolean | undefined; readonly canReschedule?: boolean | undefined }): { readonly canCancel: boolean; readonly canReschedule: boolean } => ({
  canCancel: appointment.canCancel ?? true,
  canReschedule: appointment.canReschedule ?? true,
});

/**
 * The dashboard's upcoming appointments (booking-dashboard-staff §2 'Dashboard', §5, §9): how an
 * appointment reads (MM/DD/YYYY, h:mm AM/PM, the location's name), and the 24-hour rule: Cancel
 * is disabled from 24 hours before the start, counted in elapsed time from the start on the
 * practice's clock (Rhode Island), whatever the browser's time zone. The server refuses it too.
 */
import type { Provider } from '@portal/contracts';
import { PRACTICE_LOCATIONS } from '@portal/ui';

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
export const APPOINTMENTS_PATH = '/appointments';

export const PRACTICE_TIME_ZONE = 'America/New_York';
export const CANCEL_CUTOFF_MS = 24 * 60 * 60 * 1000;

/** Cached per patient (§3 'Browser storage': an upcoming-appointments cache per patient). */
export const upcomingAppointmentsKey = (patientId: string) => ['/api/dashboard/upcoming-appointments', patientId] as const;

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
export const rescheduleHref = (appointmentId: string): string => `${APPOINTMENTS_PATH}?reschedule=${encodeURIComponent(appointmentId)}`;

const pad = (value: number): string => String(value).padStart(2, '0');

/** 'MM/DD/YYYY' or 'YYYY-MM-DD' → [year, month, day], else null. */
const dateParts = (value: string): [number, number, number] | null => {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (us) return [Number(us[3]), Number(us[1]), Number(us[2])];
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  return null;
};

const timeParts = (value: string): [number, number] | null => {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match || Number(match[1]) > 23) return null;
  return [Number(match[1]), Number(match[2])];
};

/** MM/DD/YYYY and h:mm AM/PM, as the booking screens show them (@portal/ui). */
export { formatUsDate as formatAppointmentDate, formatTime12h as formatAppointmentTime } from '@portal/ui';

export const departmentName = (departmentId: string): string =>
  PRACTICE_LOCATIONS.find((location) => location.id === departmentId)?.name ?? 'Practice location';

/** How far `timeZone` is ahead of UTC at `instant` (ms). */
const zoneOffset = (instant: number, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string): number => Number(parts.find((candidate) => candidate.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
};

/** The instant a wall time on the practice's clock happens (ms since the epoch), or null. */
export const appointmentStart = (date: string, time: string, timeZone = PRACTICE_TIME_ZONE): number | null => {
  const day = dateParts(date);
  const clock = timeParts(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(day[0], day[1] - 1, day[2], clock[0], clock[1]);
  // Two passes: the offset at the guess, then at the corrected instant (a DST change in between).
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
};

/** Cancel is allowed only while more than 24 hours remain before the start. Unknown start: allowed (the server decides). */
export const canCancel = (date: string, time: string, now: Date, timeZone = PRACTICE_TIME_ZONE): boolean => {
  const start = appointmentStart(date, time, timeZone);
  return start === null || start - now.getTime() > CANCEL_CUTOFF_MS;
};

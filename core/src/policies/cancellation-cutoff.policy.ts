/**
 * The 24-hour rule (booking-dashboard-staff §5, §8): an appointment can be cancelled or
 * rescheduled only while at least 24 hours of real elapsed time remain before its start.
 * It is computed on instants, never on calendar days, so across a DST change it is still
 * 86,400,000 ms (the night clocks spring forward, 24 hours before 10:00 is 09:00 the day before).
 *
 * athenahealth gives appointment starts as a local date 'MM/DD/YYYY' plus 'HH:mm' (24-hour)
 * on the practice's wall clock; `athenaLocalToInstant` turns them into the instant they mean.
 */
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { domainError } from '../domain/domain-error.ts';
import type { DomainError } from '../domain/domain-error.ts';
import { CANCELLATION_CUTOFF_MS, PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { parseCalendarDate, parseWallTime, zonedWallTimeToInstant } from '../domain/zoned-time.ts';

export { CANCELLATION_CUTOFF_MS } from '../domain/practice.ts';

export const CANNOT_CANCEL_TITLE = 'Cannot Cancel Appointment';
export const CANCEL_WINDOW_CLOSED_MESSAGE =
  'Appointments cannot be cancelled within 24 hours. Please call the office to cancel.';
/** The dashboard's tooltip on the disabled Cancel button. */
export const CANCEL_WINDOW_CLOSED_TOOLTIP = 'Cannot cancel within 24 hours. Please call the office.';

export type CancelWindowClosedError = DomainError<'APPOINTMENT.CANCEL_WINDOW_CLOSED'>;
export type InvalidAppointmentTimeError = DomainError<'APPOINTMENT.INVALID_START_TIME'>;

/** True iff the start is at least 24 hours (elapsed) after now; past appointments are false. */
export const canChangeAppointment = (appointmentStart: Date, now: Date): boolean =>
  appointmentStart.getTime() - now.getTime() >= CANCELLATION_CUTOFF_MS;

/** Either form of `canChangeAppointment` for use cases (cancel and reschedule). */
export const checkCancellationWindow = (
  appointmentStart: Date,
  now: Date,
): E.Either<CancelWindowClosedError, Date> =>
  canChangeAppointment(appointmentStart, now)
    ? E.right(appointmentStart)
    : E.left(domainError('APPOINTMENT.CANCEL_WINDOW_CLOSED', CANCEL_WINDOW_CLOSED_MESSAGE, CANNOT_CANCEL_TITLE));

/**
 * The instant of an athenahealth local start ('MM/DD/YYYY', 'HH:mm' 24-hour) on the wall clock
 * of `timeZone` (the practice's by default). A time skipped by the spring-forward jump moves
 * forward by the gap; a time that happens twice in November is the first (daylight) one.
 */
export const athenaLocalToInstant = (
  date: string,
  time: string,
  timeZone: string = PRACTICE_TIME_ZONE,
): E.Either<InvalidAppointmentTimeError, Date> => {
  const day = parseCalendarDate(date);
  const wall = parseWallTime(time);
  if (O.isNone(day) || O.isNone(wall) || !/^\d{2}\/\d{2}\/\d{4}$/.test(date.trim())) {
    return E.left(
      domainError('APPOINTMENT.INVALID_START_TIME', `Invalid appointment date or time: '${date} ${time}'. Expected MM/DD/YYYY and HH:mm.`),
    );
  }
  return E.right(zonedWallTimeToInstant(day.value, wall.value, timeZone));
};

/** What a screen may offer for an appointment now, decided here and sent with it (the dashboard draws it). */
export interface AppointmentChangeDecision {
  readonly canCancel: boolean;
  readonly canReschedule: boolean;
}

/**
 * The 24-hour rule for an athenahealth start ('MM/DD/YYYY', 'HH:mm' on the practice's clock):
 * cancel and reschedule are offered while `canChangeAppointment` holds. A start that cannot be
 * read is offered (the cancel or reschedule itself refuses it with its reason).
 */
export const appointmentChangeDecision = (date: string, time: string, now: Date, timeZone: string = PRACTICE_TIME_ZONE): AppointmentChangeDecision => {
  const start = athenaLocalToInstant(date, time, timeZone);
  const open = E.isLeft(start) || canChangeAppointment(start.right, now);
  return { canCancel: open, canReschedule: open };
};

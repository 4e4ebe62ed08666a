/**
 * What a patient is told about an appointment (issue 13, beyond the spec): the confirmation email
 * and its calendar file, updated on reschedule (same UID, higher SEQUENCE) and withdrawn on cancel
 * (METHOD:CANCEL). No diagnosis or reason for the visit: the type, the place and the time only.
 */
import { DEFAULT_LOCALE, type Locale } from './locale.ts';
import { APPOINTMENT_EMAILS, CALENDAR_TEXTS, appointmentWhen, type AppointmentEmailKind } from './notice-texts.ts';
import { CANCELLATION_CUTOFF_MS, PRACTICE_LOCATIONS, PRACTICE_NAME, PRACTICE_TIME_ZONE } from './practice.ts';

// Each notice's text in each language (issue 26), and the dates as the practice says them.
export * from './notice-texts.ts';

export const ARRIVE_EARLY_MINUTES = 15;

export interface AppointmentCalendarEvent {
  /** Stable per appointment: the calendar replaces the event it already holds. */
  readonly uid: string;
  readonly sequence: number;
  readonly method: 'REQUEST' | 'CANCEL';
  readonly start: Date;
  readonly end: Date;
  readonly timeZone: string;
  readonly summary: string;
  readonly location: string;
  readonly description: string;
  /** The language of summary and description (issue 26); English when absent. */
  readonly locale?: Locale;
  /** The appointment's type as the health record names it: lets the texts be written again in another language. */
  readonly appointmentType?: string | null;
}

export interface NoticeAppointment {
  /** The first health-record id of the booking (kept across reschedules, so the UID stays). */
  readonly uidSeed: string;
  readonly appointmentType: string | null;
  readonly departmentId: string;
  readonly start: Date;
  readonly durationMinutes: number | null;
}

const locationOf = (departmentId: string): string => {
  const location = PRACTICE_LOCATIONS.find((candidate) => candidate.id === departmentId);
  return location ? `${location.name}, ${location.address1}, ${location.city}, ${location.state} ${location.zip}` : PRACTICE_NAME;
};

const calendarTexts = (appointmentType: string | null, start: Date, method: 'REQUEST' | 'CANCEL', locale: Locale): Pick<AppointmentCalendarEvent, 'summary' | 'description'> => {
  const texts = CALENDAR_TEXTS[locale]({ appointmentType, arriveEarlyMinutes: ARRIVE_EARLY_MINUTES, cutoff: new Date(start.getTime() - CANCELLATION_CUTOFF_MS) });
  return { summary: texts.summary, description: method === 'CANCEL' ? texts.cancelled : texts.description };
};

/** The calendar event of an appointment, its SUMMARY and DESCRIPTION in `locale` (English by default). */
export const appointmentCalendarEvent = (
  appointment: NoticeAppointment,
  change: { readonly sequence: number; readonly method: 'REQUEST' | 'CANCEL' },
  locale: Locale = DEFAULT_LOCALE,
): AppointmentCalendarEvent => {
  const texts = calendarTexts(appointment.appointmentType, appointment.start, change.method, locale);
  return {
    uid: `appointment-${appointment.uidSeed}@member-portal`,
    sequence: change.sequence,
    method: change.method,
    start: appointment.start,
    end: new Date(appointment.start.getTime() + (appointment.durationMinutes ?? 30) * 60_000),
    timeZone: PRACTICE_TIME_ZONE,
    summary: texts.summary,
    location: locationOf(appointment.departmentId),
    description: texts.description,
    locale,
    appointmentType: appointment.appointmentType,
  };
};

/**
 * The same event with its texts in `locale` (the use cases make it in English; the email and the
 * download follow the patient's language). An event that does not carry its appointment type (made
 * elsewhere) is answered as it is.
 */
export const localizedCalendarEvent = (event: AppointmentCalendarEvent, locale: Locale): AppointmentCalendarEvent => {
  if ((event.locale ?? DEFAULT_LOCALE) === locale || event.appointmentType === undefined) return event;
  return { ...event, ...calendarTexts(event.appointmentType, event.start, event.method, locale), locale };
};

/**
 * The email for a change whose calendar event is already made (the use cases make it from our
 * booking), with its calendar file, in `locale`: the patient's language, English when none is known.
 */
export const appointmentEmailFor = (to: string, calendar: AppointmentCalendarEvent, kind: AppointmentEmailKind, locale: Locale = calendar.locale ?? DEFAULT_LOCALE) => {
  const event = localizedCalendarEvent(calendar, locale);
  const { subject, lines } = APPOINTMENT_EMAILS[event.locale ?? DEFAULT_LOCALE]({ kind, summary: event.summary, start: event.start, location: event.location, description: event.description });
  return { to, subject, text: `${lines.join('\n')}\n`, calendar: event };
};

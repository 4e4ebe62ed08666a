/**
 * Appointment reminders (issue 13, beyond the spec): an email 48 hours and 2 hours before each
 * appointment booked here, with the cancel cutoff stated; none for a cancelled or moved booking.
 * Each reminder is claimed in the ledger before it is sent, so two workers (or two runs) send it
 * once; a send that fails gives the claim back for the next run. A worker that dies between the
 * send and the ledger's "sent" mark leaves a claim that is taken again after 10 minutes: then the
 * reminder may go twice — preferred to not at all.
 */
import { patientLocale } from './patient-language.use-case.ts';
import { ARRIVE_EARLY_MINUTES, REMINDER_EMAILS, appointmentCalendarEvent } from '../domain/appointment-notice.ts';
import { DEFAULT_LOCALE, type Locale } from '../domain/locale.ts';
import type { AppointmentRecord } from '../ports/appointment.repository.port.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { HealthRecord } from '../ports/health-record.port.ts';
import type { Mailer } from '../ports/mailer.port.ts';
import type { PatientLanguages } from '../ports/patient-languages.port.ts';
import { CANCELLATION_CUTOFF_MS } from '../policies/cancellation-cutoff.policy.ts';

const HOUR = 60 * 60 * 1000;
export const REMINDERS = [
  { kind: '48h', leadMs: 48 * HOUR },
  { kind: '2h', leadMs: 2 * HOUR },
] as const;
export type ReminderKind = (typeof REMINDERS)[number]['kind'];
export const REMINDER_CLAIM_STALE_MS = 10 * 60 * 1000;

export interface ReminderLedger {
  /** True for the one caller that claims (appointment, kind): a new claim, or one left unsent for REMINDER_CLAIM_STALE_MS. */
  claim(appointmentRowId: string, kind: ReminderKind, now: Date): Promise<boolean>;
  markSent(appointmentRowId: string, kind: ReminderKind, now: Date): Promise<void>;
  release(appointmentRowId: string, kind: ReminderKind): Promise<void>;
}

export interface ReminderDeps {
  /** Booked (live) appointments starting after `from` and no later than `to`. */
  readonly bookedStartingBetween: (from: Date, to: Date) => Promise<readonly AppointmentRecord[]>;
  readonly ledger: ReminderLedger;
  readonly patients: Pick<HealthRecord, 'getPatient'>;
  readonly mailer: Mailer;
  readonly clock: Clock;
  /** The patient's chosen language (issue 26); without it, or when none is known, reminders go in English. */
  readonly languages?: PatientLanguages;
}

/** The reminder due for a booking at `now`, if any: the closest lead already reached, not one that was already past when it was booked. */
export const dueReminder = (booking: Pick<AppointmentRecord, 'startsAt' | 'bookedAt'>, now: Date): ReminderKind | null => {
  const left = booking.startsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  const due = [...REMINDERS].reverse().find((reminder) => left <= reminder.leadMs);
  if (!due) return null;
  const bookedAt = booking.bookedAt?.getTime() ?? 0;
  return booking.startsAt.getTime() - bookedAt > due.leadMs ? due.kind : null;
};

/** The reminder email, in the patient's language (English by default, word for word as before issue 26). */
export const reminderEmail = (to: string, booking: AppointmentRecord, kind: ReminderKind, locale: Locale = DEFAULT_LOCALE) => {
  const event = appointmentCalendarEvent(
    { uidSeed: booking.calendarUid, appointmentType: booking.appointmentType, departmentId: booking.departmentId, start: booking.startsAt, durationMinutes: null },
    { sequence: booking.calendarSequence, method: 'REQUEST' },
    locale,
  );
  const cutoff = new Date(booking.startsAt.getTime() - CANCELLATION_CUTOFF_MS);
  return { to, ...REMINDER_EMAILS[locale]({ kind, summary: event.summary, start: booking.startsAt, location: event.location, cutoff, arriveEarlyMinutes: ARRIVE_EARLY_MINUTES }) };
};

export const sendDueReminders = async (deps: ReminderDeps): Promise<{ checked: number; sent: number }> => {
  const now = deps.clock.now();
  const bookings = await deps.bookedStartingBetween(now, new Date(now.getTime() + REMINDERS[0].leadMs));
  let sent = 0;
  for (const booking of bookings) {
    const kind = dueReminder(booking, now);
    if (kind === null || !(await deps.ledger.claim(booking.id, kind, now))) continue;
    try {
      const patient = await deps.patients.getPatient(booking.athenaPatientId);
      if (patient?.email) {
        await deps.mailer.send(reminderEmail(patient.email, booking, kind, await patientLocale(deps.languages, booking.athenaPatientId)));
        sent += 1;
      }
      await deps.ledger.markSent(booking.id, kind, now);
    } catch (error) {
      await deps.ledger.release(booking.id, kind);
      throw error;
    }
  }
  return { checked: bookings.length, sent };
};

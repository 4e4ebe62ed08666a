/**
 * Setup for booking browser tests that the user interface cannot reach by itself:
 * - an appointment at a time the test chooses (inside the 24-hour cutoff, whatever the time of day
 *   the test runs): a booking made through the portal is moved, in the provider sandbox's schedule
 *   (the health record the API reads) and in our `appointments` row alike, and moved back after;
 * - a verified guest's active membership: the guest hash is the one the API gives the guest's own
 *   enrollment (POST /api/enrollments, as the pact state 'a verified guest whose membership is
 *   active' does), so the server's secret never leaves the server.
 */
import type { TestPortal } from './portal.ts';
import { activeMembership } from './members.ts';
import { existingPatientForm } from './guest-forms.ts';
import type { VerifiedGuest } from './guest.ts';

/** The provider sandbox keeps its tables in this schema of the test database (startSandbox's default). */
const SANDBOX_SCHEMA = 'provider_sandbox';
const PRACTICE_TIME_ZONE = 'America/New_York';

/** A moment on the practice's wall clock, in the forms the health record keeps. */
export interface PracticeWallTime {
  /** YYYY-MM-DD */
  readonly day: string;
  /** MM/DD/YYYY */
  readonly date: string;
  /** HH:mm, 24-hour */
  readonly time: string;
}

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PRACTICE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export const practiceWallTime = (instant: Date): PracticeWallTime => {
  const parts = Object.fromEntries(wallFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  const { year, month, day, hour, minute } = parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
  return { day: `${year}-${month}-${day}`, date: `${month}/${day}/${year}`, time: `${hour}:${minute}` };
};

/** The instant of a practice-local 'MM/DD/YYYY' and 'HH:mm' (New York is UTC−4 or UTC−5). */
export const practiceInstant = (date: string, time: string): Date => {
  const [month, day, year] = date.split('/').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  for (const offsetHours of [4, 5]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour + offsetHours, minute));
    const wall = practiceWallTime(candidate);
    if (wall.date === date && wall.time === time) return candidate;
  }
  throw new Error(`${date} ${time} is not a time on the practice's clock`);
};

interface SandboxRow {
  readonly appointmentid: string;
  readonly patientid: number | null;
  readonly day: string;
  readonly date: string;
  readonly starttime: string;
  readonly starts_at: Date;
  readonly status: string;
}

/**
 * Moves the booked appointment `appointmentId` (booked through the portal) to start at `startsAt`:
 * the sandbox's row (what GET /patients/{id}/appointments and /appointments/{id} answer) and our
 * live row, and drops the patient's cached upcoming list. Answers the new wall time and a function
 * that moves it back to where it was.
 */
export const moveBookedAppointment = async (
  portal: TestPortal,
  appointmentId: string,
  startsAt: Date,
): Promise<{ readonly at: PracticeWallTime; readonly restore: () => Promise<void> }> => {
  const knex = portal.db.knex;
  const sandbox = () => knex.withSchema(SANDBOX_SCHEMA).table('appointments');
  const before = (await sandbox().where({ appointmentid: appointmentId }).first()) as SandboxRow | undefined;
  if (before?.status !== 'f' || before.patientid === null) throw new Error(`appointment ${appointmentId} is not booked in the sandbox`);
  const patientId = String(before.patientid);
  const ours = (await knex('appointments').where({ athenaAppointmentId: appointmentId, status: 'booked' }).first()) as
    | { id: number; startsAt: Date | null; appointmentDate: string | null; appointmentTime: string | null }
    | undefined;
  if (!ours) throw new Error(`appointment ${appointmentId} has no booked row of ours`);

  const setTo = async (wall: PracticeWallTime, instant: Date, row: { startsAt: Date | null; appointmentDate: string | null; appointmentTime: string | null }) => {
    await sandbox().where({ appointmentid: appointmentId }).update({ day: wall.day, date: wall.date, starttime: wall.time, starts_at: instant });
    await knex('appointments').where({ id: ours.id }).update(row);
    await knex('upcoming_appointments_cache').where({ patientId }).delete();
  };

  const at = practiceWallTime(startsAt);
  // Whole minutes, as the record keeps them.
  const instant = practiceInstant(at.date, at.time);
  await setTo(at, instant, { startsAt: instant, appointmentDate: at.date, appointmentTime: at.time });
  return {
    at,
    restore: () =>
      setTo({ day: before.day, date: before.date, time: before.starttime }, before.starts_at, {
        startsAt: ours.startsAt,
        appointmentDate: ours.appointmentDate,
        appointmentTime: ours.appointmentTime,
      }),
  };
};

/**
 * Makes `patientId` an active member of the guest `guest` verified as (its guest hash): the guest
 * enrolls the patient the form names (Margaret's chart by default, as existingPatientForm fills it)
 * through POST /api/enrollments, and the test takes that enrollment's hash for the active one.
 */
export const activeGuestMembership = async (
  portal: TestPortal,
  guest: VerifiedGuest,
  patientId: number,
  formOverrides: Record<string, unknown> = {},
): Promise<string> => {
  const created = await fetch(`${portal.url}/api/enrollments`, {
    method: 'POST',
    headers: { Origin: portal.url, 'X-Verification-Token': guest.verificationToken, 'Content-Type': 'application/json' },
    body: JSON.stringify(existingPatientForm(guest, formOverrides)),
  });
  if (created.status !== 201) throw new Error(`the guest's enrollment answered ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  const row = (await portal.db.knex('enrollments').where({ id }).first()) as { guestHash?: string | null } | undefined;
  if (!row?.guestHash) throw new Error('the guest enrollment has no guest hash');
  return activeMembership(portal.db.knex, patientId, { guestHash: row.guestHash });
};

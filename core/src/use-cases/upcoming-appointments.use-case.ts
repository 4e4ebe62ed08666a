/** The upcoming list: a patient's next 90 days from the health record, kept UPCOMING_CACHE_MS (booking-dashboard-staff §2 'Dashboard', §9). */
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import type { Appointment } from '../ports/scheduling.port.ts';
import { DAY_MS, UPCOMING_WINDOW_DAYS, isUpcomingBooking, startOf, type BookingDeps } from './booking-support.ts';

/** The patient's appointments in the next 90 days, from the record (kept UPCOMING_CACHE_MS). */
export const upcomingAppointments = async (deps: BookingDeps, patientId: string): Promise<readonly Appointment[]> => {
  const now = deps.clock.now();
  const cached = await deps.upcoming.read(patientId, now);
  if (cached) return cached;
  const timeZone = deps.timeZone ?? PRACTICE_TIME_ZONE;
  const until = now.getTime() + UPCOMING_WINDOW_DAYS * DAY_MS;
  const appointments = (await deps.scheduling.patientAppointments(patientId, { showPast: false, showCancelled: false }))
    .filter((appointment) => isUpcomingBooking(appointment, now, timeZone) && startOf(appointment, timeZone)!.getTime() <= until)
    .sort((a, b) => startOf(a, timeZone)!.getTime() - startOf(b, timeZone)!.getTime());
  await deps.upcoming.write(patientId, appointments, now);
  return appointments;
};

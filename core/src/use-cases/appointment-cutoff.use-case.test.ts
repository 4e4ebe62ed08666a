/** The 24-hour cutoff and the staff's override, through cancel and reschedule. */
import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { actingFor as owner, appointment, bookingSetup as setup, slotChoice as choice } from '../testing/in-memory-booking.ts';
import { cancelAppointment } from './cancel-appointment.use-case.ts';
import { rescheduleAppointment } from './reschedule-appointment.use-case.ts';

describe('the 24-hour cutoff (elapsed time, practice clock)', () => {
  // 10:00 on 12/08/2026 in New York is 15:00Z; 24 h before is 12/07 15:00Z.
  it('cancels at exactly 24 hours before the start, refuses one second later', async () => {
    const { scheduling, deps, clock } = setup('2026-12-07T15:00:00Z');
    scheduling.add(appointment('100', '12/08/2026', '10:00', 'f', '5101'));
    clock.set('2026-12-07T15:00:01Z');
    const late = await cancelAppointment(deps, { appointmentId: '100', mayActFor: owner('5101') });
    expect(E.isLeft(late) && late.left).toMatchObject({ code: 'APPOINTMENT.CANCEL_WINDOW_CLOSED', title: 'Cannot Cancel Appointment', message: 'Appointments cannot be cancelled within 24 hours. Please call the office to cancel.' });
    clock.set('2026-12-07T15:00:00Z');
    expect(E.isRight(await cancelAppointment(deps, { appointmentId: '100', mayActFor: owner('5101') }))).toBe(true);
    expect(scheduling.rows.get('100')?.appointmentStatus).toBe('x');
  });

  it('counts real hours across the November DST change: 24 hours before Sunday 10:00 EST is Saturday 11:00 EDT', async () => {
    // Clocks fall back on Sunday 11/01/2026 at 02:00. Sunday 10:00 EST is 15:00Z; 24 h before is Saturday 15:00Z = 11:00 EDT.
    const { scheduling, deps, clock } = setup('2026-10-31T14:30:00Z');
    scheduling.add(appointment('200', '11/01/2026', '10:00', 'f', '5101'), appointment('201', '11/01/2026', '10:00', 'f', '5101'));
    // Saturday 10:30 EDT: past the same wall-clock time, but 24.5 real hours remain.
    expect(E.isRight(await cancelAppointment(deps, { appointmentId: '200', mayActFor: owner('5101') }))).toBe(true);
    clock.set('2026-10-31T15:00:01Z');
    expect(E.isLeft(await cancelAppointment(deps, { appointmentId: '201', mayActFor: owner('5101') }))).toBe(true);
  });

  it('counts real hours across the March DST change (24 hours before Sunday 10:00 EDT is Saturday 09:00 EST), for reschedules too', async () => {
    // Clocks spring forward on Sunday 03/08/2026. Sunday 10:00 EDT is 14:00Z; 24 h before is Saturday 14:00Z = 09:00 EST.
    const { scheduling, deps, clock } = setup('2026-03-07T14:30:00Z');
    scheduling.add(appointment('300', '03/08/2026', '10:00', 'f', '5101'), appointment('301', '03/12/2026', '09:00'));
    // Saturday 09:30 EST: before the same wall-clock time, but only 23.5 real hours remain.
    const moved = await rescheduleAppointment(deps, { existingAppointmentId: '300', choice: choice('301'), member: true, guestHash: null, mayActFor: owner('5101') });
    expect(E.isLeft(moved) && moved.left).toMatchObject({ code: 'APPOINTMENT.RESCHEDULE_WINDOW_CLOSED', title: 'Reschedule Failed' });
    expect(scheduling.rows.get('301')?.appointmentStatus).toBe('o');
    clock.set('2026-03-07T14:00:00Z');
    expect(E.isRight(await rescheduleAppointment(deps, { existingAppointmentId: '300', choice: choice('301'), member: true, guestHash: null, mayActFor: owner('5101') }))).toBe(true);
    expect(scheduling.rows.get('301')).toMatchObject({ appointmentStatus: 'f', patientId: '5101' });
  });
});

describe('the cutoff override (staff, with a reason)', () => {
  it('cancels and reschedules inside 24 hours only when the override is given; the patient path still refuses', async () => {
    const { scheduling, deps } = setup('2026-12-08T05:00:00Z'); // 10 hours before 10:00 EST
    scheduling.add(appointment('400', '12/08/2026', '10:00', 'f', '5101'), appointment('401', '12/08/2026', '11:00', 'f', '5101'), appointment('402', '12/10/2026', '09:00'));
    const refused = await cancelAppointment(deps, { appointmentId: '400', mayActFor: owner('5101') });
    expect(E.isLeft(refused) && refused.left.code).toBe('APPOINTMENT.CANCEL_WINDOW_CLOSED');
    const cancelled = await cancelAppointment(deps, { appointmentId: '400', mayActFor: () => true, override: { reason: 'Patient called: sick' } });
    expect(E.isRight(cancelled) && cancelled.right.insideCutoff).toBe(true);
    expect(scheduling.rows.get('400')?.appointmentStatus).toBe('x');
    const moved = await rescheduleAppointment(deps, { existingAppointmentId: '401', choice: choice('402'), member: true, guestHash: null, mayActFor: () => true, override: { reason: 'Patient called: car trouble' } });
    expect(E.isRight(moved) && moved.right.insideCutoff).toBe(true);
    expect(scheduling.rows.get('402')).toMatchObject({ appointmentStatus: 'f', patientId: '5101' });
  });
});

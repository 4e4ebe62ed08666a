import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { appointment, bookingSetup as setup, slotChoice as choice } from '../testing/in-memory-booking.ts';
import { bookAppointment } from './book-appointment.use-case.ts';

describe('booking', () => {
  it('books an open slot once: the record and our row agree', async () => {
    const { scheduling, appointments, deps } = setup('2026-12-01T15:00:00Z');
    scheduling.add(appointment('400', '12/10/2026', '09:30'));
    const booked = await bookAppointment(deps, { patientId: '5101', choice: choice('400'), member: true, guestHash: null });
    expect(E.isRight(booked) && booked.right.appointmentTypeName).toBe('Office Visit');
    expect(scheduling.rows.get('400')).toMatchObject({ appointmentStatus: 'f', patientId: '5101' });
    expect(appointments.rows).toEqual([expect.objectContaining({ athenaAppointmentId: '400', status: 'booked', appointmentDate: '12/10/2026', appointmentTime: '09:30' })]);
  });

  it("takes the slot's date and time from the record, never the browser, and refuses types members are not offered", async () => {
    const { scheduling, deps } = setup('2026-12-01T15:00:00Z');
    scheduling.add(appointment('401', '12/10/2026', '09:30'));
    const physical = await bookAppointment(deps, { patientId: '5101', choice: choice('401', '5'), member: true, guestHash: null });
    expect(E.isLeft(physical) && physical.left.code).toBe('BOOKING.SLOT_TAKEN');
    const asGuest = await bookAppointment(deps, { patientId: '5101', choice: choice('401', '5'), member: false, guestHash: 'g' });
    expect(E.isRight(asGuest)).toBe(true);
  });

  it('answers 409 with the existing appointment when the patient already has an upcoming one', async () => {
    const { scheduling, deps } = setup('2026-12-01T15:00:00Z');
    scheduling.add(appointment('500', '12/09/2026', '11:00', 'f', '5101'), appointment('501', '12/10/2026', '09:30'));
    const second = await bookAppointment(deps, { patientId: '5101', choice: choice('501'), member: true, guestHash: null });
    expect(E.isLeft(second) && second.left).toMatchObject({ code: 'BOOKING.EXISTING_APPOINTMENT', existing: [expect.objectContaining({ appointmentId: '500' })] });
    expect(scheduling.rows.get('501')?.appointmentStatus).toBe('o');
  });

  it('the record timing out: without a booking the claim is released; with one (answer lost) it is kept', async () => {
    const { scheduling, appointments, deps } = setup('2026-12-01T15:00:00Z');
    scheduling.add(appointment('600', '12/10/2026', '09:30'), appointment('601', '12/10/2026', '10:30'));
    scheduling.failNext = 'before';
    const lost = await bookAppointment(deps, { patientId: '5101', choice: choice('600'), member: true, guestHash: null });
    expect(E.isLeft(lost) && lost.left.code).toBe('BOOKING.UNAVAILABLE');
    expect(appointments.rows.map((row) => row.status)).toEqual(['failed']);
    scheduling.failNext = 'after';
    const made = await bookAppointment(deps, { patientId: '5101', choice: choice('601'), member: true, guestHash: null });
    expect(E.isRight(made)).toBe(true);
    expect(appointments.rows.map((row) => row.status)).toEqual(['failed', 'booked']);
  });
});

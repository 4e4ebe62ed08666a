import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { HealthRecordUnavailableError } from '../ports/health-record.port.ts';
import type { AppointmentRecord, AppointmentRepository, ClaimResult, NewAppointment, UpcomingAppointmentsCache } from '../ports/appointment.repository.port.ts';
import { SlotTakenError, type Appointment, type AppointmentType, type Scheduling } from '../ports/scheduling.port.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { availability, bookAppointment, cancelAppointment, rescheduleAppointment, type BookingDeps } from './appointment-booking.use-case.ts';

const TYPES: AppointmentType[] = [
  { appointmentTypeId: '2', name: 'Office Visit', shortName: 'OV', durationMinutes: 30, patientBookable: true, generic: false },
  { appointmentTypeId: '9', name: 'Telehealth', shortName: 'TELE', durationMinutes: 20, patientBookable: true, generic: false },
  { appointmentTypeId: '5', name: 'Annual Physical', shortName: 'PHYS', durationMinutes: 30, patientBookable: true, generic: false },
];

const appointment = (id: string, date: string, time: string, status = 'o', patientId: string | null = null): Appointment => ({
  appointmentId: id,
  appointmentStatus: status,
  patientId,
  date,
  startTime: time,
  durationMinutes: 30,
  departmentId: '1',
  providerId: '8',
  appointmentTypeId: '2',
  appointmentType: 'Office Visit',
});

/** athenahealth as the use case sees it: slots by id, book/cancel/reschedule, failures on demand. */
class FakeSchedule implements Scheduling {
  readonly rows = new Map<string, Appointment>();
  failNext: 'before' | 'after' | null = null;
  add(...appointments: Appointment[]) {
    for (const a of appointments) this.rows.set(a.appointmentId, a);
  }
  async openSlots() {
    return [...this.rows.values()].filter((a) => a.appointmentStatus === 'o').map((a) => ({ ...a, patientAppointmentTypeName: null, frozen: false, departmentId: '1' }));
  }
  async appointment(id: string) {
    return this.rows.get(id) ?? null;
  }
  async appointmentTypes() {
    return TYPES;
  }
  async bookAppointment(input: { appointmentId: string; patientId: string }) {
    const slot = this.rows.get(input.appointmentId)!;
    if (this.failNext === 'before') {
      this.failNext = null;
      throw new HealthRecordUnavailableError('timeout');
    }
    if (slot.appointmentStatus !== 'o') throw new SlotTakenError('taken');
    const booked = { ...slot, appointmentStatus: 'f', patientId: input.patientId };
    this.rows.set(slot.appointmentId, booked);
    if (this.failNext === 'after') {
      this.failNext = null;
      throw new HealthRecordUnavailableError('timeout after the write');
    }
    return booked;
  }
  async cancelAppointment(input: { appointmentId: string }) {
    this.rows.set(input.appointmentId, { ...this.rows.get(input.appointmentId)!, appointmentStatus: 'x' });
  }
  async rescheduleAppointment(input: { appointmentId: string; newAppointmentId: string; patientId: string }) {
    this.rows.set(input.appointmentId, { ...this.rows.get(input.appointmentId)!, appointmentStatus: 'x' });
    const moved = { ...this.rows.get(input.newAppointmentId)!, appointmentStatus: 'f', patientId: input.patientId };
    this.rows.set(input.newAppointmentId, moved);
    return { ...moved, rescheduledAppointmentId: input.appointmentId };
  }
  async patientAppointments(patientId: string) {
    return [...this.rows.values()].filter((a) => a.patientId === patientId && a.appointmentStatus !== 'x');
  }
}

/** The rules PostgreSQL's unique indexes hold, in memory. */
class MemoryAppointments implements AppointmentRepository {
  readonly rows: AppointmentRecord[] = [];
  #claim(appointment: NewAppointment): ClaimResult {
    const live = (row: AppointmentRecord) => row.status === 'pending' || row.status === 'booked';
    if (this.rows.some((row) => live(row) && row.athenaAppointmentId === appointment.athenaAppointmentId)) return { kind: 'slot_taken' };
    const existing = this.rows.find((row) => live(row) && row.athenaPatientId === appointment.athenaPatientId);
    if (existing) return { kind: 'patient_has_appointment', existing };
    const row: AppointmentRecord = { ...appointment, id: String(this.rows.length + 1), status: 'pending', bookedAt: null };
    this.rows.push(row);
    return { kind: 'claimed', appointment: row };
  }
  #set(id: string, change: Partial<AppointmentRecord>) {
    const index = this.rows.findIndex((row) => row.id === id);
    this.rows[index] = { ...this.rows[index]!, ...change };
  }
  async claim(appointment: NewAppointment) {
    return this.#claim(appointment);
  }
  async confirm(id: string, bookedAt: Date) {
    this.#set(id, { status: 'booked', bookedAt });
  }
  async release(id: string) {
    this.#set(id, { status: 'failed' });
  }
  async findLive(athenaAppointmentId: string) {
    return this.rows.find((row) => row.athenaAppointmentId === athenaAppointmentId && (row.status === 'pending' || row.status === 'booked')) ?? null;
  }
  async patientOf(athenaAppointmentId: string) {
    return this.rows.find((row) => row.athenaAppointmentId === athenaAppointmentId)?.athenaPatientId ?? null;
  }
  async findByAthenaId(athenaAppointmentId: string) {
    return [...this.rows].reverse().find((row) => row.athenaAppointmentId === athenaAppointmentId) ?? null;
  }
  async bookedStartingBetween(from: Date, to: Date) {
    return this.rows.filter((row) => row.status === 'booked' && row.startsAt > from && row.startsAt <= to);
  }
  async liveOfPatient(patientId: string) {
    return this.rows.find((row) => row.athenaPatientId === patientId && row.status === 'booked') ?? null;
  }
  async setStatus(id: string, status: AppointmentRecord['status'], calendarSequence?: number) {
    this.#set(id, { status, ...(calendarSequence === undefined ? {} : { calendarSequence }) });
  }
  async claimReschedule(oldId: string, appointment: NewAppointment) {
    this.#set(oldId, { status: 'rescheduling' });
    const claim = this.#claim(appointment);
    if (claim.kind !== 'claimed') this.#set(oldId, { status: 'booked' });
    return claim;
  }
  async finishReschedule(oldId: string, newId: string, bookedAt: Date) {
    this.#set(oldId, { status: 'rescheduled' });
    this.#set(newId, { status: 'booked', bookedAt });
  }
  async undoReschedule(oldId: string, newId: string) {
    this.#set(newId, { status: 'failed' });
    this.#set(oldId, { status: 'booked' });
  }
}

const noCache: UpcomingAppointmentsCache = { read: async () => null, write: async () => {}, drop: async () => {}, patientOf: async () => null };

const setup = (now: string) => {
  const scheduling = new FakeSchedule();
  const appointments = new MemoryAppointments();
  const clock = new FixedClock(now);
  const deps: BookingDeps = { scheduling, appointments, upcoming: noCache, clock };
  return { scheduling, appointments, clock, deps };
};
const choice = (appointmentId: string, appointmentTypeId = '2') => ({ appointmentId, appointmentTypeId, providerId: '8' });
const owner = (patientId: string) => (candidate: string) => candidate === patientId;

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

  it('lists a week of open slots Monday to Friday, soonest first, none already started', async () => {
    // Wednesday 12/02/2026 16:00 New York.
    const { scheduling, deps } = setup('2026-12-02T21:00:00Z');
    scheduling.add(appointment('700', '12/04/2026', '09:00'), appointment('701', '12/02/2026', '15:00'), appointment('702', '12/03/2026', '08:00'));
    const week = await availability(deps, { departmentId: '1', providerId: null, appointmentTypeId: '2', week: 0 });
    expect(E.isRight(week) && week.right.map((slot) => slot.appointmentId)).toEqual(['702', '700']);
    expect(E.isLeft(await availability(deps, { departmentId: '1', providerId: null, appointmentTypeId: '2', week: 6 }))).toBe(true);
  });
});

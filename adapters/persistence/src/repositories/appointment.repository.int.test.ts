import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NewAppointment } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { PostgresAppointments } from './appointment.repository.ts';

let db: TestDatabase;
let appointments: PostgresAppointments;
beforeAll(async () => {
  db = await createTestDatabase();
  appointments = new PostgresAppointments(db.knex);
});
afterAll(async () => {
  await db.drop();
});

const HOUR = 3_600_000;
const booking = (slot: string, patient: string, startsAt: Date): NewAppointment => ({
  athenaPatientId: patient,
  athenaAppointmentId: slot,
  departmentId: '1',
  providerId: '71',
  appointmentTypeId: '2',
  appointmentType: 'Office Visit',
  appointmentDate: '12/01/2027',
  appointmentTime: '09:00',
  startsAt,
  guestHash: null,
  calendarUid: `${slot}@test`,
  calendarSequence: 0,
});

describe('PostgresAppointments.claim (one insert, the unique indexes deciding)', () => {
  it('gives a slot to exactly one of twenty patients claiming it at once', async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => appointments.claim(booking('slot-race', `race-${index}`, new Date(now.getTime() + 48 * HOUR)), now)));
    expect(results.filter((result) => result.kind === 'claimed')).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'slot_taken')).toHaveLength(19);
    const rows = await db.knex('appointments').where({ athenaAppointmentId: 'slot-race' });
    expect(rows).toHaveLength(1);
  });

  it('refuses a second future booking of one patient, naming the one they hold', async () => {
    const now = new Date();
    const first = await appointments.claim(booking('slot-a', 'p-two', new Date(now.getTime() + 24 * HOUR)), now);
    expect(first.kind).toBe('claimed');
    const second = await appointments.claim(booking('slot-b', 'p-two', new Date(now.getTime() + 72 * HOUR)), now);
    expect(second).toMatchObject({ kind: 'patient_has_appointment', existing: { athenaAppointmentId: 'slot-a' } });
    expect(await db.knex('appointments').where({ athenaAppointmentId: 'slot-b' })).toHaveLength(0);
  });

  it('lets a patient book again once their live booking is in the past (it becomes completed)', async () => {
    const earlier = new Date(Date.now() - 2 * HOUR);
    expect((await appointments.claim(booking('slot-past', 'p-past', new Date(earlier.getTime() + HOUR)), earlier)).kind).toBe('claimed');
    const now = new Date();
    const again = await appointments.claim(booking('slot-next', 'p-past', new Date(now.getTime() + 24 * HOUR)), now);
    expect(again.kind).toBe('claimed');
    const statuses = Object.fromEntries((await db.knex('appointments').where({ athenaPatientId: 'p-past' })).map((row: { athenaAppointmentId: string; status: string }) => [row.athenaAppointmentId, row.status]));
    expect(statuses).toEqual({ 'slot-past': 'completed', 'slot-next': 'pending' });
  });

  it('leaves the old booking as it was when a reschedule is refused, and moves it when it is not', async () => {
    const now = new Date();
    const held = await appointments.claim(booking('slot-own', 'p-move', new Date(now.getTime() + 30 * HOUR)), now);
    if (held.kind !== 'claimed') throw new Error('setup');
    await appointments.confirm(held.appointment.id, now);
    await appointments.claim(booking('slot-other', 'p-someone', new Date(now.getTime() + 40 * HOUR)), now);

    const refused = await appointments.claimReschedule(held.appointment.id, booking('slot-other', 'p-move', new Date(now.getTime() + 40 * HOUR)), now);
    expect(refused.kind).toBe('slot_taken');
    expect((await db.knex('appointments').where({ id: Number(held.appointment.id) }).first()).status).toBe('booked');

    const moved = await appointments.claimReschedule(held.appointment.id, booking('slot-free', 'p-move', new Date(now.getTime() + 50 * HOUR)), now);
    expect(moved.kind).toBe('claimed');
    expect((await db.knex('appointments').where({ id: Number(held.appointment.id) }).first()).status).toBe('rescheduling');
  });
});

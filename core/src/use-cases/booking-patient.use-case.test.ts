import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type { PersonProfile } from '../domain/patient-session.ts';
import { memberPatientFor, patientsOfCaller, type BookingCaller } from './booking-patient.use-case.ts';

const person = (patientId: string): PersonProfile => ({ patientId, firstName: 'Carol', lastName: 'Bennett', dateOfBirth: '01/01/1968', sex: null, email: null, phone: null, departmentId: '1' });
const carolForHarold: BookingCaller = { kind: 'session', session: { actingPatientId: '5105', person: person('5104'), linkedPatients: [{ patientId: '5105' } as never, { patientId: '5106' } as never] } };
const guest: BookingCaller = { kind: 'guest', guestHash: 'g1' };
const enrollments = {
  findActiveForGuest: async (hash: string) => (hash === 'g1' ? [{ athenaPatientId: '5101' }, { athenaPatientId: null }] : []) as never,
  findActiveForPatient: async (patientId: string) => (['5101', '5105'].includes(patientId) ? ({ id: 'e' } as never) : null),
};

describe('whom a booking caller may act for', () => {
  it("a session: its acting patient and the person's linked patients; a guest: its own members only", async () => {
    const session = await patientsOfCaller({ enrollments }, carolForHarold);
    expect(['5104', '5105', '5106', '5101'].map(session.mayTouch)).toEqual([true, true, true, false]);
    const asGuest = await patientsOfCaller({ enrollments }, guest);
    expect(['5101', '5105'].map(asGuest.mayTouch)).toEqual([true, false]);
    expect(asGuest.guestHash).toBe('g1');
  });

  it("refuses someone else's or a malformed id as not found, a non-member as 'Membership Required'", async () => {
    expect(E.isRight(await memberPatientFor({ enrollments }, carolForHarold, '5105'))).toBe(true);
    const other = await memberPatientFor({ enrollments }, guest, '5105');
    expect(E.isLeft(other) && other.left.code).toBe('BOOKING.NOT_YOUR_PATIENT');
    expect(E.isLeft(await memberPatientFor({ enrollments }, guest, null))).toBe(true);
    const notMember = await memberPatientFor({ enrollments }, carolForHarold, '5106');
    expect(E.isLeft(notMember) && notMember.left).toMatchObject({ code: 'BOOKING.MEMBERSHIP_REQUIRED', title: 'Membership Required' });
  });
});

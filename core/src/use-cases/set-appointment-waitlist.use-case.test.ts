import { beforeEach, describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type { TierCode } from '../domain/tier.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { FakeSchedule, MemoryWaitlist, appointment, noCache } from '../testing/in-memory-booking.ts';
import { InMemoryEnrollments } from '../testing/in-memory-enrollments.ts';
import type { BookingCaller } from './booking-patient.use-case.ts';
import { setAppointmentWaitlist, type SetAppointmentWaitlistDeps } from './set-appointment-waitlist.use-case.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
const guest: BookingCaller = { kind: 'guest', guestHash: 'guest-hash' };
const session = (patientId: string, linked: readonly string[] = []): BookingCaller => ({
  kind: 'session',
  session: { actingPatientId: patientId, person: { patientId } as never, linkedPatients: linked.map((id) => ({ patientId: id }) as never) },
});

let scheduling: FakeSchedule;
let waitlist: MemoryWaitlist;
let enrollments: InMemoryEnrollments;
let owners: Record<string, string>;
let deps: SetAppointmentWaitlistDeps;

const member = (patientId: string, tier: TierCode, guestHash: string | null = null) =>
  enrollments.create({ status: 'active', membershipTier: tier, department: '1', athenaPatientId: patientId, guestHash, createdAt: NOW });

beforeEach(() => {
  scheduling = new FakeSchedule();
  waitlist = new MemoryWaitlist();
  enrollments = new InMemoryEnrollments();
  owners = { '900': '100' };
  deps = {
    enrollments,
    booking: { scheduling, appointments: { patientOf: async () => null }, upcoming: { ...noCache, patientOf: async (id) => owners[id] ?? null } },
    waitlist,
    clock: new FixedClock(NOW.toISOString()),
  };
  scheduling.add(appointment('900', '12/08/2026', '09:00', 'f', '100'));
});

describe('setAppointmentWaitlist', () => {
  it("puts a member's booked appointment on the waitlist with its tier's priority, and takes it off", async () => {
    await member('100', '500_concierge_annual');
    expect(await setAppointmentWaitlist(deps, { caller: session('100'), appointmentId: '900', scope: 'any-provider' })).toEqual(E.right({ appointmentId: '900', patientId: '100' }));
    expect(waitlist.entries).toMatchObject([{ athenaPatientId: '100', athenaAppointmentId: '900', scope: 'any-provider', concierge: true, departmentId: '1', appointmentTypeId: '2', startsAt: new Date('2026-12-08T14:00:00Z') }]);
    expect(E.isRight(await setAppointmentWaitlist(deps, { caller: session('100'), appointmentId: '900', scope: null }))).toBe(true);
    expect(waitlist.entries).toEqual([]);
  });

  it('lets a caregiver and a verified guest act for their own patients only', async () => {
    await member('100', '120_annual', 'guest-hash');
    expect(E.isRight(await setAppointmentWaitlist(deps, { caller: session('7', ['100']), appointmentId: '900', scope: 'same-provider' }))).toBe(true);
    expect(E.isRight(await setAppointmentWaitlist(deps, { caller: guest, appointmentId: '900', scope: 'same-provider' }))).toBe(true);
    expect(await setAppointmentWaitlist(deps, { caller: session('7'), appointmentId: '900', scope: 'same-provider' })).toEqual(E.left(expect.objectContaining({ code: 'APPOINTMENT.NOT_FOUND' })));
    expect(await setAppointmentWaitlist(deps, { caller: { kind: 'guest', guestHash: 'other' }, appointmentId: '900', scope: 'same-provider' })).toEqual(E.left(expect.objectContaining({ code: 'APPOINTMENT.NOT_FOUND' })));
  });

  it('refuses an id of no shape, an unknown appointment, and one the record no longer shows booked for the patient as missing', async () => {
    await member('100', '120_annual');
    for (const appointmentId of [null, '901']) {
      expect(await setAppointmentWaitlist(deps, { caller: session('100'), appointmentId, scope: 'same-provider' })).toEqual(E.left(expect.objectContaining({ code: 'APPOINTMENT.NOT_FOUND' })));
    }
    owners['902'] = '100';
    scheduling.add(appointment('902', '12/09/2026', '09:00', 'x', '100'));
    expect(await setAppointmentWaitlist(deps, { caller: session('100'), appointmentId: '902', scope: 'same-provider' })).toEqual(E.left(expect.objectContaining({ code: 'APPOINTMENT.NOT_FOUND' })));
    expect(waitlist.entries).toEqual([]);
  });

  it('refuses a patient without an active membership (after checking the caller may act for them)', async () => {
    expect(await setAppointmentWaitlist(deps, { caller: session('100'), appointmentId: '900', scope: 'same-provider' })).toEqual(E.left(expect.objectContaining({ code: 'BOOKING.MEMBERSHIP_REQUIRED', title: 'Membership Required' })));
    expect(waitlist.entries).toEqual([]);
  });
});

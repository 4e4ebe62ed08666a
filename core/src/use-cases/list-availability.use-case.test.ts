import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { appointment, bookingSetup as setup } from '../testing/in-memory-booking.ts';
import { availability } from './list-availability.use-case.ts';

describe('availability', () => {
  it('lists a week of open slots Monday to Friday, soonest first, none already started', async () => {
    // Wednesday 12/02/2026 16:00 New York.
    const { scheduling, deps } = setup('2026-12-02T21:00:00Z');
    scheduling.add(appointment('700', '12/04/2026', '09:00'), appointment('701', '12/02/2026', '15:00'), appointment('702', '12/03/2026', '08:00'));
    const week = await availability(deps, { departmentId: '1', providerId: null, appointmentTypeId: '2', week: 0 });
    expect(E.isRight(week) && week.right.slots.map((slot) => slot.appointmentId)).toEqual(['702', '700']);
    expect(E.isLeft(await availability(deps, { departmentId: '1', providerId: null, appointmentTypeId: '2', week: 6 }))).toBe(true);
  });

  it("sends the six weeks' dates on the practice's calendar at the instant the slots were read", async () => {
    // Friday 12/04/2026 23:30 in New York (Saturday 04:30Z, when a UTC clock would start at 12/07): week 0 is still this one.
    const { deps } = setup('2026-12-05T04:30:00Z');
    const answer = await availability(deps, { departmentId: '1', providerId: null, appointmentTypeId: '2', week: 3 });
    expect(E.isRight(answer) && answer.right.weeks).toEqual([
      { start: '2026-11-30', end: '2026-12-04' },
      { start: '2026-12-07', end: '2026-12-11' },
      { start: '2026-12-14', end: '2026-12-18' },
      { start: '2026-12-21', end: '2026-12-25' },
      { start: '2026-12-28', end: '2027-01-01' },
      { start: '2027-01-04', end: '2027-01-08' },
    ]);
  });
});

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
    expect(E.isRight(week) && week.right.map((slot) => slot.appointmentId)).toEqual(['702', '700']);
    expect(E.isLeft(await availability(deps, { departmentId: '1', providerId: null, appointmentTypeId: '2', week: 6 }))).toBe(true);
  });
});

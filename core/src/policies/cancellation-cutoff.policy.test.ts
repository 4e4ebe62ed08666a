import { describe, it, expect } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import {
  appointmentChangeDecision,
  athenaLocalToInstant,
  canChangeAppointment,
  CANCELLATION_CUTOFF_MS,
  checkCancellationWindow,
} from './cancellation-cutoff.policy.ts';

const at = (iso: string): Date => new Date(iso);
const startOf = (date: string, time: string): Date => {
  const result = athenaLocalToInstant(date, time);
  if (E.isLeft(result)) throw new Error(result.left.message);
  return result.right;
};

describe('canChangeAppointment', () => {
  const start = at('2026-06-10T14:00:00Z');

  it('is 24 hours of elapsed time', () => {
    expect(CANCELLATION_CUTOFF_MS).toBe(86_400_000);
  });

  it('allows exactly 24 hours before, refuses one millisecond later', () => {
    expect(canChangeAppointment(start, at('2026-06-09T14:00:00.000Z'))).toBe(true);
    expect(canChangeAppointment(start, at('2026-06-09T14:00:00.001Z'))).toBe(false);
    expect(canChangeAppointment(start, at('2026-06-09T13:59:59.999Z'))).toBe(true);
  });

  it('refuses appointments that are soon, now or past', () => {
    expect(canChangeAppointment(start, at('2026-06-10T13:00:00Z'))).toBe(false);
    expect(canChangeAppointment(start, start)).toBe(false);
    expect(canChangeAppointment(start, at('2026-06-11T14:00:00Z'))).toBe(false);
  });

  it('March 2026 DST: the night clocks spring forward, 24 h before 10:00 is 09:00 the day before', () => {
    const sundayTen = startOf('03/08/2026', '10:00'); // 10:00 EDT = 14:00Z
    expect(sundayTen.toISOString()).toBe('2026-03-08T14:00:00.000Z');
    // Saturday 09:00 EST (14:00Z) is exactly 24 real hours before.
    expect(canChangeAppointment(sundayTen, at('2026-03-07T14:00:00Z'))).toBe(true);
    // Saturday 09:30 EST is only 23.5 real hours before, though the wall clock says 24.5.
    expect(canChangeAppointment(sundayTen, at('2026-03-07T14:30:00Z'))).toBe(false);
    // Saturday 10:00 EST (same wall time, a calendar day before) is only 23 real hours before.
    expect(canChangeAppointment(sundayTen, at('2026-03-07T15:00:00Z'))).toBe(false);
  });

  it('November 2026 DST: the night clocks fall back, 24 h before 10:00 is 11:00 the day before', () => {
    const sundayTen = startOf('11/01/2026', '10:00'); // 10:00 EST = 15:00Z
    expect(sundayTen.toISOString()).toBe('2026-11-01T15:00:00.000Z');
    // Saturday 10:00 EDT (14:00Z), a calendar day before, is 25 real hours before: allowed.
    expect(canChangeAppointment(sundayTen, at('2026-10-31T14:00:00Z'))).toBe(true);
    // Saturday 11:00 EDT is exactly 24 real hours before.
    expect(canChangeAppointment(sundayTen, at('2026-10-31T15:00:00Z'))).toBe(true);
    // Saturday 11:30 EDT is 23.5 real hours before.
    expect(canChangeAppointment(sundayTen, at('2026-10-31T15:30:00Z'))).toBe(false);
  });

  it('an appointment the Monday after spring-forward, asked about on Sunday morning', () => {
    const mondayNine = startOf('03/09/2026', '09:00'); // 13:00Z
    expect(canChangeAppointment(mondayNine, at('2026-03-08T13:00:00Z'))).toBe(true); // Sun 09:00 EDT
    expect(canChangeAppointment(mondayNine, at('2026-03-08T13:01:00Z'))).toBe(false);
  });
});

describe('checkCancellationWindow', () => {
  const start = at('2026-06-10T14:00:00Z');

  it('returns the start when the window is open', () => {
    expect(checkCancellationWindow(start, at('2026-06-08T14:00:00Z'))).toEqual(E.right(start));
  });

  it('returns APPOINTMENT.CANCEL_WINDOW_CLOSED with the spec text inside 24 hours', () => {
    expect(checkCancellationWindow(start, at('2026-06-10T08:00:00Z'))).toEqual(
      E.left({
        code: 'APPOINTMENT.CANCEL_WINDOW_CLOSED',
        title: 'Cannot Cancel Appointment',
        message: 'Appointments cannot be cancelled within 24 hours. Please call the office to cancel.',
      }),
    );
  });
});

describe('athenaLocalToInstant', () => {
  it.each([
    ['01/15/2026', '09:00', '2026-01-15T14:00:00.000Z'],
    ['07/15/2026', '09:00', '2026-07-15T13:00:00.000Z'],
    ['07/15/2026', '00:00', '2026-07-15T04:00:00.000Z'],
    ['12/31/2026', '23:30', '2027-01-01T04:30:00.000Z'],
    ['03/08/2026', '01:59', '2026-03-08T06:59:00.000Z'],
    ['03/08/2026', '03:00', '2026-03-08T07:00:00.000Z'],
    ['11/01/2026', '00:59', '2026-11-01T04:59:00.000Z'],
    ['11/01/2026', '02:00', '2026-11-01T07:00:00.000Z'],
  ])('%s %s New York is %s', (date, time, iso) => {
    expect(athenaLocalToInstant(date, time)).toEqual(E.right(new Date(iso)));
  });

  it('a time skipped by spring-forward (02:30 on 8 March) moves forward to 03:30 EDT', () => {
    expect(athenaLocalToInstant('03/08/2026', '02:30')).toEqual(E.right(new Date('2026-03-08T07:30:00.000Z')));
  });

  it('a time repeated by fall-back (01:30 on 1 November) is the first, daylight, one', () => {
    expect(athenaLocalToInstant('11/01/2026', '01:30')).toEqual(E.right(new Date('2026-11-01T05:30:00.000Z')));
  });

  it('uses another zone when given', () => {
    expect(athenaLocalToInstant('07/15/2026', '09:00', 'America/Los_Angeles')).toEqual(
      E.right(new Date('2026-07-15T16:00:00.000Z')),
    );
  });

  it.each([
    ['2026-03-08', '09:00'],
    ['02/30/2026', '09:00'],
    ['13/01/2026', '09:00'],
    ['03/08/2026', '24:00'],
    ['03/08/2026', '9:00'],
    ['03/08/2026', '09:00 AM'],
    ['', ''],
  ])('rejects %p %p', (date, time) => {
    const result = athenaLocalToInstant(date, time);
    expect(E.isLeft(result) && result.left.code).toBe('APPOINTMENT.INVALID_START_TIME');
  });
});

describe('appointmentChangeDecision (what the dashboard is told)', () => {
  it('offers cancel and reschedule at exactly 24 hours before a summer start, not a millisecond later', () => {
    // 10:00 on 06/10/2026 in Rhode Island is 14:00Z (EDT, -04:00).
    expect(appointmentChangeDecision('06/10/2026', '10:00', at('2026-06-09T14:00:00.000Z'))).toEqual({ canCancel: true, canReschedule: true });
    expect(appointmentChangeDecision('06/10/2026', '10:00', at('2026-06-09T14:00:00.001Z'))).toEqual({ canCancel: false, canReschedule: false });
  });

  it('counts elapsed time across the spring-forward night (EST before, EDT after)', () => {
    // 10:00 EDT on 03/08/2026 is 14:00Z; 24 hours earlier is 14:00Z on 03/07, 09:00 EST on the wall clock.
    expect(appointmentChangeDecision('03/08/2026', '10:00', at('2026-03-07T14:00:00.000Z'))).toEqual({ canCancel: true, canReschedule: true });
    expect(appointmentChangeDecision('03/08/2026', '10:00', at('2026-03-07T14:00:00.001Z'))).toEqual({ canCancel: false, canReschedule: false });
  });

  it('offers a start it cannot read (the cancel itself refuses it)', () => {
    expect(appointmentChangeDecision('2026-06-10', 'ten', at('2026-06-09T14:00:00Z'))).toEqual({ canCancel: true, canReschedule: true });
  });
});

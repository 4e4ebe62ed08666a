import { describe, expect, it } from '@jest/globals';
import { dueReminder } from './appointment-reminders.use-case.ts';

const HOUR = 3_600_000;
const NOW = new Date('2026-12-01T15:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('dueReminder', () => {
  it('is the 48-hour reminder from 48 hours out, the 2-hour one from 2 hours out, none once started', () => {
    expect(dueReminder({ startsAt: at(48.01), bookedAt: at(-100) }, NOW)).toBeNull();
    expect(dueReminder({ startsAt: at(48), bookedAt: at(-100) }, NOW)).toBe('48h');
    expect(dueReminder({ startsAt: at(2.5), bookedAt: at(-100) }, NOW)).toBe('48h');
    expect(dueReminder({ startsAt: at(2), bookedAt: at(-100) }, NOW)).toBe('2h');
    expect(dueReminder({ startsAt: at(0), bookedAt: at(-100) }, NOW)).toBeNull();
  });

  it('skips a reminder whose lead had already passed when the appointment was booked', () => {
    expect(dueReminder({ startsAt: at(30), bookedAt: at(-1) }, NOW)).toBeNull();
    expect(dueReminder({ startsAt: at(1), bookedAt: at(-1.5) }, NOW)).toBe('2h');
    expect(dueReminder({ startsAt: at(1), bookedAt: at(-0.5) }, NOW)).toBeNull();
  });
});

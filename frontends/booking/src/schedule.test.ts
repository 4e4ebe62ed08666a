import { beforeAll, describe, expect, it } from '@jest/globals';
import { bookingWeeks, firstBookingMonday, formatSlotDate, formatTime12h, practiceToday, serverBookingWeeks, slotsByDay, weekdayName, weeksToShow } from './schedule.ts';
import { messages } from './i18n.ts';

// The screens' words come from the catalog: these read the English one.
const en = { t: messages.t, locale: 'en-US' as const };
beforeAll(() => messages.load('en-US'));

describe('booking weeks', () => {
  it('start this Monday on a weekday', () => {
    expect(firstBookingMonday({ year: 2026, month: 3, day: 4 })).toEqual({ year: 2026, month: 3, day: 2 }); // Wednesday
    expect(firstBookingMonday({ year: 2026, month: 3, day: 2 })).toEqual({ year: 2026, month: 3, day: 2 }); // Monday
    expect(firstBookingMonday({ year: 2026, month: 3, day: 6 })).toEqual({ year: 2026, month: 3, day: 2 }); // Friday
  });

  it('start next Monday on a weekend', () => {
    expect(firstBookingMonday({ year: 2026, month: 3, day: 7 })).toEqual({ year: 2026, month: 3, day: 9 }); // Saturday
    expect(firstBookingMonday({ year: 2026, month: 3, day: 8 })).toEqual({ year: 2026, month: 3, day: 9 }); // Sunday
    expect(firstBookingMonday({ year: 2026, month: 12, day: 27 })).toEqual({ year: 2026, month: 12, day: 28 });
  });

  it("use the practice's date, not the browser's", () => {
    // 03:30 UTC on Saturday is still Friday evening in Rhode Island.
    expect(practiceToday(new Date('2026-03-07T03:30:00Z'))).toEqual({ year: 2026, month: 3, day: 6 });
    expect(bookingWeeks(en, new Date('2026-03-07T03:30:00Z'))[0]?.monday).toBe('03/02/2026');
    expect(bookingWeeks(en, new Date('2026-03-07T12:00:00Z'))[0]?.monday).toBe('03/09/2026');
  });

  it('are six, Monday to Friday, labelled for the eye and for a screen reader', () => {
    const weeks = bookingWeeks(en, new Date('2026-03-04T15:00:00Z'));
    expect(weeks.map((week) => week.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(weeks.map((week) => week.label)).toEqual(['This week', 'Next week', 'Week of 03/16', 'Week of 03/23', 'Week of 03/30', 'Week of 04/06']);
    expect(weeks[5]).toMatchObject({ monday: '04/06/2026', friday: '04/10/2026', range: '04/06 – 04/10' });
    expect(weeks[0]?.accessibleLabel).toBe('This week, Monday 03/02/2026 to Friday 03/06/2026');
  });
});

describe("the server's booking weeks", () => {
  // The server's clock: Friday 03/06/2026 in Rhode Island, so week 0 is 03/02 – 03/06.
  const server = [
    { start: '2026-03-02', end: '2026-03-06' },
    { start: '2026-03-09', end: '2026-03-13' },
    { start: '2026-03-16', end: '2026-03-20' },
    { start: '2026-03-23', end: '2026-03-27' },
    { start: '2026-03-30', end: '2026-04-03' },
    { start: '2026-04-06', end: '2026-04-10' },
  ];

  it("label the weeks, not the browser's clock a day ahead (already Saturday, which would start at 03/09)", () => {
    const browserNow = new Date('2026-03-07T15:00:00Z');
    expect(bookingWeeks(en, browserNow)[0]?.monday).toBe('03/09/2026');
    const weeks = weeksToShow(en, server, browserNow);
    expect(weeks.map((week) => week.label)).toEqual(['This week', 'Next week', 'Week of 03/16', 'Week of 03/23', 'Week of 03/30', 'Week of 04/06']);
    expect(weeks[0]).toEqual({
      index: 0,
      monday: '03/02/2026',
      friday: '03/06/2026',
      label: 'This week',
      range: '03/02 – 03/06',
      accessibleLabel: 'This week, Monday 03/02/2026 to Friday 03/06/2026',
    });
  });

  it("read exactly as the browser's would on the same day (same texts)", () => {
    expect(serverBookingWeeks(en, server)).toEqual(bookingWeeks(en, new Date('2026-03-06T15:00:00Z')));
  });

  it("leave the browser's clock to date them before the first answer, or when an answer has none usable", () => {
    const browserNow = new Date('2026-03-07T15:00:00Z');
    for (const weeks of [undefined, [], server.slice(0, 5), [...server.slice(0, 5), { start: '2026-04-06', end: '04/10/2026' }], [...server.slice(0, 5), { start: '2026-02-30', end: '2026-04-10' }]]) {
      expect(serverBookingWeeks(en, weeks)).toBeNull();
      expect(weeksToShow(en, weeks, browserNow)).toEqual(bookingWeeks(en, browserNow));
    }
  });
});

describe('slot formatting', () => {
  it('shows dates as MM/DD/YYYY', () => {
    expect(formatSlotDate('3/4/2026')).toBe('03/04/2026');
    expect(formatSlotDate('03/04/2026')).toBe('03/04/2026');
    expect(formatSlotDate('2026-03-04')).toBe('03/04/2026');
    expect(formatSlotDate('soon')).toBe('soon');
  });

  it('shows times as h:mm AM/PM', () => {
    expect(formatTime12h('09:00')).toBe('9:00 AM');
    expect(formatTime12h('14:05')).toBe('2:05 PM');
    expect(formatTime12h('00:30')).toBe('12:30 AM');
    expect(formatTime12h('12:00')).toBe('12:00 PM');
    expect(formatTime12h('23:59:00')).toBe('11:59 PM');
    expect(formatTime12h('25:00')).toBe('25:00');
    expect(formatTime12h('noon')).toBe('noon');
  });

  it('names the weekday of a date', () => {
    expect(weekdayName('03/02/2026')).toBe('Monday');
    expect(weekdayName('x')).toBeNull();
  });

  it('groups slots by day, days and times in order, each time once', () => {
    const days = slotsByDay([
      { appointmentId: 'c', date: '03/03/2026', time: '09:00' },
      { appointmentId: 'b', date: '03/02/2026', time: '13:30' },
      { appointmentId: 'a', date: '3/2/2026', time: '08:15' },
      { appointmentId: 'a2', date: '03/02/2026', time: '08:15' },
    ]);
    expect(days.map((day) => [day.date, day.weekday, day.slots.map((slot) => slot.appointmentId)])).toEqual([
      ['03/02/2026', 'Monday', ['a', 'b']],
      ['03/03/2026', 'Tuesday', ['c']],
    ]);
  });
});

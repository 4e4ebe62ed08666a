/**
 * The schedule step's pure parts: booking weeks (booking-dashboard-staff §2 'Schedule step', §9:
 * 6 weeks, 0 to 5, Monday to Friday; on a weekend the first week starts next Monday; their dates
 * are the server's, sent with each week's slots, the browser's clock only until then), and how
 * slots read: in English date as MM/DD/YYYY, time as h:mm AM/PM; in Spanish through Intl
 * ('lunes, 2 de marzo de 2026', '8:00 a.m.'). Dates are calendar dates on the practice's clock
 * (Rhode Island), whatever the browser's time zone.
 */
import { formatTime12h, formatUsDate } from '@portal/ui';
import { formatClockTime, formatLongDate } from '@portal/i18n/format.ts';
import type { Locale } from '@portal/contracts/locale.ts';
import { WEEK_COUNT } from './booking-flow.ts';
import type { Words } from './i18n.ts';
import { PRACTICE_TIME_ZONE } from '@portal/contracts/screen-rules.ts';

/** The practice's time zone: slot dates and times are wall times there. */
export { PRACTICE_TIME_ZONE };

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** Today's date on the practice's clock. */
export const practiceToday = (now: Date, timeZone = PRACTICE_TIME_ZONE): CalendarDate => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const part = (type: string): number => Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
};

const addDays = (date: CalendarDate, days: number): CalendarDate => {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
};

/** 0 = Sunday … 6 = Saturday. */
const weekday = (date: CalendarDate): number => new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();

/** Monday of booking week 0: this Monday, or next Monday on a Saturday or Sunday. */
export const firstBookingMonday = (today: CalendarDate): CalendarDate => {
  const day = weekday(today);
  if (day === 6) return addDays(today, 2);
  if (day === 0) return addDays(today, 1);
  return addDays(today, 1 - day);
};

export const formatCalendarDate = (date: CalendarDate): string => `${pad(date.month)}/${pad(date.day)}/${date.year}`;

export interface BookingWeek {
  readonly index: number;
  /** Monday and Friday, MM/DD/YYYY. */
  readonly monday: string;
  readonly friday: string;
  /** Short visible label: 'This week', 'Next week', then 'Week of MM/DD' ('Semana del 16 mar'). */
  readonly label: string;
  /** The dates it covers: 'MM/DD – MM/DD' ('16 mar – 20 mar'). */
  readonly range: string;
  /** What a screen reader says: 'This week, Monday 03/02/2026 to Friday 03/06/2026'. */
  readonly accessibleLabel: string;
}

const intlDay = (date: CalendarDate, locale: Locale, options: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(date.year, date.month - 1, date.day, 12)));

/** A week's day, short ('03/16' in English, '16 mar' in Spanish) and in full ('03/16/2026', '16 de marzo de 2026'). */
const shortDay = (date: CalendarDate, locale: Locale): string =>
  locale === 'en-US' ? `${pad(date.month)}/${pad(date.day)}` : intlDay(date, locale, { day: 'numeric', month: 'short' });
const fullDay = (date: CalendarDate, locale: Locale): string =>
  locale === 'en-US' ? formatCalendarDate(date) : intlDay(date, locale, { day: 'numeric', month: 'long', year: 'numeric' });

/** A week as the selector shows it, from its Monday and Friday, in the words' language. */
const bookingWeekOf = ({ t, locale }: Words, index: number, monday: CalendarDate, friday: CalendarDate): BookingWeek => {
  const label = index === 0 ? t('schedule.week.this') : index === 1 ? t('schedule.week.next') : t('schedule.week.of', { monday: shortDay(monday, locale) });
  return {
    index,
    monday: formatCalendarDate(monday),
    friday: formatCalendarDate(friday),
    label,
    range: t('schedule.week.range', { monday: shortDay(monday, locale), friday: shortDay(friday, locale) }),
    accessibleLabel: t('schedule.week.accessible', { label, monday: fullDay(monday, locale), friday: fullDay(friday, locale) }),
  };
};

/**
 * The six booking weeks from the browser's clock: only until the server's first availability
 * answer dates them (`serverBookingWeeks`).
 */
export const bookingWeeks = (words: Words, now: Date, timeZone = PRACTICE_TIME_ZONE): BookingWeek[] => {
  const first = firstBookingMonday(practiceToday(now, timeZone));
  return Array.from({ length: WEEK_COUNT }, (_, index) => {
    const monday = addDays(first, index * 7);
    return bookingWeekOf(words, index, monday, addDays(monday, 4));
  });
};

const isoDate = (text: string): CalendarDate | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return check.getUTCFullYear() === date.year && check.getUTCMonth() + 1 === date.month && check.getUTCDate() === date.day ? date : null;
};

/**
 * The six booking weeks as the server dated them (the availability answer's `weeks`, read on its
 * clock with the slots), labelled as `bookingWeeks` labels them; null when the answer has none
 * (an older API) or not six well-formed ones, so the screen keeps what it shows.
 */
export const serverBookingWeeks = (words: Words, weeks: ReadonlyArray<{ readonly start: string; readonly end: string }> | undefined): BookingWeek[] | null => {
  if (weeks?.length !== WEEK_COUNT) return null;
  const dated = weeks.map((week) => ({ monday: isoDate(week.start), friday: isoDate(week.end) }));
  if (dated.some((week) => week.monday === null || week.friday === null)) return null;
  return dated.map((week, index) => bookingWeekOf(words, index, week.monday!, week.friday!));
};

/** The weeks the selector shows: the server's last dating of them, else (before its first answer) the browser's clock at `now`. */
export const weeksToShow = (words: Words, serverWeeks: ReadonlyArray<{ readonly start: string; readonly end: string }> | undefined, now: Date): BookingWeek[] =>
  serverBookingWeeks(words, serverWeeks) ?? bookingWeeks(words, now);

/** A slot's date as MM/DD/YYYY and its time as h:mm AM/PM: the formats the dashboard shares (@portal/ui). */
export { formatUsDate as formatSlotDate, formatTime12h } from '@portal/ui';

/** A slot's time in the page's language: '9:00 AM' in English (as before), '9:00 a.m.' in Spanish. */
export const slotTime = (time: string, locale: Locale): string => (locale === 'en-US' ? formatTime12h(time) : formatClockTime(time, locale));

/** A slot's date in the page's language: MM/DD/YYYY in English (as before), '2 de marzo de 2026' in Spanish. */
export const slotDate = (date: string, locale: Locale): string => (locale === 'en-US' ? formatUsDate(date) : formatLongDate(date, locale));

/** The weekday of a date in the page's language ('Monday', 'lunes'), or null. */
export const localWeekday = (date: string, locale: Locale): string | null => {
  if (locale === 'en-US') return weekdayName(date);
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(formatUsDate(date));
  if (!match) return null;
  return intlDay({ year: Number(match[3]), month: Number(match[1]), day: Number(match[2]) }, locale, { weekday: 'long' });
};

/** A day of slots as its heading reads: 'Monday 03/02/2026', 'lunes, 2 de marzo de 2026'. */
export const slotDayLabel = ({ t, locale }: Words, date: string): string => {
  const weekday = localWeekday(date, locale);
  return weekday ? t('schedule.day', { weekday, date: slotDate(date, locale) }) : slotDate(date, locale);
};

/** A slot as a screen reader says it: 'Monday 03/02/2026 at 9:00 AM', 'lunes, 2 de marzo de 2026, 9:00 a.m.'. */
export const slotLabel = (words: Words, date: string, time: string): string =>
  words.t('schedule.slot', { day: slotDayLabel(words, date), time: slotTime(time, words.locale) });

/** The weekday of an MM/DD/YYYY date ('Monday'), or null. */
export const weekdayName = (value: string): string | null => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(formatUsDate(value));
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2])));
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(date);
};

export interface SlotDay<T> {
  /** MM/DD/YYYY. */
  readonly date: string;
  readonly weekday: string | null;
  readonly slots: readonly T[];
}

/**
 * Slots grouped by day, days and times in order. One time is shown once: with No Preference two
 * providers may be free at 8:00, and the first of them is booked.
 */
export const slotsByDay = <T extends { date: string; time: string }>(slots: readonly T[]): SlotDay<T>[] => {
  const key = (date: string): string => {
    const [month, day, year] = formatUsDate(date).split('/');
    return `${year}${month}${day}`;
  };
  const minutes = (time: string): number => {
    const match = /^(\d{1,2}):(\d{2})/.exec(time);
    return match ? Number(match[1]) * 60 + Number(match[2]) : Number.MAX_SAFE_INTEGER;
  };
  const days = new Map<string, T[]>();
  for (const slot of [...slots].sort((a, b) => key(a.date).localeCompare(key(b.date)) || minutes(a.time) - minutes(b.time))) {
    const date = formatUsDate(slot.date);
    const day = days.get(date) ?? [];
    if (day.some((other) => minutes(other.time) === minutes(slot.time))) continue;
    days.set(date, [...day, slot]);
  }
  return [...days].map(([date, daySlots]) => ({ date, weekday: weekdayName(date), slots: daySlots }));
};

/**
 * Open slots: each provider keeps four weekdays a week in their department, every 30 minutes
 * from 08:00 to 16:30 with a lunch hour and a few gaps. Which slots exist and their types are a
 * pure function of the reset day, the provider and the date, so a reset on the same day always
 * gives the same schedule.
 */
import { PROVIDERS, typesOfferedBy, type AppointmentType } from './practice.ts';
import { addDays, dayIn, formatIsoDay, formatUsDate, instantAt, isoWeekday, parseIsoDay, type Day } from '../time.ts';

export interface SlotSeed {
  /** YYYY-MM-DD */
  readonly day: string;
  /** MM/DD/YYYY */
  readonly date: string;
  readonly starttime: string;
  readonly startsAt: Date;
  readonly duration: number;
  readonly departmentid: string;
  readonly providerid: number;
  readonly appointmenttypeid: string;
}

export const SLOT_STARTS: readonly string[] = [
  '08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30',
  '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30',
];

/** Share of the grid left out (meetings, admin time, already booked elsewhere). */
const GAP_RATE = 0.3;

/** The last day the booking wizard can show at `now`: Friday of week 5 (booking-dashboard-staff §2). */
export const slotHorizon = (now: Date): Day => {
  const today = dayIn(now);
  const weekday = isoWeekday(today);
  const firstMonday = weekday <= 5 ? addDays(today, 1 - weekday) : addDays(today, 8 - weekday);
  return addDays(firstMonday, 5 * 7 + 4);
};

// FNV-1a, then mulberry32: small, deterministic, good enough to scatter gaps.
const hash = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

const random = (seed: number): (() => number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const pickType = (types: readonly AppointmentType[], roll: number): AppointmentType => {
  const total = types.reduce((sum, type) => sum + type.weight, 0);
  let threshold = roll * total;
  for (const type of types) {
    threshold -= type.weight;
    if (threshold < 0) return type;
  }
  return types[types.length - 1] as AppointmentType;
};

/**
 * Slots for each weekday from `from` to `through` (inclusive, YYYY-MM-DD), ordered by day, time
 * and provider so that ids handed out in order are stable too.
 */
export const generateSlots = (resetDay: string, from: string, through: string): SlotSeed[] => {
  const start = parseIsoDay(from);
  const end = parseIsoDay(through);
  if (start === null || end === null) throw new Error(`Invalid slot range ${from}..${through}`);
  const slots: SlotSeed[] = [];
  for (let day = start; formatIsoDay(day) <= formatIsoDay(end); day = addDays(day, 1)) {
    const weekday = isoWeekday(day);
    if (weekday > 5) continue;
    const iso = formatIsoDay(day);
    for (const starttime of SLOT_STARTS) {
      for (const provider of PROVIDERS) {
        if (provider.dayOff === weekday) continue;
        const roll = random(hash(`${resetDay}|${provider.providerid}|${iso}|${starttime}`));
        if (roll() < GAP_RATE) continue;
        const type = pickType(typesOfferedBy(provider), roll());
        slots.push({
          day: iso,
          date: formatUsDate(day),
          starttime,
          startsAt: instantAt(day, starttime),
          duration: type.duration,
          departmentid: provider.departmentid,
          providerid: provider.providerid,
          appointmenttypeid: type.appointmenttypeid,
        });
      }
    }
  }
  return slots;
};

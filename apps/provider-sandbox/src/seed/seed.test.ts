import { describe, expect, it } from '@jest/globals';
import { ageOn, dayIn, isoWeekday, parseIsoDay, parseUsDate, type Day } from '../time.ts';
import { PATIENT_IDS, SEED_PROXIES, seedPatients } from './patients.ts';
import { APPOINTMENT_TYPES, PROVIDERS } from './practice.ts';
import { generateSlots, slotHorizon } from './slots.ts';

const dobOf = (now: Date, id: number): Day => {
  const patient = seedPatients(now).find((p) => p.patientid === id);
  const dob = patient === undefined ? null : parseUsDate(patient.dob);
  if (dob === null) throw new Error(`no dob for ${id}`);
  return dob;
};

describe('seeded patients', () => {
  it.each([
    '2026-03-11T03:30:00Z', // 23:30 on 10 March in New York
    '2026-01-01T12:00:00Z',
    '2026-08-31T16:00:00Z',
    '2026-12-31T23:00:00Z',
    '2028-02-29T15:00:00Z', // leap day
  ])('at %s: Jordan is 27 today, Tyler 26 with the birthday about five months away', (iso) => {
    const now = new Date(iso);
    const today = dayIn(now);
    const jordan = dobOf(now, PATIENT_IDS.jordan);
    expect(ageOn(jordan, today)).toBe(27);
    if (!(today.month === 2 && today.day === 29)) expect([jordan.month, jordan.day]).toEqual([today.month, today.day]);
    const tyler = dobOf(now, PATIENT_IDS.tyler);
    expect(ageOn(tyler, today)).toBe(26);
    const monthsAway = (tyler.month - today.month + 12) % 12;
    expect(monthsAway).toBe(5);
  });

  it('keeps the stated ages whatever the day', () => {
    for (const iso of ['2026-03-11T03:30:00Z', '2026-05-31T15:00:00Z', '2027-01-31T15:00:00Z']) {
      const now = new Date(iso);
      const today = dayIn(now);
      const ages = Object.fromEntries(seedPatients(now).map((p) => [p.firstname, ageOn(parseUsDate(p.dob) as Day, today)]));
      expect(ages).toMatchObject({ Carol: 58, Harold: 84, Emma: 19, Paul: 61, Olivia: 45, Nora: 70 });
    }
  });

  it('gives everyone a Rhode Island address and 401555 phones; only Nora and Harold lack email', () => {
    for (const patient of seedPatients(new Date())) {
      expect(patient.state).toBe('RI');
      for (const phone of [patient.mobilephone, patient.homephone]) if (phone !== null) expect(phone).toMatch(/^401555\d{4}$/);
    }
    expect(seedPatients(new Date()).filter((p) => p.email === null).map((p) => p.firstname)).toEqual(['Harold', 'Nora']);
  });

  it('gives everyone an invented nine-digit SSN in 900-99 (never issued), each with its own last four', () => {
    const ssns = seedPatients(new Date()).map((p) => p.ssn);
    for (const ssn of ssns) expect(ssn).toMatch(/^90099\d{4}$/);
    expect(new Set(ssns.map((ssn) => ssn.slice(-4))).size).toBe(ssns.length);
  });

  it('links Carol to Harold and Emma, who have no account of their own', () => {
    expect(SEED_PROXIES.map((p) => [p.proxypatientid, p.patientid])).toEqual([
      [PATIENT_IDS.carol, PATIENT_IDS.harold],
      [PATIENT_IDS.carol, PATIENT_IDS.emma],
    ]);
    const accounts = seedPatients(new Date()).filter((p) => !p.portalaccount).map((p) => p.firstname);
    expect(accounts).toEqual(['Harold', 'Emma']);
  });
});

describe('practice', () => {
  it('has the thirteen providers in the spec order, spread over the three departments', () => {
    expect(PROVIDERS.map((p) => p.providerid)).toEqual([15, 17, 12, 6, 13, 8, 1, 14, 3, 2, 16, 7, 5]);
    expect(new Set(PROVIDERS.map((p) => p.departmentid))).toEqual(new Set(['1', '2', '8']));
  });

  it('has the annual physicals at 5 and 12', () => {
    expect(APPOINTMENT_TYPES.find((t) => t.appointmenttypeid === '5')?.name).toBe('Annual Physical');
    expect(APPOINTMENT_TYPES.find((t) => t.appointmenttypeid === '12')?.name).toBe('Annual Physical (Medicare Wellness)');
  });
});

describe('open slots', () => {
  it('reach Friday of week 5; on a weekend week 0 starts next Monday', () => {
    expect(slotHorizon(new Date('2026-03-11T15:00:00Z'))).toEqual({ year: 2026, month: 4, day: 17 });
    expect(slotHorizon(new Date('2026-03-14T15:00:00Z'))).toEqual({ year: 2026, month: 4, day: 24 });
  });

  it('are the same for the same reset day, weekdays only, on the half hour', () => {
    const a = generateSlots('2026-03-10', '2026-03-10', '2026-04-17');
    const b = generateSlots('2026-03-10', '2026-03-10', '2026-04-17');
    expect(a).toEqual(b);
    expect(generateSlots('2026-03-11', '2026-03-10', '2026-04-17')).not.toEqual(a);
    for (const slot of a) {
      expect(isoWeekday(parseIsoDay(slot.day) as Day)).toBeLessThanOrEqual(5);
      expect(slot.starttime).toMatch(/^(0[89]|1[0-6]):[03]0$/);
      expect(slot.starttime >= '12:00' && slot.starttime < '13:00').toBe(false);
    }
    expect(a.length).toBeGreaterThan(2000);
    expect(a.length).toBeLessThan(5000);
  });

  it('keep each provider in their department and off on their day off', () => {
    for (const slot of generateSlots('2026-03-10', '2026-03-10', '2026-04-17')) {
      const provider = PROVIDERS.find((p) => p.providerid === slot.providerid);
      expect(slot.departmentid).toBe(provider?.departmentid);
      expect(isoWeekday(parseIsoDay(slot.day) as Day)).not.toBe(provider?.dayOff);
    }
  });

  it('offer no Medicare wellness visit with a pediatric provider', () => {
    const pediatric = new Set(PROVIDERS.filter((p) => p.specialty === 'Pediatrics').map((p) => p.providerid));
    const slots = generateSlots('2026-03-10', '2026-03-10', '2026-04-17');
    expect(slots.some((s) => pediatric.has(s.providerid) && s.appointmenttypeid === '12')).toBe(false);
    expect(slots.some((s) => s.appointmenttypeid === '12')).toBe(true);
  });

  it('store the New York wall time as the instant', () => {
    const slot = generateSlots('2026-03-10', '2026-03-10', '2026-03-10').find((s) => s.starttime === '08:00');
    expect(slot?.startsAt.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(slot?.date).toBe('03/10/2026');
  });
});

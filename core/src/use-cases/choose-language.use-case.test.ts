import { describe, expect, it } from '@jest/globals';
import type { PersonProfile } from '../domain/patient-session.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { InMemoryPatientLanguages } from '../testing/in-memory-patient-languages.ts';
import type { BookingCaller } from './booking-patient.use-case.ts';
import { MAX_GUEST_LANGUAGE_PATIENTS, chooseLanguage } from './choose-language.use-case.ts';

const person = (patientId: string): PersonProfile => ({ patientId, firstName: 'Carol', lastName: 'Bennett', dateOfBirth: '01/01/1968', sex: null, email: null, phone: null, departmentId: '1' });
const members = (ids: ReadonlyArray<string | null>) => ({ findActiveForGuest: async (hash: string) => (hash === 'g1' ? ids.map((athenaPatientId) => ({ athenaPatientId })) : []) as never });
const clock = new FixedClock('2026-11-28T12:00:00Z');

describe('the language choice kept with the patient', () => {
  it('a session keeps it for the patient it acts for, not the person signed in', async () => {
    const languages = new InMemoryPatientLanguages();
    const carolForHarold: BookingCaller = { kind: 'session', session: { actingPatientId: '5105', person: person('5104'), linkedPatients: [] } };
    expect(await chooseLanguage({ enrollments: members([]), languages, clock }, { caller: carolForHarold, locale: 'es-US' })).toEqual(['5105']);
    expect(await languages.languageOf('5105')).toBe('es-US');
    expect(await languages.languageOf('5104')).toBeNull();
  });

  it("a guest keeps it for its own members once each, at most twenty, and for no one when it has none", async () => {
    const languages = new InMemoryPatientLanguages();
    const guest: BookingCaller = { kind: 'guest', guestHash: 'g1' };
    expect(await chooseLanguage({ enrollments: members(['5101', null, '5101', '5102']), languages, clock }, { caller: guest, locale: 'es-US' })).toEqual(['5101', '5102']);
    const many = Array.from({ length: 30 }, (_, index) => String(6000 + index));
    expect(await chooseLanguage({ enrollments: members(many), languages, clock }, { caller: guest, locale: 'en-US' })).toHaveLength(MAX_GUEST_LANGUAGE_PATIENTS);
    expect(await chooseLanguage({ enrollments: members([]), languages, clock }, { caller: { kind: 'guest', guestHash: 'g2' }, locale: 'es-US' })).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { isPatientDataKey, isPatientSwitch, isPortalStorageKey, memoryStorage, removeStorageKeys, runClientCleanup, storageKeys, trackPatient } from './storage.ts';

describe('isPatientDataKey', () => {
  it("matches keys containing 'patient', 'enrollment' or 'appointment', in any case", () => {
    expect(isPatientDataKey('patientInfo')).toBe(true);
    expect(isPatientDataKey('currentEnrollmentId')).toBe(true);
    expect(isPatientDataKey('upcomingAppointments:123')).toBe(true);
    expect(isPatientDataKey('dualVerificationToken')).toBe(false);
  });
});

describe('isPortalStorageKey', () => {
  it("takes the guest identity keys, 'portal:' keys and patient data, not the staff session", () => {
    for (const key of ['verifiedEmail', 'verifiedPhone', 'dualVerificationToken', 'lastKnownPatientId', 'portal:checkout', 'enrollmentDraft']) {
      expect(isPortalStorageKey(key)).toBe(true);
    }
    expect(isPortalStorageKey('staff_session_token')).toBe(false);
    expect(isPortalStorageKey('staff_patient_search')).toBe(false);
    expect(isPortalStorageKey('theme')).toBe(false);
  });
});

describe('runClientCleanup', () => {
  it("removes the portal's keys from every storage and keeps the rest", () => {
    const local = memoryStorage({ verifiedEmail: 'a@example.org', dualVerificationToken: 'verified_x', theme: 'dark', staff_email: 's@example.org' });
    const session = memoryStorage({ 'portal:checkout': '{}', upcomingAppointments: '[]', other: '1' });
    runClientCleanup('logout', [local, session]);
    expect(storageKeys(local).sort()).toEqual(['staff_email', 'theme']);
    expect(storageKeys(session)).toEqual(['other']);
  });
});

describe('removeStorageKeys', () => {
  it('removes every match even though keys shift while removing', () => {
    const store = memoryStorage({ a1: '1', a2: '2', b: '3', a3: '4' });
    expect(removeStorageKeys(store, (key) => key.startsWith('a')).sort()).toEqual(['a1', 'a2', 'a3']);
    expect(storageKeys(store)).toEqual(['b']);
  });
});

describe('patient switch', () => {
  it('is a switch only when a different patient was known', () => {
    expect(isPatientSwitch(null, 'p1')).toBe(false);
    expect(isPatientSwitch('p1', 'p1')).toBe(false);
    expect(isPatientSwitch('p1', 'p2')).toBe(true);
    expect(isPatientSwitch('p1', null)).toBe(false);
  });

  it('remembers the first patient without removing anything', () => {
    const local = memoryStorage({ patientDraft: 'x' });
    expect(trackPatient('p1', [local])).toBeNull();
    expect(local.getItem('lastKnownPatientId')).toBe('p1');
    expect(local.getItem('patientDraft')).toBe('x');
  });

  it("removes the previous patient's keys from both storages and remembers the new patient", () => {
    const local = memoryStorage({ lastKnownPatientId: 'p1', enrollmentId: 'e1', verifiedEmail: 'a@example.org' });
    const session = memoryStorage({ appointmentCache: '[]', keep: '1' });
    expect(trackPatient('p2', [local, session])).toEqual({ previousPatientId: 'p1', patientId: 'p2' });
    expect(storageKeys(local).sort()).toEqual(['lastKnownPatientId', 'verifiedEmail']);
    expect(local.getItem('lastKnownPatientId')).toBe('p2');
    expect(storageKeys(session)).toEqual(['keep']);
  });
});

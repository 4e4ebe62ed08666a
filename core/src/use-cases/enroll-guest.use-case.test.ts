import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { AGE_REQUIREMENT_NOT_MET_MESSAGE, OFFICE_ENROLLMENT_REQUIRED_MESSAGE } from '../policies/eligibility.policy.ts';
import type { CustomFieldUpdate, HealthRecordPatient, NewPatient, PortalAccessEntry, RelatedPatient } from '../ports/health-record.port.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { InMemoryEnrollments } from '../testing/in-memory-enrollments.ts';
import { InMemoryAttemptLimiter } from '../testing/in-memory-attempt-limiter.ts';
import { ATTEMPT_LIMITS } from '../policies/attempt-limits.policy.ts';
import {
  CAREGIVER_NOT_AUTHORIZED_MESSAGE,
  CONTACT_NOT_ON_RECORD_MESSAGE,
  PATIENT_EXISTS_MESSAGE,
  PATIENT_NOT_MATCHED_MESSAGE,
  VERIFIED_CONTACT_MISMATCH_MESSAGE,
  enrollGuest,
  type GuestEnrollmentForm,
  type VerifiedGuest,
} from './enroll-guest.use-case.ts';

const NOW = '2026-06-15T16:00:00Z';

const record = (patientId: string, overrides: Partial<HealthRecordPatient> = {}): HealthRecordPatient => ({
  patientId,
  firstName: 'Dana',
  lastName: 'Reyes',
  dateOfBirth: '03/04/1980',
  sex: 'F',
  email: 'dana@example.test',
  mobilePhone: '4015550199',
  homePhone: null,
  address1: '1 Main St',
  address2: null,
  city: 'Lincoln',
  state: 'RI',
  zip: '02865',
  primaryDepartmentId: '1',
  primaryProviderId: null,
  customFields: [],
  ssnLastFour: '6789',
  ...overrides,
});

class FakeHealthRecord {
  readonly patients = new Map<string, HealthRecordPatient>();
  readonly created: NewPatient[] = [];
  readonly updates: Array<{ patientId: string; fields: readonly CustomFieldUpdate[] }> = [];
  access: PortalAccessEntry[] = [];
  related: RelatedPatient[] = [];
  #next = 9000;

  async searchPatients(search: { firstName: string; lastName: string; dateOfBirth: string }) {
    return [...this.patients.values()].filter(
      (p) => p.firstName.toLowerCase() === search.firstName.toLowerCase() && p.lastName.toLowerCase() === search.lastName.toLowerCase() && p.dateOfBirth === search.dateOfBirth,
    );
  }
  async getPatient(patientId: string) {
    return this.patients.get(patientId) ?? null;
  }
  async portalAccess() {
    return this.access;
  }
  async relatedPatients() {
    return this.related;
  }
  async updateCustomFields(patientId: string, _departmentId: string, fields: readonly CustomFieldUpdate[]) {
    this.updates.push({ patientId, fields });
    return { updatedCount: fields.length, disallowedCount: 0 };
  }
  async createPatient(patient: NewPatient) {
    this.created.push(patient);
    // athena's best match: the existing record's id, unless matching is bypassed.
    const match = [...this.patients.values()].find(
      (p) => p.firstName === patient.firstName && p.lastName === patient.lastName && p.dateOfBirth === patient.dateOfBirth,
    );
    if (match && !patient.bypassMatching) return { patientId: match.patientId };
    const patientId = String(this.#next++);
    this.patients.set(patientId, record(patientId, { firstName: patient.firstName, lastName: patient.lastName, dateOfBirth: patient.dateOfBirth, ssnLastFour: patient.ssn.slice(-4) }));
    return { patientId };
  }
}

const verified: VerifiedGuest = { email: 'dana@example.test', phone: '+14015550199', guestHash: 'hash-dana' };

const existingForm = (overrides: Partial<GuestEnrollmentForm> = {}): GuestEnrollmentForm => ({
  firstName: 'Dana',
  lastName: 'Reyes',
  patientStatus: 'existing',
  dateOfBirth: '03/04/1980',
  email: 'dana@example.test',
  phone: '4015550199',
  address1: '1 Main St',
  city: 'Lincoln',
  state: 'RI',
  zipCode: '02865',
  lastFourSSN: '6789',
  department: '1',
  membershipTier: '120_annual',
  hasMedicareInsurance: 'no',
  isGuardianSigning: false,
  ...overrides,
});

const newForm = (overrides: Partial<GuestEnrollmentForm> = {}): GuestEnrollmentForm => ({
  ...existingForm({ firstName: 'Avery', lastName: 'Quinn', dateOfBirth: '07/01/1990' }),
  patientStatus: 'new',
  lastFourSSN: undefined,
  fullSSN: '900991234',
  emergencyContactName: 'Sam Quinn',
  emergencyContactPhone: '4015550123',
  contactrelationship: 'SPOUSE',
  ...overrides,
});

const setup = () => {
  const healthRecord = new FakeHealthRecord();
  healthRecord.patients.set('5101', record('5101'));
  const enrollments = new InMemoryEnrollments();
  const limiter = new InMemoryAttemptLimiter();
  return { healthRecord, enrollments, limiter, deps: { healthRecord, enrollments, clock: new FixedClock(NOW), limiter } };
};

const attemptKeys = { guestToken: 'token-1', email: 'email-1', ip: '203.0.113.9' };

describe('enrollGuest', () => {
  it('matches an existing patient by name, date of birth and the last four SSN digits and stores a pending enrollment owned by the guest', async () => {
    const { deps, enrollments } = setup();
    const result = await enrollGuest(deps, { form: existingForm(), verified, attemptKeys });
    expect(E.isRight(result)).toBe(true);
    const { enrollment, patientCreated } = (result as E.Right<{ enrollment: { id: string }; patientCreated: boolean }>).right;
    expect(patientCreated).toBe(false);
    expect(enrollments.rows.get(enrollment.id)).toMatchObject({
      status: 'pending',
      athenaPatientId: '5101',
      patientStatus: 'existing',
      guestHash: 'hash-dana',
      signerName: 'Dana Reyes',
      department: '1',
    });
  });

  it('refuses wrong SSN digits with the spec message and stores nothing', async () => {
    const { deps, enrollments } = setup();
    const result = await enrollGuest(deps, { form: existingForm({ lastFourSSN: '0000' }), verified, attemptKeys });
    expect(result).toEqual(E.left(expect.objectContaining({ code: 'ENROLLMENT.PATIENT_NOT_MATCHED', message: PATIENT_NOT_MATCHED_MESSAGE })));
    expect(enrollments.rows.size).toBe(0);
  });

  it('refuses when two records share name, birth date and SSN digits (the office decides)', async () => {
    const { deps, healthRecord } = setup();
    healthRecord.patients.set('5199', record('5199'));
    const result = await enrollGuest(deps, { form: existingForm(), verified, attemptKeys });
    expect(E.isLeft(result) && result.left.code).toBe('ENROLLMENT.PATIENT_NOT_MATCHED');
  });

  it('refuses when the verified email or phone is not the one in the form', async () => {
    const { deps } = setup();
    const otherEmail = await enrollGuest(deps, { form: existingForm({ email: 'someone.else@example.test' }), verified, attemptKeys });
    expect(otherEmail).toEqual(E.left(expect.objectContaining({ code: 'ENROLLMENT.VERIFIED_CONTACT_MISMATCH', message: VERIFIED_CONTACT_MISMATCH_MESSAGE })));
    const otherPhone = await enrollGuest(deps, { form: existingForm({ phone: '4015550000' }), verified, attemptKeys });
    expect(E.isLeft(otherPhone) && otherPhone.left.code).toBe('ENROLLMENT.VERIFIED_CONTACT_MISMATCH');
  });

  it('applies the age and Medicaid rules to the form date of birth before touching the health record', async () => {
    const { deps, healthRecord } = setup();
    const young = await enrollGuest(deps, { form: newForm({ dateOfBirth: '06/16/1999' }), verified, attemptKeys });
    expect(young).toEqual(E.left(expect.objectContaining({ code: 'ENROLLMENT.AGE_REQUIREMENT_NOT_MET', message: AGE_REQUIREMENT_NOT_MET_MESSAGE })));
    const medicaid = await enrollGuest(deps, { form: newForm({ hasMedicareInsurance: 'both' }), verified, attemptKeys });
    expect(medicaid).toEqual(E.left(expect.objectContaining({ code: 'ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED', message: OFFICE_ENROLLMENT_REQUIRED_MESSAGE })));
    expect(healthRecord.created).toHaveLength(0);
  });

  it('registers a new patient with the full SSN and the emergency contact, then stores the enrollment', async () => {
    const { deps, healthRecord, enrollments } = setup();
    const result = await enrollGuest(deps, { form: newForm({ preferredProvider: '15', sex: 'F' }), verified, attemptKeys });
    expect(E.isRight(result) && result.right.patientCreated).toBe(true);
    expect(healthRecord.created).toEqual([
      expect.objectContaining({
        firstName: 'Avery',
        lastName: 'Quinn',
        dateOfBirth: '07/01/1990',
        ssn: '900991234',
        mobilePhone: '4015550199',
        primaryProviderId: '15',
        sex: 'F',
        emergencyContact: { name: 'Sam Quinn', relationship: 'SPOUSE', mobilePhone: '4015550123' },
        guardian: null,
      }),
    ]);
    const stored = [...enrollments.rows.values()][0];
    expect(stored).toMatchObject({ patientStatus: 'new', athenaPatientId: '9000', status: 'pending' });
    // The SSN is never stored with the enrollment.
    expect(JSON.stringify(stored)).not.toContain('900991234');
  });

  it('tells the owner of a chart who chose "new" that they are an existing patient, and registers nothing', async () => {
    const { deps, healthRecord } = setup();
    const result = await enrollGuest(deps, { form: newForm({ firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '03/04/1980' }), verified, attemptKeys });
    expect(result).toEqual(E.left(expect.objectContaining({ code: 'ENROLLMENT.PATIENT_EXISTS', message: PATIENT_EXISTS_MESSAGE })));
    expect(healthRecord.created).toHaveLength(0);
  });

  it('answers a stranger choosing "new" with a name and birth date on record exactly as if none were: a separate record, flagged', async () => {
    const stranger: VerifiedGuest = { email: 'sam@example.test', phone: '+14015550177', guestHash: 'hash-sam' };
    const form = newForm({ firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '03/04/1980', email: 'sam@example.test', phone: '4015550177' });
    const { deps, healthRecord, enrollments } = setup();
    const result = await enrollGuest(deps, { form, verified: stranger, attemptKeys });
    expect(E.isRight(result) && result.right).toMatchObject({ patientCreated: true, possibleDuplicate: true });
    expect(healthRecord.created).toEqual([expect.objectContaining({ bypassMatching: true })]);
    // Never Dana's chart.
    expect([...enrollments.rows.values()].map((row) => row.athenaPatientId)).toEqual(['9000']);

    const fresh = setup();
    const none = await enrollGuest(fresh.deps, { form: newForm({ email: 'sam@example.test', phone: '4015550177' }), verified: stranger, attemptKeys });
    expect(E.isRight(none) && none.right).toMatchObject({ patientCreated: true, possibleDuplicate: false });
    expect(fresh.healthRecord.created).toEqual([expect.objectContaining({ bypassMatching: false })]);
  });

  it('answers a stranger claiming an existing chart the same whether or not it exists, before any SSN digit is compared', async () => {
    const stranger: VerifiedGuest = { email: 'sam@example.test', phone: '+14015550177', guestHash: 'hash-sam' };
    const claim = (overrides: Partial<GuestEnrollmentForm>) => existingForm({ email: 'sam@example.test', phone: '4015550177', ...overrides });
    const { deps, enrollments } = setup();
    const answers = [
      await enrollGuest(deps, { form: claim({}), verified: stranger, attemptKeys: { ...attemptKeys, guestToken: 'a' } }),
      await enrollGuest(deps, { form: claim({ lastFourSSN: '0000' }), verified: stranger, attemptKeys: { ...attemptKeys, guestToken: 'b' } }),
      await enrollGuest(deps, { form: claim({ firstName: 'Nobody' }), verified: stranger, attemptKeys: { ...attemptKeys, guestToken: 'c' } }),
    ];
    for (const answer of answers) {
      expect(answer).toEqual(E.left({ code: 'ENROLLMENT.CONTACT_NOT_ON_RECORD', title: 'Office Enrollment Required', message: CONTACT_NOT_ON_RECORD_MESSAGE }));
    }
    expect(enrollments.rows.size).toBe(0);
  });

  it('accepts the chart owner by the verified phone on file when the email differs', async () => {
    const { deps } = setup();
    const byPhone: VerifiedGuest = { email: 'dana.new@example.test', phone: '+14015550199', guestHash: 'hash-dana-new' };
    const result = await enrollGuest(deps, { form: existingForm({ email: 'dana.new@example.test' }), verified: byPhone, attemptKeys });
    expect(E.isRight(result)).toBe(true);
  });

  it('stops matching after the limits: per guest token, per email, per IP, and per chart', async () => {
    const { deps, limiter } = setup();
    const tries = async (keys: typeof attemptKeys, n: number) => {
      const codes: string[] = [];
      for (let i = 0; i < n; i++) {
        const answer = await enrollGuest(deps, { form: existingForm({ lastFourSSN: '0000' }), verified, attemptKeys: keys });
        codes.push(E.isLeft(answer) ? answer.left.code : 'ok');
      }
      return codes;
    };
    const perToken = await tries(attemptKeys, ATTEMPT_LIMITS.matchPerGuestToken.points + 1);
    expect(perToken.at(-1)).toBe('ENROLLMENT.TOO_MANY_ATTEMPTS');
    expect(perToken.slice(0, -1).every((code) => code === 'ENROLLMENT.PATIENT_NOT_MATCHED')).toBe(true);
    // A new token, same email and chart: the chart's own limit (5) is spent already.
    const [chart] = await tries({ ...attemptKeys, guestToken: 'token-2' }, 1);
    expect(chart).toBe('ENROLLMENT.TOO_MANY_ATTEMPTS');
    const refused = await enrollGuest(deps, { form: existingForm(), verified, attemptKeys: { ...attemptKeys, guestToken: 'token-3' } });
    expect(refused).toEqual(E.left(expect.objectContaining({ code: 'ENROLLMENT.TOO_MANY_ATTEMPTS', retryAfterSeconds: expect.any(Number) })));
    expect(limiter.counts.get(`${ATTEMPT_LIMITS.matchPerPatient.name}:5101`)).toBeGreaterThan(ATTEMPT_LIMITS.matchPerPatient.points);
  });

  it('lets a caregiver enroll an existing patient only when the record lists them as a contact', async () => {
    const caregiverForm = existingForm({
      email: 'dana@example.test',
      phone: '4015550199',
      isGuardianSigning: true,
      guardianFirstName: 'Chris',
      guardianLastName: 'Reyes',
      guardianEmail: 'chris@example.test',
      guardianPhone: '4015550188',
    });
    const caregiver: VerifiedGuest = { email: 'chris@example.test', phone: '4015550188', guestHash: 'hash-chris' };

    const refused = setup();
    const denied = await enrollGuest(refused.deps, { form: caregiverForm, verified: caregiver, attemptKeys });
    expect(denied).toEqual(E.left(expect.objectContaining({ code: 'ENROLLMENT.CAREGIVER_NOT_AUTHORIZED', message: CAREGIVER_NOT_AUTHORIZED_MESSAGE })));
    // The same answer when no such chart exists at all.
    const nobody = await enrollGuest(refused.deps, { form: { ...caregiverForm, firstName: 'Nobody' }, verified: caregiver, attemptKeys });
    expect(nobody).toEqual(denied);

    const allowed = setup();
    allowed.healthRecord.access = [{ name: 'Chris Reyes', email: 'CHRIS@example.test', relationshipToPatient: 'Parent', accessLevel: 'FULL' }];
    const result = await enrollGuest(allowed.deps, { form: caregiverForm, verified: caregiver, attemptKeys });
    expect(E.isRight(result) && result.right.enrollment).toMatchObject({ isGuardianSigning: true, signerName: 'Chris Reyes', guestHash: 'hash-chris' });
  });

  it('says Already Enrolled for a paid-up patient', async () => {
    const { deps, healthRecord } = setup();
    healthRecord.patients.set('5101', record('5101', { customFields: [{ customFieldId: '21', value: 'Yes', optionId: '2101' }] }));
    const result = await enrollGuest(deps, { form: existingForm(), verified, attemptKeys });
    expect(E.isLeft(result) && result.left.code).toBe('ENROLLMENT.ALREADY_ENROLLED');
  });

  it('records the opt-out in the health record for a decline and stores the enrollment as declined', async () => {
    const { deps, healthRecord, enrollments } = setup();
    const result = await enrollGuest(deps, { form: existingForm({ membershipTier: 'decline_hardship' }), verified, attemptKeys });
    expect(E.isRight(result) && result.right.enrollment.status).toBe('declined');
    expect(healthRecord.updates).toEqual([{ patientId: '5101', fields: [{ customFieldId: '81', optionId: '8101' }] }]);
    expect([...enrollments.rows.values()].map((row) => row.status)).toEqual(['declined']);
  });
});

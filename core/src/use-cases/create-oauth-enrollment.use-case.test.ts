import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type { PatientSession, PersonProfile } from '../domain/patient-session.ts';
import { OFFICE_ENROLLMENT_REQUIRED_MESSAGE } from '../policies/eligibility.policy.ts';
import {
  HealthRecordUnavailableError,
  type CustomFieldUpdate,
  type HealthRecordCustomField,
  type HealthRecordPatient,
} from '../ports/health-record.port.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { InMemoryEnrollments } from '../testing/in-memory-enrollments.ts';
import { createOAuthEnrollment, type CreateOAuthEnrollmentInput } from './create-oauth-enrollment.use-case.ts';

const NOW = '2026-06-15T16:00:00Z';

const patient = (patientId: string, dateOfBirth: string, customFields: HealthRecordCustomField[] = []): HealthRecordPatient => ({
  patientId,
  firstName: 'P',
  lastName: patientId,
  dateOfBirth,
  sex: null,
  email: null,
  mobilePhone: null,
  homePhone: null,
  address1: null,
  address2: null,
  city: null,
  state: null,
  zip: null,
  primaryDepartmentId: '1',
  primaryProviderId: null,
  customFields,
});

class FakeHealthRecord {
  readonly patients = new Map<string, HealthRecordPatient>();
  readonly updates: Array<{ patientId: string; departmentId: string; fields: readonly CustomFieldUpdate[] }> = [];
  failWrites = false;

  async getPatient(patientId: string) {
    return this.patients.get(patientId) ?? null;
  }

  async updateCustomFields(patientId: string, departmentId: string, fields: readonly CustomFieldUpdate[]) {
    if (this.failWrites) throw new HealthRecordUnavailableError('down');
    this.updates.push({ patientId, departmentId, fields });
    return { updatedCount: fields.length, disallowedCount: 0 };
  }
}

const profile = (patientId: string): PersonProfile => ({
  patientId,
  firstName: 'P',
  lastName: patientId,
  dateOfBirth: null,
  sex: null,
  email: null,
  phone: null,
  departmentId: '1',
});

const session = (personId: string, linked: string[] = [], data: PatientSession['data'] = { hasMedicareInsurance: 'no' }): CreateOAuthEnrollmentInput['session'] => ({
  person: profile(personId),
  actingPatientId: personId,
  linkedPatients: linked.map((patientId) => ({ patientId, relationship: 'Child', profile: profile(patientId) })),
  data,
});

const setup = () => {
  const healthRecord = new FakeHealthRecord();
  healthRecord.patients.set('1', patient('1', '04/12/1979'));
  healthRecord.patients.set('2', patient('2', '06/15/1999')); // 27 today
  healthRecord.patients.set('3', patient('3', '11/15/1999')); // 26
  healthRecord.patients.set('4', patient('4', '01/01/1960', [{ customFieldId: '21', value: 'Yes', optionId: '2101' }]));
  const enrollments = new InMemoryEnrollments();
  const deps = { enrollments, healthRecord, clock: new FixedClock(NOW) };
  return { healthRecord, enrollments, deps };
};

const input = (overrides: Partial<CreateOAuthEnrollmentInput> = {}): CreateOAuthEnrollmentInput => ({
  session: session('1'),
  patientId: '1',
  practiceLocation: '1',
  membershipTier: '120_annual',
  ...overrides,
});

const leftOf = <L, R>(result: E.Either<L, R>): L => {
  if (E.isRight(result)) throw new Error('expected Left');
  return result.left;
};

describe('createOAuthEnrollment', () => {
  it('stores a paid tier as pending for the signed-in patient', async () => {
    const { deps, enrollments, healthRecord } = setup();
    const result = await createOAuthEnrollment(deps, input());
    expect(E.isRight(result)).toBe(true);
    const row = [...enrollments.rows.values()][0]!;
    expect(row).toMatchObject({ status: 'pending', membershipTier: '120_annual', department: '1', athenaPatientId: '1', isGuardianSigning: false });
    expect(row.createdAt.toISOString()).toBe(new Date(NOW).toISOString());
    expect(healthRecord.updates).toEqual([]);
  });

  it('accepts a patient turning 27 today', async () => {
    const { deps } = setup();
    const result = await createOAuthEnrollment(deps, input({ session: session('2'), patientId: '2' }));
    expect(E.isRight(result)).toBe(true);
  });

  it.each(['decline', 'decline_hardship'] as const)('stores %s as declined after setting the opt-out field', async (tier) => {
    const { deps, enrollments, healthRecord } = setup();
    const result = await createOAuthEnrollment(deps, input({ membershipTier: tier }));
    expect(E.isRight(result) && result.right.status).toBe('declined');
    expect(healthRecord.updates).toEqual([{ patientId: '1', departmentId: '1', fields: [{ customFieldId: '81', optionId: '8101' }] }]);
    expect(enrollments.rows.size).toBe(1);
  });

  it('stores nothing when the opt-out write fails', async () => {
    const { deps, enrollments, healthRecord } = setup();
    healthRecord.failWrites = true;
    await expect(createOAuthEnrollment(deps, input({ membershipTier: 'decline' }))).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    expect(enrollments.rows.size).toBe(0);
  });

  it('refuses a patient the session may not act for', async () => {
    const { deps, enrollments } = setup();
    expect(leftOf(await createOAuthEnrollment(deps, input({ patientId: '2' }))).code).toBe('ENROLLMENT.NOT_LINKED');
    expect(enrollments.rows.size).toBe(0);
  });

  it('lets a caregiver enroll a linked patient', async () => {
    const { deps, enrollments } = setup();
    const result = await createOAuthEnrollment(deps, input({ session: session('1', ['2']), patientId: '2' }));
    expect(E.isRight(result)).toBe(true);
    expect([...enrollments.rows.values()][0]).toMatchObject({ athenaPatientId: '2', isGuardianSigning: true });
  });

  it('refuses a patient under 27 by the health record date of birth', async () => {
    const { deps } = setup();
    const error = leftOf(await createOAuthEnrollment(deps, input({ session: session('1', ['3']), patientId: '3' })));
    expect(error).toMatchObject({ code: 'ENROLLMENT.AGE_REQUIREMENT_NOT_MET', title: 'Age Requirement Not Met' });
  });

  it.each(['medicaid', 'both'])('sends %s participants to the office', async (answer) => {
    const { deps } = setup();
    const error = leftOf(await createOAuthEnrollment(deps, input({ session: session('1', [], { hasMedicareInsurance: answer }) })));
    expect(error).toEqual({ code: 'ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED', title: 'Office Enrollment Required', message: OFFICE_ENROLLMENT_REQUIRED_MESSAGE });
  });

  it('requires the Medicare/Medicaid answer and a practice location', async () => {
    const { deps } = setup();
    expect(leftOf(await createOAuthEnrollment(deps, input({ session: session('1', [], {}) }))).title).toBe('Medicare/Medicaid participation required');
    expect(leftOf(await createOAuthEnrollment(deps, input({ practiceLocation: ' ' }))).title).toBe('Practice location required');
  });

  it("refuses a patient whose record says 'Paid Up' = Yes", async () => {
    const { deps, enrollments } = setup();
    const error = leftOf(await createOAuthEnrollment(deps, input({ session: session('4'), patientId: '4' })));
    expect(error).toMatchObject({ code: 'ENROLLMENT.ALREADY_ENROLLED', title: 'Already Enrolled' });
    expect(enrollments.rows.size).toBe(0);
  });

  it('refuses a patient with an active enrollment', async () => {
    const { deps, enrollments } = setup();
    const first = await createOAuthEnrollment(deps, input());
    if (E.isLeft(first)) throw new Error('expected Right');
    const at = new Date(NOW);
    await enrollments.updateStatus(first.right.id, 'signed', at);
    await enrollments.updateStatus(first.right.id, 'payment_pending', at);
    expect(E.isRight(await enrollments.updateStatus(first.right.id, 'active', at))).toBe(true);
    expect(leftOf(await createOAuthEnrollment(deps, input())).code).toBe('ENROLLMENT.ALREADY_ENROLLED');
  });

  it('reports an unknown patient', async () => {
    const { deps } = setup();
    expect(leftOf(await createOAuthEnrollment(deps, input({ session: session('1', ['9']), patientId: '9' }))).code).toBe('ENROLLMENT.PATIENT_NOT_FOUND');
  });
});

describe('InMemoryEnrollments.updateStatus', () => {
  it('refuses a jump the status machine does not allow', async () => {
    const repo = new InMemoryEnrollments();
    const row = await repo.create({ status: 'pending', membershipTier: '120_annual', department: '1', athenaPatientId: '1', createdAt: new Date(NOW) });
    expect(leftOf(await repo.updateStatus(row.id, 'active', new Date(NOW))).code).toBe('ENROLLMENT.ILLEGAL_TRANSITION');
    expect(leftOf(await repo.updateStatus('nope', 'signed', new Date(NOW))).code).toBe('ENROLLMENT.NOT_FOUND');
  });
});

import { describe, expect, it } from '@jest/globals';
import type { Enrollment } from '@portal/core';
import { EnrollmentRecord } from '@portal/contracts';
import { isRight } from 'fp-ts/lib/Either.js';
import { enrollmentRecordAsRead } from './enrollments.router.ts';

const enrollment = (overrides: Partial<Enrollment> = {}): Enrollment => ({
  id: '3f2b8c1e-7d4a-4e9b-a6c5-1b2d3e4f5a6b',
  status: 'signed',
  membershipTier: '120_annual',
  patientStatus: 'existing',
  department: '1',
  isGuardianSigning: false,
  athenaPatientId: '5101',
  guestHash: null,
  signwellDocumentId: 'doc-1',
  privacyPracticesDocumentId: null,
  signerName: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  stripePaymentId: null,
  stripeReceiptUrl: null,
  billingEmail: null,
  membershipStartDate: null,
  membershipEndDate: null,
  createdAt: new Date('2026-11-25T12:00:00.000Z'),
  updatedAt: new Date('2026-11-25T12:05:00.000Z'),
  ...overrides,
});

const margaret = { firstName: 'Margaret', lastName: 'Sullivan', email: 'margaret.sullivan@example.com' };

describe("GET /api/enrollments/{id}: the record as read (spec §3 'Enrollment record as read')", () => {
  it("carries the patient's names and chart email, and no billing email until one is chosen", () => {
    const record = enrollmentRecordAsRead(enrollment(), margaret);
    expect(record).toMatchObject({
      id: '3f2b8c1e-7d4a-4e9b-a6c5-1b2d3e4f5a6b',
      status: 'signed',
      membershipTier: '120_annual',
      patientStatus: 'existing',
      signwellDocumentId: 'doc-1',
      createdAt: '2026-11-25T12:00:00.000Z',
      updatedAt: '2026-11-25T12:05:00.000Z',
      firstName: 'Margaret',
      lastName: 'Sullivan',
      email: 'margaret.sullivan@example.com',
      hasBillingEmail: false,
      billingEmail: null,
      originalPatientEmail: 'margaret.sullivan@example.com',
    });
    expect(isRight(EnrollmentRecord.decode(record))).toBe(true);
  });

  it('names the billing email as the email Stripe writes to, keeping the chart email as the original', () => {
    const record = enrollmentRecordAsRead(enrollment({ billingEmail: 'billing@example.com' }), margaret);
    expect(record).toMatchObject({ email: 'billing@example.com', hasBillingEmail: true, billingEmail: 'billing@example.com', originalPatientEmail: 'margaret.sullivan@example.com' });
  });

  it('answers null names and emails when the health record cannot be read, or the chart has no email', () => {
    expect(enrollmentRecordAsRead(enrollment(), null)).toMatchObject({ firstName: null, lastName: null, email: null, originalPatientEmail: null, hasBillingEmail: false });
    expect(enrollmentRecordAsRead(enrollment(), { ...margaret, email: '  ' })).toMatchObject({ email: null, originalPatientEmail: null });
    expect(isRight(EnrollmentRecord.decode(enrollmentRecordAsRead(enrollment(), null)))).toBe(true);
  });
});

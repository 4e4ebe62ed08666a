import { describe, expect, it } from '@jest/globals';
import type { StaffDocumentFiling, StaffEnrollmentRecord } from '../ports/staff-portal.port.ts';
import { patientDocuments } from './staff-patient-record.use-case.ts';

const at = new Date('2026-11-20T12:00:00Z');
const enrollment = (id: string, status: StaffEnrollmentRecord['status'], membershipTier: StaffEnrollmentRecord['membershipTier'] = '120_annual'): StaffEnrollmentRecord => ({
  id,
  status,
  membershipTier,
  department: '1',
  stripeSubscriptionId: null,
  membershipStartDate: null,
  membershipEndDate: null,
  createdAt: at,
  updatedAt: at,
});
const filing = (enrollmentId: string, documentType: StaffDocumentFiling['documentType'], status: StaffDocumentFiling['status']): StaffDocumentFiling => ({
  enrollmentId,
  documentType,
  status,
  uploadAttempts: status === 'failed' ? 6 : 1,
  lastAttemptError: status === 'failed' ? 'HealthRecordUnavailableError 503' : null,
  updatedAt: at,
});

describe("the patient view's documents", () => {
  it('a filing gives its status; a signed agreement without one is not submitted; declines sign nothing', () => {
    const documents = patientDocuments(
      [enrollment('e1', 'active'), enrollment('e2', 'pending'), enrollment('e3', 'declined', 'decline_hardship'), enrollment('e4', 'privacy_signed')],
      [filing('e1', 'membership_agreement', 'uploaded'), filing('e1', 'privacy_practices', 'failed')],
    );
    expect(documents.map((d) => [d.enrollmentId, d.documentType, d.signed, d.filing])).toEqual([
      ['e1', 'membership_agreement', true, 'uploaded'],
      ['e1', 'privacy_practices', true, 'failed'],
      ['e2', 'membership_agreement', false, 'not_signed'],
      ['e2', 'privacy_practices', false, 'not_signed'],
      ['e4', 'membership_agreement', true, 'not_submitted'],
      ['e4', 'privacy_practices', true, 'not_submitted'],
    ]);
    expect(documents[1]).toMatchObject({ uploadAttempts: 6, lastAttemptError: 'HealthRecordUnavailableError 503' });
  });
});

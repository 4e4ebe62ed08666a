import { describe, expect, it } from '@jest/globals';
import * as contracts from './index.ts';
import { MEMBERSHIP_REQUIRED_TO_BOOK, STAFF_AGE_WARNING, ALREADY_ENROLLED } from './messages.ts';
import { TierForm } from './enrollment.codecs.ts';
import { expectOnlyError } from './test-support.ts';

describe('@portal/contracts', () => {
  it('re-exports the tier table and practice locations for the frontends', () => {
    expect(contracts.TIER_CODES).toHaveLength(6);
    expect(contracts.TIERS['120_annual'].name).toBe('Enhanced Annual');
    expect(contracts.PRACTICE_LOCATIONS.map((location) => location.id)).toEqual(['1', '2', '8']);
    expect(contracts.formatDollars(12_000)).toBe('$120');
  });

  it('exports a codec for every request body of both specs section 7', () => {
    for (const name of [
      'BillingEmailSessionUpdate',
      'LocationSessionUpdate',
      'ContactSessionUpdate',
      'UpdateSessionRequest',
      'SendEmailOtpRequest',
      'VerifyEmailOtpRequest',
      'CheckEmailSessionRequest',
      'CreateEnrollmentRequest',
      'CreateOAuthEnrollmentRequest',
      'ReactivateSubscriptionRequest',
      'PayInvoiceRequest',
      'StaffPayInvoiceRequest',
      'RecordPaymentRequest',
      'SignatureRequest',
      'PrivacySignatureRequest',
      'BookAppointmentRequest',
      'RescheduleAppointmentRequest',
      'StaffSendOtpRequest',
      'StaffVerifyOtpRequest',
      'StaffVerifySessionRequest',
      'StaffPatientSearchRequest',
      'StaffCreateSubscriptionRequest',
    ] as const) {
      expect(typeof contracts[name].decode).toBe('function');
    }
  });
});

describe('section 5 texts that no codec carries (clock, session or record state)', () => {
  it("booking: the membership tier must be one of the six values ('Please select a membership tier')", () => {
    expectOnlyError(TierForm, { membershipTier: 'platinum' }, 'membershipTier', 'Please select a membership tier');
  });

  it("enrollment: 'Already Enrolled'", () => {
    expect(ALREADY_ENROLLED).toBe('Already Enrolled');
  });

  it("booking: 'Membership Required - ...'", () => {
    expect(MEMBERSHIP_REQUIRED_TO_BOOK).toBe(
      'Membership Required - You must be an enrolled member to book appointments. Please enroll first to access appointment booking.',
    );
  });

  it('staff: the under-27 warning', () => {
    expect(STAFF_AGE_WARNING).toBe('Enrollment is currently only open to patients aged 27 and older (and non-Medicaid patients)');
  });
});

/**
 * What the staff portal keeps (booking-dashboard-staff §2 'Staff portal', issue 14): the staff
 * audit trail (`staff_audit_trail`, append-only: who, what, which patient; never names, birth
 * dates or addresses), and the one fact about a patient's own choices the health record does not
 * hold: whether they declined for financial hardship (both declines set the opt-out field).
 */
import type { EnrollmentStatus } from '../domain/enrollment.ts';
import type { TierCode } from '../domain/tier.ts';

export type StaffAction =
  | 'patient_search'
  | 'patient_view'
  | 'create_subscription'
  | 'create_subscription_refused'
  | 'pay_invoice'
  | 'practice_report'
  | 'patient_record'
  | 'cancel_appointment_override'
  | 'reschedule_appointment_override'
  | 'appointment_override_refused';

export interface StaffAuditEntry {
  /** The signed-in staff member (their work address: staff are not patients). */
  readonly staffEmail: string;
  readonly action: StaffAction;
  /** The patient acted on; for a search, the ids it found (joined by commas) or '' for none. */
  readonly athenaPatientId: string;
  readonly stripeSubscriptionId?: string | null;
  readonly stripeCustomerId?: string | null;
  readonly membershipTier?: TierCode | null;
  readonly paymentMethod?: string | null;
  readonly practiceLocation?: string | null;
  /** Counts, outcomes and codes only; never PHI. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface StaffAuditTrail {
  record(entry: StaffAuditEntry): Promise<void>;
  /** Whether staff created this Stripe subscription (a create_subscription row names it): only those are theirs to pay. */
  createdSubscription(stripeSubscriptionId: string): Promise<boolean>;
}

export interface StaffPatientHistory {
  /** Which of these patients declined a membership here for financial hardship (decline_hardship). */
  declinedForHardship(athenaPatientIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/**
 * One enrollment as the practice report reads it (no patient ids, no names): the report counts
 * rows, it never lists people.
 */
export interface StaffReportRow {
  readonly status: EnrollmentStatus;
  readonly membershipTier: TierCode;
  readonly department: string | null;
  readonly hasSubscription: boolean;
  readonly membershipStartDate: Date | null;
  readonly createdAt: Date;
  /** When the row last changed: for cancelled and past-due rows, when they moved there. */
  readonly updatedAt: Date;
}

export interface StaffReportRecords {
  /**
   * Every enrollment that is active or past due now, and every other one created, started or
   * changed on or after `since` (the period's start): what the report needs, nothing older.
   */
  reportRows(since: Date): Promise<readonly StaffReportRow[]>;
}

/** An enrollment of one patient as the staff patient view shows it (no signer names, no guest hash). */
export interface StaffEnrollmentRecord {
  readonly id: string;
  readonly status: EnrollmentStatus;
  readonly membershipTier: TierCode;
  readonly department: string | null;
  readonly stripeSubscriptionId: string | null;
  readonly membershipStartDate: Date | null;
  readonly membershipEndDate: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A chart filing of one patient's signed document (document_submissions). */
export interface StaffDocumentFiling {
  readonly enrollmentId: string;
  readonly documentType: 'membership_agreement' | 'privacy_practices';
  readonly status: 'processing' | 'uploaded' | 'failed';
  readonly uploadAttempts: number;
  readonly lastAttemptError: string | null;
  readonly updatedAt: Date;
}

export interface StaffPatientRecords {
  /** The patient's enrollments, newest first. */
  enrollmentsOf(athenaPatientId: string): Promise<readonly StaffEnrollmentRecord[]>;
  /** The patient's document filings, newest first. */
  filingsOf(athenaPatientId: string): Promise<readonly StaffDocumentFiling[]>;
}

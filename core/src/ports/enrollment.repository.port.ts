/**
 * Stored enrollments (spec §3 `enrollments`). Status changes go through the status machine of
 * domain/enrollment.ts: `updateStatus` reads the current status and writes the new one in one
 * transaction, so two racing changes cannot both pass the check.
 */
import type * as E from 'fp-ts/lib/Either.js';
import type { EnrollmentStatus, IllegalTransitionError } from '../domain/enrollment.ts';
import type { DomainError } from '../domain/domain-error.ts';
import type { TierCode } from '../domain/tier.ts';
import type { ChartDocumentType } from './document-filing.port.ts';

export interface Enrollment {
  readonly id: string;
  readonly status: EnrollmentStatus;
  readonly membershipTier: TierCode;
  readonly patientStatus: string | null;
  readonly department: string | null;
  readonly isGuardianSigning: boolean;
  readonly athenaPatientId: string | null;
  readonly guestHash: string | null;
  readonly signwellDocumentId: string | null;
  readonly privacyPracticesDocumentId: string | null;
  /** Who signs the documents: the patient, or the caregiver signing for them (guests only; provider-login sessions name their person). */
  readonly signerName: string | null;
  readonly stripeCustomerId: string | null;
  readonly stripeSubscriptionId: string | null;
  readonly stripePaymentId: string | null;
  readonly stripeReceiptUrl: string | null;
  /** Provider-login users may have Stripe's receipts and notices sent to another address. */
  readonly billingEmail: string | null;
  readonly membershipStartDate: Date | null;
  readonly membershipEndDate: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewEnrollment {
  readonly status: EnrollmentStatus;
  readonly membershipTier: TierCode;
  readonly department: string;
  readonly athenaPatientId: string | null;
  readonly patientStatus?: string | null;
  readonly isGuardianSigning?: boolean;
  readonly guestHash?: string | null;
  readonly signerName?: string | null;
  readonly createdAt: Date;
}

/** Payment facts kept on the enrollment (only the fields given change). */
export interface EnrollmentPaymentUpdate {
  readonly stripeCustomerId?: string;
  readonly stripeSubscriptionId?: string;
  readonly stripePaymentId?: string | null;
  readonly stripeReceiptUrl?: string | null;
  readonly billingEmail?: string | null;
  readonly membershipStartDate?: Date | null;
  readonly membershipEndDate?: Date | null;
}

export type EnrollmentNotFoundError = DomainError<'ENROLLMENT.NOT_FOUND'>;

export interface EnrollmentRepository {
  create(enrollment: NewEnrollment): Promise<Enrollment>;
  findById(id: string): Promise<Enrollment | null>;
  /** The patient's enrollment whose status is active, if any. */
  findActiveForPatient(athenaPatientId: string): Promise<Enrollment | null>;
  /** The active enrollments a verified guest made (by their guest hash). */
  findActiveForGuest(guestHash: string): Promise<readonly Enrollment[]>;
  /** The enrollment whose membership agreement or privacy document this SignWell document is. */
  findBySigningDocument(documentId: string): Promise<Enrollment | null>;
  /** Keeps the SignWell document id of the agreement (signwellDocumentId) or the privacy acknowledgment. */
  setSigningDocument(id: string, type: ChartDocumentType, documentId: string, at: Date): Promise<Enrollment>;
  setPayment(id: string, update: EnrollmentPaymentUpdate, at: Date): Promise<Enrollment>;
  /** The enrollment that owns this Stripe subscription. */
  findBySubscription(subscriptionId: string): Promise<Enrollment | null>;
  /**
   * For the reconciler: enrollments with a subscription that are waiting for payment and were
   * last changed before `before`, or whose paid period ended before `now` (a renewal, a failed
   * charge or a cancellation whose webhook never came).
   */
  findToReconcile(before: Date, now: Date, limit: number): Promise<readonly Enrollment[]>;
  /** The newest enrollment of these patients (or this guest hash) that has a Stripe customer. */
  findWithCustomer(owner: { readonly athenaPatientIds: readonly string[]; readonly guestHash: string | null }): Promise<Enrollment | null>;
  /**
   * Runs `work` while holding a lock on the enrollment (one holder at a time across processes),
   * so two clicks cannot create two signing documents. `work` should be short.
   */
  withLock<T>(id: string, work: () => Promise<T>): Promise<T>;
  /** Moves the enrollment to `to` when the status machine allows it from its current status. */
  updateStatus(
    id: string,
    to: EnrollmentStatus,
    at: Date,
  ): Promise<E.Either<IllegalTransitionError | EnrollmentNotFoundError, Enrollment>>;
}

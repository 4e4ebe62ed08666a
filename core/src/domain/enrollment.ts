/**
 * The enrollment status machine (ARCHITECTURE §4). Every status change goes through
 * `transition`, so an illegal jump (say, pending → active without signing or paying) is a value
 * the use case must handle, not a silent write.
 *
 * | from            | allowed to                                     |
 * |-----------------|------------------------------------------------|
 * | pending         | signed, declined, cancelled                    |
 * | signed          | privacy_signed, payment_pending, cancelled     |
 * | privacy_signed  | payment_pending, cancelled                     |
 * | payment_pending | active, cancelled                              |
 * | active          | past_due, cancelled                            |
 * | past_due        | active, cancelled                              |
 * | declined        | (terminal)                                     |
 * | cancelled       | (terminal)                                     |
 *
 * Staying in the same status is not a transition and is refused too; callers that must be
 * idempotent (webhooks) check the current status before asking for a change.
 */
import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from './domain-error.ts';

export const ENROLLMENT_STATUSES = [
  'pending',
  'signed',
  'privacy_signed',
  'payment_pending',
  'active',
  'declined',
  'cancelled',
  'past_due',
] as const;

export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** Spec §3: a new enrollment starts as pending. */
export const DEFAULT_ENROLLMENT_STATUS: EnrollmentStatus = 'pending';

export const ENROLLMENT_TRANSITIONS: Readonly<Record<EnrollmentStatus, readonly EnrollmentStatus[]>> = {
  pending: ['signed', 'declined', 'cancelled'],
  signed: ['privacy_signed', 'payment_pending', 'cancelled'],
  privacy_signed: ['payment_pending', 'cancelled'],
  payment_pending: ['active', 'cancelled'],
  active: ['past_due', 'cancelled'],
  past_due: ['active', 'cancelled'],
  declined: [],
  cancelled: [],
};

export const isEnrollmentStatus = (value: unknown): value is EnrollmentStatus =>
  typeof value === 'string' && (ENROLLMENT_STATUSES as readonly string[]).includes(value);

export const canTransition = (from: EnrollmentStatus, to: EnrollmentStatus): boolean =>
  ENROLLMENT_TRANSITIONS[from].includes(to);

/** declined and cancelled have no way out. */
export const isTerminalEnrollmentStatus = (status: EnrollmentStatus): boolean =>
  ENROLLMENT_TRANSITIONS[status].length === 0;

export type IllegalTransitionError = DomainError<'ENROLLMENT.ILLEGAL_TRANSITION'> & {
  readonly from: EnrollmentStatus;
  readonly to: EnrollmentStatus;
};

/** Right(to) when the table allows from → to, else ENROLLMENT.ILLEGAL_TRANSITION. */
export const transition = (
  from: EnrollmentStatus,
  to: EnrollmentStatus,
): E.Either<IllegalTransitionError, EnrollmentStatus> =>
  canTransition(from, to)
    ? E.right(to)
    : E.left({
        code: 'ENROLLMENT.ILLEGAL_TRANSITION',
        message: `An enrollment cannot move from ${from} to ${to}.`,
        from,
        to,
      });

/**
 * Confirmation screen invoice number (spec enrollment-and-payment §2): 'INV-' followed by the
 * last 8 characters of the enrollment id, kept exactly as they are (no case change). An id
 * shorter than 8 characters is used whole.
 */
export const invoiceNumber = (enrollmentId: string): string => `INV-${enrollmentId.slice(-8)}`;

/**
 * The one table from core's error codes to HTTP status (decision 0006), beside the error
 * middleware. Every router maps a use case's refusal through `statusOf`; the table is total over
 * the codes the use cases return, so a new code does not compile until it has a status here.
 */
import type { BookingError, BookingPatientError, CreateOAuthEnrollmentError, EnrollGuestError, PaymentError, SigningStepError, StaffSubscriptionError, TakeOfferError } from '@portal/core';

export type RefusalCode = (BookingError | BookingPatientError | CreateOAuthEnrollmentError | EnrollGuestError | PaymentError | SigningStepError | StaffSubscriptionError | TakeOfferError)['code'];

export const ERROR_STATUS: Readonly<Record<RefusalCode, number>> = {
  // Enrollment: who may enroll, and the documents they sign.
  'ENROLLMENT.PATIENT_NOT_MATCHED': 422,
  'ENROLLMENT.PATIENT_EXISTS': 409,
  'ENROLLMENT.CAREGIVER_NOT_AUTHORIZED': 403,
  'ENROLLMENT.VERIFIED_CONTACT_MISMATCH': 403,
  'ENROLLMENT.NOT_LINKED': 403,
  'ENROLLMENT.PATIENT_NOT_FOUND': 404,
  'ENROLLMENT.PRACTICE_LOCATION_REQUIRED': 400,
  'ENROLLMENT.MEDICARE_ANSWER_REQUIRED': 400,
  'ENROLLMENT.DATE_OF_BIRTH_REQUIRED': 400,
  'ENROLLMENT.INVALID_DATE_OF_BIRTH': 400,
  'ENROLLMENT.AGE_REQUIREMENT_NOT_MET': 403,
  'ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED': 403,
  'ENROLLMENT.ALREADY_ENROLLED': 409,
  'ENROLLMENT.CONTACT_NOT_ON_RECORD': 403,
  'ENROLLMENT.TOO_MANY_ATTEMPTS': 429,
  'ENROLLMENT.NOT_FOUND': 404,
  'DOCUMENT.NOT_AVAILABLE': 409,
  'DOCUMENT.MISMATCH': 409,
  'DOCUMENT.NOT_COMPLETED': 409,
  // Payment.
  'PAYMENT.NOT_READY': 409,
  'PAYMENT.MISMATCH': 400,
  'PAYMENT.NOT_PAID': 402,
  'PAYMENT.NOTHING_TO_REACTIVATE': 409,
  'SUBSCRIPTION.EXISTING_ACTIVE': 409,
  'SUBSCRIPTION.DATA_DISCREPANCY': 409,
  // Staff subscriptions.
  'STAFF.PATIENT_NOT_FOUND': 404,
  'STAFF.TIER_NOT_PAID': 400,
  'STAFF.DUPLICATE_SUBSCRIPTION': 409,
  // Booking, the 24-hour rule and the earlier-slot offers.
  'APPOINTMENT.NOT_FOUND': 404,
  'BOOKING.NOT_YOUR_PATIENT': 404,
  'BOOKING.MEMBERSHIP_REQUIRED': 403,
  'BOOKING.UNAVAILABLE': 503,
  'BOOKING.INVALID_WEEK': 400,
  'BOOKING.SLOT_TAKEN': 409,
  'BOOKING.EXISTING_APPOINTMENT': 409,
  'APPOINTMENT.CANCEL_WINDOW_CLOSED': 409,
  'APPOINTMENT.RESCHEDULE_WINDOW_CLOSED': 409,
  'WAITLIST.INVALID': 404,
  'WAITLIST.USED': 409,
  'WAITLIST.GONE': 409,
};

/** The HTTP status of a use case's refusal. */
export const statusOf = (code: RefusalCode): number => ERROR_STATUS[code];

/**
 * Booking's refusals (booking-dashboard-staff §2, §5, §8): their codes, the spec's titles and
 * messages, in one place for every booking use case (book, reschedule, cancel, availability).
 */
import { domainError, type DomainError } from '../domain/domain-error.ts';
import type { Appointment } from '../ports/scheduling.port.ts';

export const BOOKING_FAILED_TITLE = 'Booking Failed';
export const BOOKING_FAILED_MESSAGE = 'Unable to book appointment. Please try again or contact our office.';
export const SLOT_TAKEN_MESSAGE = 'That time is no longer available. Please choose another time.';
export const RESCHEDULE_FAILED_TITLE = 'Reschedule Failed';
export const RESCHEDULE_WINDOW_CLOSED_MESSAGE = 'Appointments cannot be rescheduled within 24 hours. Please call the office.';
export const EXISTING_APPOINTMENT_TITLE = 'Existing Appointment';
export const EXISTING_APPOINTMENT_MESSAGE = 'You already have an upcoming appointment.';
export const AVAILABILITY_FAILED_TITLE = 'Error Loading Appointments';
export const AVAILABILITY_FAILED_MESSAGE = 'Unable to load appointment availability. Please try again or contact our office.';
export const APPOINTMENT_NOT_FOUND_MESSAGE = 'Appointment not found.';

export type BookingError =
  | DomainError<'BOOKING.SLOT_TAKEN' | 'BOOKING.UNAVAILABLE' | 'BOOKING.INVALID_WEEK' | 'APPOINTMENT.NOT_FOUND'>
  | DomainError<'APPOINTMENT.CANCEL_WINDOW_CLOSED' | 'APPOINTMENT.RESCHEDULE_WINDOW_CLOSED'>
  | (DomainError<'BOOKING.EXISTING_APPOINTMENT'> & { readonly existing: readonly Appointment[] });

export const notFound = () => domainError('APPOINTMENT.NOT_FOUND', APPOINTMENT_NOT_FOUND_MESSAGE);
export const slotTaken = () => domainError('BOOKING.SLOT_TAKEN', SLOT_TAKEN_MESSAGE, BOOKING_FAILED_TITLE);
export const unavailable = (title = BOOKING_FAILED_TITLE) => domainError('BOOKING.UNAVAILABLE', BOOKING_FAILED_MESSAGE, title);

/** The booking screens' texts (booking-dashboard-staff §2, §5, §8, §9), word for word where the spec gives them. */

export const PAGE_TITLE = 'Book an Appointment';
export const PAGE_DESCRIPTION = 'Choose a provider and a time that suits you.';
/** The header while the wizard moves an appointment (the dashboard's Reschedule). */
export const RESCHEDULE_TITLE = 'Reschedule Your Appointment';
export const RESCHEDULE_DESCRIPTION = 'Choose a new time for your appointment.';

export const VERIFICATION_REQUIRED_TITLE = 'Verification Required';
export const VERIFICATION_REQUIRED_TEXT = 'Both email and phone verification are required. Please complete both steps.';

export const LOCATION_REQUIRED_TITLE = 'Practice location required';
export const LOCATION_REQUIRED_TEXT = 'Please select a practice location to continue.';
/** BookingLocationForm's message (contracts) is the title and text joined. */
export const LOCATION_REQUIRED = `${LOCATION_REQUIRED_TITLE} - ${LOCATION_REQUIRED_TEXT}`;
/** The practice location screen's Continue button in the appointments flow. */
export const SELECT_PROVIDER_AND_TIME = 'Select Provider & Time';

export const MEMBERSHIP_REQUIRED_TITLE = 'Membership Required';
export const MEMBERSHIP_REQUIRED_TEXT = 'You must be an enrolled member to book appointments. Please enroll first to access appointment booking.';

export const NO_PREFERENCE = 'No Preference';
export const DEFAULT_SPECIALTY = 'Provider';
export const NO_PROVIDERS = 'No providers available';
export const NO_APPOINTMENT_TYPES = 'No appointment types available for this provider';
export const ANNUAL_PHYSICAL_TITLE = 'Annual physical';
export const ANNUAL_PHYSICAL_WARNING =
  'Annual physicals are covered by most insurance plans once per benefit period. Please make sure your insurance benefit period allows it and that at least 12 months have passed since your last preventive visit.';

export const NO_AVAILABILITY = 'No Appointment Availability';
export const NO_AVAILABILITY_TEXT = 'There are no open times this week. Please choose another week or a different provider.';
export const AVAILABILITY_ERROR_TITLE = 'Error Loading Appointments';
export const AVAILABILITY_ERROR_TEXT = 'Unable to load appointment availability. Please try again or contact our office.';
export const TRY_AGAIN = 'Try Again';
export const CHOOSE_DIFFERENT_PROVIDER = 'Choose a Different Provider';

export const ARRIVE_EARLY = 'Please arrive 15 minutes early.';
export const DOWNLOAD_CALENDAR = 'Download calendar file';

export const BOOKING_FAILED_TITLE = 'Booking Failed';
export const BOOKING_FAILED_TEXT = 'Unable to book appointment. Please try again or contact our office.';
export const RESCHEDULE_FAILED_TITLE = 'Reschedule Failed';
export const RESCHEDULE_FAILED_TEXT = 'Unable to reschedule appointment. Please try again or contact our office.';
export const CANCELLATION_FAILED_TITLE = 'Cancellation Failed';
export const CANCELLATION_FAILED_TEXT = 'Failed to cancel appointment. Please contact the office.';
export const CANNOT_CANCEL_TITLE = 'Cannot Cancel Appointment';
export const CANNOT_CANCEL_TEXT = 'Appointments cannot be cancelled within 24 hours. Please call the office to cancel.';

export const EXISTING_DIALOG_TITLE = 'You already have an upcoming appointment';
export const KEEP_EXISTING = 'Keep Existing';
export const RESCHEDULE_TO_NEW_TIME = 'Reschedule to New Time';
export const CANCEL_EXISTING = 'Cancel Existing';

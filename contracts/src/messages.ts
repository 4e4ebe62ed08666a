/**
 * Spec texts for §5 rules that are not checks on one input, so no codec carries them: they
 * depend on the clock, the session or the health record. Exported so the API and the frontends
 * show the same words; the rules themselves live in core policies and the use cases.
 */

/** enrollment-and-payment §5: the location step when the session already has an active subscription. */
export const ALREADY_ENROLLED = 'Already Enrolled';

/** booking-dashboard-staff §5: the members path of booking without an active subscription. */
export const MEMBERSHIP_REQUIRED_TO_BOOK =
  'Membership Required - You must be an enrolled member to book appointments. Please enroll first to access appointment booking.';

/** booking-dashboard-staff §5: staff eligibility warning for a patient under 27. */
export const STAFF_AGE_WARNING =
  'Enrollment is currently only open to patients aged 27 and older (and non-Medicaid patients)';

/** enrollment-and-payment §5: a guest token that does not start with verified_. */
export const AUTHENTICATION_ERROR = 'Authentication Error';

/** booking-dashboard-staff §5: guest booking without both verifications. */
export const VERIFICATION_REQUIRED =
  'Verification Required - Both email and phone verification are required. Please complete both steps.';

/** booking-dashboard-staff §5: the login page's human check. */
export const SECURITY_CHECK_REQUIRED = 'Please complete security verification to continue';

/**
 * English texts that modules other than the screens still compare or build with (the API's error
 * titles, enrollment-and-payment §2, §5, §8). The screens draw every word from their catalogs
 * (i18n.ts, payment/i18n.ts; issue 26).
 */

export const PRACTICE_LOCATION_REQUIRED = 'Please select a practice location';
export const OFFICE_ENROLLMENT_REQUIRED_TITLE = 'Office Enrollment Required';

export const CREATE_ENROLLMENT_ERROR_TITLE = 'Error creating enrollment';
export const CREATE_ENROLLMENT_ERROR = 'Failed to create enrollment. Please try again.';

// Guest verification (§5 'Eligibility', §8 'Verification')
export const AUTHENTICATION_ERROR_TITLE = 'Authentication Error';

// ---------------------------------------------------------------------------------------------
// Guest wizard (§2 'Enrollment wizard', §5 'Enrollment form', §8 'Enrollment flow')

export const SAVE_PATIENT_ERROR =
  'Failed to save patient information. Please verify the provided information. If the problem persists, please call the practice for assistance.';
export const ERROR_TITLE = 'Error';
export const EXISTING_PATIENT_TITLE = 'Existing Patient';
export const CAREGIVER_NOT_AUTHORIZED_TITLE = 'Caregiver Not Authorized';
export const AGE_REQUIREMENT_NOT_MET_TITLE = 'Age Requirement Not Met';
export const ALREADY_ENROLLED_TITLE = 'Already Enrolled';
export const VERIFICATION_ERROR_TITLE = 'Verification Error';
export const VERIFICATION_EXPIRED_TITLE = 'Verification Expired';

// E-signature and privacy (§2 'E-signature step', 'Privacy step'; §8 'Enrollment flow')

export const DOCUMENT_PROCESSING_FAILED_TITLE = 'Document Processing Failed';
export const DOCUMENT_PROCESSING_FAILED_TEXT = 'We could not process your signed document. Please try again.';

// ---------------------------------------------------------------------------------------------
// Payment (§2 'Payment card', 'Existing-subscription screen', 'Confirmation screen', 'Payment
// return screen', 'Billing return'; §8 'Payment')

export const PAYMENT_ERROR_TITLE = 'Payment Error';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

export const EXISTING_ACTIVE_SUBSCRIPTION = 'Existing Active Subscription';
export const SUBSCRIPTION_DATA_DISCREPANCY = 'Subscription Data Discrepancy';
export const ALREADY_PAID = 'Already paid';

export const PAYMENT_FAILED = 'Payment failed';


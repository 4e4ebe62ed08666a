/**
 * The enrollment screens' texts (enrollment-and-payment §2, §5, §8; booking-dashboard-staff §2,
 * §8), in one place so pages and tests use the same words.
 */

export const WELCOME_PREFIX = 'Welcome, ';

export const PRACTICE_LOCATION_LABEL = 'Practice Location';
export const PRACTICE_LOCATION_PLACEHOLDER = 'Select practice location...';

export const MEDICARE_LABEL = 'Do you have Medicare or Medicaid?';
export const MEDICARE_PLACEHOLDER = 'Select Medicare/Medicaid status...';

export const CONTACT_QUESTION = 'Who is this enrollment for?';
export const CONTACT_MISSING_HINT = 'Missing a contact person? Please contact your practice to link your accounts.';
export const NO_CONTACTS = 'No contact options available';
export const CONTACT_LOAD_ERROR_TITLE = 'Contact Load Error';
export const CONTACT_LOAD_ERROR_TEXT = 'Unable to load contact options. Please try again.';

export const PRACTICE_LOCATION_REQUIRED = 'Please select a practice location';
export const CONTACT_REQUIRED = 'Please select who this enrollment is for';
export const MEDICARE_REQUIRED = 'Medicare/Medicaid participation required';
export const OFFICE_ENROLLMENT_REQUIRED_TITLE = 'Office Enrollment Required';
export const OFFICE_ENROLLMENT_REQUIRED_MESSAGE =
  'Medicaid participants must complete enrollment by calling or visiting our office during business hours.';

export const SAVE_SELECTION_ERROR_TITLE = 'Error saving selection';
export const SAVE_LOCATION_ERROR = 'Failed to save practice location. Please try again.';

export const NEXT_STEP_TITLE = 'Choose Membership Plan';

export const TIER_PAGE_TITLE = 'Choose Your Membership';
export const READY_TO_ENROLL_PREFIX = 'Ready to enroll: ';
export const PRIMARY_PRACTICE_LABEL = 'Primary Practice';
export const TIER_REQUIRED = 'Please select a membership tier';
export const CREATE_ENROLLMENT_ERROR_TITLE = 'Error creating enrollment';
export const CREATE_ENROLLMENT_ERROR = 'Failed to create enrollment. Please try again.';

export const CONCIERGE_DIALOG_TITLE = 'Concierge Membership';
export const CONCIERGE_DIALOG_TEXT =
  'Concierge services are only offered to patients of three named doctors at our practice. Please choose a concierge plan only if one of these doctors is your primary care provider.';
export const CONCIERGE_CANCEL = 'Cancel';
export const CONCIERGE_CONFIRM = 'I Understand';


export const AUTH_REQUIRED_TITLE = 'Authentication Required';
export const AUTH_REQUIRED_TEXT = 'Please log in to continue.';
export const SESSION_ERROR_TITLE = 'Session Error';
export const SESSION_ERROR_TEXT = 'Unable to verify authentication. Please try again.';
export const SESSION_INCOMPLETE_TEXT = 'Please complete the verification steps.';

// Guest verification (§5 'Eligibility', §8 'Verification')
export const PHONE_VERIFICATION_REQUIRED_TITLE = 'Phone Verification Required';
export const PHONE_VERIFICATION_REQUIRED_TEXT = 'Please verify your mobile phone number to continue your enrollment.';
export const AUTHENTICATION_ERROR_TITLE = 'Authentication Error';
export const AUTHENTICATION_ERROR_TEXT = 'Both email and phone verification are required. Please complete both steps.';

export const SIGNATURE_TITLE = 'Membership Agreement';

export const DECLINATION_CONFIRMED_TITLE = 'Membership Declination Confirmed';
export const CONFIRMATION_NOT_FOUND_TITLE = 'Confirmation Not Found';
export const DECLINED_DECISION = 'Declined';
export const NOTICE_OPTIONAL =
  'Membership is optional. Declining does not affect your access to medically necessary care at our practice.';
export const NOTICE_ENROLL_LATER = 'You can enroll in a membership later at any time.';

// ---------------------------------------------------------------------------------------------
// Guest wizard (§2 'Enrollment wizard', §5 'Enrollment form', §8 'Enrollment flow')

export const PATIENT_INFO_TITLE = 'Patient Info';
export const SECTION_PATIENT_STATUS = 'Patient Status';
export const SECTION_PATIENT_INFORMATION = 'Patient Information';
export const SECTION_MEMBERSHIP_TIERS = 'Membership Tiers';
export const CAREGIVER_NOTICE = 'Caregivers: verify your own email first. The email and phone you verified are yours; enter the patient\'s own below.';
export const SAVE_PATIENT_ERROR =
  'Failed to save patient information. Please verify the provided information. If the problem persists, please call the practice for assistance.';
export const ERROR_TITLE = 'Error';
export const EXISTING_PATIENT_TITLE = 'Existing Patient';
export const CAREGIVER_NOT_AUTHORIZED_TITLE = 'Caregiver Not Authorized';
export const AGE_REQUIREMENT_NOT_MET_TITLE = 'Age Requirement Not Met';
export const ALREADY_ENROLLED_TITLE = 'Already Enrolled';
/** Ours (the spec names the heading only); the server's words for the same refusal on the tier step. */
export const ALREADY_ENROLLED_TEXT = 'This patient already has an active membership.';
export const VERIFICATION_ERROR_TITLE = 'Verification Error';
export const VERIFICATION_ERROR_TEXT = 'Unable to verify your identity.';
export const VERIFICATION_EXPIRED_TITLE = 'Verification Expired';
export const VERIFICATION_EXPIRED_TEXT = 'Please verify your email and phone again.';

// E-signature and privacy (§2 'E-signature step', 'Privacy step'; §8 'Enrollment flow')

export const SIGNED_STATE = 'signed, verified and uploaded';
export const CREATE_SIGNATURE_DOCUMENT_ERROR = 'Failed to create signature document. Please try again.';
export const CREATE_PRIVACY_DOCUMENT_ERROR = 'Failed to create privacy practices document. Please try again.';
export const DOCUMENT_LIBRARY_ERROR_TITLE = 'Document Library Error';
export const DOCUMENT_LIBRARY_ERROR_TEXT = 'The document signing library could not be loaded. Please refresh the page and try again.';
export const DOCUMENT_EMBED_ERROR = 'There was an issue with the document. Please try again.';
export const DOCUMENT_PROCESSING_FAILED_TITLE = 'Document Processing Failed';
export const DOCUMENT_PROCESSING_FAILED_TEXT = 'We could not process your signed document. Please try again.';
export const PRIVACY_PROCESSING_FAILED_TEXT =
  'We could not process your signed privacy practices notice. Please try again. If the problem persists, please contact the practice.';
export const CRITICAL_DOCUMENT_ERROR_TITLE = 'Critical Document Error';
export const CRITICAL_DOCUMENT_ERROR_TEXT = 'Your signed document could not be saved. Please contact support for assistance.';
export const CRITICAL_PRIVACY_ERROR_TEXT = 'Your signed privacy practices notice could not be saved. Please contact the practice for assistance.';
export const SIGNER_DECLINED_TITLE = 'Document declined';
export const SIGNER_DECLINED_TEXT = 'You declined to sign the document. You can start again when you are ready.';

// Payment card title and resume

export const PAYMENT_CARD_TITLE = 'Complete Your Membership';
export const ENROLLMENT_NOT_FOUND_TITLE = 'Enrollment not found';
export const PATIENT_SWITCHED_TITLE = 'Patient switched';
export const PATIENT_SWITCHED_TEXT = 'You switched to a different patient. Redirecting to Dashboard.';

// ---------------------------------------------------------------------------------------------
// Payment (§2 'Payment card', 'Existing-subscription screen', 'Confirmation screen', 'Payment
// return screen', 'Billing return'; §8 'Payment')

export const AUTO_RENEWAL_NOTICE = 'Auto-renewal is enabled. Cancel anytime.';
export const COMPLETE_PAYMENT = 'Complete Payment';
export const PROCESSING_PAYMENT = 'Processing Payment...';
export const CARD_DETAILS_LABEL = 'Card details';
export const BILLING_EMAIL_CHECKBOX = 'Use a different billing email';
export const BILLING_EMAIL_LABEL = 'Billing email';

export const CARD_DECLINED_FALLBACK = 'Your card was declined. Please try a different card.';
export const NULL_ERROR_TEXT = 'Something went wrong.';

export const PAYMENT_METHOD_SETUP_FAILED_TITLE = 'Payment Method Setup Failed';
export const AUTHENTICATION_REQUIRED_TITLE = 'Authentication Required';
export const PAYMENT_FAILED_TITLE = 'Payment Failed';
export const PAYMENT_ERROR_TITLE = 'Payment Error';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const ALMOST_THERE_TITLE = 'Almost there';
export const ALMOST_THERE_TEXT = "We're waiting for your bank to prepare authentication. Please try again.";
export const SETUP_ERROR_TITLE = 'Setup Error';
export const SETUP_ERROR_TEXT = 'Failed to initialize payment setup. Please refresh the page.';
export const REACTIVATION_FAILED_TITLE = 'Reactivation Failed';
export const REACTIVATION_FAILED_TEXT = 'Failed to reactivate subscription. Please try again.';
export const PAYMENT_SUCCESSFUL_TITLE = 'Payment Successful';
export const PAYMENT_SUCCESSFUL_TEXT = 'Your membership is now active!';
export const SUBSCRIPTION_REACTIVATED_TITLE = 'Subscription Reactivated';
export const REDIRECTING_TO_DASHBOARD_TITLE = 'Redirecting to Dashboard';

export const EXISTING_ACTIVE_SUBSCRIPTION = 'Existing Active Subscription';
export const SUBSCRIPTION_DATA_DISCREPANCY = 'Subscription Data Discrepancy';
export const ALREADY_PAID = 'Already paid';

export const RECORD_PAYMENT_FAILED = 'Payment failed - Please try again';
export const PAYMENT_SESSION_EXPIRED = 'Payment session expired. Please start over.';
export const INVALID_PAYMENT_RETURN = 'Invalid return from payment provider.';
export const SETUP_FAILED = 'Setup failed';
export const PAYMENT_FAILED = 'Payment failed';
export const AUTHENTICATION_REQUIRED_TEXT = 'Authentication required to complete payment/setup.';
export const AUTHENTICATION_NOT_READY_TEXT = 'Authentication required but payment details not yet available. Please try again.';

export const EXISTING_SUBSCRIPTION_TITLE = 'Existing Subscription Found';
export const REACTIVATE_YES = 'Yes, Reactivate Auto-Renewal';
export const REACTIVATE_NO = 'No, Contact Front Desk';

export const ENROLLMENT_SUMMARY_TITLE = 'Enrollment Summary';
export const WHATS_NEXT_TITLE = "What's Next";
export const PAYMENT_RECEIPT_TITLE = 'Payment Receipt';

export const PAY_RETURN_PROCESSING = 'Processing Payment';
export const PAY_RETURN_SUCCESS = 'Payment Successful';
export const PAY_RETURN_ERROR = 'Payment Error';
export const RETURN_TO_DASHBOARD = 'Return to Dashboard';

export const BILLING_RETURN_TITLE = 'Billing Portal Session Complete';

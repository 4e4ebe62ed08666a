/**
 * The codecs of the staff page's answers, in a chunk of their own: they load with the first request
 * that needs one, not with the staff page's first chunk (issue 15,
 * docs/decisions/0034-bundle-splitting-and-first-paint.md).
 */
export {
  AvailabilityResponse,
  ConfigResponse,
  FailedDocumentSubmissions,
  PayInvoiceResponse,
  StaffAppointmentOverrideResponse,
  StaffCreateSubscriptionResponse,
  StaffLogoutResponse,
  StaffPatientDetailsResponse,
  StaffPatientRecordResponse,
  StaffPatientSearchResponse,
  StaffReportResponse,
  StaffSendOtpResponse,
  StaffVerifyOtpResponse,
  StaffVerifySessionResponse,
} from '@portal/contracts';

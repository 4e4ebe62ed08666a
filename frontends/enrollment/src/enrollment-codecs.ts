/**
 * The codecs of the enrollment screens's answers, in a chunk of their own: they load with the first request
 * that needs one, not with the enrollment screens's first chunk (issue 15,
 * docs/decisions/0034-bundle-splitting-and-first-paint.md).
 */
export {
  ConfigResponse,
  CreateDocumentResponse,
  CreateEnrollmentResponse,
  EnrollmentCompleteResponse,
  EnrollmentRecord,
  PatientContactsResponse,
  PayInvoiceResponse,
  ProvidersResponse,
  ReactivateSubscriptionResponse,
  RecordPaymentResponse,
  SignatureResponse,
  SubscriptionSetupResponse,
  SubscriptionStatusResponse,
  UpdateSessionResponse,
  VerifyCompletionResponse,
} from '@portal/contracts';

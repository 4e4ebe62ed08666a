/**
 * Every API call the enrollment screens make, each answer decoded with its @portal/contracts codec
 * before the screen uses it (an answer that does not decode is reported to POST /api/client-errors
 * and thrown as ApiContractError: the screen shows its generic error). Components call these
 * functions with the page's `api`; the Pact consumer test (enrollment-api.pact.test.ts) calls the
 * same functions against Pact's mock server.
 *
 * The session reads of the gates (GET /api/auth/session, GET /api/guest/session) are @portal/client's
 * (useAuthState, useGuestIdentity), shared by every remote, and held to the API there.
 */
import type {
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
import type { HasMedicareInsurance } from '@portal/contracts';
import type { ApiClient } from '@portal/client';
import { DOCUMENTS, verifyCompletionPath } from './signing.ts';
import type { DocumentKind } from './signing.ts';
import type { Decode } from '@portal/client';

type Codecs = typeof import('./enrollment-codecs.ts');

/** A codec of enrollment-codecs.ts, loaded (once) when a request first needs it: the codecs are not in the first chunk. */
const codec =
  (name: keyof Codecs): Decode =>
  () =>
    import('./enrollment-codecs.ts').then((module) => module[name]);

const enc = encodeURIComponent;
const enrollmentPath = (enrollmentId: string): string => `/api/enrollments/${enc(enrollmentId)}`;
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

// ---------------------------------------------------------------------------------------------
// Settings and the session

/** GET /api/config: Stripe's public key and Stripe.js / SignWell embed URLs (payment, signing, /pay/return). */
export const fetchConfig = (client: ApiClient, signal?: AbortSignal): Promise<ConfigResponse> =>
  client.get<ConfigResponse>('/api/config', { decode: codec('ConfigResponse'), ...withSignal(signal) });

/** GET /api/oauth/patient-contacts: whom a provider-login enrollment can be for (practice location screen). */
export const fetchPatientContacts = (client: ApiClient, signal?: AbortSignal): Promise<PatientContactsResponse> =>
  client.get<PatientContactsResponse>('/api/oauth/patient-contacts', { decode: codec('PatientContactsResponse'), ...withSignal(signal) });

/** The three bodies of POST /api/auth/update-session the enrollment screens send. */
export type EnrollmentSessionUpdate =
  | { readonly practiceLocation: string; readonly workflowType: 'enrollment'; readonly selectedContactId: string; readonly selectedContactType: string }
  | { readonly practiceLocation: string; readonly workflowType: 'enrollment'; readonly hasMedicareInsurance: HasMedicareInsurance }
  | { readonly billingEmail: string };

/** POST /api/auth/update-session: the location, contact and Medicare answer, or the billing email. */
export const updateSession = (client: ApiClient, update: EnrollmentSessionUpdate): Promise<UpdateSessionResponse> =>
  client.post<UpdateSessionResponse>('/api/auth/update-session', update, { decode: codec('UpdateSessionResponse') });

/**
 * GET /api/dashboard/subscription-status: whether the session's patient already has an active
 * membership — the location step's 'Already Enrolled' (enrollment-and-payment §5 'Eligibility').
 */
export const fetchSubscriptionStatus = (client: ApiClient, signal?: AbortSignal): Promise<SubscriptionStatusResponse> =>
  client.get<SubscriptionStatusResponse>('/api/dashboard/subscription-status', { decode: codec('SubscriptionStatusResponse'), ...withSignal(signal) });

/** GET /api/providers?locationId=: the preferred provider list of a new patient's form. */
export const fetchProviders = (client: ApiClient, locationId: string, signal?: AbortSignal): Promise<ProvidersResponse> =>
  client.get<ProvidersResponse>(`/api/providers?${new URLSearchParams({ locationId }).toString()}`, { decode: codec('ProvidersResponse'), ...withSignal(signal) });

// ---------------------------------------------------------------------------------------------
// The enrollment

/** POST /api/enrollments: a verified guest's Patient Info form (with its verificationToken). */
export const createGuestEnrollment = (client: ApiClient, body: Readonly<Record<string, unknown>>): Promise<CreateEnrollmentResponse> =>
  client.post<CreateEnrollmentResponse>('/api/enrollments', body, { decode: codec('CreateEnrollmentResponse') });

export interface OAuthEnrollmentBody {
  readonly patientId: string;
  readonly practiceLocation: string;
  readonly membershipTier: string;
}

/** POST /api/enrollments/oauth: a provider-login enrollment for the chosen contact, location and plan. */
export const createOAuthEnrollment = (client: ApiClient, body: OAuthEnrollmentBody): Promise<CreateEnrollmentResponse> =>
  client.post<CreateEnrollmentResponse>('/api/enrollments/oauth', body, { decode: codec('CreateEnrollmentResponse') });

/** GET /api/enrollments/{id}: where a resumed enrollment lands, the payment step's check, the declination. */
export const fetchEnrollment = (client: ApiClient, enrollmentId: string, signal?: AbortSignal): Promise<EnrollmentRecord> =>
  client.get<EnrollmentRecord>(enrollmentPath(enrollmentId), { decode: codec('EnrollmentRecord'), ...withSignal(signal) });

/** GET /api/enrollments/{id}/complete: the confirmation's summary, receipt and INV- number. */
export const fetchEnrollmentComplete = (client: ApiClient, enrollmentId: string, signal?: AbortSignal): Promise<EnrollmentCompleteResponse> =>
  client.get<EnrollmentCompleteResponse>(`${enrollmentPath(enrollmentId)}/complete`, { decode: codec('EnrollmentCompleteResponse'), ...withSignal(signal) });

// ---------------------------------------------------------------------------------------------
// Signing

/** POST /api/enrollments/{id}/create-document or /create-privacy-document: the SignWell document to embed. */
export const createSigningDocument = (client: ApiClient, document: DocumentKind, enrollmentId: string): Promise<CreateDocumentResponse> =>
  client.post<CreateDocumentResponse>(DOCUMENTS[document].createPath(enrollmentId), undefined, { decode: codec('CreateDocumentResponse') });

/** GET /api/signwell/verify-completion/{documentId}: is the signed document complete at SignWell. */
export const verifyDocumentCompletion = (client: ApiClient, documentId: string): Promise<VerifyCompletionResponse> =>
  client.get<VerifyCompletionResponse>(verifyCompletionPath(documentId), { decode: codec('VerifyCompletionResponse') });

/** POST /api/enrollments/{id}/signature or /privacy-signature: records the signature; asked again while filing. */
export const recordSignature = (client: ApiClient, document: DocumentKind, enrollmentId: string, documentId: string): Promise<SignatureResponse> =>
  client.post<SignatureResponse>(DOCUMENTS[document].signaturePath(enrollmentId), { documentId }, { decode: codec('SignatureResponse') });

// ---------------------------------------------------------------------------------------------
// Payment

/** POST /api/enrollments/{id}/create-subscription: the client secret, or the offer to reactivate. */
export const createSubscription = (client: ApiClient, enrollmentId: string): Promise<SubscriptionSetupResponse> =>
  client.post<SubscriptionSetupResponse>(`${enrollmentPath(enrollmentId)}/create-subscription`, undefined, { decode: codec('SubscriptionSetupResponse') });

export interface PayInvoiceBody {
  readonly invoiceId: string;
  readonly paymentMethodId: string;
  readonly subscriptionId: string;
}

/** POST /api/stripe/pay-invoice: the invoice paid with the card a setup intent saved. */
export const payInvoice = (client: ApiClient, body: PayInvoiceBody): Promise<PayInvoiceResponse> =>
  client.post<PayInvoiceResponse>('/api/stripe/pay-invoice', body, { decode: codec('PayInvoiceResponse') });

/** POST /api/enrollments/{id}/payment: records what Stripe took; with the billing email, or an empty body (/pay/return). */
export const recordPayment = (client: ApiClient, enrollmentId: string, billingEmail?: string | null): Promise<RecordPaymentResponse> =>
  client.post<RecordPaymentResponse>(`${enrollmentPath(enrollmentId)}/payment`, billingEmail ? { billingEmail } : undefined, { decode: codec('RecordPaymentResponse') });

/** POST /api/enrollments/{id}/reactivate-subscription: 'Yes, Reactivate Auto-Renewal'. */
export const reactivateSubscription = (client: ApiClient, enrollmentId: string): Promise<ReactivateSubscriptionResponse> =>
  client.post<ReactivateSubscriptionResponse>(`${enrollmentPath(enrollmentId)}/reactivate-subscription`, { confirmed: true }, { decode: codec('ReactivateSubscriptionResponse') });

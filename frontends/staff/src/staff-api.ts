/**
 * Every API call the staff page makes, each answer decoded with its @portal/contracts codec before
 * the screen uses it (an answer that does not decode is reported to POST /api/client-errors and
 * thrown as ApiContractError; the screens show their generic error for it). Components call these
 * with the page's `api`; the Pact consumer test (staff-api.pact.test.ts) calls these same functions.
 */
import type {
  AvailabilityResponse,
  ConfigResponse,
  FailedDocumentSubmission,
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
import { CONFIG_QUERY_KEY, TURNSTILE_RESPONSE_FIELD, type ApiClient } from '@portal/client';
import type { Decode } from '@portal/client';

type Codecs = typeof import('./staff-codecs.ts');

/** A codec of staff-codecs.ts, loaded (once) when a request first needs it: the codecs are not in the first chunk. */
const codec =
  (name: keyof Codecs): Decode =>
  () =>
    import('./staff-codecs.ts').then((module) => module[name]);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /api/config: the human check's settings (turnstile, scripts.turnstileApiJs) for sign-in. */
export const fetchConfig = (client: ApiClient, signal?: AbortSignal): Promise<ConfigResponse> =>
  client.get<ConfigResponse>(CONFIG_QUERY_KEY[0], { decode: codec('ConfigResponse'), ...withSignal(signal) });

/**
 * The body of POST /api/staff/send-otp: the address and the human check's token (single use;
 * none when the check is turned off).
 */
export const sendCodeRequest = (email: string, securityToken: string | null): Record<string, string> => ({
  email,
  ...(securityToken ? { [TURNSTILE_RESPONSE_FIELD]: securityToken } : {}),
});

/** POST /api/staff/send-otp: the same answer whether or not the address is allowed. */
export const sendStaffCode = (client: ApiClient, email: string, securityToken: string | null): Promise<StaffSendOtpResponse> =>
  client.post<StaffSendOtpResponse>('/api/staff/send-otp', sendCodeRequest(email, securityToken), { decode: codec('StaffSendOtpResponse') });

/** POST /api/staff/verify-otp: the session token is the bearer token from now on. */
export const verifyStaffCode = (client: ApiClient, sessionToken: string, otpCode: string): Promise<StaffVerifyOtpResponse> =>
  client.post<StaffVerifyOtpResponse>('/api/staff/verify-otp', { sessionToken, otpCode }, { decode: codec('StaffVerifyOtpResponse') });

/** POST /api/staff/verify-session (bearer): is the stored session still good, and until when. */
export const verifyStaffSession = (client: ApiClient, token: string, email: string, signal?: AbortSignal): Promise<StaffVerifySessionResponse> =>
  client.post<StaffVerifySessionResponse>('/api/staff/verify-session', { email }, { headers: bearer(token), decode: codec('StaffVerifySessionResponse'), ...withSignal(signal) });

/** POST /api/staff/logout (bearer): ends the session on the server. */
export const logoutStaff = (client: ApiClient, token: string): Promise<StaffLogoutResponse> =>
  client.post<StaffLogoutResponse>('/api/staff/logout', undefined, { headers: bearer(token), decode: codec('StaffLogoutResponse') });

/** GET /api/staff/document-submissions?status=failed (bearer): Documents to file by hand. */
export const fetchFailedDocuments = (client: ApiClient, token: string, signal?: AbortSignal): Promise<FailedDocumentSubmission[]> =>
  client.get<FailedDocumentSubmission[]>('/api/staff/document-submissions?status=failed', {
    headers: bearer(token),
    decode: codec('FailedDocumentSubmissions'),
    ...withSignal(signal),
  });

/** POST /api/staff/patient-search (bearer): first name, last name, date of birth (MM/DD/YYYY). */
export const searchPatients = (
  client: ApiClient,
  token: string,
  search: { readonly firstName: string; readonly lastName: string; readonly dateOfBirth: string },
): Promise<StaffPatientSearchResponse> =>
  client.post<StaffPatientSearchResponse>('/api/staff/patient-search', search, { headers: bearer(token), decode: codec('StaffPatientSearchResponse') });

/** POST /api/staff/patient-details (bearer): the record with custom fields 21 and 81, and its eligibility warnings. */
export const fetchPatientDetails = (client: ApiClient, token: string, patientId: string): Promise<StaffPatientDetailsResponse> =>
  client.post<StaffPatientDetailsResponse>('/api/staff/patient-details', { patientId }, { headers: bearer(token), decode: codec('StaffPatientDetailsResponse') });

export interface StaffSubscriptionRequest {
  readonly patientId: string;
  readonly membershipTier: string;
  readonly email: string;
  readonly address: { readonly line1: string; readonly line2: string; readonly city: string; readonly state: string; readonly postalCode: string };
  readonly paymentMethod: 'card' | 'manual_payment';
  readonly patientName: string;
  readonly department: string;
}

/** POST /api/staff/create-subscription (bearer); a 409 with existingSubscription is a duplicate. */
export const createStaffSubscription = (client: ApiClient, token: string, body: StaffSubscriptionRequest): Promise<StaffCreateSubscriptionResponse> =>
  client.post<StaffCreateSubscriptionResponse>('/api/staff/create-subscription', body, { headers: bearer(token), decode: codec('StaffCreateSubscriptionResponse') });

/** POST /api/stripe/pay-invoice with the staff bearer: paid, or confirm_payment with the secret (3-D Secure). */
export const payStaffInvoice = (
  client: ApiClient,
  token: string,
  body: { readonly invoiceId: string; readonly paymentMethodId: string; readonly subscriptionId: string },
): Promise<PayInvoiceResponse> => client.post<PayInvoiceResponse>('/api/stripe/pay-invoice', body, { headers: bearer(token), decode: codec('PayInvoiceResponse') });

/** GET /api/staff/report?from=&to= (bearer): the practice report for a period (YYYY-MM-DD, both included). */
export const fetchPracticeReport = (client: ApiClient, token: string, period: { readonly from: string; readonly to: string }, signal?: AbortSignal): Promise<StaffReportResponse> =>
  client.get<StaffReportResponse>(`/api/staff/report?from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`, {
    headers: bearer(token),
    decode: codec('StaffReportResponse'),
    ...withSignal(signal),
  });

/** POST /api/staff/patient-record (bearer): enrollments, documents, subscriptions and upcoming appointments. */
export const fetchPatientRecord = (client: ApiClient, token: string, patientId: string): Promise<StaffPatientRecordResponse> =>
  client.post<StaffPatientRecordResponse>('/api/staff/patient-record', { patientId }, { headers: bearer(token), decode: codec('StaffPatientRecordResponse') });

/** POST /api/staff/appointments/cancel (bearer): the cutoff override, with a required reason. */
export const cancelAppointmentOverride = (client: ApiClient, token: string, body: { readonly appointmentId: string; readonly reason: string }): Promise<StaffAppointmentOverrideResponse> =>
  client.post<StaffAppointmentOverrideResponse>('/api/staff/appointments/cancel', body, { headers: bearer(token), decode: codec('StaffAppointmentOverrideResponse') });

/** GET /api/staff/appointments/availability (bearer): open slots of one booking week (0–5) for the reschedule override. */
export const fetchStaffAvailability = (
  client: ApiClient,
  token: string,
  query: { readonly departmentId: string; readonly providerId: string | 'any'; readonly appointmentTypeId: string; readonly week: number },
  signal?: AbortSignal,
): Promise<AvailabilityResponse> =>
  client.get<AvailabilityResponse>(
    `/api/staff/appointments/availability?departmentId=${encodeURIComponent(query.departmentId)}&providerId=${encodeURIComponent(query.providerId)}&appointmentTypeId=${encodeURIComponent(query.appointmentTypeId)}&week=${query.week}`,
    { headers: bearer(token), decode: codec('AvailabilityResponse'), ...withSignal(signal) },
  );

/** POST /api/staff/appointments/reschedule (bearer): the cutoff override, moving to an open slot, with a required reason. */
export const rescheduleAppointmentOverride = (
  client: ApiClient,
  token: string,
  body: { readonly existingAppointmentId: string; readonly appointmentId: string; readonly appointmentTypeId: string; readonly reason: string },
): Promise<StaffAppointmentOverrideResponse> =>
  client.post<StaffAppointmentOverrideResponse>('/api/staff/appointments/reschedule', body, { headers: bearer(token), decode: codec('StaffAppointmentOverrideResponse') });

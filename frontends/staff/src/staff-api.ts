/**
 * Every API call the staff page makes, each answer decoded with its @portal/contracts codec before
 * the screen uses it (an answer that does not decode is reported to POST /api/client-errors and
 * thrown as ApiContractError; the screens show their generic error for it). Components call these
 * with the page's `api`; the Pact consumer test (staff-api.pact.test.ts) calls these same functions.
 */
import {
  ConfigResponse,
  FailedDocumentSubmissions,
  type FailedDocumentSubmission,
  StaffLogoutResponse,
  StaffSendOtpResponse,
  StaffVerifyOtpResponse,
  StaffVerifySessionResponse,
} from '@portal/contracts';
import { CONFIG_QUERY_KEY, TURNSTILE_RESPONSE_FIELD, type ApiClient } from '@portal/ui';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /api/config: the human check's settings (turnstile, scripts.turnstileApiJs) for sign-in. */
export const fetchConfig = (client: ApiClient, signal?: AbortSignal): Promise<ConfigResponse> =>
  client.get<ConfigResponse>(CONFIG_QUERY_KEY[0], { decode: ConfigResponse, ...withSignal(signal) });

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
  client.post<StaffSendOtpResponse>('/api/staff/send-otp', sendCodeRequest(email, securityToken), { decode: StaffSendOtpResponse });

/** POST /api/staff/verify-otp: the session token is the bearer token from now on. */
export const verifyStaffCode = (client: ApiClient, sessionToken: string, otpCode: string): Promise<StaffVerifyOtpResponse> =>
  client.post<StaffVerifyOtpResponse>('/api/staff/verify-otp', { sessionToken, otpCode }, { decode: StaffVerifyOtpResponse });

/** POST /api/staff/verify-session (bearer): is the stored session still good, and until when. */
export const verifyStaffSession = (client: ApiClient, token: string, email: string, signal?: AbortSignal): Promise<StaffVerifySessionResponse> =>
  client.post<StaffVerifySessionResponse>('/api/staff/verify-session', { email }, { headers: bearer(token), decode: StaffVerifySessionResponse, ...withSignal(signal) });

/** POST /api/staff/logout (bearer): ends the session on the server. */
export const logoutStaff = (client: ApiClient, token: string): Promise<StaffLogoutResponse> =>
  client.post<StaffLogoutResponse>('/api/staff/logout', undefined, { headers: bearer(token), decode: StaffLogoutResponse });

/** GET /api/staff/document-submissions?status=failed (bearer): Documents to file by hand. */
export const fetchFailedDocuments = (client: ApiClient, token: string, signal?: AbortSignal): Promise<FailedDocumentSubmission[]> =>
  client.get<FailedDocumentSubmission[]>('/api/staff/document-submissions?status=failed', {
    headers: bearer(token),
    decode: FailedDocumentSubmissions,
    ...withSignal(signal),
  });

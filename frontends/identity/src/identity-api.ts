/**
 * Every API call the identity screens make (/login, /guest-login), each answer decoded with its
 * @portal/contracts codec before the screen uses it (an answer that does not decode is reported
 * and shown as the screen's generic error). The Pact consumer test (identity-api.pact.test.ts)
 * calls these same functions. Provider sign-in (GET /api/auth/config) and the session
 * (GET /api/auth/session) go through @portal/client's session.ts, in the shell's contract.
 */
import {
  CheckEmailSessionResponse,
  ConfigResponse,
  SendEmailOtpResponse,
  VerifyEmailOtpResponse,
  VerifyPhoneResponse,
} from '@portal/contracts';
import { TURNSTILE_RESPONSE_FIELD, type ApiClient } from '@portal/client';

/** The header that carries the email session to check-session. */
export const EMAIL_SESSION_HEADER = 'X-Email-Session';

/** GET /api/config: the sign-in options (oauth.enabled), the human check and phone-auth settings. */
export const fetchConfig = (client: ApiClient, signal?: AbortSignal): Promise<ConfigResponse> =>
  client.get<ConfigResponse>('/api/config', { decode: ConfigResponse, ...(signal ? { signal } : {}) });

/** POST /api/verify-email/send-otp (Send Verification Code, Resend Code); sets the device cookie. */
export const sendEmailCode = (client: ApiClient, email: string, securityToken: string | null): Promise<SendEmailOtpResponse> =>
  client.post<SendEmailOtpResponse>(
    '/api/verify-email/send-otp',
    { email, ...(securityToken ? { [TURNSTILE_RESPONSE_FIELD]: securityToken } : {}) },
    { decode: SendEmailOtpResponse },
  );

/** POST /api/verify-email/verify-otp, from the browser (device cookie) the code was sent to. */
export const verifyEmailCode = (client: ApiClient, email: string, code: string): Promise<VerifyEmailOtpResponse> =>
  client.post<VerifyEmailOtpResponse>('/api/verify-email/verify-otp', { email, code }, { decode: VerifyEmailOtpResponse });

/** POST /api/verify-email/check-session: whether a stored email session still holds (a reload in the middle of the flow). */
export const checkEmailSession = async (client: ApiClient, email: string, sessionToken: string): Promise<boolean> => {
  const answer = await client.post<CheckEmailSessionResponse>(
    '/api/verify-email/check-session',
    { email },
    { headers: { [EMAIL_SESSION_HEADER]: sessionToken }, decode: CheckEmailSessionResponse },
  );
  return answer.verified;
};

/** POST /api/verify-phone: the email session and the phone-auth ID token for the server-signed guest token. */
export const verifyPhone = (
  client: ApiClient,
  request: { emailSessionToken: string; firebaseIdToken: string; phone: string },
): Promise<VerifyPhoneResponse> => client.post<VerifyPhoneResponse>('/api/verify-phone', request, { decode: VerifyPhoneResponse });

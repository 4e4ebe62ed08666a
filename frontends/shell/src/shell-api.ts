/**
 * Every API call the shell makes, each answer decoded with its @portal/contracts codec (loaded with the
 * first answer, @portal/client's lazy-codecs.ts) before the chrome uses it (an answer that does not decode is reported and thrown as ApiContractError). The
 * session watch and the header's user-status menu call @portal/client's session functions (they live
 * there because every remote reads the session, but the shell is the one that calls them); the
 * shell's own calls are below. The Pact consumer test (shell-api.pact.test.ts) calls these same
 * functions.
 */
import type { CustomerCheckResponse, ExtendSessionResponse, PortalSessionResponse } from '@portal/contracts';
import { CUSTOMER_CHECK_QUERY_KEY, type ApiClient } from '@portal/client';
import { lazyCodec } from '@portal/client/lazy-codecs.ts';

/** From @portal/client's session.ts: GET /api/auth/session, /api/auth/status, /api/guest/session, /api/auth/config; POST /api/auth/logout. */
export { getAuthConfig, getAuthStatus, getGuestSession, getSession, postLogout } from '@portal/client';

/** From @portal/client: GET /api/config/practice (footer, patient portal links) and GET /api/nurse-line (the nurse line dialog the menu opens). */
export { fetchNurseLine, fetchPractice } from '@portal/client';

/** GET /api/stripe/customer-check: whether the menu offers Membership Billing. */
export const checkCustomer = (client: ApiClient, signal?: AbortSignal): Promise<CustomerCheckResponse> =>
  client.get<CustomerCheckResponse>(CUSTOMER_CHECK_QUERY_KEY[0], { decode: lazyCodec('CustomerCheckResponse'), ...(signal ? { signal } : {}) });

/** POST /api/stripe/portal-session: the card provider's billing portal for Membership Billing. */
export const openPortalSession = (client: ApiClient): Promise<PortalSessionResponse> =>
  client.post<PortalSessionResponse>('/api/stripe/portal-session', undefined, { decode: lazyCodec('PortalSessionResponse') });

/** POST /api/auth/session/extend: Stay Signed In on the session-expiry warning. */
export const extendSession = (client: ApiClient): Promise<ExtendSessionResponse> =>
  client.post<ExtendSessionResponse>('/api/auth/session/extend', undefined, { decode: lazyCodec('ExtendSessionResponse') });

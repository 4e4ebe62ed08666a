/**
 * Every API call the dashboard makes, each answer decoded with its @portal/contracts codec before
 * the screen uses it (an answer that does not decode is reported and shown as the generic error).
 * The Pact consumer test (dashboard-api.pact.test.ts) calls these same functions.
 */
import { SubscriptionStatusResponse } from '@portal/contracts';
import { SUBSCRIPTION_STATUS_QUERY_KEY, SUBSCRIPTION_STATUS_REFRESH_PATH, type ApiClient } from '@portal/ui';

/** GET /api/dashboard/subscription-status: the Membership Status card and the welcome badge. */
export const fetchSubscriptionStatus = (client: ApiClient, signal?: AbortSignal): Promise<SubscriptionStatusResponse> =>
  client.get<SubscriptionStatusResponse>(SUBSCRIPTION_STATUS_QUERY_KEY[0], { decode: SubscriptionStatusResponse, cache: 'no-store', ...(signal ? { signal } : {}) });

/** POST /api/dashboard/subscription-status/refresh: Refresh re-reads billing. */
export const refreshSubscriptionStatus = (client: ApiClient): Promise<SubscriptionStatusResponse> =>
  client.post<SubscriptionStatusResponse>(SUBSCRIPTION_STATUS_REFRESH_PATH, undefined, { decode: SubscriptionStatusResponse });

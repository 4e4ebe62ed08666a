/** GET /api/dashboard/subscription-status through the page's QueryClient (one request for the badge and the card). */
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { SUBSCRIPTION_STATUS_QUERY_KEY, api } from '@portal/client';
import { fetchSubscriptionStatus } from './dashboard-api.ts';

export type SubscriptionStatusQuery = UseQueryResult<SubscriptionStatusResponse>;

/** Only provider-login users ask: guests do not see membership status (booking-dashboard-staff §6). */
export const useSubscriptionStatus = (enabled: boolean): SubscriptionStatusQuery =>
  useQuery<SubscriptionStatusResponse>({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchSubscriptionStatus(api, signal),
    enabled,
    staleTime: 60_000,
  });

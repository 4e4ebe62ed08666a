import { QueryClient } from '@tanstack/react-query';

/**
 * The one QueryClient of the page, handed to every micro-frontend through single-spa custom
 * props. Defaults are the spec's (enrollment-and-payment §9): no retries for queries or
 * mutations, no refetch on window focus, no polling, data never stale.
 */
export const createPortalQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });

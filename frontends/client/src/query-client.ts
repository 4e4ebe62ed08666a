/**
 * The portal's QueryClient and how its cache is cleared. The shell creates the one QueryClient
 * of the page and hands it to every micro-frontend; standalone pages create their own.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { defaultQueryFn } from './api.ts';

/**
 * Defaults are the spec's (enrollment-and-payment §9): no retries for queries or mutations, no
 * refetch on window focus, no polling, data never stale. A query without a query function GETs
 * its key joined with '/' (§7).
 */
export const createPortalQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });

/**
 * Clears the query cache without stranding the components on screen: inactive queries are
 * removed, active ones reset to their initial state and fetched again. `keep` spares queries
 * (the session, after a patient switch). Mutations are forgotten.
 */
export const resetQueryCache = (client: QueryClient, keep: (query: Query) => boolean = () => false): void => {
  const predicate = (query: Query): boolean => !keep(query);
  client.removeQueries({ type: 'inactive', predicate });
  void client.resetQueries({ type: 'active', predicate });
  client.getMutationCache().clear();
};

/**
 * What the shell hands every micro-frontend through single-spa custom props. Type only: the
 * shell builds the values, each micro-frontend's lifecycles receive them as props.
 */
import type { QueryClient } from '@tanstack/react-query';

export interface PortalCustomProps {
  /** The page's one QueryClient (spec defaults: no retries, no refetch on focus, never stale). */
  queryClient: QueryClient;
  /** Where the micro-frontend renders: a div in the shell's <main>. */
  domElementGetter: () => HTMLElement;
}

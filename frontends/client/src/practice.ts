/**
 * The practice configuration the browser shows (issue 14, docs/decisions/0028): support email,
 * patient portal and membership details links, concierge doctors, location addresses and phones.
 * They live in the practice's configuration file (config/practice.json) and come from
 * GET /api/config/practice; nothing of it is built into the bundles. The nurse line number is not
 * here (GET /api/nurse-line, active members only).
 */
import { useQuery } from '@tanstack/react-query';
import type { PracticeResponse } from '@portal/contracts';
import { api, type ApiClient } from './api.ts';
import { lazyCodec } from './lazy-codecs.ts';

export const PRACTICE_QUERY_KEY = ['/api/config/practice'] as const;

/** GET /api/config/practice, decoded. */
export const fetchPractice = (client: ApiClient, signal?: AbortSignal): Promise<PracticeResponse> =>
  client.get<PracticeResponse>(PRACTICE_QUERY_KEY[0], { decode: lazyCodec('PracticeResponse'), ...(signal ? { signal } : {}) });

/** The practice configuration (one request per page; the data does not go stale while the page lives). */
export const usePractice = () =>
  useQuery<PracticeResponse>({ queryKey: PRACTICE_QUERY_KEY, queryFn: ({ signal }) => fetchPractice(api, signal), staleTime: Infinity });

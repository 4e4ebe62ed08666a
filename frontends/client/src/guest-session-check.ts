/**
 * The verified guest's token, checked by the server (re-exported by session.ts): the shell runs
 * the check only while a guest is stored, so a first load without one does not carry it (issue 15,
 * docs/decisions/0034-bundle-splitting-and-first-paint.md).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GuestSessionResponse } from '@portal/contracts';
import { ApiError, api } from './api.ts';
import type { ApiClient } from './api.ts';
import { lazyCodec } from './lazy-codecs.ts';
import { GUEST_IDENTITY_EVENT, useGuestIdentity } from './session.ts';
import { GUEST_IDENTITY_KEYS, browserStores } from './storage.ts';
import { clientMessages } from './i18n.ts';
import { toast } from './toast.ts';

/** GET /api/guest/session with the stored X-Verification-Token: whether the server still holds the guest. */
export const getGuestSession = (client: ApiClient, signal?: AbortSignal): Promise<GuestSessionResponse> =>
  client.get<GuestSessionResponse>('/api/guest/session', { cache: 'no-store', decode: lazyCodec('GuestSessionResponse'), ...(signal ? { signal } : {}) });

export const GUEST_SESSION_QUERY_KEY = ['/api/guest/session'] as const;
export const VERIFICATION_EXPIRED_TITLE = 'Verification Expired';

/** Removes the guest identity from both storages and tells every screen. */
export const clearGuestIdentity = (): void => {
  for (const store of browserStores()) {
    for (const key of GUEST_IDENTITY_KEYS) {
      try {
        store.removeItem(key);
      } catch {
        // Blocked storage: nothing stored there.
      }
    }
  }
  window.dispatchEvent(new Event(GUEST_IDENTITY_EVENT));
};

/**
 * Asks the server once per verification whether the stored guest token still holds
 * (GET /api/guest/session with X-Verification-Token). A 401 ('Verification Expired': signed by
 * someone else, or expired on the server's clock) clears the guest and says so; other failures
 * change nothing. The shell runs it for the page.
 */
export const useGuestSessionCheck = (): void => {
  const guest = useGuestIdentity();
  const query = useQuery({
    queryKey: [...GUEST_SESSION_QUERY_KEY, guest?.token ?? ''],
    queryFn: ({ signal }) => getGuestSession(api, signal),
    enabled: guest !== null,
    staleTime: Infinity,
    retry: false,
  });
  const refused = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (!refused) return;
    clearGuestIdentity();
    toast({ title: clientMessages.t('guest.verificationExpiredTitle'), description: clientMessages.t('guest.verificationExpiredText'), variant: 'destructive' });
  }, [refused]);
};


/**
 * The global session-expiry warning (booking-dashboard-staff §2, §4, §8). It reads
 * sessionInfo.expiresAt from GET /api/auth/status while a provider-login user is signed in:
 * - 1 minute or less left (and more than 0): 'Session Expiring Soon' with a countdown and an
 *   extend action (POST /api/auth/session/extend; 'Extension Failed' / 'Extension Error' toasts);
 * - at or below 0: 'Session Expired - Please sign in again to continue.' with a sign-in button,
 *   which stays until the user acts, even after the session answer turns signed-out.
 * An alertdialog that needs an explicit choice (no Escape, no backdrop click).
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthStatusResponse } from '@portal/contracts';
import {
  Button,
  ClockIcon,
  Dialog,
} from '@portal/ui';
import {
  AUTH_STATUS_QUERY_KEY,
  ApiContractError,
  ApiError,
  EXTENSION_ERROR,
  EXTENSION_FAILED,
  SESSION_EXPIRED_TEXT,
  SESSION_EXPIRED_TITLE,
  SESSION_EXPIRING_TITLE,
  SESSION_MIN_CHECK_GAP_MS,
  SESSION_POLL_MS,
  api,
  fetchAuthStatus,
  formatCountdown,
  runClientCleanup,
  spokenCountdown,
  toast,
  useAuthState,
  useLogout,
} from '@portal/client';
import { extendSession } from '../shell-api.ts';
import { useExpiryClock } from './use-expiry-clock.ts';

/** Announced to screen readers as the countdown passes these marks (the dialog itself is announced on open). */
const announcementFor = (secondsLeft: number): string => (secondsLeft <= 10 ? '10 seconds left' : secondsLeft <= 30 ? '30 seconds left' : '');

const signInAgainHref = (): string => {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/login?${new URLSearchParams({ logout: 'expired', return: here }).toString()}`;
};

export function SessionExpiryWarning() {
  const queryClient = useQueryClient();
  const { state } = useAuthState();
  const signedIn = state.kind === 'provider';
  const status = useQuery({
    queryKey: AUTH_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthStatus(signal),
    enabled: signedIn,
    staleTime: SESSION_MIN_CHECK_GAP_MS,
    refetchInterval: signedIn ? SESSION_POLL_MS : false,
    refetchOnWindowFocus: true,
  });
  const expiresAt = signedIn && status.data?.isAuthenticated ? (status.data.sessionInfo?.expiresAt ?? null) : null;
  const expiry = useExpiryClock(expiresAt);
  const [expiredShown, setExpiredShown] = useState(false);
  const { logout, isLoggingOut } = useLogout();
  const stayRef = useRef<HTMLButtonElement>(null);
  const signInRef = useRef<HTMLButtonElement>(null);

  const { refetch } = status;
  useEffect(() => {
    if (expiry.kind === 'expired') setExpiredShown(true);
    // Another tab may have extended the session: check before warning.
    if (expiry.kind === 'expired' || expiry.kind === 'expiring') void refetch();
  }, [expiry.kind, refetch]);

  const extend = useMutation({
    mutationFn: () => extendSession(api),
    onSuccess: (answer) => {
      const next = answer.expiresAt;
      if (Number.isNaN(Date.parse(next))) {
        toast({ title: EXTENSION_FAILED, description: 'Your session could not be extended. Please sign in again.', variant: 'destructive' });
        return;
      }
      queryClient.setQueryData<AuthStatusResponse>(AUTH_STATUS_QUERY_KEY, (current) =>
        current ? { ...current, sessionInfo: { expiresAt: next } } : current,
      );
    },
    onError: (error) => {
      // The server refused, or answered in a shape this page cannot read: 'Extension Failed'.
      toast(
        error instanceof ApiError || error instanceof ApiContractError
          ? { title: EXTENSION_FAILED, description: 'Your session could not be extended. Please sign in again.', variant: 'destructive' }
          : {
              title: EXTENSION_ERROR,
              description: 'Something went wrong while extending your session. Please check your connection and try again.',
              variant: 'destructive',
            },
      );
    },
  });

  const signInAgain = (): void => {
    runClientCleanup('expired');
    window.location.assign(signInAgainHref());
  };

  if (expiredShown) {
    return (
      <Dialog
        key="expired"
        open
        onOpenChange={() => undefined}
        role="alertdialog"
        dismissible={false}
        size="sm"
        className="portal-session-dialog"
        initialFocusRef={signInRef}
        title={SESSION_EXPIRED_TITLE}
        description={SESSION_EXPIRED_TEXT}
        footer={
          <Button ref={signInRef} onClick={signInAgain}>
            Sign In Again
          </Button>
        }
      />
    );
  }

  if (expiry.kind !== 'expiring') return null;

  return (
    <Dialog
      key="expiring"
      open
      onOpenChange={() => undefined}
      role="alertdialog"
      dismissible={false}
      size="sm"
      className="portal-session-dialog"
      initialFocusRef={stayRef}
      title={SESSION_EXPIRING_TITLE}
      description={`For your security, you will be signed out in ${spokenCountdown(expiry.secondsLeft)} unless you choose to stay signed in.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => void logout()} loading={isLoggingOut} loadingText="Logging out...">
            Sign Out
          </Button>
          <Button ref={stayRef} onClick={() => extend.mutate()} loading={extend.isPending} loadingText="Extending...">
            Stay Signed In
          </Button>
        </>
      }
    >
      <div className="portal-session-dialog__clock">
        <ClockIcon size={22} />
        <p className="portal-session-dialog__countdown" role="timer" aria-label="Time left">
          {formatCountdown(expiry.secondsLeft)}
        </p>
      </div>
      <p className="ui-visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcementFor(expiry.secondsLeft)}
      </p>
    </Dialog>
  );
}

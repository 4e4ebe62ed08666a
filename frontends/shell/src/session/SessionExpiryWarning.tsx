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
  SESSION_MIN_CHECK_GAP_MS,
  SESSION_POLL_MS,
  api,
  fetchAuthStatus,
  formatCountdown,
  runClientCleanup,
  toast,
  useAuthState,
  useLogout,
} from '@portal/client';
import { extendSession } from '../shell-api.ts';
import { messages, useT } from '../i18n.ts';
import { useExpiryClock } from './use-expiry-clock.ts';

/** Announced to screen readers as the countdown passes these marks (the dialog itself is announced on open). */
const announcementFor = (secondsLeft: number): string => (secondsLeft <= 10 ? messages.t('session.left10') : secondsLeft <= 30 ? messages.t('session.left30') : '');

const signInAgainHref = (): string => {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/login?${new URLSearchParams({ logout: 'expired', return: here }).toString()}`;
};

export function SessionExpiryWarning() {
  const t = useT();
  /** '50 seconds', '1 minute' (ICU plurals in the data client's catalog). */
  const spoken = (seconds: number): string => {
    const whole = Math.max(0, Math.ceil(seconds));
    return whole >= 60 && whole % 60 === 0 ? t('session.spokenMinutes', { minutes: whole / 60 }) : t('session.spokenCountdown', { seconds: whole });
  };
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
        toast({ title: t('session.extensionFailed'), description: t('session.extensionFailedText'), variant: 'destructive' });
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
          ? { title: t('session.extensionFailed'), description: t('session.extensionFailedText'), variant: 'destructive' }
          : {
              title: t('session.extensionError'),
              description: t('session.extensionErrorText'),
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
        title={t('session.expiredTitle')}
        description={t('session.expiredText')}
        footer={
          <Button ref={signInRef} onClick={signInAgain}>
            {t('session.signInAgain')}
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
      title={t('session.expiringTitle')}
      description={t('session.warning', { time: spoken(expiry.secondsLeft) })}
      footer={
        <>
          <Button variant="secondary" onClick={() => void logout()} loading={isLoggingOut} loadingText={t('session.loggingOut')}>
            {t('session.signOut')}
          </Button>
          <Button ref={stayRef} onClick={() => extend.mutate()} loading={extend.isPending} loadingText={t('session.extending')}>
            {t('session.stay')}
          </Button>
        </>
      }
    >
      <div className="portal-session-dialog__clock">
        <ClockIcon size={22} />
        <p className="portal-session-dialog__countdown" role="timer" aria-label={t('session.timeLeft')}>
          {formatCountdown(expiry.secondsLeft)}
        </p>
      </div>
      <p className="ui-visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcementFor(expiry.secondsLeft)}
      </p>
    </Dialog>
  );
}

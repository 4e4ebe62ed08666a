import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { VerifyPhoneResponse } from '@portal/contracts';
import {
  Alert,
  ArrowLeftIcon,
  ButtonLink,
  Card,
  ClockIcon,
  Container,
  LoadingState,
  PageHeader,
  RetryAlert,
  Stack,
} from '@portal/ui';
import {
  CONFIG_QUERY_KEY,
  GUEST_IDENTITY_EVENT,
  api,
  navigate,
  toast,
  useLocation,
  withReturn,
} from '@portal/client';
import { afterGuestVerificationPath } from '../after-sign-in.ts';
import { EmailCard } from '../guest/EmailCard.tsx';
import type { TurnstileSettings } from '../guest/EmailCard.tsx';
import { guestFlow, initialGuestFlow, stepNumber } from '../guest/guest-flow.ts';
import { browserGuestStores, clearStoredGuest, readStoredGuest, saveEmailProgress, saveVerifiedGuest } from '../guest/guest-storage.ts';
import { PhoneCard } from '../guest/PhoneCard.tsx';
import { REDIRECT_DELAY_MS } from '../guest/timers.ts';
import type { FirebaseSettings } from '../guest/use-phone-auth.ts';
import { VerificationComplete } from '../guest/VerificationComplete.tsx';
import { VerificationSteps } from '../guest/VerificationSteps.tsx';
import { messages, useT } from '../i18n.ts';
import { checkEmailSession, fetchConfig } from '../identity-api.ts';
import { richText } from '../rich-text.tsx';
import { useErrorText } from '../use-known-text.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';

const announceGuestIdentity = (): void => {
  window.dispatchEvent(new Event(GUEST_IDENTITY_EVENT));
};

interface Completed {
  readonly email: string;
  readonly phone: string;
  readonly storageFailed: boolean;
}

/**
 * /guest-login (booking-dashboard-staff §2; enrollment-and-payment §2 'Guest verification
 * cards', §3, §4): the email card, then the phone card. When both are verified the guest
 * identity is stored (localStorage with 'Remember me', else sessionStorage), the header is told
 * ('portal:guest-identity') and after 2 s the guest goes to `return` (default /dashboard). A
 * stored verification older than 30 minutes is cleared ('Session Expired'); an email step done
 * less than 30 minutes ago (a reload) continues at the phone step when the server still holds
 * it. Signed-in visitors move on at once.
 */
export function GuestLoginPage() {
  const { searchParams } = useLocation();
  const returnPath = searchParams.get('return');
  const destination = afterGuestVerificationPath(returnPath);
  const [flow, dispatch] = useReducer(guestFlow, initialGuestFlow);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const [restoring, setRestoring] = useState(true);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const redirecting = useSignedInRedirect(returnPath, completed !== null);
  const t = useT();
  const errorText = useErrorText();
  const config = useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => fetchConfig(api, signal),
  });

  useEffect(() => {
    document.title = t('title.guestLogin');
  }, [t]);

  // What an earlier visit left in this browser: too old, or an email step to continue from.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const stores = browserGuestStores();
    const stored = readStoredGuest(stores, Date.now());
    if (stored.kind === 'expired') {
      toast({ title: messages.t('guest.sessionExpired.title'), description: messages.t('guest.sessionExpired.description'), variant: 'destructive' });
      announceGuestIdentity();
      setRestoring(false);
      return;
    }
    if (stored.kind !== 'email-verified') {
      setRestoring(false);
      return;
    }
    const { progress, remember } = stored;
    const resume = (): void =>
      dispatch({
        type: 'resume',
        email: progress.email,
        remember,
        session: { token: progress.emailSessionToken, verifiedAt: progress.emailVerifiedAt, bypass: progress.emailBypass },
      });
    if (progress.emailBypass) {
      resume();
      setRestoring(false);
      return;
    }
    checkEmailSession(api, progress.email, progress.emailSessionToken)
      .then((verified) => {
        if (verified) resume();
        else clearStoredGuest(stores);
      })
      .catch(() => clearStoredGuest(stores))
      .finally(() => setRestoring(false));
  }, []);

  // Verified: tell the header, then go on after 2 s.
  useEffect(() => {
    if (!completed || completed.storageFailed) return undefined;
    announceGuestIdentity();
    const timer = window.setTimeout(() => navigate(destination, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [completed, destination]);

  const onEmailVerified = useCallback(
    ({ email, sessionToken, at, bypass }: { email: string; sessionToken: string; at: number; bypass: boolean }) => {
      setRestartNotice(null);
      saveEmailProgress(browserGuestStores(), { email, emailSessionToken: sessionToken, emailVerifiedAt: at, emailBypass: bypass }, flow.remember);
      if (!bypass) dispatch({ type: 'email-verified', token: sessionToken, at });
    },
    [flow.remember],
  );

  const onPhoneVerified = (answer: VerifyPhoneResponse, firebaseUid: string): void => {
    const session = flow.emailSession;
    if (!session) return;
    const email = answer.email || flow.email;
    const phone = answer.phone || flow.phone || '';
    const saved = saveVerifiedGuest(
      browserGuestStores(),
      {
        email,
        phone,
        verificationToken: answer.verificationToken,
        emailSessionToken: session.token,
        firebaseUid,
        emailVerifiedAt: session.verifiedAt,
        phoneVerifiedAt: Date.now(),
        emailBypass: session.bypass,
      },
      flow.remember,
    );
    setCompleted({ email, phone, storageFailed: !saved });
    dispatch({ type: 'verified' });
  };

  const onEmailExpired = (message: string): void => {
    clearStoredGuest(browserGuestStores());
    setRestartNotice(message);
    dispatch({ type: 'change-email' });
  };

  if (redirecting) {
    return (
      <Container size="md">
        <LoadingState label={t('common.redirecting')} />
      </Container>
    );
  }

  const turnstile: TurnstileSettings | null = config.data
    ? {
        enabled: config.data.turnstile?.enabled === true,
        siteKey: config.data.turnstile?.siteKey ?? '',
        scriptUrl: config.data.scripts?.turnstileApiJs ?? '',
      }
    : null;
  const firebase: FirebaseSettings | null = config.data?.firebase ? { ...config.data.firebase } : null;
  const done = flow.step === 'done' && completed !== null;

  return (
    <Container size="md">
      <div className="ui-auth-layout">
        <Stack gap={5}>
          <div>
            <ButtonLink href={withReturn('/login', returnPath)} variant="secondary" size="sm">
              <ArrowLeftIcon size={18} />
              {t('guest.back')}
            </ButtonLink>
          </div>
          <PageHeader title={t('guest.title')} description={t('guest.description')} />
          <VerificationSteps current={stepNumber(flow.step)} done={done} />
          {restartNotice ? (
            <Alert variant="warning" role="alert" title={t('guest.sessionExpired.title')}>
              {errorText({ message: restartNotice })}
            </Alert>
          ) : null}
          {restoring || config.isPending ? (
            <Card className="ui-auth-card">
              <LoadingState compact label={restoring ? t('guest.restoring') : t('guest.loading')} />
            </Card>
          ) : config.isError || !turnstile ? (
            <RetryAlert title={t('guest.loadFailed')} onRetry={() => void config.refetch()} retrying={config.isFetching}>
              {t('common.loadFailedHelp')}
            </RetryAlert>
          ) : done ? (
            <VerificationComplete email={completed.email} phone={completed.phone} destination={destination} storageFailed={completed.storageFailed} />
          ) : flow.step === 'phone' ? (
            <>
              {flow.emailSession ? (
                <Alert variant="success" role="status" className="identity-email-done">
                  {richText(t, 'guest.emailDone', { email: <strong className="ui-auth-card__address">{flow.email}</strong> })}
                </Alert>
              ) : null}
              <PhoneCard flow={flow} dispatch={dispatch} firebase={firebase} onVerified={onPhoneVerified} onEmailExpired={onEmailExpired} />
            </>
          ) : (
            <EmailCard flow={flow} dispatch={dispatch} turnstile={turnstile} onVerified={onEmailVerified} />
          )}
          {!done ? (
            <p className="identity-auth-note">
              <ClockIcon size={16} />
              <span>{t('guest.validity')}</span>
            </p>
          ) : null}
        </Stack>
      </div>
    </Container>
  );
}

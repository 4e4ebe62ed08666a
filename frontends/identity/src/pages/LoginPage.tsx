import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SECURITY_CHECK_REQUIRED } from '@portal/contracts';
import {
  Alert,
  RetryAlert,
  Card,
  Container,
  LoadingState,
  SecurityCheck,
  Section,
  Split,
  Stack,
  useSecurityCheck,
} from '@portal/ui';
import {
  CONFIG_QUERY_KEY,
  api,
  useLocation,
} from '@portal/client';
import { afterSignInPath } from '../after-sign-in.ts';
import { GuestCard } from '../components/GuestCard.tsx';
import { LoginHero } from '../components/LoginHero.tsx';
import { PricingSection } from '../components/PricingSection.tsx';
import { ProviderLoginCard } from '../components/ProviderLoginCard.tsx';
import { fetchConfig } from '../identity-api.ts';
import { useT } from '../i18n.ts';
import { loginNotice } from '../login-messages.ts';
import { useKnownText } from '../use-known-text.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';

export const LOGIN_OPTIONS_ID = 'login-options';

/** The two ways on, each waiting for the human check (the key of a kept press). */
type LoginOption = 'provider' | 'guest';

/**
 * /login (booking-dashboard-staff §2): introduction, the sign-in options (the provider-login
 * card when OAuth is enabled, and 'Continue as Guest') and the membership plans. Query:
 * return, auth=success|error, logout=expired|success, message. Signed-in visitors move on to
 * the return path or /dashboard.
 *
 * The human check (§2 'Login', §4, §5 'Security check required on login') sits above the sign-in
 * options when the general config enables it, and both options wait for it: pressed before it
 * answers, the press is kept (issue 23, decision 0049: the option is busy with 'Completing the
 * security check...', the check's polite status says it will continue) and goes as soon as the
 * token arrives. If the check fails instead, 'Please complete security verification to continue'
 * shows in red at the check (focus there) and stays until the next press. Its token stays in
 * session storage, so the guest page's email card starts with the check already complete.
 */
export function LoginPage() {
  const { searchParams } = useLocation();
  const returnPath = searchParams.get('return');
  const notice = loginNotice(searchParams);
  const t = useT();
  const known = useKnownText();
  const optionsRef = useRef<HTMLElement>(null);
  const redirecting = useSignedInRedirect(returnPath);
  const config = useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => fetchConfig(api, signal),
  });
  const check = useSecurityCheck({
    enabled: config.data?.turnstile?.enabled === true,
    siteKey: config.data?.turnstile?.siteKey ?? '',
    scriptUrl: config.data?.scripts?.turnstileApiJs ?? '',
    action: 'login',
  });
  const [securityError, setSecurityError] = useState<string | null>(null);
  const checkRef = useRef<HTMLDivElement>(null);

  /** The check failed while a press waited for it (or had failed when pressed): the message at the check. */
  const checkFailed = useCallback((): void => {
    setSecurityError(SECURITY_CHECK_REQUIRED);
    checkRef.current?.focus();
  }, []);

  /** Either sign-in option: now when the check is done, else as soon as it is (a later press replaces it). */
  const { whenVerified } = check;
  const afterCheck = useCallback(
    (option: LoginOption) =>
      (run: () => void): void => {
        setSecurityError(null);
        whenVerified(option, () => run(), checkFailed);
      },
    [whenVerified, checkFailed],
  );

  useEffect(() => {
    document.title = t('title.signIn');
  }, [t]);

  // 'Sign Up' on a plan: bring the sign-in options into view and move focus there.
  const showLoginOptions = useCallback(() => {
    const options = optionsRef.current;
    if (!options) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    options.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    options.focus({ preventScroll: true });
  }, []);

  if (redirecting) {
    return (
      <Container size="md">
        <LoadingState label={t('common.redirecting')} />
      </Container>
    );
  }

  return (
    <Container size="xl">
      <Stack gap={8}>
        {notice ? (
          <Alert
            variant={notice.variant}
            role={notice.variant === 'destructive' ? 'alert' : 'status'}
            title={notice.detail ? known(notice.text) : undefined}
          >
            {notice.detail ?? known(notice.text)}
          </Alert>
        ) : null}
        <Split>
          <LoginHero />
          <Section
            id={LOGIN_OPTIONS_ID}
            ref={optionsRef}
            tabIndex={-1}
            title={t('login.options.title')}
            description={<p>{t('login.options.description')}</p>}
            className="identity-login-options"
          >
            {config.isPending ? (
              <Card className="identity-options-loading">
                <LoadingState compact label={t('login.options.loading')} />
              </Card>
            ) : config.isError ? (
              <RetryAlert title={t('login.options.loadFailed')} onRetry={() => void config.refetch()} retrying={config.isFetching}>
                {t('common.loadFailedHelp')}
              </RetryAlert>
            ) : (
              <>
                {check.enabled ? (
                  <div ref={checkRef} tabIndex={-1} className="identity-login-check">
                    <SecurityCheck check={check} error={securityError ? known(securityError) : null} readyText={t('login.check.ready')} />
                  </div>
                ) : null}
                {config.data.oauth?.enabled ? (
                  <ProviderLoginCard
                    redirectPath={afterSignInPath(returnPath)}
                    afterCheck={afterCheck('provider')}
                    waitingForCheck={check.waitingFor === 'provider'}
                  />
                ) : null}
              </>
            )}
            <GuestCard returnPath={returnPath} afterCheck={afterCheck('guest')} waitingForCheck={check.waitingFor === 'guest'} />
          </Section>
        </Split>
        <PricingSection onSignUp={showLoginOptions} />
      </Stack>
    </Container>
  );
}

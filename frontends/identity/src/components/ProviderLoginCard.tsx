import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckIcon,
  ShieldIcon,
} from '@portal/ui';
import {
  useProviderSignIn,
} from '@portal/client';
import { OAUTH_NOT_CONFIGURED, SIGN_IN_UNAVAILABLE } from '@portal/client/sign-in-out.ts';
import { useClientT } from '@portal/client/i18n.ts';
import { useUiT } from '@portal/ui/i18n.ts';
import { messages, useT } from '../i18n.ts';
import type { MessageId } from '../i18n.ts';

const BENEFITS: readonly MessageId[] = ['login.provider.benefit.membership', 'login.provider.benefit.nurseLine', 'login.provider.benefit.caregivers'];

/** Sign-in could not start: the configuration's message (known ones in the page's language), or 'Sign-in could not be started'. */
type StartError = { readonly message: string } | 'generic';

/**
 * The health-record provider's login (shown when /api/config says oauth.enabled). The button
 * starts sign-in at our server's authorize endpoint, coming back to `redirectPath`, once the
 * login page's human check is done; pressed before, the press is kept (the button is busy and
 * says so) and goes when the check answers.
 */
export function ProviderLoginCard({
  redirectPath,
  afterCheck = (run) => run(),
  waitingForCheck = false,
}: {
  redirectPath: string;
  /** The login page's human check: runs `run` now when done, else as soon as it is (or not, when it fails). */
  afterCheck?: (run: () => void) => void;
  /** A press is kept until the check answers. */
  waitingForCheck?: boolean;
}) {
  const { start, isStarting } = useProviderSignIn();
  const [error, setError] = useState<StartError | null>(null);
  const t = useT();
  const clientT = useClientT();
  const uiT = useUiT();
  const locale = messages.useLocale();

  /** English: the message as it came. Spanish: the data client's words for its own messages, else ours. */
  const errorText = (failure: StartError): string => {
    if (failure === 'generic') return t('login.provider.startFailed');
    if (locale === 'en-US') return failure.message;
    if (failure.message === SIGN_IN_UNAVAILABLE) return clientT('signIn.unavailable');
    if (failure.message === OAUTH_NOT_CONFIGURED) return clientT('signIn.notConfigured');
    return t('login.provider.startFailed');
  };

  const signIn = (): void => {
    setError(null);
    afterCheck(() => {
      start('dashboard', redirectPath).catch((failure: unknown) => {
        const message = failure instanceof Error ? failure.message : '';
        // A raw HTTP error ('503: ...') is not for patients; configuration messages are.
        setError(message && !/^\d{3}: /.test(message) ? { message } : 'generic');
      });
    });
  };

  return (
    <Card as="article" highlighted className="identity-provider-card">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <ShieldIcon size={22} />
        </span>
        <CardTitle>{t('login.provider.title')}</CardTitle>
        <CardDescription>{t('login.provider.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="ui-plan__features" aria-label={t('login.provider.benefits')}>
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="ui-plan__feature">
              <CheckIcon size={18} className="ui-plan__check" />
              <span>{t(benefit)}</span>
            </li>
          ))}
        </ul>
        {error ? (
          <Alert variant="destructive" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          size="lg"
          block
          onClick={signIn}
          loading={isStarting || waitingForCheck}
          loadingText={waitingForCheck ? uiT('securityCheck.waiting') : t('login.provider.redirecting')}
        >
          {t('login.provider.signIn')}
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * The email card (enrollment-and-payment §2 'Guest verification cards'): the address with
 * 'Remember me' and the human check, then the emailed 6-digit code with its 15-minute countdown,
 * Resend Code (enabled at 13 minutes or less remaining) and Change Email.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Dispatch, FormEvent } from 'react';
import { EmailCodeForm, EmailVerificationForm, decodeBody } from '@portal/contracts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckIcon,
  Checkbox,
  ClockIcon,
  EmailField,
  Field,
  Input,
  MailIcon,
  SecurityCheck,
  Stack,
  cx,
  useSecurityCheck,
} from '@portal/ui';
import {
  api,
} from '@portal/client';
import { useUiT } from '@portal/ui/i18n.ts';
import type { MessageValues } from '@portal/i18n/messages.ts';
import { useT } from '../i18n.ts';
import type { MessageId } from '../i18n.ts';
import { sendEmailCode, verifyEmailCode } from '../identity-api.ts';
import { richText } from '../rich-text.tsx';
import { useErrorText } from '../use-known-text.ts';
import { sendCodeFailure, verifyCodeFailure } from './guest-api.ts';
import type { Failure } from './guest-api.ts';
import type { GuestFlowAction, GuestFlowState } from './guest-flow.ts';
import { CODE_EXPIRED, RESEND_FAILED, SECURITY_CHECK_REQUIRED } from './messages.ts';
import { announcementMark, canResendEmailCode, clock, durationParts, emailCodeWindow, isEmailCodeExpired, secondsUntil } from './timers.ts';
import { useNow } from './use-now.ts';

type Translate = (id: MessageId, values?: MessageValues) => string;

/** '14 minutes 59 seconds', '1 minute', '5 seconds' (as timers.ts's spokenDuration) in the page's language. */
const spokenIn = (t: Translate, total: number): string => {
  const { minutes, seconds } = durationParts(total);
  if (minutes > 0 && seconds > 0) return t('duration.minutesSeconds', { minutes, seconds });
  if (minutes > 0) return t('duration.minutes', { minutes });
  return t('duration.seconds', { seconds });
};

/** A field's message: the API's or the check's, with the attempts left when the server says. */
interface CodeError {
  readonly message: string;
  readonly attemptsRemaining?: number | undefined;
}

export interface TurnstileSettings {
  readonly enabled: boolean;
  readonly siteKey: string;
  readonly scriptUrl: string;
}

export interface EmailCardProps {
  readonly flow: GuestFlowState;
  readonly dispatch: Dispatch<GuestFlowAction>;
  readonly turnstile: TurnstileSettings;
  /** The email step is done (a verified code, or test mode): the page stores it and moves on. */
  readonly onVerified: (verified: { email: string; sessionToken: string; at: number; bypass: boolean }) => void;
}

const fieldErrors = (result: ReturnType<typeof decodeBody>): Record<string, string> =>
  result._tag === 'Left' ? Object.fromEntries(result.left.errors.map((error) => [error.field, error.message])) : {};

const digitsOnly = (value: string, max: number): string => value.replace(/\D/g, '').slice(0, max);

export function EmailCard({ flow, dispatch, turnstile, onVerified }: EmailCardProps) {
  const titleId = useId();
  const [email, setEmail] = useState(flow.email);
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<CodeError | null>(null);
  const [formError, setFormError] = useState<Failure | null>(null);
  const [securityError, setSecurityError] = useState<string | null>(null);
  /** 'A new code was sent to …': the address. */
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | 'resend' | null>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const [codeDead, setCodeDead] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const check = useSecurityCheck({ enabled: turnstile.enabled, siteKey: turnstile.siteKey, scriptUrl: turnstile.scriptUrl, action: 'guest-email' });
  const t = useT();
  const uiT = useUiT();
  const errorText = useErrorText();

  const onOtp = flow.step === 'otp';
  const codeWindow = flow.code;
  const alreadyVerified = onOtp && flow.emailSession !== null;
  const now = useNow(onOtp || blockedUntil !== null);
  const secondsLeft = codeWindow ? secondsUntil(codeWindow.expiresAt, now) : 0;
  const expired = codeWindow ? isEmailCodeExpired(codeWindow, now) : false;
  const resendOpen = codeWindow ? canResendEmailCode(codeWindow, now) : true;
  const resendIn = codeWindow ? secondsUntil(codeWindow.resendAt, now) : 0;
  const blockedFor = blockedUntil ? secondsUntil(blockedUntil, now) : 0;

  useEffect(() => {
    if (blockedUntil !== null && blockedFor === 0) setBlockedUntil(null);
  }, [blockedUntil, blockedFor]);

  // Focus follows the step, so keyboard and screen-reader users land on the new field.
  const step = flow.step;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'otp') codeRef.current?.focus();
    if (step === 'email') emailRef.current?.focus();
  }, [step]);

  const showFailure = (failure: Failure, fallbackField: 'email' | 'code' | null): void => {
    if (failure.securityCheck) {
      setSecurityError(failure.message);
      check.reset();
      return;
    }
    if (failure.retryAfterSeconds) setBlockedUntil(Date.now() + failure.retryAfterSeconds * 1000);
    const field = failure.field ?? (failure.retryAfterSeconds ? null : fallbackField);
    if (field === 'email') {
      setEmailError(failure.message);
      emailRef.current?.focus();
    } else if (field === 'code') {
      setCodeError({ message: failure.message, attemptsRemaining: failure.attemptsRemaining });
      codeRef.current?.focus();
    } else {
      setFormError(failure);
    }
  };

  const clearMessages = (): void => {
    setEmailError(null);
    setCodeError(null);
    setFormError(null);
    setNotice(null);
  };

  /** The check failed while a press waited for it: the red message at the check, until the next press. */
  const checkFailed = (): void => setSecurityError(SECURITY_CHECK_REQUIRED);

  /**
   * Send Verification Code: the address is checked at once; the code goes as soon as the human
   * check has a token (pressed before, the press is kept and the button says so).
   */
  const send = (event: FormEvent): void => {
    event.preventDefault();
    if (busy || check.waitingFor) return;
    clearMessages();
    setSecurityError(null);
    const errors = fieldErrors(decodeBody(EmailVerificationForm, { email }));
    if (errors.email) {
      setEmailError(errors.email);
      emailRef.current?.focus();
      return;
    }
    const address = email.trim();
    check.whenVerified('send', (token) => void sendCode(address, token), checkFailed);
  };

  const sendCode = async (address: string, token: string | null): Promise<void> => {
    setBusy('send');
    try {
      const answer = await sendEmailCode(api, address, token);
      const at = Date.now();
      setCode('');
      setCodeDead(false);
      dispatch({ type: 'code-sent', email: address, window: emailCodeWindow(answer, at), testMode: answer?.testMode === true, sessionToken: answer?.sessionToken, at });
      if (answer?.testMode === true) onVerified({ email: address, sessionToken: answer.sessionToken ?? '', at, bypass: true });
    } catch (error) {
      showFailure(sendCodeFailure(error), 'email');
    } finally {
      check.spend();
      setBusy(null);
    }
  };

  const resend = (): void => {
    if (busy || check.waitingFor || !resendOpen) return;
    clearMessages();
    setSecurityError(null);
    check.whenVerified('resend', (token) => void resendCode(flow.email, token), checkFailed);
  };

  const resendCode = async (address: string, token: string | null): Promise<void> => {
    setBusy('resend');
    try {
      const answer = await sendEmailCode(api, address, token);
      setCode('');
      setCodeDead(false);
      dispatch({ type: 'code-resent', window: emailCodeWindow(answer, Date.now()) });
      setNotice(address);
      codeRef.current?.focus();
    } catch (error) {
      showFailure(sendCodeFailure(error, RESEND_FAILED), null);
    } finally {
      check.spend();
      setBusy(null);
    }
  };

  const verify = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    clearMessages();
    if (expired) {
      setFormError({ message: CODE_EXPIRED, codeDead: true });
      return;
    }
    const errors = fieldErrors(decodeBody(EmailCodeForm, { code }));
    if (errors.code) {
      setCodeError({ message: errors.code });
      codeRef.current?.focus();
      return;
    }
    setBusy('verify');
    try {
      const answer = await verifyEmailCode(api, flow.email, code.trim());
      onVerified({ email: flow.email, sessionToken: answer.sessionToken, at: Date.now(), bypass: false });
    } catch (error) {
      const failure = verifyCodeFailure(error);
      if (failure.codeDead) setCodeDead(true);
      showFailure(failure, null);
    } finally {
      setBusy(null);
    }
  };

  const changeEmail = (): void => {
    check.cancelWaiting();
    clearMessages();
    setSecurityError(null);
    setCode('');
    setCodeDead(false);
    dispatch({ type: 'change-email' });
  };

  const formAlert = formError ? (
    <Alert variant="destructive" role="alert">
      <p>{errorText(formError)}</p>
      {blockedFor > 0 ? <p>{t('guest.tryAgainIn', { time: clock(blockedFor) })}</p> : null}
    </Alert>
  ) : null;

  return (
    <Card as="section" className="ui-auth-card" aria-labelledby={titleId}>
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <MailIcon size={22} />
        </span>
        <CardTitle as="h2" id={titleId}>
          {onOtp ? t('email.sent.title') : t('email.title')}
        </CardTitle>
        <CardDescription>
          {onOtp
            ? richText(t, 'email.sent.description', { email: <strong className="ui-auth-card__address">{flow.email}</strong> })
            : t('email.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!onOtp ? (
          <form className="ui-auth-form" onSubmit={send} noValidate>
            <Stack gap={4}>
              <EmailField
                inputRef={emailRef}
                value={email}
                error={emailError ? errorText({ message: emailError }) : null}
                onChange={(value) => {
                  setEmail(value);
                  if (emailError) setEmailError(null);
                }}
              />
              <Checkbox
                label={t('email.rememberMe')}
                hint={t('email.rememberMe.hint')}
                checked={flow.remember}
                onChange={(event) => dispatch({ type: 'remember', value: event.target.checked })}
              />
              <SecurityCheck check={check} error={securityError ? errorText({ message: securityError }) : null} />
              {formAlert}
              <Button
                type="submit"
                size="lg"
                block
                loading={busy === 'send' || check.waitingFor === 'send'}
                loadingText={check.waitingFor === 'send' ? uiT('securityCheck.waiting') : t('common.sendingCode')}
                disabled={blockedFor > 0}
              >
                {t('guest.sendCode')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack gap={4}>
            {alreadyVerified ? (
              <Alert variant="success" role="status" title={t('email.alreadyVerified.title')}>
                {t('email.alreadyVerified.body')}
              </Alert>
            ) : null}
            <CodeCountdown secondsLeft={secondsLeft} expired={expired} />
            <form className="ui-auth-form" onSubmit={(event) => void verify(event)} noValidate>
              <Stack gap={4}>
                <Field
                  label={t('guest.code.label')}
                  error={
                    codeError
                      ? codeError.attemptsRemaining !== undefined
                        ? t('guest.code.attempts', { message: errorText(codeError), remaining: codeError.attemptsRemaining })
                        : errorText(codeError)
                      : null
                  }
                  hint={t('email.code.hint')}
                  required
                >
                  <Input
                    ref={codeRef}
                    className="ui-code-input"
                    name="code"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    maxLength={6}
                    value={code}
                    onChange={(event) => {
                      setCode(digitsOnly(event.target.value, 6));
                      if (codeError) setCodeError(null);
                    }}
                  />
                </Field>
                {formAlert}
                {notice ? (
                  <Alert variant="success" role="status">
                    {t('email.resent', { email: notice })}
                  </Alert>
                ) : null}
                <Button type="submit" size="lg" block loading={busy === 'verify'} loadingText={t('common.verifying')} disabled={expired || codeDead}>
                  {t('guest.code.verify')}
                </Button>
                {alreadyVerified ? (
                  <Button variant="secondary" size="lg" block onClick={() => dispatch({ type: 'continue-to-phone' })}>
                    {t('email.continueToPhone')}
                  </Button>
                ) : null}
              </Stack>
            </form>
            <ResendRow
              resendOpen={resendOpen}
              resendIn={resendIn}
              busy={busy}
              waitingForCheck={check.waitingFor === 'resend'}
              blockedFor={blockedFor}
              onResend={resend}
              onChangeEmail={changeEmail}
            />
            <SecurityCheck
              check={check}
              error={securityError ? errorText({ message: securityError }) : null}
              readyText={t('email.check.ready')}
              className="ui-auth-card__check"
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Code expires in 14:32' (a timer, not read out every second) and a rare polite announcement. */
function CodeCountdown({ secondsLeft, expired }: { secondsLeft: number; expired: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const mark = announcementMark(secondsLeft);
  return (
    <div className={cx('identity-countdown', expired && 'identity-countdown--expired', secondsLeft <= 60 && !expired && 'identity-countdown--soon')}>
      <ClockIcon size={18} />
      {expired ? (
        <p>{errorText({ message: CODE_EXPIRED })}</p>
      ) : (
        <p>
          {richText(t, 'email.countdown', {
            time: (
              <span className="identity-countdown__time" role="timer" aria-label={t('email.countdown.spoken', { duration: spokenIn(t, secondsLeft) })}>
                {clock(secondsLeft)}
              </span>
            ),
          })}
        </p>
      )}
      <span className="ui-visually-hidden" aria-live="polite" aria-atomic="true">
        {mark === 0 ? t('email.countdown.expired') : mark === null ? '' : t('email.countdown.mark', { duration: spokenIn(t, mark) })}
      </span>
    </div>
  );
}

function ResendRow({
  resendOpen,
  resendIn,
  busy,
  waitingForCheck,
  blockedFor,
  onResend,
  onChangeEmail,
}: {
  resendOpen: boolean;
  resendIn: number;
  busy: 'send' | 'verify' | 'resend' | null;
  /** Resend Code was pressed before the human check answered: it goes when the check does. */
  waitingForCheck: boolean;
  blockedFor: number;
  onResend: () => void;
  onChangeEmail: () => void;
}) {
  const hintId = useId();
  const t = useT();
  const uiT = useUiT();
  const waiting = !resendOpen || blockedFor > 0;
  const wait = Math.max(resendIn, blockedFor);
  return (
    <div className="ui-resend">
      <p className="ui-resend__hint" id={hintId}>
        {waiting ? (
          richText(t, 'guest.code.resendIn', { time: <span className="ui-resend__time">{clock(wait)}</span> })
        ) : (
          <>
            <CheckIcon size={16} /> {t('email.resend.ready')}
          </>
        )}
      </p>
      <div className="ui-resend__actions">
        <Button
          variant="secondary"
          onClick={onResend}
          disabled={waiting}
          loading={busy === 'resend' || waitingForCheck}
          loadingText={waitingForCheck ? uiT('securityCheck.waiting') : t('common.sending')}
          aria-describedby={hintId}
        >
          {t('guest.code.resend')}
        </Button>
        <Button variant="ghost" onClick={onChangeEmail} disabled={busy !== null}>
          {t('email.change')}
        </Button>
      </div>
    </div>
  );
}

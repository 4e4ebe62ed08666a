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
import { SECURITY_CHECK_WAITING } from '@portal/client/turnstile.ts';
import { sendEmailCode, verifyEmailCode } from '../identity-api.ts';
import { attemptsText, sendCodeFailure, verifyCodeFailure } from './guest-api.ts';
import type { Failure } from './guest-api.ts';
import type { GuestFlowAction, GuestFlowState } from './guest-flow.ts';
import {
  CHANGE_EMAIL_LABEL,
  CODE_EXPIRED,
  REMEMBER_ME,
  REMEMBER_ME_HINT,
  RESEND_CODE_LABEL,
  RESEND_FAILED,
  SECURITY_CHECK_REQUIRED,
  SEND_CODE_LABEL,
  VERIFY_CODE_LABEL,
} from './messages.ts';
import { canResendEmailCode, clock, countdownAnnouncement, emailCodeWindow, isEmailCodeExpired, secondsUntil, spokenDuration } from './timers.ts';
import { useNow } from './use-now.ts';

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
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<Failure | null>(null);
  const [securityError, setSecurityError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | 'resend' | null>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const [codeDead, setCodeDead] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const check = useSecurityCheck({ enabled: turnstile.enabled, siteKey: turnstile.siteKey, scriptUrl: turnstile.scriptUrl, action: 'guest-email' });

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
      setCodeError(failure.attemptsRemaining !== undefined ? `${failure.message} ${attemptsText(failure.attemptsRemaining)}` : failure.message);
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
      setNotice(`A new code was sent to ${address}.`);
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
      setCodeError(errors.code);
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
      <p>{formError.message}</p>
      {blockedFor > 0 ? <p>You can try again in {clock(blockedFor)}.</p> : null}
    </Alert>
  ) : null;

  return (
    <Card as="section" className="ui-auth-card" aria-labelledby={titleId}>
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <MailIcon size={22} />
        </span>
        <CardTitle as="h2" id={titleId}>
          {onOtp ? 'Check your email' : 'Verify your email'}
        </CardTitle>
        <CardDescription>
          {onOtp ? (
            <>
              We sent a 6-digit verification code to <strong className="ui-auth-card__address">{flow.email}</strong>.
            </>
          ) : (
            'Enter your email address and we will send you a 6-digit verification code.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!onOtp ? (
          <form className="ui-auth-form" onSubmit={send} noValidate>
            <Stack gap={4}>
              <EmailField
                inputRef={emailRef}
                value={email}
                error={emailError}
                onChange={(value) => {
                  setEmail(value);
                  if (emailError) setEmailError(null);
                }}
              />
              <Checkbox
                label={REMEMBER_ME}
                hint={REMEMBER_ME_HINT}
                checked={flow.remember}
                onChange={(event) => dispatch({ type: 'remember', value: event.target.checked })}
              />
              <SecurityCheck check={check} error={securityError} />
              {formAlert}
              <Button
                type="submit"
                size="lg"
                block
                loading={busy === 'send' || check.waitingFor === 'send'}
                loadingText={check.waitingFor === 'send' ? SECURITY_CHECK_WAITING : 'Sending code...'}
                disabled={blockedFor > 0}
              >
                {SEND_CODE_LABEL}
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack gap={4}>
            {alreadyVerified ? (
              <Alert variant="success" role="status" title="Email verified">
                You can continue to phone verification, or enter a new code sent to this address.
              </Alert>
            ) : null}
            <CodeCountdown secondsLeft={secondsLeft} expired={expired} />
            <form className="ui-auth-form" onSubmit={(event) => void verify(event)} noValidate>
              <Stack gap={4}>
                <Field label="Verification Code" error={codeError} hint="The 6-digit code from the email." required>
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
                    {notice}
                  </Alert>
                ) : null}
                <Button type="submit" size="lg" block loading={busy === 'verify'} loadingText="Verifying..." disabled={expired || codeDead}>
                  {VERIFY_CODE_LABEL}
                </Button>
                {alreadyVerified ? (
                  <Button variant="secondary" size="lg" block onClick={() => dispatch({ type: 'continue-to-phone' })}>
                    Continue to Phone Verification
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
              error={securityError}
              readyText="Needed only to request a new code."
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
  return (
    <div className={cx('identity-countdown', expired && 'identity-countdown--expired', secondsLeft <= 60 && !expired && 'identity-countdown--soon')}>
      <ClockIcon size={18} />
      {expired ? (
        <p>{CODE_EXPIRED}</p>
      ) : (
        <p>
          Code expires in{' '}
          <span className="identity-countdown__time" role="timer" aria-label={`Code expires in ${spokenDuration(secondsLeft)}`}>
            {clock(secondsLeft)}
          </span>
        </p>
      )}
      <span className="ui-visually-hidden" aria-live="polite" aria-atomic="true">
        {countdownAnnouncement(secondsLeft, 'The verification code')}
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
  const waiting = !resendOpen || blockedFor > 0;
  const wait = Math.max(resendIn, blockedFor);
  return (
    <div className="ui-resend">
      <p className="ui-resend__hint" id={hintId}>
        {waiting ? (
          <>
            Didn&apos;t get it? You can request a new code in <span className="ui-resend__time">{clock(wait)}</span>.
          </>
        ) : (
          <>
            <CheckIcon size={16} /> Didn&apos;t get it? Check your spam folder or request a new code.
          </>
        )}
      </p>
      <div className="ui-resend__actions">
        <Button
          variant="secondary"
          onClick={onResend}
          disabled={waiting}
          loading={busy === 'resend' || waitingForCheck}
          loadingText={waitingForCheck ? SECURITY_CHECK_WAITING : 'Sending...'}
          aria-describedby={hintId}
        >
          {RESEND_CODE_LABEL}
        </Button>
        <Button variant="ghost" onClick={onChangeEmail} disabled={busy !== null}>
          {CHANGE_EMAIL_LABEL}
        </Button>
      </div>
    </div>
  );
}

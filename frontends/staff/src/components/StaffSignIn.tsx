import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmailField,
  Field,
  Input,
  RetryAlert,
  LoadingState,
  SecurityCheck,
  ShieldIcon,
  Stack,
  useSecurityCheck,
} from '@portal/ui';
import {
  ApiError,
  CONFIG_QUERY_KEY,
  api,
  apiErrorBody,
} from '@portal/client';
import { SECURITY_CHECK_WAITING } from '@portal/client/turnstile.ts';
import { fetchConfig, sendStaffCode, verifyStaffCode } from '../staff-api.ts';
import {
  INVALID_CODE,
  SECURITY_CHECK_REQUIRED,
  UNREADABLE_ANSWER,
  UNREADABLE_ANSWER_TITLE,
  VERIFICATION_FAILED_TITLE,
  checkStaffCode,
  checkStaffEmail,
  codeInput,
  isUnreadableAnswer,
  sendCodeFailure,
} from '../staff-session.ts';
import type { StaffSession } from '../staff-session.ts';

interface Problem {
  readonly title?: string;
  readonly message: string;
}

/** The human check's settings from GET /api/config (turnstile, scripts.turnstileApiJs). */
export interface TurnstileSettings {
  readonly enabled: boolean;
  readonly siteKey: string;
  readonly scriptUrl: string;
}

export interface StaffSignInProps {
  readonly onSignedIn: (session: StaffSession, expiresAt: string | null) => void;
  readonly notice: string | null;
}

const serverMessage = (error: unknown): string | null => {
  const body = apiErrorBody(error);
  const message = body?.message ?? body?.error;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
};

/** The sign-in card's icon, title and text for the step. */
function StaffSignInHeader({ titleId, step, sentTo }: { readonly titleId: string; readonly step: 'email' | 'code'; readonly sentTo: string }) {
  return (
    <CardHeader>
      <span className="ui-card__icon" aria-hidden="true">
        <ShieldIcon size={22} />
      </span>
      <CardTitle as="h2" id={titleId}>
        {step === 'email' ? 'Staff Sign In' : 'Check your email'}
      </CardTitle>
      <CardDescription>
        {step === 'email' ? (
          'Sign in with your practice email address. We will email you a 6-character verification code.'
        ) : (
          <>
            Enter the 6-character code sent to <strong className="ui-auth-card__address">{sentTo}</strong>.
          </>
        )}
      </CardDescription>
    </CardHeader>
  );
}

/**
 * Staff sign-in (booking-dashboard-staff §4 'Staff flow', §5, §8): the practice email address and
 * the human check, then the 6-character code it receives. The human check's settings come from
 * GET /api/config (the page's shared query), as on the guest verification page.
 */
export function StaffSignIn({ onSignedIn, notice }: StaffSignInProps) {
  const titleId = useId();
  const config = useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => fetchConfig(api, signal),
  });

  if (config.isPending) {
    // The card's title and text do not depend on the settings: they show at once, and only the
    // form waits (issue 15: the text was the page's largest paint, held back by GET /api/config).
    return (
      <Card as="section" className="ui-auth-card staff-sign-in" aria-labelledby={titleId}>
        <StaffSignInHeader titleId={titleId} step="email" sentTo="" />
        <CardContent>
          <LoadingState compact label="Loading sign-in..." />
        </CardContent>
      </Card>
    );
  }
  if (config.isError) {
    const unreadable = isUnreadableAnswer(config.error);
    return (
      <RetryAlert title={unreadable ? UNREADABLE_ANSWER_TITLE : 'Sign-in could not be loaded'} onRetry={() => void config.refetch()} retrying={config.isFetching}>
        {unreadable ? UNREADABLE_ANSWER : 'Please check your connection and try again.'}
      </RetryAlert>
    );
  }
  const turnstile: TurnstileSettings = {
    enabled: config.data.turnstile?.enabled === true,
    siteKey: config.data.turnstile?.siteKey ?? '',
    scriptUrl: config.data.scripts?.turnstileApiJs ?? '',
  };
  return <StaffSignInForm onSignedIn={onSignedIn} notice={notice} turnstile={turnstile} />;
}

/**
 * The two steps. The answer to 'send' is the same for every address, so nothing here says
 * whether an address is registered. Every send (Send Verification Code, Resend Code) needs a
 * solved human check; its token is single use, so the check restarts after each send and after
 * the server refuses it (403). A send pressed before the check answers is kept and goes as soon
 * as it does (issue 23); a check that fails or is refused says so in red until the next press.
 */
export function StaffSignInForm({ onSignedIn, notice, turnstile }: StaffSignInProps & { readonly turnstile: TurnstileSettings }) {
  const titleId = useId();
  const resendHintId = useId();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [sessionToken, setSessionToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [securityError, setSecurityError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'resend' | 'verify' | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const checkRef = useRef<HTMLDivElement>(null);
  const check = useSecurityCheck({ enabled: turnstile.enabled, siteKey: turnstile.siteKey, scriptUrl: turnstile.scriptUrl, action: 'staff-email' });

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'code') codeRef.current?.focus();
    else emailRef.current?.focus();
  }, [step]);

  /** The check is missing or was refused: the message under it (announced), and focus there. */
  const showSecurityError = (message: string): void => {
    setSecurityError(message);
    checkRef.current?.focus();
  };

  /** The check failed while a press waited for it. */
  const checkFailed = (): void => showSecurityError(SECURITY_CHECK_REQUIRED);

  /** Sends a code; true when it went. The token is spent whatever the answer. */
  const sendTo = async (address: string, token: string | null): Promise<boolean> => {
    try {
      const answer = await sendStaffCode(api, address, token);
      setSessionToken(answer.sessionToken);
      setSentTo(address);
      setSentMessage(typeof answer.message === 'string' && answer.message !== '' ? answer.message : null);
      setCode('');
      setCodeError(null);
      return true;
    } catch (error) {
      const failure = sendCodeFailure(error);
      // A refused check restarts with the spend below.
      if (failure.kind === 'security-check') {
        showSecurityError(failure.message);
      } else {
        setProblem({ message: failure.message });
      }
      return false;
    } finally {
      check.spend();
    }
  };

  const send = (event: FormEvent): void => {
    event.preventDefault();
    if (busy || check.waitingFor) return;
    setProblem(null);
    setSecurityError(null);
    const checked = checkStaffEmail(email);
    if (!checked.ok) {
      setEmailError(checked.message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    check.whenVerified('send', (token) => void sendCode(checked.value, token), checkFailed);
  };

  const sendCode = async (address: string, token: string | null): Promise<void> => {
    setBusy('send');
    const sent = await sendTo(address, token);
    setBusy(null);
    if (sent) {
      setResent(null);
      setStep('code');
    }
  };

  const resend = (): void => {
    if (busy || check.waitingFor) return;
    setProblem(null);
    setResent(null);
    setSecurityError(null);
    check.whenVerified('resend', (token) => void resendCode(sentTo, token), checkFailed);
  };

  const resendCode = async (address: string, token: string | null): Promise<void> => {
    setBusy('resend');
    const sent = await sendTo(address, token);
    setBusy(null);
    if (sent) {
      setResent(`A new code was sent to ${address}.`);
      codeRef.current?.focus();
    }
  };

  const verify = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy || !sessionToken) return;
    setProblem(null);
    setResent(null);
    const checked = checkStaffCode(code);
    if (!checked.ok) {
      setCodeError(checked.message);
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setBusy('verify');
    try {
      const answer = await verifyStaffCode(api, sessionToken, checked.value);
      onSignedIn({ token: sessionToken, email: answer.email || sentTo }, answer.expiresAt || null);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setProblem(
        isUnreadableAnswer(error)
          ? { title: UNREADABLE_ANSWER_TITLE, message: UNREADABLE_ANSWER }
          : {
              title: VERIFICATION_FAILED_TITLE,
              message: status === 401 || status === 400 ? INVALID_CODE : status === 429 ? (serverMessage(error) ?? INVALID_CODE) : 'Something went wrong. Please try again.',
            },
      );
      setCode('');
      codeRef.current?.focus();
      setBusy(null);
    }
  };

  const changeEmail = (): void => {
    check.cancelWaiting();
    setProblem(null);
    setResent(null);
    setCodeError(null);
    setSecurityError(null);
    setCode('');
    setSessionToken(null);
    setStep('email');
  };

  const problemAlert = problem ? (
    <Alert variant="destructive" role="alert" title={problem.title}>
      {problem.message}
    </Alert>
  ) : null;

  return (
    <Card as="section" className="ui-auth-card staff-sign-in" aria-labelledby={titleId}>
      <StaffSignInHeader titleId={titleId} step={step} sentTo={sentTo} />
      <CardContent>
        {notice && step === 'email' ? (
          <Alert variant="success" role="status">
            {notice}
          </Alert>
        ) : null}
        {step === 'email' ? (
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
              {/* Focus lands here when the check is missing, just before the widget in tab order. */}
              <div ref={checkRef} tabIndex={-1} className="staff-sign-in__check">
                <SecurityCheck check={check} error={securityError} />
              </div>
              {problemAlert}
              <Button
                type="submit"
                size="lg"
                block
                loading={busy === 'send' || check.waitingFor === 'send'}
                loadingText={check.waitingFor === 'send' ? SECURITY_CHECK_WAITING : 'Sending code...'}
              >
                Send Verification Code
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack gap={4}>
            <form className="ui-auth-form" onSubmit={(event) => void verify(event)} noValidate>
              <Stack gap={4}>
                {sentMessage ? (
                  <Alert variant="info" role="status">
                    {sentMessage}
                  </Alert>
                ) : null}
                <Field label="Verification Code" error={codeError} hint="The 6-character code from the email." required>
                  <Input
                    ref={codeRef}
                    className="ui-code-input"
                    name="otpCode"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    spellCheck={false}
                    maxLength={6}
                    value={code}
                    onChange={(event) => {
                      setCode(codeInput(event.target.value));
                      if (codeError) setCodeError(null);
                    }}
                  />
                </Field>
                {problemAlert}
                {resent ? (
                  <Alert variant="success" role="status">
                    {resent}
                  </Alert>
                ) : null}
                <Button type="submit" size="lg" block loading={busy === 'verify'} loadingText="Verifying...">
                  Verify Code
                </Button>
              </Stack>
            </form>
            <div className="ui-resend">
              <p className="ui-resend__hint" id={resendHintId}>
                Didn&apos;t get it? Check your spam folder or request a new code.
              </p>
              <div className="ui-resend__actions">
                <Button
                  variant="secondary"
                  onClick={resend}
                  disabled={busy !== null}
                  loading={busy === 'resend' || check.waitingFor === 'resend'}
                  loadingText={check.waitingFor === 'resend' ? SECURITY_CHECK_WAITING : 'Sending...'}
                  aria-describedby={resendHintId}
                >
                  Resend Code
                </Button>
                <Button variant="ghost" onClick={changeEmail} disabled={busy !== null}>
                  Change Email
                </Button>
              </div>
            </div>
            <div ref={checkRef} tabIndex={-1} className="staff-sign-in__check">
              <SecurityCheck check={check} error={securityError} readyText="Needed only to request a new code." />
            </div>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  ApiError,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmailField,
  Field,
  Input,
  ShieldIcon,
  Stack,
  apiErrorBody,
} from '@portal/ui';
import {
  INVALID_CODE,
  SEND_CODE_FAILED,
  VERIFICATION_FAILED_TITLE,
  checkStaffCode,
  checkStaffEmail,
  codeInput,
  sendStaffCode,
  verifyStaffCode,
} from '../staff-session.ts';
import type { StaffSession } from '../staff-session.ts';

interface Problem {
  readonly title?: string;
  readonly message: string;
}

const serverMessage = (error: unknown): string | null => {
  const body = apiErrorBody(error);
  const message = body?.message ?? body?.error;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
};

/**
 * Staff sign-in (booking-dashboard-staff §4 'Staff flow', §5, §8): the practice email address,
 * then the 6-character code it receives. The answer to 'send' is the same for every address, so
 * nothing here says whether an address is registered.
 */
export function StaffSignIn({ onSignedIn, notice }: { onSignedIn: (session: StaffSession, expiresAt: string | null) => void; notice: string | null }) {
  const titleId = useId();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [sessionToken, setSessionToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'code') codeRef.current?.focus();
    else emailRef.current?.focus();
  }, [step]);

  const send = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const checked = checkStaffEmail(email);
    if (!checked.ok) {
      setEmailError(checked.message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    setBusy('send');
    try {
      const answer = await sendStaffCode(checked.value);
      setSessionToken(answer.sessionToken);
      setSentTo(checked.value);
      setSentMessage(typeof answer.message === 'string' && answer.message !== '' ? answer.message : null);
      setCode('');
      setCodeError(null);
      setStep('code');
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      setProblem({ message: tooMany ? (serverMessage(error) ?? SEND_CODE_FAILED) : SEND_CODE_FAILED });
    } finally {
      setBusy(null);
    }
  };

  const verify = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy || !sessionToken) return;
    setProblem(null);
    const checked = checkStaffCode(code);
    if (!checked.ok) {
      setCodeError(checked.message);
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setBusy('verify');
    try {
      const answer = await verifyStaffCode(sessionToken, checked.value);
      onSignedIn({ token: sessionToken, email: answer.email || sentTo }, answer.expiresAt ?? null);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setProblem({
        title: VERIFICATION_FAILED_TITLE,
        message: status === 401 || status === 400 ? INVALID_CODE : status === 429 ? (serverMessage(error) ?? INVALID_CODE) : 'Something went wrong. Please try again.',
      });
      setCode('');
      codeRef.current?.focus();
      setBusy(null);
    }
  };

  const changeEmail = (): void => {
    setProblem(null);
    setCodeError(null);
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
      <CardContent>
        {notice && step === 'email' ? (
          <Alert variant="success" role="status">
            {notice}
          </Alert>
        ) : null}
        {step === 'email' ? (
          <form onSubmit={(event) => void send(event)} noValidate>
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
              {problemAlert}
              <Button type="submit" size="lg" block loading={busy === 'send'} loadingText="Sending code...">
                Send Verification Code
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={(event) => void verify(event)} noValidate>
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
              <Button type="submit" size="lg" block loading={busy === 'verify'} loadingText="Verifying...">
                Verify Code
              </Button>
              <Button variant="ghost" block onClick={changeEmail} disabled={busy !== null}>
                Change Email
              </Button>
            </Stack>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

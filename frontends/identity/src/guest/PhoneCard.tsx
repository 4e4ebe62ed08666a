/**
 * The phone card (enrollment-and-payment §2 'Guest verification cards'): the mobile number
 * (formatted as typed, sent as E.164), then the SMS code. Buttons: Back, Send Verification Code,
 * Change Number, Resend Code (60-second cooldown), Verify Code. The phone-auth SDK is loaded when
 * this card first shows; a send pressed before it is there is kept and goes when it is (issue 23,
 * as the email card's wait for the human check). Once the code is confirmed, the ID token goes to
 * our server, which answers with the signed guest token.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Dispatch, FormEvent } from 'react';
import { SmsCodeForm, decodeBody } from '@portal/contracts';
import type { VerifyPhoneResponse } from '@portal/contracts';
import {
  Alert,
  ArrowLeftIcon,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckIcon,
  Field,
  Input,
  PhoneIcon,
  Spinner,
  Stack,
} from '@portal/ui';
import {
  api,
} from '@portal/client';
import { useKeptPress } from '@portal/ui/SecurityCheck.tsx';
import { useT } from '../i18n.ts';
import { verifyPhone } from '../identity-api.ts';
import { richText } from '../rich-text.tsx';
import { useErrorText } from '../use-known-text.ts';
import type { PendingCode, PhoneAuth, PhoneVerified } from './firebase-phone.ts';
import { verifyPhoneFailure } from './guest-api.ts';
import type { GuestFlowAction, GuestFlowState } from './guest-flow.ts';
import {
  AUTHENTICATION_ERROR_TITLE,
  NO_VERIFICATION_IN_PROGRESS,
  PHONE_SERVICE_LOADING,
  PHONE_SERVICE_UNAVAILABLE,
  RESEND_FAILED,
  VERIFICATION_FAILED,
} from './messages.ts';
import { INVALID_PHONE_NUMBER, INVALID_SMS_CODE, PHONE_REQUIRED, needsNewCode, phoneAuthErrorCode, phoneAuthErrorMessage } from './phone-auth-errors.ts';
import { checkPhone, displayPhone, nextPhoneInput } from './phone-input.ts';
import { clock, smsResendSeconds } from './timers.ts';
import { useNow } from './use-now.ts';
import { phoneAuthReadiness, usePhoneAuth } from './use-phone-auth.ts';
import type { FirebaseSettings } from './use-phone-auth.ts';

export interface PhoneCardProps {
  readonly flow: GuestFlowState;
  readonly dispatch: Dispatch<GuestFlowAction>;
  readonly firebase: FirebaseSettings | null;
  readonly onVerified: (answer: VerifyPhoneResponse, firebaseUid: string) => void;
  /** The email verification behind this step ran out: the page starts again at the email. */
  readonly onEmailExpired: (message: string) => void;
}

interface Problem {
  readonly title?: string;
  readonly message: string;
}

const digitsOnly = (value: string): string => value.replace(/\D/g, '').slice(0, 6);

export function PhoneCard({ flow, dispatch, firebase, onVerified, onEmailExpired }: PhoneCardProps) {
  const titleId = useId();
  const resendHintId = useId();
  const load = usePhoneAuth(firebase, flow.step === 'phone');
  const [phone, setPhone] = useState(() => (flow.phone ? displayPhone(flow.phone) : ''));
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** 'A new code was sent to …': the number. */
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | 'resend' | null>(null);
  const pending = useRef<PendingCode | null>(null);
  const confirmed = useRef<(PhoneVerified & { code: string }) | null>(null);
  const recaptchaHost = useRef<HTMLDivElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const t = useT();
  const errorText = useErrorText();

  const onSms = flow.phoneStep === 'sms';
  const now = useNow(onSms);
  const resendIn = smsResendSeconds(flow.smsSentAt, now);

  const phoneAuth = load.status === 'ready' ? load.phoneAuth : null;
  // Send pressed while the SDK loads: kept until it is there (or could not load).
  const kept = useKeptPress(phoneAuthReadiness(load), phoneAuth);
  const serviceFailed = (): void => setProblem({ message: PHONE_SERVICE_UNAVAILABLE });

  // Focus follows the step.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      phoneRef.current?.focus();
      return;
    }
    if (onSms) codeRef.current?.focus();
    else phoneRef.current?.focus();
  }, [onSms]);

  const clearMessages = (): void => {
    setPhoneError(null);
    setCodeError(null);
    setProblem(null);
    setNotice(null);
  };

  /** Sends with the loaded SDK (`useKeptPress` waits for it). */
  const sendTo = async (e164: string, mode: 'send' | 'resend', auth: PhoneAuth | null): Promise<void> => {
    if (!auth || !recaptchaHost.current) {
      setProblem({ message: PHONE_SERVICE_LOADING });
      return;
    }
    setBusy(mode);
    try {
      pending.current = await auth.sendCode(e164, recaptchaHost.current);
      confirmed.current = null;
      setCode('');
      dispatch({ type: 'sms-sent', phone: e164, at: Date.now() });
      if (mode === 'resend') {
        setNotice(displayPhone(e164));
        codeRef.current?.focus();
      }
    } catch (error) {
      const message = phoneAuthErrorMessage(error);
      if (mode === 'send' && (message === INVALID_PHONE_NUMBER || message === PHONE_REQUIRED)) {
        setPhoneError(message);
        phoneRef.current?.focus();
      } else {
        setProblem({ message: mode === 'resend' && phoneAuthErrorCode(error) === null ? RESEND_FAILED : message });
      }
    } finally {
      setBusy(null);
    }
  };

  const send = (event: FormEvent): void => {
    event.preventDefault();
    if (busy || kept.waitingFor) return;
    clearMessages();
    const checked = checkPhone(phone);
    if (!checked.ok) {
      setPhoneError(checked.message);
      phoneRef.current?.focus();
      return;
    }
    kept.press('send', (auth) => void sendTo(checked.e164, 'send', auth), serviceFailed);
  };

  const resend = (): void => {
    const to = flow.phone;
    if (busy || kept.waitingFor || resendIn > 0 || !to) return;
    clearMessages();
    kept.press('resend', (auth) => void sendTo(to, 'resend', auth), serviceFailed);
  };

  const verify = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    clearMessages();
    const result = decodeBody(SmsCodeForm, { code });
    if (result._tag === 'Left') {
      setCodeError(result.left.errors[0]?.message ?? INVALID_SMS_CODE);
      codeRef.current?.focus();
      return;
    }
    const session = flow.emailSession;
    if (!pending.current || !phoneAuth || !flow.phone || !session) {
      setProblem({ message: NO_VERIFICATION_IN_PROGRESS });
      return;
    }
    setBusy('verify');
    let verified: PhoneVerified;
    try {
      // A code already confirmed (our server failed afterwards) is not confirmed twice.
      verified = confirmed.current?.code === code ? confirmed.current : await phoneAuth.confirm(pending.current, code);
      confirmed.current = { ...verified, code };
    } catch (error) {
      setBusy(null);
      const message = phoneAuthErrorMessage(error);
      if (needsNewCode(error)) setProblem({ message });
      else {
        setCodeError(message);
        codeRef.current?.focus();
      }
      return;
    }
    try {
      const answer = await verifyPhone(api, { emailSessionToken: session.token, firebaseIdToken: verified.idToken, phone: flow.phone });
      if (typeof answer?.verificationToken !== 'string' || !answer.verificationToken.startsWith('verified_')) {
        setProblem({ title: AUTHENTICATION_ERROR_TITLE, message: VERIFICATION_FAILED });
        setBusy(null);
        return;
      }
      onVerified(answer, verified.uid);
    } catch (error) {
      setBusy(null);
      const failure = verifyPhoneFailure(error);
      if (failure.emailExpired) onEmailExpired(failure.message);
      else setProblem({ message: failure.message });
    }
  };

  const changeNumber = (): void => {
    kept.cancel();
    clearMessages();
    pending.current = null;
    confirmed.current = null;
    setCode('');
    phoneAuth?.reset();
    dispatch({ type: 'change-number' });
  };

  const back = (): void => {
    kept.cancel();
    pending.current = null;
    confirmed.current = null;
    phoneAuth?.reset();
    dispatch({ type: 'phone-back' });
  };

  const problemAlert = problem ? (
    <Alert variant="destructive" role="alert" title={problem.title ? errorText({ message: problem.title }) : undefined}>
      {errorText(problem)}
    </Alert>
  ) : null;

  return (
    <Card as="section" className="ui-auth-card" aria-labelledby={titleId}>
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <PhoneIcon size={22} />
        </span>
        <CardTitle as="h2" id={titleId}>
          {onSms ? t('phone.sent.title') : t('phone.title')}
        </CardTitle>
        <CardDescription>
          {onSms && flow.phone
            ? richText(t, 'phone.sent.description', { phone: <strong className="ui-auth-card__address ui-nowrap">{displayPhone(flow.phone)}</strong> })
            : t('phone.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!onSms ? (
          <form className="ui-auth-form" onSubmit={send} noValidate>
            <Stack gap={4}>
              <Field label={t('phone.label')} error={phoneError ? errorText({ message: phoneError }) : null} hint={t('phone.hint')} required>
                <Input
                  ref={phoneRef}
                  type="tel"
                  name="phone"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="(401) 555-0123"
                  value={phone}
                  onChange={(event) => {
                    setPhone((previous) => nextPhoneInput(previous, event.target.value));
                    if (phoneError) setPhoneError(null);
                  }}
                />
              </Field>
              {load.status === 'loading' || load.status === 'idle' ? (
                <p className="identity-inline-status" role="status">
                  <Spinner size="sm" />
                  <span>{t('error.phoneServiceLoadingShort')}</span>
                </p>
              ) : null}
              {load.status === 'unavailable' && !problem ? (
                <Alert variant="warning" role="status">
                  {t('error.phoneServiceUnavailable')}
                </Alert>
              ) : null}
              {problemAlert}
              <div className="ui-actions">
                <Button variant="secondary" size="lg" onClick={back} disabled={busy !== null}>
                  <ArrowLeftIcon size={18} />
                  {t('common.back')}
                </Button>
                <Button
                  type="submit"
                  size="lg"
                  loading={busy === 'send' || kept.waitingFor === 'send'}
                  loadingText={t('common.sendingCode')}
                  className="ui-actions__primary"
                >
                  {t('guest.sendCode')}
                </Button>
              </div>
            </Stack>
          </form>
        ) : (
          <Stack gap={4}>
            <form className="ui-auth-form" onSubmit={(event) => void verify(event)} noValidate>
              <Stack gap={4}>
                <Field label={t('guest.code.label')} error={codeError ? errorText({ message: codeError }) : null} hint={t('phone.code.hint')} required>
                  <Input
                    ref={codeRef}
                    className="ui-code-input"
                    name="sms-code"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    maxLength={6}
                    value={code}
                    onChange={(event) => {
                      setCode(digitsOnly(event.target.value));
                      if (codeError) setCodeError(null);
                    }}
                  />
                </Field>
                {problemAlert}
                {notice ? (
                  <Alert variant="success" role="status">
                    {t('phone.resent', { phone: notice })}
                  </Alert>
                ) : null}
                <Button type="submit" size="lg" block loading={busy === 'verify'} loadingText={t('common.verifying')}>
                  {t('guest.code.verify')}
                </Button>
              </Stack>
            </form>
            <div className="ui-resend">
              <p className="ui-resend__hint" id={resendHintId}>
                {resendIn > 0 ? (
                  richText(t, 'guest.code.resendIn', { time: <span className="ui-resend__time">{clock(resendIn)}</span> })
                ) : (
                  <>
                    <CheckIcon size={16} /> {t('phone.resend.ready')}
                  </>
                )}
              </p>
              <div className="ui-resend__actions">
                <Button
                  variant="secondary"
                  onClick={resend}
                  disabled={resendIn > 0}
                  loading={busy === 'resend' || kept.waitingFor === 'resend'}
                  loadingText={t('common.sending')}
                  aria-describedby={resendHintId}
                >
                  {t('guest.code.resend')}
                </Button>
                <Button variant="ghost" onClick={changeNumber} disabled={busy !== null}>
                  {t('phone.change')}
                </Button>
              </div>
            </div>
          </Stack>
        )}
        {/* The invisible reCAPTCHA draws here (its badge floats at the corner of the page). */}
        <div ref={recaptchaHost} className="identity-recaptcha" />
      </CardContent>
    </Card>
  );
}

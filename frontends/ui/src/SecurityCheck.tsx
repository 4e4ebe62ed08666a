/**
 * The human check (Turnstile) as a hook and its box. The hook owns the widget: it loads api.js,
 * renders the widget when the box is on the page, keeps the token (also in sessionStorage),
 * resets the widget 3 s after an error and 1 s after expiry, and removes it on unmount.
 *
 * A press that needs the token goes through `whenVerified` (issue 23): pressed before the check
 * answers, it is kept (the button says 'Completing the security check...', the box says it will
 * continue) and runs as soon as the token arrives; if the check fails meanwhile, `onFailed` lets
 * the form say so in red, and that stays until the next press.
 *
 *   const check = useSecurityCheck({ enabled, siteKey, scriptUrl });
 *   <SecurityCheck check={check} error={refused ? SECURITY_CHECK_REQUIRED : null} />
 *   check.whenVerified('send', (token) => {
 *     api.post(url, { ..., 'cf-turnstile-response': token ?? undefined }).finally(check.spend);
 *   }, () => setRefused(true));
 *   <Button loading={check.waitingFor === 'send'} loadingText={SECURITY_CHECK_WAITING}>
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { cx } from './cx.ts';
import { AlertIcon, CheckIcon, ShieldIcon } from './Icons.tsx';
import { Spinner } from './Spinner.tsx';
import { useUiT, type UiMessageId } from './i18n.ts';
import {
  TURNSTILE_ERROR_RESET_MS,
  TURNSTILE_EXPIRED_RESET_MS,
  clearStoredTurnstileToken,
  loadTurnstile,
  readStoredTurnstileToken,
  securityCheckReadiness,
  sessionStore,
  storeTurnstileToken,
} from '@portal/client/turnstile.ts';
import type { KeptPressReadiness, SecurityCheckStatus, TurnstileApi } from '@portal/client/turnstile.ts';

export type { SecurityCheckStatus };

export interface KeptPress<T> {
  /** The key of the press that waits ('send', 'resend'), or null. */
  readonly waitingFor: string | null;
  /**
   * `run` with the value at once when ready; `onFailed` at once when failed; else the press is
   * kept (a later press replaces it) until the readiness changes to one of them.
   */
  readonly press: (key: string, run: (value: T) => void, onFailed?: () => void) => void;
  /** Forget the kept press (the form moved on: Change Email, Back). */
  readonly cancel: () => void;
}

interface Kept<T> {
  readonly key: string;
  readonly run: (value: T) => void;
  readonly onFailed?: () => void;
}

/**
 * A press kept until what it needs is there (issue 23: a click before the human check answered
 * was swallowed). `readiness` and `value` are the caller's current ones (the check's token, a
 * loaded provider script); the kept press runs with the value it has when it becomes ready.
 */
export function useKeptPress<T>(readiness: KeptPressReadiness, value: T): KeptPress<T> {
  const kept = useRef<Kept<T> | null>(null);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);

  const press = useCallback(
    (key: string, run: (value: T) => void, onFailed?: () => void): void => {
      if (readiness === 'waiting') {
        kept.current = { key, run, onFailed };
        setWaitingFor(key);
        return;
      }
      kept.current = null;
      setWaitingFor(null);
      if (readiness === 'ready') run(value);
      else onFailed?.();
    },
    [readiness, value],
  );

  useEffect(() => {
    const waiting = kept.current;
    if (!waiting || readiness === 'waiting') return;
    kept.current = null;
    setWaitingFor(null);
    if (readiness === 'ready') waiting.run(value);
    else waiting.onFailed?.();
  }, [readiness, value]);

  const cancel = useCallback((): void => {
    kept.current = null;
    setWaitingFor(null);
  }, []);

  return { waitingFor, press, cancel };
}

export interface SecurityCheckOptions {
  /** config.turnstile.enabled; when false the hook does nothing and `token` stays null. */
  enabled: boolean;
  siteKey: string;
  /** config.scripts.turnstileApiJs. */
  scriptUrl: string;
  /** Turnstile 'action' (shows in the server's siteverify answer). */
  action?: string;
}

export interface SecurityCheckState {
  readonly enabled: boolean;
  readonly status: SecurityCheckStatus;
  /** The current token, or null. Send it, then call spend(): tokens are single use. */
  readonly token: string | null;
  /** Ref for the element the widget draws into. */
  readonly containerRef: (element: HTMLDivElement | null) => void;
  /** A fresh challenge (after the server refused the token). */
  readonly reset: () => void;
  /** The token was sent: forget it and get a new one for the next request. */
  readonly spend: () => void;
  /** The key of the press waiting for the check ('send', 'resend'), or null. */
  readonly waitingFor: string | null;
  /**
   * Runs `run` with the token (null when the check is off) now, or as soon as the check answers
   * when pressed before; `onFailed` when the check fails (error, could not load) instead.
   */
  readonly whenVerified: (key: string, run: (token: string | null) => void, onFailed?: () => void) => void;
  /** Forget a press waiting for the check. */
  readonly cancelWaiting: () => void;
}

/** Turnstile's normal widget is 300 px wide; narrower boxes (small phones) get the compact one. */
const NORMAL_WIDGET_WIDTH = 300;

/** The width the widget may take: its box's content width (the widget element is empty until drawn). */
const roomFor = (container: HTMLElement): number => {
  const box = container.parentElement;
  if (!box) return NORMAL_WIDGET_WIDTH;
  const style = window.getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft || '0') - parseFloat(style.paddingRight || '0');
};

export const useSecurityCheck = ({ enabled, siteKey, scriptUrl, action }: SecurityCheckOptions): SecurityCheckState => {
  const [token, setToken] = useState<string | null>(() => (enabled ? readStoredTurnstileToken(sessionStore(), Date.now()) : null));
  const [status, setStatus] = useState<SecurityCheckStatus>(() => (!enabled ? 'off' : token ? 'verified' : 'loading'));
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const api = useRef<TurnstileApi | null>(null);
  const widgetId = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const clearTimer = (): void => {
    if (timer.current !== undefined) window.clearTimeout(timer.current);
    timer.current = undefined;
  };

  const forget = useCallback((): void => {
    setToken(null);
    clearStoredTurnstileToken(sessionStore());
  }, []);

  const reset = useCallback((): void => {
    clearTimer();
    forget();
    if (api.current && widgetId.current !== null) {
      try {
        api.current.reset(widgetId.current);
        setStatus('ready');
      } catch {
        setStatus('unavailable');
      }
    }
  }, [forget]);

  useEffect(() => {
    if (!enabled || !container) return undefined;
    let cancelled = false;
    setStatus((current) => (current === 'verified' ? current : 'loading'));
    loadTurnstile(scriptUrl)
      .then((turnstile) => {
        if (cancelled) return;
        api.current = turnstile;
        const id = turnstile.render(container, {
          sitekey: siteKey,
          theme: 'light',
          size: roomFor(container) < NORMAL_WIDGET_WIDTH ? 'compact' : 'normal',
          ...(action ? { action } : {}),
          callback: (value: string) => {
            clearTimer();
            setToken(value);
            storeTurnstileToken(sessionStore(), value, Date.now());
            setStatus('verified');
          },
          'error-callback': () => {
            forget();
            setStatus('error');
            clearTimer();
            timer.current = window.setTimeout(reset, TURNSTILE_ERROR_RESET_MS);
            // Handled: Turnstile should not log it as uncaught.
            return true;
          },
          'expired-callback': () => {
            forget();
            setStatus('expired');
            clearTimer();
            timer.current = window.setTimeout(reset, TURNSTILE_EXPIRED_RESET_MS);
          },
        });
        widgetId.current = typeof id === 'string' ? id : null;
        setStatus((current) => (current === 'loading' ? 'ready' : current));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('The security check could not be loaded', error);
        setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      clearTimer();
      if (api.current && widgetId.current !== null) {
        try {
          api.current.remove(widgetId.current);
        } catch {
          // Already gone.
        }
      }
      widgetId.current = null;
    };
  }, [enabled, container, siteKey, scriptUrl, action, forget, reset]);

  const spend = useCallback((): void => {
    if (enabled) reset();
  }, [enabled, reset]);

  const kept = useKeptPress(securityCheckReadiness(enabled, status, token), enabled ? token : null);

  return {
    enabled,
    status,
    token,
    containerRef: setContainer,
    reset,
    spend,
    waitingFor: kept.waitingFor,
    whenVerified: kept.press,
    cancelWaiting: kept.cancel,
  };
};

const STATUS_TEXT: Record<Exclude<SecurityCheckStatus, 'off'>, UiMessageId> = {
  loading: 'securityCheck.loading',
  ready: 'securityCheck.ready',
  verified: 'securityCheck.verified',
  error: 'securityCheck.error',
  expired: 'securityCheck.expired',
  unavailable: 'securityCheck.unavailable',
};

/** A button's text while a press waits for the check ('Completing the security check...'), in the page's language. */
export const useSecurityCheckWaitingText = (): string => useUiT()('securityCheck.waiting');

export interface SecurityCheckProps {
  check: SecurityCheckState;
  /** 'Please complete security verification to continue' when the check failed or was refused. */
  error?: string | null;
  /** What the box says while waiting to be solved (default 'Please complete the security check.'). */
  readyText?: string;
  className?: string;
}

/** The widget's box: a label, the widget, its state (announced politely) and an error in red. */
export function SecurityCheck({ check, error, readyText, className }: SecurityCheckProps) {
  const id = useId();
  const t = useUiT();
  if (!check.enabled) return null;
  const { status } = check;
  const labelId = `${id}-label`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      className={cx('ui-security-check', `ui-security-check--${status}`, error && 'ui-security-check--invalid', className)}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={errorId}
    >
      <p className="ui-security-check__label" id={labelId}>
        <ShieldIcon size={18} />
        {t('securityCheck.label')}
      </p>
      <div className="ui-security-check__widget" ref={check.containerRef} />
      <p className={cx('ui-security-check__status', `ui-security-check__status--${status}`)} role="status" aria-live="polite">
        {status === 'loading' ? <Spinner size="sm" /> : status === 'verified' ? <CheckIcon size={16} /> : null}
        <span>
          {status === 'ready' && readyText ? readyText : status === 'off' ? '' : t(STATUS_TEXT[status])}
          {check.waitingFor !== null && status !== 'verified' ? ` ${t('securityCheck.waitingNote')}` : null}
        </span>
      </p>
      {error ? (
        <p className="ui-error-text ui-security-check__error" id={errorId} role="alert">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The human check (Cloudflare Turnstile) on the sign-in pages (booking-dashboard-staff §4, §5,
 * §9): the widget's api.js comes from the URL /api/config gives (scripts.turnstileApiJs, a
 * look-alike in the sandbox); its token is kept in sessionStorage so a verified check survives a
 * re-render or a step change; the widget resets itself 3 s after an error and 1 s after expiry.
 * The pure parts take a storage object and the time, so tests need no browser.
 */
import type { StorageLike } from './storage.ts';
import { loadProviderScript } from './provider-script.ts';

/** sessionStorage key of the last token ('portal:' so the client cleanup removes it). */
export const TURNSTILE_TOKEN_KEY = 'portal:turnstile-token';
/** The widget resets itself this long after an error ... */
export const TURNSTILE_ERROR_RESET_MS = 3000;
/** ... and this long after its token expired. */
export const TURNSTILE_EXPIRED_RESET_MS = 1000;
/** Tokens live about 300 s at Cloudflare; a stored one is trusted a little less. */
export const TURNSTILE_TOKEN_MAX_AGE_MS = 290_000;
/** The script counts as failed when window.turnstile is not there after this long. */
export const TURNSTILE_LOAD_TIMEOUT_MS = 20_000;
/** The form field (and request body key) the token travels in. */
export const TURNSTILE_RESPONSE_FIELD = 'cf-turnstile-response';

/** Where the widget is: 'off' when the general config disables the check. */
export type SecurityCheckStatus = 'off' | 'loading' | 'ready' | 'verified' | 'error' | 'expired' | 'unavailable';

/**
 * A press made before what it needs is there (the human check's token, a provider's script) is
 * kept, not swallowed (issue 23): 'ready' runs it, 'waiting' keeps it until the answer comes,
 * 'failed' drops it and says why.
 */
export type KeptPressReadiness = 'ready' | 'waiting' | 'failed';

/** The label of a button whose press waits for the human check. */
export const SECURITY_CHECK_WAITING = 'Completing the security check...';
/** Said at the check (politely announced) while a press waits for it. */
export const SECURITY_CHECK_WAITING_NOTE = 'We will continue as soon as it is complete.';

/**
 * Whether a press that needs the check can go: with a token (or the check off) at once; while the
 * widget loads, waits to be solved or restarts after expiry it waits; after an error or when the
 * script cannot load it fails (the widget's status says why, and the form asks again in red).
 */
export const securityCheckReadiness = (enabled: boolean, status: SecurityCheckStatus, token: string | null): KeptPressReadiness => {
  if (!enabled || status === 'off' || token) return 'ready';
  return status === 'error' || status === 'unavailable' ? 'failed' : 'waiting';
};

export interface TurnstileRenderOptions {
  sitekey: string;
  action?: string;
  theme?: 'light' | 'dark' | 'auto';
  size?: 'normal' | 'flexible' | 'compact';
  callback?: (token: string) => void;
  'error-callback'?: (code?: unknown) => boolean | void;
  'expired-callback'?: () => void;
}

/** What api.js puts on window.turnstile (explicit rendering). */
export interface TurnstileApi {
  render(container: HTMLElement | string, options: TurnstileRenderOptions): string | undefined | null;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
  getResponse(widgetId?: string): string | undefined;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

interface StoredToken {
  readonly token: string;
  readonly savedAt: number;
}

/** The stored token when it is still fresh at `now`, else null (and a stale one is removed). */
export const readStoredTurnstileToken = (storage: StorageLike | null, now: number): string | null => {
  if (!storage) return null;
  let raw: string | null = null;
  try {
    raw = storage.getItem(TURNSTILE_TOKEN_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: Partial<StoredToken> | null = null;
  try {
    parsed = JSON.parse(raw) as Partial<StoredToken>;
  } catch {
    parsed = null;
  }
  const fresh =
    parsed !== null &&
    typeof parsed.token === 'string' &&
    parsed.token !== '' &&
    typeof parsed.savedAt === 'number' &&
    now >= parsed.savedAt &&
    now - parsed.savedAt < TURNSTILE_TOKEN_MAX_AGE_MS;
  if (fresh) return parsed!.token!;
  clearStoredTurnstileToken(storage);
  return null;
};

export const storeTurnstileToken = (storage: StorageLike | null, token: string, now: number): void => {
  try {
    storage?.setItem(TURNSTILE_TOKEN_KEY, JSON.stringify({ token, savedAt: now } satisfies StoredToken));
  } catch {
    // Full or blocked storage: the token still works for this page.
  }
};

export const clearStoredTurnstileToken = (storage: StorageLike | null): void => {
  try {
    storage?.removeItem(TURNSTILE_TOKEN_KEY);
  } catch {
    // Blocked storage: nothing stored.
  }
};

/** sessionStorage, or null when the browser blocks it. */
export const sessionStore = (): StorageLike | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};


/**
 * Loads api.js once per URL and resolves with window.turnstile. A failed load may be tried again
 * (the promise is forgotten).
 */
export const loadTurnstile = (url: string): Promise<TurnstileApi> =>
  loadProviderScript({
    url,
    name: 'turnstile',
    global: () => window.turnstile,
    timeoutMs: TURNSTILE_LOAD_TIMEOUT_MS,
    timeoutMessage: 'The security check timed out while loading',
    defer: true,
  });

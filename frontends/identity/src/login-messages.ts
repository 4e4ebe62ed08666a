/** The notice /login shows for its query parameters (booking-dashboard-staff §2 and §8). */
import type { AlertVariant } from '@portal/ui';

export interface LoginNotice {
  readonly variant: AlertVariant;
  readonly text: string;
  /** The `message` parameter: details from the server (shown as text, never as markup). */
  readonly detail: string | null;
}

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const LOGGED_OUT = 'You have been logged out successfully.';

/** Longest `message` shown; a crafted link cannot fill the page. */
const MAX_DETAIL_LENGTH = 200;

const detailOf = (params: URLSearchParams): string | null => {
  const message = params.get('message')?.replace(/\s+/g, ' ').trim();
  if (!message) return null;
  return message.length > MAX_DETAIL_LENGTH ? `${message.slice(0, MAX_DETAIL_LENGTH - 1)}…` : message;
};

/**
 * auth=error → 'Login failed. Please try again.'; logout=expired → 'Your session has expired.
 * Please sign in again.'; logout=success → 'You have been logged out successfully.'. A `message`
 * goes with them as details, or alone as an information notice. auth=success shows nothing.
 */
export const loginNotice = (params: URLSearchParams): LoginNotice | null => {
  const detail = detailOf(params);
  if (params.get('auth') === 'error') return { variant: 'destructive', text: LOGIN_FAILED, detail };
  if (params.get('logout') === 'expired') return { variant: 'warning', text: SESSION_EXPIRED, detail };
  if (params.get('logout') === 'success') return { variant: 'success', text: LOGGED_OUT, detail };
  if (detail && params.get('auth') !== 'success') return { variant: 'info', text: detail, detail: null };
  return null;
};

/** The notice /login shows for its query parameters (booking-dashboard-staff §2 and §8). */
import type { AlertVariant } from '@portal/ui';

export interface LoginNotice {
  readonly variant: AlertVariant;
  readonly text: string;
}

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const LOGGED_OUT = 'You have been logged out successfully.';

export const loginNotice = (params: URLSearchParams): LoginNotice | null => {
  if (params.get('auth') === 'error') return { variant: 'destructive', text: LOGIN_FAILED };
  if (params.get('logout') === 'expired') return { variant: 'warning', text: SESSION_EXPIRED };
  if (params.get('logout') === 'success') return { variant: 'success', text: LOGGED_OUT };
  return null;
};

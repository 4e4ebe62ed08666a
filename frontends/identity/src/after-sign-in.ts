/**
 * Where a signed-in visitor of a sign-in page goes: the `return` path when it is a page on this
 * site other than the sign-in pages themselves (which would loop), else /dashboard.
 */
import { DASHBOARD_PATH, safeReturnPath } from '@portal/client';

const SIGN_IN_PAGES = ['/login', '/guest-login', '/login-old', '/logout-confirmation', '/enrollment-auth', '/appointment-auth'];

export const afterSignInPath = (returnPath: string | null | undefined): string => {
  const safe = safeReturnPath(returnPath);
  if (!safe) return DASHBOARD_PATH;
  const pathname = (safe.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  return SIGN_IN_PAGES.includes(pathname) ? DASHBOARD_PATH : safe;
};

/**
 * Where a guest goes once both verifications are done: as afterSignInPath, and the enrollment
 * wizard is told with verified=true (enrollment-and-payment §2 'Routes': /enrollment?verified=true).
 */
export const afterGuestVerificationPath = (returnPath: string | null | undefined): string => {
  const path = afterSignInPath(returnPath);
  const url = new URL(path, 'https://portal.invalid');
  if (url.pathname.replace(/\/+$/, '') !== '/enrollment' || url.searchParams.has('verified')) return path;
  url.searchParams.set('verified', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * The enrollment micro-frontend's routes and where each step leads (enrollment-and-payment §2
 * 'Routes', §4 'Provider-login enrollment path', 'Declining').
 */
import { normalizePath } from '@portal/client';

export const ENROLLMENT_PATH = '/enrollment';
export const PRACTICE_LOCATION_PATH = '/enrollment/practice-location';
export const MEMBERSHIP_TIER_PATH = '/enrollment/membership-tier';
export const DECLINATION_PATH = '/declination-confirmation';
/** Signed-out visitors go here; identity shows 'Redirecting to login...' and sends them to /login?return=/enrollment. */
export const ENROLLMENT_AUTH_PATH = '/enrollment-auth';
/** Where a tier screen error sends people (enrollment-and-payment §2; the manifest redirects it to /enrollment-auth). */
export const ENROLLMENT_AUTH_REDIRECT = '/enrollment/auth';
export const DASHBOARD_HREF = '/dashboard';
export const APPOINTMENTS_HREF = '/appointments';
/** The card provider's return URL (3-D Secure), built from the site origin. */
export const PAY_RETURN_PATH = '/pay/return';
/** The return from the card provider's billing portal. */
export const BILLING_RETURN_PATH = '/billing/return';
/** Where /billing/return goes after 5 s. */
export const HOME_HREF = '/';

/** origin + '/pay/return'. */
export const payReturnUrl = (origin: string): string => `${origin.replace(/\/+$/, '')}${PAY_RETURN_PATH}`;

/** Resume at the signing step: /enrollment?id={id}&step=signature. */
export const signaturePath = (enrollmentId: string): string =>
  `${ENROLLMENT_PATH}?${new URLSearchParams({ id: enrollmentId, step: 'signature' }).toString()}`;

export const declinationPath = (enrollmentId: string): string => `${DECLINATION_PATH}/${encodeURIComponent(enrollmentId)}`;

/** Where a created enrollment goes next: the declination confirmation when declined, else signing. */
export const afterCreatePath = (created: { id: string; status?: string | null | undefined }): string =>
  created.status === 'declined' ? declinationPath(created.id) : signaturePath(created.id);

export type EnrollmentScreen =
  | { readonly screen: 'start' }
  | { readonly screen: 'signature'; readonly enrollmentId: string }
  | { readonly screen: 'practice-location' }
  | { readonly screen: 'membership-tier' }
  | { readonly screen: 'declination'; readonly enrollmentId: string | null }
  | { readonly screen: 'pay-return' }
  | { readonly screen: 'billing-return' }
  | { readonly screen: 'not-found' };

const nonEmpty = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const decodeSegment = (segment: string): string | null => {
  try {
    return nonEmpty(decodeURIComponent(segment));
  } catch {
    return null;
  }
};

/** Which screen a location shows. */
export const screenFor = (pathname: string, search: string | URLSearchParams): EnrollmentScreen => {
  const path = normalizePath(pathname);
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (path === ENROLLMENT_PATH) {
    const id = nonEmpty(params.get('id'));
    return id && params.get('step') === 'signature' ? { screen: 'signature', enrollmentId: id } : { screen: 'start' };
  }
  if (path === PRACTICE_LOCATION_PATH) return { screen: 'practice-location' };
  if (path === MEMBERSHIP_TIER_PATH) return { screen: 'membership-tier' };
  if (path === PAY_RETURN_PATH) return { screen: 'pay-return' };
  if (path === BILLING_RETURN_PATH) return { screen: 'billing-return' };
  if (path === DECLINATION_PATH) return { screen: 'declination', enrollmentId: nonEmpty(params.get('enrollmentId')) };
  if (path.startsWith(`${DECLINATION_PATH}/`)) {
    const rest = path.slice(DECLINATION_PATH.length + 1);
    if (rest.includes('/')) return { screen: 'not-found' };
    return { screen: 'declination', enrollmentId: decodeSegment(rest) };
  }
  return { screen: 'not-found' };
};

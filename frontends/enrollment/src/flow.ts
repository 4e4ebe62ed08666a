/**
 * The enrollment micro-frontend's routes and where each step leads (enrollment-and-payment §2
 * 'Routes', §4 'Provider-login enrollment path', 'Declining').
 */
import { normalizePath } from '@portal/ui';

export const ENROLLMENT_PATH = '/enrollment';
export const PRACTICE_LOCATION_PATH = '/enrollment/practice-location';
export const MEMBERSHIP_TIER_PATH = '/enrollment/membership-tier';
export const DECLINATION_PATH = '/declination-confirmation';
/** Signed-out visitors go here; identity shows 'Redirecting to login...' and sends them to /login?return=/enrollment. */
export const ENROLLMENT_AUTH_PATH = '/enrollment-auth';
export const DASHBOARD_HREF = '/dashboard';

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
  if (path === DECLINATION_PATH) return { screen: 'declination', enrollmentId: nonEmpty(params.get('enrollmentId')) };
  if (path.startsWith(`${DECLINATION_PATH}/`)) {
    const rest = path.slice(DECLINATION_PATH.length + 1);
    if (rest.includes('/')) return { screen: 'not-found' };
    return { screen: 'declination', enrollmentId: decodeSegment(rest) };
  }
  return { screen: 'not-found' };
};

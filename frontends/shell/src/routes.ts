/**
 * The portal's route table (booking-dashboard-staff §2): which micro-frontend owns which path,
 * which paths redirect, and which header variant a path shows. Everything else is the 404 view.
 */

export interface MicroFrontendRoute {
  /** Remote name: its remoteEntry.js is /remotes/<name>/remoteEntry.js unless overridden. */
  readonly name: string;
  /** Exact paths (after trailing-slash normalisation) the micro-frontend is active on. */
  readonly paths: readonly string[];
  /** Path prefixes the micro-frontend is active under ('/enrollment/' ...). */
  readonly prefixes?: readonly string[];
}

/** The auth redirects: 'Redirecting to login...', then /login?return=<target>. */
export const AUTH_REDIRECT_PATHS = ['/enrollment-auth', '/appointment-auth'] as const;

export const MICRO_FRONTENDS: readonly MicroFrontendRoute[] = [
  { name: 'identity', paths: ['/login', '/guest-login', '/logout-confirmation', ...AUTH_REDIRECT_PATHS] },
  { name: 'dashboard', paths: ['/', '/dashboard'] },
  { name: 'staff', paths: ['/staff'] },
  {
    name: 'enrollment',
    paths: [
      '/enrollment',
      '/enrollment/practice-location',
      '/enrollment/membership-tier',
      '/declination-confirmation',
      // The card provider's returns: 3-D Secure (/pay/return) and the billing portal.
      '/pay/return',
      '/billing/return',
    ],
    prefixes: ['/declination-confirmation/'],
  },
];

/**
 * Paths the shell rewrites before any micro-frontend sees them. A tier screen error sends people
 * to /enrollment/auth (enrollment-and-payment §2): that is the /enrollment-auth redirect.
 */
export const REDIRECTS: Readonly<Record<string, string>> = { '/enrollment/auth': '/enrollment-auth' };

export type HeaderVariant = 'Member Portal' | 'Member Dashboard' | 'Book an Appointment' | 'Member Enrollment' | 'Staff Portal';

export interface HeaderConfig {
  readonly title: HeaderVariant;
  /** Sign-in pages (and the pages around signing in and out) and the staff portal show no patient user status. */
  readonly showUserStatus: boolean;
}

const SIGN_IN_PATHS: readonly string[] = ['/login', '/guest-login', '/login-old', '/logout-confirmation', ...AUTH_REDIRECT_PATHS];

const underAny = (pathname: string, roots: readonly string[]): boolean =>
  roots.some((root) => pathname === root || pathname.startsWith(`${root}/`));

export const headerFor = (pathname: string): HeaderConfig => {
  if (SIGN_IN_PATHS.includes(pathname)) return { title: 'Member Portal', showUserStatus: false };
  // Staff have a session of their own; a patient's user status does not belong there.
  if (underAny(pathname, ['/staff'])) return { title: 'Staff Portal', showUserStatus: false };
  if (pathname === '/' || underAny(pathname, ['/dashboard', '/billing'])) return { title: 'Member Dashboard', showUserStatus: true };
  if (underAny(pathname, ['/appointments'])) return { title: 'Book an Appointment', showUserStatus: true };
  if (underAny(pathname, ['/enrollment', '/declination-confirmation', '/pay'])) {
    return { title: 'Member Enrollment', showUserStatus: true };
  }
  return { title: 'Member Portal', showUserStatus: false };
};

export const isActiveFor = (route: MicroFrontendRoute, pathname: string): boolean =>
  route.paths.includes(pathname) || (route.prefixes ?? []).some((prefix) => pathname.startsWith(prefix));

export const redirectFor = (pathname: string): string | null => REDIRECTS[pathname] ?? null;

/** True when some micro-frontend or redirect handles the path; otherwise the 404 view shows. */
export const isKnownRoute = (pathname: string): boolean =>
  redirectFor(pathname) !== null || MICRO_FRONTENDS.some((route) => isActiveFor(route, pathname));

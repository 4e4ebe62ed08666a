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

export const MICRO_FRONTENDS: readonly MicroFrontendRoute[] = [{ name: 'identity', paths: ['/login', '/guest-login'] }];

/** The dashboard arrives later; until then the root sends people to sign in. */
export const REDIRECTS: Readonly<Record<string, string>> = { '/': '/login' };

export type HeaderVariant = 'Member Portal' | 'Member Dashboard' | 'Book an Appointment' | 'Member Enrollment';

export interface HeaderConfig {
  readonly title: HeaderVariant;
  /** Sign-in pages show no user status. */
  readonly showUserStatus: boolean;
}

const SIGN_IN_PATHS = ['/login', '/guest-login', '/login-old'];

const underAny = (pathname: string, roots: readonly string[]): boolean =>
  roots.some((root) => pathname === root || pathname.startsWith(`${root}/`));

export const headerFor = (pathname: string): HeaderConfig => {
  if (SIGN_IN_PATHS.includes(pathname)) return { title: 'Member Portal', showUserStatus: false };
  if (pathname === '/' || underAny(pathname, ['/dashboard'])) return { title: 'Member Dashboard', showUserStatus: true };
  if (underAny(pathname, ['/appointments', '/appointment-auth'])) return { title: 'Book an Appointment', showUserStatus: true };
  if (underAny(pathname, ['/enrollment', '/enrollment-auth', '/declination-confirmation', '/pay'])) {
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

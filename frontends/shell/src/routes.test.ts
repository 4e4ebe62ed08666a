/**
 * The route table as the portal builds it at run time: from the manifests the micro-frontends
 * declare. The real manifests are found the way the API finds the built remotes (every
 * frontends/<name>/src/manifest.ts, in name order) and read as data, not imported by name: the
 * shell's code knows no remote.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parseRemoteManifest } from '@portal/client/remote-manifest.ts';
import type { RemoteManifest, RouteHeader } from '@portal/client/remote-manifest.ts';
import { DEFAULT_HEADER, createRouteTable } from './routes.ts';
import type { RemoteRoutes, RouteTable } from './routes.ts';

const FRONTENDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const readManifests = async (): Promise<RemoteRoutes[]> => {
  const names = readdirSync(FRONTENDS)
    .filter((name) => existsSync(path.join(FRONTENDS, name, 'src', 'manifest.ts')))
    .sort();
  const remotes: RemoteRoutes[] = [];
  for (const name of names) {
    const module = (await import(pathToFileURL(path.join(FRONTENDS, name, 'src', 'manifest.ts')).href)) as { default: unknown };
    const parsed = parseRemoteManifest(module.default);
    if (!parsed.ok) throw new Error(`${name}'s manifest: ${parsed.errors.join('; ')}`);
    remotes.push({ name, manifest: parsed.manifest });
  }
  return remotes;
};

let portal: RemoteRoutes[] = [];
let table: RouteTable;
beforeAll(async () => {
  portal = await readManifests();
  table = createRouteTable(portal);
});

const ownerOf = (pathname: string): string | null => table.ownerOf(pathname);

describe('the micro-frontends’ manifests', () => {
  it('are declared by every remote, valid, and named after their folder', () => {
    expect(portal.map((remote) => remote.name)).toEqual(['booking', 'dashboard', 'enrollment', 'identity', 'staff']);
    for (const remote of portal) expect(remote.manifest.name).toBe(remote.name);
    expect(table.conflicts).toEqual([]);
  });
});

describe('route table', () => {
  it('gives the sign-in pages, the logout confirmation and the auth redirects to identity', () => {
    for (const path of ['/login', '/guest-login', '/logout-confirmation', '/enrollment-auth', '/appointment-auth']) {
      expect(ownerOf(path)).toBe('identity');
    }
  });

  it('gives / and /dashboard to the dashboard, without redirecting the root', () => {
    expect(ownerOf('/')).toBe('dashboard');
    expect(ownerOf('/dashboard')).toBe('dashboard');
    expect(table.redirectFor('/')).toBeNull();
  });

  it('gives /staff to the staff portal', () => {
    expect(ownerOf('/staff')).toBe('staff');
    expect(table.isKnownRoute('/staff')).toBe(true);
  });

  it('gives /enrollment, its provider-login screens and the declination confirmation to enrollment', () => {
    for (const path of [
      '/enrollment',
      '/enrollment/practice-location',
      '/enrollment/membership-tier',
      '/declination-confirmation',
      '/declination-confirmation/abc-123',
      '/declination-confirmation/e%2F1',
      '/pay/return',
      '/billing/return',
    ]) {
      expect(ownerOf(path)).toBe('enrollment');
      expect(table.isKnownRoute(path)).toBe(true);
    }
    expect(ownerOf('/enrollment-auth')).toBe('identity');
    expect(table.isKnownRoute('/enrollment/unknown')).toBe(false);
    expect(table.isKnownRoute('/pay/other')).toBe(false);
  });

  it('sends /enrollment/auth to the enrollment sign-in redirect', () => {
    expect(table.redirectFor('/enrollment/auth')).toBe('/enrollment-auth');
    expect(table.isKnownRoute('/enrollment/auth')).toBe(true);
    expect(table.redirectFor('/enrollment')).toBeNull();
  });

  it("gives the spec's /login-old to identity (its login page)", () => {
    expect(table.isKnownRoute('/login-old')).toBe(true);
    expect(ownerOf('/login-old')).toBe('identity');
  });

  it('leaves everything else to the 404 view', () => {
    expect(table.isKnownRoute('/nope')).toBe(false);
    expect(table.isKnownRoute('/login/extra')).toBe(false);
    expect(table.isKnownRoute('/dashboard/extra')).toBe(false);
    expect(table.isKnownRoute('/login-old/extra')).toBe(false);
    expect(table.isKnownRoute('/declination-confirmation/a/b')).toBe(false);
    expect(ownerOf('/nope')).toBeNull();
  });

  it('picks the header variant by route', () => {
    expect(table.headerFor('/login')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(table.headerFor('/guest-login').title).toBe('Member Portal');
    expect(table.headerFor('/login-old')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(table.headerFor('/logout-confirmation')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(table.headerFor('/enrollment-auth')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(table.headerFor('/appointment-auth')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(table.headerFor('/')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(table.headerFor('/dashboard')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(table.headerFor('/appointments')).toEqual({ title: 'Book an Appointment', showUserStatus: true });
    expect(table.headerFor('/appointments/booking').title).toBe('Book an Appointment');
    expect(table.headerFor('/enrollment')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(table.headerFor('/enrollment/membership-tier').title).toBe('Member Enrollment');
    expect(table.headerFor('/enrollment/practice-location')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(table.headerFor('/declination-confirmation/abc')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(table.headerFor('/declination-confirmation')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(table.headerFor('/pay/return')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(table.headerFor('/billing/return')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(table.headerFor('/staff')).toEqual({ title: 'Staff Portal', showUserStatus: false });
    expect(table.headerFor('/no/such/page')).toEqual({ title: 'Member Portal', showUserStatus: false });
  });

  it('keeps a section’s header on the 404 view under it', () => {
    expect(table.headerFor('/enrollment/unknown')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(table.headerFor('/dashboard/extra')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(table.headerFor('/billing')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(table.headerFor('/staff/x')).toEqual({ title: 'Staff Portal', showUserStatus: false });
    expect(table.headerFor('/pay/other')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
  });
});

describe('languages by route', () => {
  it("are the staff portal's English on its pages (a route or its header area), every language elsewhere", () => {
    expect(table.languagesFor('/staff')).toEqual(['en-US']);
    expect(table.languagesFor('/staff/x')).toEqual(['en-US']);
    for (const path of ['/login', '/dashboard', '/appointments', '/enrollment', '/nowhere']) expect([path, table.languagesFor(path)]).toEqual([path, null]);
  });
});

const BOOKING: RouteHeader = { title: 'Book an Appointment', showUserStatus: true };

const withManifest = (remotes: readonly RemoteRoutes[], name: string, change: (manifest: RemoteManifest) => RemoteManifest): RemoteRoutes[] =>
  remotes.map((remote) => (remote.name === name ? { name, manifest: change(remote.manifest) } : remote));

describe('a route declared only in a remote’s manifest', () => {
  it('is routed to that remote, with its header, with no change to the shell', () => {
    expect(table.isKnownRoute('/staff/reports')).toBe(false);
    const changed = createRouteTable(
      withManifest(portal, 'staff', (manifest) => ({
        ...manifest,
        routes: [...manifest.routes, { path: '/staff/reports', header: { title: 'Staff Reports', showUserStatus: false } }],
      })),
    );
    expect(changed.ownerOf('/staff/reports')).toBe('staff');
    expect(changed.isKnownRoute('/staff/reports')).toBe(true);
    expect(changed.headerFor('/staff/reports')).toEqual({ title: 'Staff Reports', showUserStatus: false });
    // Everything else stays as it was.
    expect(changed.ownerOf('/staff')).toBe('staff');
    expect(changed.ownerOf('/login')).toBe('identity');
    expect(changed.isKnownRoute('/staff/other')).toBe(false);
  });

  it('of a new micro-frontend takes its paths and their header, over the header area another declared', () => {
    const booking: RemoteRoutes = {
      name: 'booking',
      manifest: {
        name: 'booking',
        routes: [
          { path: '/appointments', header: BOOKING },
          { path: '/appointments/booking', header: BOOKING },
          { path: '/appointments/practice-location', header: BOOKING },
        ],
        headerAreas: [{ under: '/appointments', header: { title: 'Appointments', showUserStatus: true } }],
      },
    };
    // Without the real booking remote: a new micro-frontend listed after the others.
    const withBooking = createRouteTable([...portal.filter((remote) => remote.name !== 'booking'), booking]);
    expect(withBooking.ownerOf('/appointments')).toBe('booking');
    expect(withBooking.ownerOf('/appointments/booking')).toBe('booking');
    expect(withBooking.headerFor('/appointments/practice-location')).toEqual(BOOKING);
    expect(withBooking.headerFor('/appointments/unknown').title).toBe('Appointments');
    expect(withBooking.conflicts).toEqual([]);
  });

  it('with a <param> matches one segment, and a final * one or more', () => {
    const help: RemoteRoutes = {
      name: 'help',
      manifest: {
        name: 'help',
        routes: [
          { path: '/help/topics/<topic>', header: DEFAULT_HEADER },
          { path: '/help/*', header: { title: 'Help', showUserStatus: true } },
          { path: '/help/contact', header: DEFAULT_HEADER },
        ],
      },
    };
    const withHelp = createRouteTable([...portal, help]);
    expect(withHelp.ownerOf('/help/topics/billing')).toBe('help');
    expect(withHelp.headerFor('/help/topics/billing')).toEqual(DEFAULT_HEADER);
    // Deeper than the pattern: the prefix takes it.
    expect(withHelp.headerFor('/help/topics/billing/more').title).toBe('Help');
    expect(withHelp.headerFor('/help/contact')).toEqual(DEFAULT_HEADER);
    expect(withHelp.headerFor('/help/anything/else').title).toBe('Help');
    expect(withHelp.isKnownRoute('/help')).toBe(false);
  });
});

describe('route precedence', () => {
  const remote = (name: string, paths: string[], extra: Partial<RemoteManifest> = {}): RemoteRoutes => ({
    name,
    manifest: { name, routes: paths.map((path) => ({ path, header: { title: name, showUserStatus: false } })), ...extra },
  });

  it('prefers an exact path over a pattern over a prefix, whatever the order of the remotes', () => {
    const routes = createRouteTable([remote('a', ['/x/*']), remote('b', ['/x/<id>']), remote('c', ['/x/new'])]);
    expect(routes.ownerOf('/x/new')).toBe('c');
    expect(routes.ownerOf('/x/42')).toBe('b');
    expect(routes.ownerOf('/x/42/edit')).toBe('a');
    expect(routes.ownerOf('/x')).toBeNull();
  });

  it('gives a path two remotes claim to the one listed first, and says so', () => {
    const routes = createRouteTable([remote('a', ['/same', '/p/<id>']), remote('b', ['/same', '/p/<key>', '/own'], { redirects: [{ from: '/old', to: '/own' }] }), remote('c', [], { redirects: [{ from: '/old', to: '/same' }] })]);
    expect(routes.ownerOf('/same')).toBe('a');
    expect(routes.ownerOf('/p/1')).toBe('a');
    expect(routes.ownerOf('/own')).toBe('b');
    expect(routes.redirectFor('/old')).toBe('/own');
    expect(routes.conflicts).toEqual([
      'b declares /same, which a already owns',
      'b declares /p/<key>, which a already owns',
      'c redirects /old, which another remote already redirects',
    ]);
  });

  it('is empty without remotes: every path is the 404 view under the default header', () => {
    const routes = createRouteTable([]);
    expect(routes.isKnownRoute('/')).toBe(false);
    expect(routes.headerFor('/dashboard')).toEqual(DEFAULT_HEADER);
    expect(routes.remotes).toEqual([]);
  });
});

/**
 * What the dashboard micro-frontend owns in the portal (docs/decisions/0016-remote-manifests.md):
 * the build emits this as manifest.json beside remoteEntry.js and the shell routes by it at run
 * time. A new route here needs no shell build.
 */
import type { RemoteManifest, RouteHeader } from '@portal/ui/remote-manifest.ts';

const DASHBOARD: RouteHeader = { title: 'Member Dashboard', showUserStatus: true };
/** The dashboard's first calls, started by the page itself (RouteDeclaration.data). */
const DASHBOARD_DATA = ['/api/auth/status', '/api/dashboard/subscription-status', '/api/dashboard/upcoming-appointments', '/api/config/practice'];

const manifest = {
  name: 'dashboard',
  routes: [
    // The root is the dashboard itself, not a redirect (signed-out visitors go to /login?return=/dashboard).
    { path: '/', header: DASHBOARD, data: DASHBOARD_DATA },
    { path: '/dashboard', header: DASHBOARD, data: DASHBOARD_DATA },
  ],
  headerAreas: [
    { under: '/dashboard', header: DASHBOARD },
  ],
} satisfies RemoteManifest;

export default manifest;

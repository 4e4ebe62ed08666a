/**
 * What the dashboard micro-frontend owns in the portal (docs/decisions/0016-remote-manifests.md):
 * the build emits this as manifest.json beside remoteEntry.js and the shell routes by it at run
 * time. A new route here needs no shell build. `translations`: the Spanish of each English text
 * here (the header's title), which the shell and the API look up (issue 26).
 */
import type { RemoteManifest, RouteHeader } from '@portal/client/remote-manifest.ts';

const DASHBOARD: RouteHeader = { title: 'Member Dashboard', showUserStatus: true };

const manifest = {
  name: 'dashboard',
  routes: [
    // The root is the dashboard itself, not a redirect (signed-out visitors go to /login?return=/dashboard).
    { path: '/', header: DASHBOARD },
    { path: '/dashboard', header: DASHBOARD },
  ],
  headerAreas: [
    { under: '/dashboard', header: DASHBOARD },
  ],
  translations: {
    'es-US': {
      'Member Dashboard': 'Panel del miembro',
    },
  },
} satisfies RemoteManifest;

export default manifest;

/**
 * What the staff micro-frontend owns in the portal (docs/decisions/0016-remote-manifests.md):
 * the build emits this as manifest.json beside remoteEntry.js and the shell routes by it at run
 * time. A new route here needs no shell build.
 */
import type { RemoteManifest, RouteHeader } from '@portal/client/remote-manifest.ts';
import type { Locale } from '@portal/contracts/locale.ts';

/** The staff portal stays English (issue 26): the page, and the shared catalogs its app pins (app.tsx). */
export const STAFF_LANGUAGE: Locale = 'en-US';

/** Staff have a session of their own: a patient's user status does not belong here. */
const STAFF: RouteHeader = { title: 'Staff Portal', showUserStatus: false };

const manifest = {
  name: 'staff',
  // The sign-in form is its own chunk (StaffPage.tsx): preloaded from the page for this path.
  routes: [{ path: '/staff', header: STAFF, chunk: 'staff-sign-in' }],
  headerAreas: [{ under: '/staff', header: STAFF }],
  // The API draws its page in English and the footer shows no language switch.
  languages: [STAFF_LANGUAGE],
} satisfies RemoteManifest;

export default manifest;

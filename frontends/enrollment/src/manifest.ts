/**
 * What the enrollment micro-frontend owns in the portal (docs/decisions/0016-remote-manifests.md):
 * the build emits this as manifest.json beside remoteEntry.js and the shell routes by it at run
 * time. A new route here needs no shell build. `translations`: the Spanish of each English text
 * here (the headers' titles), which the shell and the API look up (issue 26).
 */
import type { RemoteManifest, RouteHeader } from '@portal/client/remote-manifest.ts';

const ENROLLMENT: RouteHeader = { title: 'Member Enrollment', showUserStatus: true };
/** The card provider's billing portal returns members to their dashboard's part of the portal. */
const DASHBOARD: RouteHeader = { title: 'Member Dashboard', showUserStatus: true };

const manifest = {
  name: 'enrollment',
  routes: [
    // The provider-login path; signed-in users go on to the location step, ?id=&step=signature signs.
    { path: '/enrollment', header: ENROLLMENT, chunk: 'enrollment-start' },
    { path: '/enrollment/practice-location', header: ENROLLMENT, chunk: 'enrollment-practice-location' },
    { path: '/enrollment/membership-tier', header: ENROLLMENT, chunk: 'enrollment-membership-tier' },
    { path: '/declination-confirmation', header: ENROLLMENT },
    { path: '/declination-confirmation/<enrollmentId>', header: ENROLLMENT },
    // The card provider's returns: 3-D Secure and the billing portal.
    { path: '/pay/return', header: ENROLLMENT },
    { path: '/billing/return', header: DASHBOARD },
  ],
  // A tier screen error sends people to /enrollment/auth (enrollment-and-payment §2): identity's
  // /enrollment-auth redirect.
  redirects: [{ from: '/enrollment/auth', to: '/enrollment-auth' }],
  headerAreas: [
    { under: '/enrollment', header: ENROLLMENT },
    { under: '/declination-confirmation', header: ENROLLMENT },
    { under: '/pay', header: ENROLLMENT },
    { under: '/billing', header: DASHBOARD },
  ],
  translations: {
    'es-US': {
      'Member Enrollment': 'Inscripción de miembros',
      'Member Dashboard': 'Panel del miembro',
    },
  },
} satisfies RemoteManifest;

export default manifest;

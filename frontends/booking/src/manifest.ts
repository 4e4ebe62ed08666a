/**
 * What the booking micro-frontend owns in the portal (docs/decisions/0016-remote-manifests.md):
 * the build emits this as manifest.json beside remoteEntry.js and the shell routes by it at run
 * time. A new route here needs no shell build. `translations`: the Spanish of each English text
 * here (header titles, first paint), which the shell and the API look up (issue 26).
 */
import type { FirstPaint, RemoteManifest, RouteHeader } from '@portal/client/remote-manifest.ts';
import { RESCHEDULE_PARAM } from '@portal/client/appointments-contract.ts';
import { EARLIER_TITLE, MANIFEST_SPANISH, PAGE_DESCRIPTION, PAGE_TITLE } from './messages.ts';

const BOOKING: RouteHeader = { title: PAGE_TITLE, showUserStatus: true };
/** The booking screen's header, drawn in the page's HTML for members and guests alike (a reschedule has its own words). */
const BOOKING_FIRST_PAINT: FirstPaint = { title: PAGE_TITLE, description: PAGE_DESCRIPTION, backLink: true, unlessQuery: [RESCHEDULE_PARAM] };

const manifest = {
  name: 'booking',
  routes: [
    // booking-dashboard-staff §2: /appointments and /appointments/booking are the same screen.
    { path: '/appointments', header: BOOKING, firstPaint: BOOKING_FIRST_PAINT },
    { path: '/appointments/booking', header: BOOKING, firstPaint: BOOKING_FIRST_PAINT },
    // The practice location screen of the appointments flow; Continue reads 'Select Provider & Time'.
    { path: '/appointments/practice-location', header: BOOKING },
    // The earlier-slot offer a waitlisted member opens from the email (issue 13).
    { path: '/appointments/earlier-slot', header: { title: EARLIER_TITLE, showUserStatus: true } },
  ],
  headerAreas: [{ under: '/appointments', header: BOOKING }],
  translations: { 'es-US': MANIFEST_SPANISH },
} satisfies RemoteManifest;

export default manifest;

/** The paths the booking micro-frontend draws (its router and the standalone page). */
export const BOOKING_PATHS: readonly string[] = manifest.routes.map((route) => route.path);

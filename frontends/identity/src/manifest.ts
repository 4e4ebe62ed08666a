/**
 * What the identity micro-frontend owns in the portal (docs/decisions/0016-remote-manifests.md):
 * the build emits this as manifest.json beside remoteEntry.js and the shell routes by it at run
 * time. A new route here needs no shell build.
 */
import type { FirstPaint, RemoteManifest, RouteHeader } from '@portal/client/remote-manifest.ts';

/** Sign-in pages and the pages around signing in and out show no patient user status. */
const SIGN_IN: RouteHeader = { title: 'Member Portal', showUserStatus: false };

/** GuestLoginPage's header, drawn in the page's HTML before JavaScript (shell's first-paint.e2e.ts keeps the two the same). */
const GUEST_LOGIN_FIRST_PAINT: FirstPaint = {
  title: 'Guest Verification',
  description: 'Verify your email address and your mobile phone number to continue as a guest.',
  column: 'auth',
  backLink: true,
  // A signed-in visitor is sent to the dashboard.
  signedIn: false,
};

const manifest = {
  name: 'identity',
  routes: [
    { path: '/login', header: SIGN_IN },
    // The guest forms are their own chunk (IdentityRoot.tsx): preloaded from the page for this path.
    { path: '/guest-login', header: SIGN_IN, chunk: 'guest-login', firstPaint: GUEST_LOGIN_FIRST_PAINT },
    // The legacy login address (booking-dashboard-staff §2): the same login page.
    { path: '/login-old', header: SIGN_IN },
    { path: '/logout-confirmation', header: SIGN_IN },
    // 'Redirecting to login...', then /login?return=/enrollment or /login?return=/appointments.
    { path: '/enrollment-auth', header: SIGN_IN },
    { path: '/appointment-auth', header: SIGN_IN },
  ],
  // Spanish for each English text above (issue 26): the shell's header and the API's first paint
  // look them up; the same words as src/messages/es.json.
  translations: {
    'es-US': {
      'Member Portal': 'Portal para miembros',
      'Guest Verification': 'Verificación de invitado',
      'Verify your email address and your mobile phone number to continue as a guest.':
        'Verifique su correo electrónico y su número de teléfono celular para continuar como invitado.',
    },
  },
} satisfies RemoteManifest;

export default manifest;

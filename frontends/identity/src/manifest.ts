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

/**
 * LoginPage's hero (LoginHero), drawn in the page's HTML before JavaScript where the page stacks (a
 * phone): its words are the page's largest (decision 0047). Also on the auth redirects, which show
 * it beside 'Redirecting to login...' and lead to /login. Not for a visitor with a session (sent
 * on), nor when the query puts a notice above it.
 */
const LOGIN_FIRST_PAINT: FirstPaint = {
  title: 'Welcome to the Member Portal',
  lead: 'Personal primary care for Rhode Island families, close to home.',
  description: 'Enroll in a membership, book and manage appointments, and reach our members-only nurse line, all in one place.',
  column: 'hero',
  unlessQuery: ['auth', 'logout', 'message'],
  signedIn: false,
};

/** LogoutConfirmationPage's message, drawn in the page's HTML before JavaScript (decision 0047). */
const SIGNED_OUT_FIRST_PAINT: FirstPaint = {
  title: 'Signed Out Successfully',
  description: 'You have left the Member Portal. If you are on a shared or public device, close this browser window.',
  column: 'empty',
};

const manifest = {
  name: 'identity',
  routes: [
    { path: '/login', header: SIGN_IN, firstPaint: LOGIN_FIRST_PAINT },
    // The guest forms are their own chunk (IdentityRoot.tsx): preloaded from the page for this path.
    { path: '/guest-login', header: SIGN_IN, chunk: 'guest-login', firstPaint: GUEST_LOGIN_FIRST_PAINT },
    // The legacy login address (booking-dashboard-staff §2): the same login page.
    { path: '/login-old', header: SIGN_IN, firstPaint: LOGIN_FIRST_PAINT },
    { path: '/logout-confirmation', header: SIGN_IN, firstPaint: SIGNED_OUT_FIRST_PAINT },
    // 'Redirecting to login...', then /login?return=/enrollment or /login?return=/appointments.
    { path: '/enrollment-auth', header: SIGN_IN, firstPaint: LOGIN_FIRST_PAINT },
    { path: '/appointment-auth', header: SIGN_IN, firstPaint: LOGIN_FIRST_PAINT },
  ],
  // Spanish for each English text above (issue 26): the shell's header and the API's first paint
  // look them up; the same words as src/messages/es.json.
  translations: {
    'es-US': {
      'Member Portal': 'Portal para miembros',
      'Welcome to the Member Portal': 'Le damos la bienvenida al Portal para miembros',
      'Personal primary care for Rhode Island families, close to home.':
        'Atención primaria personal para las familias de Rhode Island, cerca de casa.',
      'Enroll in a membership, book and manage appointments, and reach our members-only nurse line, all in one place.':
        'Inscríbase en una membresía, reserve y administre sus citas, y comuníquese con nuestra línea de enfermería exclusiva para miembros, todo en un solo lugar.',
      'Guest Verification': 'Verificación de invitado',
      'Signed Out Successfully': 'Cerró sesión correctamente',
      'You have left the Member Portal. If you are on a shared or public device, close this browser window.':
        'Salió del Portal para miembros. Si usa un dispositivo compartido o público, cierre esta ventana del navegador.',
      'Verify your email address and your mobile phone number to continue as a guest.':
        'Verifique su correo electrónico y su número de teléfono celular para continuar como invitado.',
    },
  },
} satisfies RemoteManifest;

export default manifest;

/**
 * Runs the booking micro-frontend on its own page, with its own single-spa and QueryClient,
 * for working on it without the shell: `npm run start:standalone -w @portal/booking`, then
 * serve frontends/booking/dist with any static server that falls back to index.html (and
 * proxies /api to the API).
 */
import '@portal/ui/styles.css';
import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';
import { ToastHost } from '@portal/ui';
import { createPortalQueryClient, listenForSessionCleanup, normalizePath } from '@portal/client';
import type { PortalCustomProps } from '@portal/client';
import { BOOKING_PATHS } from './manifest.ts';

const main = document.getElementById('portal-main') ?? document.body;
const queryClient = createPortalQueryClient();
listenForSessionCleanup(queryClient);
const customProps: PortalCustomProps = { queryClient, domElementGetter: () => main };

if (window.location.pathname.endsWith('.html')) {
  window.history.replaceState(null, '', '/appointments');
}

const overlays = document.getElementById('portal-overlays');
if (overlays) createRoot(overlays).render(<ToastHost />);

registerApplication({
  name: 'booking',
  app: () => import('./app.tsx'),
  activeWhen: (location) => BOOKING_PATHS.includes(normalizePath(location.pathname)),
  customProps,
});

start({ urlRerouteOnly: true });

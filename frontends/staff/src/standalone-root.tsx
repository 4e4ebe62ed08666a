/**
 * Runs the staff micro-frontend on its own page, with its own single-spa and QueryClient, for
 * working on it without the shell: `npm run start:standalone -w @portal/staff`, then serve
 * frontends/staff/dist with any static server that falls back to index.html (and proxies /api to
 * the API).
 */
import '@portal/ui/styles.css';
import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';
import { ToastHost } from '@portal/ui';
import { createPortalQueryClient, listenForSessionCleanup, normalizePath } from '@portal/client';
import type { PortalCustomProps } from '@portal/client';

const main = document.getElementById('portal-main') ?? document.body;
const queryClient = createPortalQueryClient();
listenForSessionCleanup(queryClient);
const customProps: PortalCustomProps = { queryClient, domElementGetter: () => main };

if (normalizePath(window.location.pathname) === '/' || window.location.pathname.endsWith('.html')) {
  window.history.replaceState(null, '', '/staff');
}

const overlays = document.getElementById('portal-overlays');
if (overlays) createRoot(overlays).render(<ToastHost />);

registerApplication({
  name: 'staff',
  app: () => import('./app.tsx'),
  activeWhen: (location) => normalizePath(location.pathname) === '/staff',
  customProps,
});

start({ urlRerouteOnly: true });

/**
 * The single-spa root config: draws the shell (header, footer, toasts), registers every
 * micro-frontend from the route table, loads each one from its remote URL on first use, and shows
 * the 404 view on paths nobody owns.
 */
import '@portal/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addErrorHandler, registerApplication, start } from 'single-spa';
import type { LifeCycles } from 'single-spa';
import { createPortalQueryClient, normalizePath } from '@portal/ui';
import type { PortalCustomProps } from '@portal/ui';
import { appContainer } from './apps/app-container.ts';
import { NotFound } from './apps/NotFound.tsx';
import { reactLifecycles } from './apps/react-lifecycles.tsx';
import { RemoteLoadError } from './apps/RemoteLoadError.tsx';
import { Chrome } from './chrome/Chrome.tsx';

import { setLoadingRemote } from './remote-status.ts';
import { loadRemoteModule } from './remotes.ts';
import { MICRO_FRONTENDS, isActiveFor, isKnownRoute, redirectFor } from './routes.ts';

const NOT_FOUND_APP = 'not-found';

const element = (id: string): HTMLElement => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The shell's page has no #${id}`);
  return found;
};

const queryClient = createPortalQueryClient();

createRoot(element('portal-overlays')).render(
  <StrictMode>
    <Chrome
      queryClient={queryClient}
      targets={{ header: element('portal-header'), footer: element('portal-footer'), status: element('portal-status') }}
    />
  </StrictMode>,
);

const isLifecycleFn = (value: unknown): boolean =>
  typeof value === 'function' || (Array.isArray(value) && value.every((item) => typeof item === 'function'));

const isLifecycles = (value: unknown): value is LifeCycles =>
  typeof value === 'object' &&
  value !== null &&
  ['bootstrap', 'mount', 'unmount'].every((name) => isLifecycleFn((value as Record<string, unknown>)[name]));

/** A micro-frontend's lifecycles, or an error view in its place when it cannot be loaded. */
const loadMicroFrontend = async (name: string): Promise<LifeCycles> => {
  setLoadingRemote(name);
  try {
    const exposed = await loadRemoteModule(name, './app');
    if (!isLifecycles(exposed)) throw new Error(`The ${name} micro-frontend does not export bootstrap, mount and unmount`);
    return exposed;
  } catch (error) {
    console.error(`The ${name} micro-frontend could not be loaded`, error);
    setLoadingRemote(null);
    return reactLifecycles(name, () => <RemoteLoadError />);
  }
};

for (const route of MICRO_FRONTENDS) {
  const customProps: PortalCustomProps = { queryClient, domElementGetter: () => appContainer(route.name) };
  registerApplication({
    name: route.name,
    app: () => loadMicroFrontend(route.name),
    activeWhen: (location) => isActiveFor(route, normalizePath(location.pathname)),
    customProps,
  });
}

registerApplication({
  name: NOT_FOUND_APP,
  app: async () => reactLifecycles(NOT_FOUND_APP, () => <NotFound />),
  activeWhen: (location) => !isKnownRoute(normalizePath(location.pathname)),
});

// A micro-frontend that throws while mounting is replaced by the error view, not a blank page.
const brokenRoots = new Set<string>();
addErrorHandler((error) => {
  console.error(error);
  const name = error.appOrParcelName;
  if (!MICRO_FRONTENDS.some((route) => route.name === name) || brokenRoots.has(name)) return;
  brokenRoots.add(name);
  setLoadingRemote(null);
  const container = appContainer(name);
  container.replaceChildren();
  createRoot(container).render(<RemoteLoadError />);
});

/** Redirects of the route table (REDIRECTS), keeping the query string. */
const applyRedirect = (): void => {
  const target = redirectFor(normalizePath(window.location.pathname));
  if (target) window.history.replaceState(window.history.state, '', `${target}${window.location.search}${window.location.hash}`);
};
applyRedirect();
window.addEventListener('single-spa:before-routing-event', applyRedirect);

// After a client-side navigation: start at the top and move focus to the new page's heading,
// so keyboard and screen-reader users hear where they are.
let lastPathname = window.location.pathname;
window.addEventListener('single-spa:routing-event', () => {
  setLoadingRemote(null);
  const { pathname } = window.location;
  if (pathname === lastPathname) return;
  lastPathname = pathname;
  window.scrollTo(0, 0);
  const main = element('portal-main');
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  (heading ?? main).focus({ preventScroll: true });
});

start({ urlRerouteOnly: true });

/**
 * The single-spa root config: reads the micro-frontends and their manifests (/remotes.js, else
 * manifest.json beside each remoteEntry.js), builds the route table from them, draws the shell
 * (header, footer, toasts), registers every micro-frontend, loads each one from its remote URL on
 * first use, and shows the 404 view on paths nobody owns.
 */
import '@portal/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addErrorHandler, registerApplication, start } from 'single-spa';
import type { LifeCycles } from 'single-spa';
import { createPortalQueryClient, normalizePath } from '@portal/client';
import { currentNavigationKey } from '@portal/client/navigation.ts';
import type { PortalCustomProps } from '@portal/client';
import { appContainer } from './apps/app-container.ts';
import { reactLifecycles } from './apps/react-lifecycles.tsx';
import { loadErrorView } from './apps/error-view.tsx';
import { Chrome } from './chrome/Chrome.tsx';
import { removePrerendered } from './chrome/prerendered.ts';
import { withWords } from './chrome/lazy-or.ts';
import { isSpanish, loadChromeText } from './chrome/chrome-text.ts';

import { setLoadingRemote } from './remote-status.ts';
import { loadManifests, loadRemoteModule, readRemoteEntries } from './remotes.ts';
import type { RemoteEntry } from './remotes.ts';
import { createRouteTable } from './routes.ts';

const NOT_FOUND_APP = 'not-found';

const element = (id: string): HTMLElement => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The shell's page has no #${id}`);
  return found;
};

const queryClient = createPortalQueryClient();

const isLifecycleFn = (value: unknown): boolean =>
  typeof value === 'function' || (Array.isArray(value) && value.every((item) => typeof item === 'function'));

const isLifecycles = (value: unknown): value is LifeCycles =>
  typeof value === 'object' &&
  value !== null &&
  ['bootstrap', 'mount', 'unmount'].every((name) => isLifecycleFn((value as Record<string, unknown>)[name]));

/** A micro-frontend's lifecycles, or an error view in its place when it cannot be loaded. */
const loadMicroFrontend = async (remote: RemoteEntry): Promise<LifeCycles> => {
  setLoadingRemote(remote.name);
  try {
    const exposed = await loadRemoteModule(remote, './app');
    if (!isLifecycles(exposed)) throw new Error(`The ${remote.name} micro-frontend does not export bootstrap, mount and unmount`);
    return exposed;
  } catch (error) {
    console.error(`The ${remote.name} micro-frontend could not be loaded`, error);
    setLoadingRemote(null);
    const RemoteLoadError = await loadErrorView();
    return reactLifecycles(remote.name, () => <RemoteLoadError />);
  }
};

const startPortal = async (): Promise<void> => {
  const entries = readRemoteEntries(window.__PORTAL_REMOTES__);
  if (entries === null) console.error('/remotes.js did not run: the portal does not know its micro-frontends');
  const { remotes, failed } = await loadManifests(entries ?? [], { fetch: window.fetch.bind(window), base: window.location.href });
  const routes = createRouteTable(remotes);
  // The chrome's first render is in the page's language (a Spanish page waits for the shell's
  // Spanish, preloaded by the API) and it is drawn again when the language changes (issue 26).
  // The micro-frontends do not wait for it: they load their own words meanwhile.
  const inLanguage = (tag: unknown): Promise<void> => loadChromeText(isSpanish(tag)).catch(console.error);
  const firstWords = inLanguage(document.documentElement.lang);
  for (const conflict of routes.conflicts) console.warn(`Route table: ${conflict}`);
  // A path nobody claims is the 404 view, unless some micro-frontend's routes are unknown: it may be one of them.
  const routesIncomplete = entries === null || failed.length > 0;

  const chrome = createRoot(element('portal-overlays'));
  const targets = { header: element('portal-header'), footer: element('portal-footer'), status: element('portal-status') };
  const drawChrome = (): void =>
    chrome.render(
      <StrictMode>
        <Chrome queryClient={queryClient} routes={routes} targets={targets} />
      </StrictMode>,
    );
  void firstWords.then(() => {
    drawChrome();
    window.addEventListener('portal:locale', (event) => void inLanguage((event as CustomEvent<unknown>).detail).then(drawChrome));
  });

  for (const remote of entries ?? []) {
    if (!routes.remotes.includes(remote.name)) continue;
    const customProps: PortalCustomProps = { queryClient, domElementGetter: () => appContainer(remote.name) };
    registerApplication({
      name: remote.name,
      app: () => loadMicroFrontend(remote),
      activeWhen: (location) => routes.ownerOf(normalizePath(location.pathname)) === remote.name,
      customProps,
    });
  }

  registerApplication({
    name: NOT_FOUND_APP,
    app: async () => {
      // The 404 view is rare: a chunk of its own.
      const NotFound = routesIncomplete ? await loadErrorView() : (await withWords(import('./apps/NotFound.tsx'))).NotFound;
      return reactLifecycles(NOT_FOUND_APP, () => <NotFound />);
    },
    activeWhen: (location) => !routes.isKnownRoute(normalizePath(location.pathname)),
  });

  // A micro-frontend that throws while mounting is replaced by the error view, not a blank page.
  const brokenRoots = new Set<string>();
  addErrorHandler((error) => {
    console.error(error);
    const name = error.appOrParcelName;
    if (!routes.remotes.includes(name) || brokenRoots.has(name)) return;
    brokenRoots.add(name);
    setLoadingRemote(null);
    void loadErrorView().then((RemoteLoadError) => {
      const container = appContainer(name);
      container.replaceChildren();
      createRoot(container).render(<RemoteLoadError />);
    });
  });

  /** Redirects the manifests declare, keeping the query string. */
  const applyRedirect = (): void => {
    const target = routes.redirectFor(normalizePath(window.location.pathname));
    if (target) window.history.replaceState(window.history.state, '', `${target}${window.location.search}${window.location.hash}`);
  };
  applyRedirect();
  window.addEventListener('single-spa:before-routing-event', applyRedirect);

  // After a client-side navigation (to the page already shown too, which starts it again: a new
  // navigation key, decision 0050): start at the top and move focus to the new page's heading, so
  // keyboard and screen-reader users hear where they are.
  const visit = (): string => `${window.location.pathname}#${currentNavigationKey()}`;
  let lastVisit = visit();
  window.addEventListener('single-spa:routing-event', () => {
    setLoadingRemote(null);
    // The first page has mounted: index.html's page skeleton goes.
    removePrerendered(element('portal-main'));
    const current = visit();
    if (current === lastVisit) return;
    lastVisit = current;
    window.scrollTo(0, 0);
    const main = element('portal-main');
    let focused: HTMLElement | null = null;
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      focused = heading;
      return true;
    };
    if (!focusHeading()) main.focus({ preventScroll: true });
    // The page's screen may still be downloading (a chunk of its own), or its heading may be
    // drawn anew (a screen that starts again): focus its heading when it arrives, unless the
    // user has moved on.
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      const ours = active === main || ((active === null || active === document.body) && focused !== null && !focused.isConnected);
      if (!ours || (focusHeading() && focused?.isConnected)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    window.setTimeout(() => observer.disconnect(), 10_000);
  });

  start({ urlRerouteOnly: true });
};

startPortal().catch((error: unknown) => {
  console.error('The portal shell failed to start', error);
});

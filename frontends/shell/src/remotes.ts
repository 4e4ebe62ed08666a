/**
 * Loads micro-frontends at run time. Each remote's remoteEntry.js URL comes from
 * window.__PORTAL_REMOTES__ (set by /remotes.js, which the API serves), else
 * /remotes/<name>/remoteEntry.js, so every micro-frontend can be deployed and moved on its own.
 */

// Provided by webpack's module federation runtime in the host build.
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

interface RemoteContainer {
  init: (shareScope: unknown) => void | Promise<void>;
  get: (module: string) => Promise<() => unknown>;
}

/** A remote that has not loaded after this long counts as failed. */
export const REMOTE_LOAD_TIMEOUT_MS = 30_000;

export const defaultRemoteUrl = (name: string): string => `/remotes/${name}/remoteEntry.js`;

export const remoteUrl = (name: string): string => {
  const configured = window.__PORTAL_REMOTES__;
  const url = configured && typeof configured === 'object' ? configured[name] : undefined;
  return typeof url === 'string' && url.trim() !== '' ? url : defaultRemoteUrl(name);
};

/** The global a remote's container is published under; must match webpack.config.base.js. */
const containerGlobal = (name: string): string => `portal_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;

const isContainer = (value: unknown): value is RemoteContainer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<RemoteContainer>).init === 'function' &&
  typeof (value as Partial<RemoteContainer>).get === 'function';

const loadScript = (url: string, name: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => {
      script.remove();
      reject(new Error(`Timed out loading the ${name} micro-frontend from ${url}`));
    }, REMOTE_LOAD_TIMEOUT_MS);
    script.src = url;
    script.async = true;
    script.dataset.portalRemote = name;
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      reject(new Error(`Could not load the ${name} micro-frontend from ${url}`));
    };
    document.head.append(script);
  });

const containers = new Map<string, Promise<RemoteContainer>>();

const loadContainer = (name: string): Promise<RemoteContainer> => {
  const cached = containers.get(name);
  if (cached) return cached;
  const loading = (async () => {
    const url = remoteUrl(name);
    await loadScript(url, name);
    const container: unknown = (window as unknown as Record<string, unknown>)[containerGlobal(name)];
    if (!isContainer(container)) throw new Error(`${url} did not define the ${name} container`);
    // Register the host's shared modules, then let the remote add its own and pick the
    // singletons: one react, react-dom, react-query and single-spa for the whole page.
    await __webpack_init_sharing__('default');
    await container.init(__webpack_share_scopes__.default);
    return container;
  })();
  containers.set(name, loading);
  // A failed load may be tried again on a later navigation.
  loading.catch(() => containers.delete(name));
  return loading;
};

/** The module a remote exposes ('./app' holds its single-spa lifecycles). */
export const loadRemoteModule = async (name: string, module = './app'): Promise<unknown> => {
  const container = await loadContainer(name);
  const factory = await container.get(module);
  return factory();
};

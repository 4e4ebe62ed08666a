/**
 * Loads micro-frontends at run time. /remotes.js (served by the API) lists them before the shell
 * runs: `window.__PORTAL_REMOTES__ = { identity: { url, manifest }, ... }`. Each one's
 * remoteEntry.js is loaded on the first visit of one of its routes; its manifest (the routes it
 * owns) comes folded into /remotes.js, else from manifest.json beside its remoteEntry.js, fetched
 * at start. So every micro-frontend can be deployed, moved and given new routes on its own
 * (docs/decisions/0003-module-federation.md, 0016-remote-manifests.md).
 */
import type { RemoteManifest } from '@portal/client/remote-manifest.ts';
import type { RemoteRoutes } from './routes.ts';

/** One micro-frontend as /remotes.js lists it. */
export interface RemoteEntry {
  readonly name: string;
  /** Its remoteEntry.js: absolute, or a path on the shell's origin. */
  readonly url: string;
  /** Its manifest as the API folded it in; when absent, manifest.json beside `url` is fetched. */
  readonly manifest?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The micro-frontends window.__PORTAL_REMOTES__ lists, in its order, or null when /remotes.js did
 * not run. A value may be the remoteEntry.js URL alone (the manifest is then fetched) or
 * `{ url, manifest? }`; anything else is left out with a console error.
 */
export const readRemoteEntries = (config: unknown): RemoteEntry[] | null => {
  if (!isRecord(config)) return null;
  const entries: RemoteEntry[] = [];
  for (const [name, value] of Object.entries(config)) {
    const url = typeof value === 'string' ? value : isRecord(value) ? value.url : undefined;
    if (typeof url !== 'string' || url.trim() === '' || !/^[a-z][a-z0-9-]*$/.test(name)) {
      console.error(`/remotes.js: the entry for '${name}' is not {url, manifest?}; left out`);
      continue;
    }
    entries.push(isRecord(value) && value.manifest !== undefined ? { name, url, manifest: value.manifest } : { name, url });
  }
  return entries;
};

/** Where a remote's manifest.json is: beside its remoteEntry.js. */
export const manifestUrlFor = (remoteEntryUrl: string, base: string): string => new URL('manifest.json', new URL(remoteEntryUrl, base)).href;

/** A manifest that has not arrived after this long counts as failed (the first screen waits for it). */
export const MANIFEST_TIMEOUT_MS = 8_000;

export interface LoadedManifests {
  readonly remotes: RemoteRoutes[];
  /** Remotes whose manifest could not be read: their routes are unknown. */
  readonly failed: string[];
}

export interface ManifestLoadOptions {
  readonly fetch: typeof fetch;
  /** The page's URL, against which relative remote URLs resolve. */
  readonly base: string;
  readonly timeoutMs?: number;
}

const fetchManifest = async (entry: RemoteEntry, { fetch, base, timeoutMs = MANIFEST_TIMEOUT_MS }: ManifestLoadOptions): Promise<unknown> => {
  const url = manifestUrlFor(entry.url, base);
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};

/**
 * A manifest the API folded into /remotes.js as the build wrote it: manifest.json is what the
 * build's parseBuiltManifest checked and completed (every list present), so the first load takes it
 * as it is and carries no checker (the 100 KB budget, issue 26). Null for anything else.
 */
const asBuilt = (raw: unknown, name: string): RemoteManifest | null =>
  isRecord(raw) && raw.name === name && Array.isArray(raw.routes) && Array.isArray(raw.redirects) && Array.isArray(raw.headerAreas) ? (raw as unknown as RemoteManifest) : null;

/**
 * Every remote's manifest, checked, in the order of `entries`: the folded ones at once, the others
 * fetched in parallel. A remote whose manifest is missing, invalid or named otherwise is reported
 * in `failed` and left out of the route table.
 */
export const loadManifests = async (entries: readonly RemoteEntry[], options: ManifestLoadOptions): Promise<LoadedManifests> => {
  const results = await Promise.all(
    entries.map(async (entry): Promise<RemoteRoutes | null> => {
      try {
        const built = entry.manifest === undefined ? null : asBuilt(entry.manifest, entry.name);
        if (built) return { name: entry.name, manifest: built };
        const raw = entry.manifest !== undefined ? entry.manifest : await fetchManifest(entry, options);
        // Anything else is checked here: the checker is a chunk of its own, needed only then.
        const { parseRemoteManifest } = await import('@portal/client/remote-manifest.ts');
        const parsed = parseRemoteManifest(raw);
        if (!parsed.ok) throw new Error(parsed.errors.join('; '));
        if (parsed.manifest.name !== entry.name) throw new Error(`it is the manifest of '${parsed.manifest.name}'`);
        return { name: entry.name, manifest: parsed.manifest };
      } catch (error) {
        console.error(`The ${entry.name} micro-frontend's manifest could not be read, so its routes are unknown`, error);
        return null;
      }
    }),
  );
  return {
    remotes: results.filter((result): result is RemoteRoutes => result !== null),
    failed: entries.filter((_, index) => results[index] === null).map((entry) => entry.name),
  };
};

// Provided by webpack's module federation runtime in the host build.
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

interface RemoteContainer {
  init: (shareScope: unknown) => void | Promise<void>;
  get: (module: string) => Promise<() => unknown>;
}

/** A remote that has not loaded after this long counts as failed. */
export const REMOTE_LOAD_TIMEOUT_MS = 30_000;

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

const loadContainer = ({ name, url }: RemoteEntry): Promise<RemoteContainer> => {
  const cached = containers.get(name);
  if (cached) return cached;
  const loading = (async () => {
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
export const loadRemoteModule = async (remote: RemoteEntry, module = './app'): Promise<unknown> => {
  const container = await loadContainer(remote);
  const factory = await container.get(module);
  return factory();
};

/**
 * Stands in for frontends/shell/src/remotes.ts in the single-bundle build (webpack.config.js
 * swaps it in for the shell's './remotes.ts'): the shell's own bootstrap.tsx then runs unchanged
 * (same route table, chrome, single-spa registration, error handling), but the micro-frontends
 * are modules of this one bundle instead of module federation remotes loaded from a URL.
 *
 * The route table gets every micro-frontend's manifest, as the composed page gets them inline
 * from the API, in the same (name) order. Only identity and booking are in the bundle: the pages
 * compared are /login and /appointments; another micro-frontend's route would show the shell's
 * 'could not be loaded' view here.
 */
import { loadManifests } from '../../../../frontends/shell/src/remotes.ts';
import type { RemoteEntry } from '../../../../frontends/shell/src/remotes.ts';
import bookingManifest from '../../../../frontends/booking/src/manifest.ts';
import dashboardManifest from '../../../../frontends/dashboard/src/manifest.ts';
import enrollmentManifest from '../../../../frontends/enrollment/src/manifest.ts';
import identityManifest from '../../../../frontends/identity/src/manifest.ts';
import staffManifest from '../../../../frontends/staff/src/manifest.ts';
import * as bookingApp from '../../../../frontends/booking/src/app.tsx';
import * as identityApp from '../../../../frontends/identity/src/app.tsx';

export type { RemoteEntry };
export { loadManifests };

const MANIFESTS: Readonly<Record<string, unknown>> = {
  booking: bookingManifest,
  dashboard: dashboardManifest,
  enrollment: enrollmentManifest,
  identity: identityManifest,
  staff: staffManifest,
};

const APPS: Readonly<Record<string, unknown>> = { booking: bookingApp, identity: identityApp };

/** Every micro-frontend with its manifest, whatever /remotes.js says (the single page has none). */
export const readRemoteEntries = (_config: unknown): RemoteEntry[] =>
  Object.entries(MANIFESTS).map(([name, manifest]) => ({ name, url: `bundled:${name}`, manifest }));

/** The micro-frontend's './app' module from this bundle: no script to load, no share scope. */
export const loadRemoteModule = async (remote: RemoteEntry, module = './app'): Promise<unknown> => {
  const app = APPS[remote.name];
  if (module !== './app' || app === undefined) throw new Error(`${remote.name} ${module} is not in the single bundle`);
  return app;
};

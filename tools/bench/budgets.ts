/**
 * The size budgets of issue 15, in gzip bytes (KB = 1,000 bytes, the unit the figures
 * use), as measured by the build (tools/src/build-frontends.ts, each bundle's dist/load.json).
 * Read by `npm run bench -- bundles` and by the budget test (budgets.e2e.ts), which asserts every
 * one of them (they all hold since the bundle splitting of decision 0034).
 */
import type { LoadSize } from '../src/build-frontends.ts';

export const KB = 1_000;

export const BUDGETS = {
  /** The shell's initial JS with react, react-dom, TanStack Query, single-spa and the federation runtime. */
  shellInitialJs: 100 * KB,
  /** Each remote's remoteEntry.js. */
  remoteEntry: 5 * KB,
  /** Each remote's first chunk: the JS its exposed module loads before it renders (without remoteEntry.js). */
  remoteFirstChunk: 30 * KB,
  /** The whole booking route: the shell's initial JS and all of the booking remote's own JS. */
  bookingRoute: 170 * KB,
} as const;

export const REMOTES = ['identity', 'dashboard', 'staff', 'enrollment', 'booking'] as const;

/** The booking route's JS, gzipped: the shell's initial JS plus the booking remote's initial and lazy JS. */
export const bookingRouteGzip = (shell: LoadSize, booking: LoadSize): number => shell.jsGzipBytes + booking.jsGzipBytes + booking.lazyJsGzipBytes;

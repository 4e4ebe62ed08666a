/**
 * `npm run bench -- <benchmark> [options]`: the benchmarks of issue 15, each printing its figures
 * with the baseline measured in the same run and the ratio, and writing its rows into
 * docs/performance.md (tools/bench/report.ts). Without a name, all of them, one after the other.
 *
 *   bundles     sizes from a production build against the budgets      [--no-build]
 *   api         autocannon: the API against a bare Koa app             [--duration=10 --rounds=3 --profile]
 *   booking-api POST …/book through the API at a fixed 1,000/s vs bare Koa [--duration=3 --profile]
 *   booking     booking attempts against PostgreSQL vs raw pg            [--duration=10 --rounds=3]
 *   orm         the booking screens' PostgreSQL reads: repository vs raw pg [--duration=5 --rounds=3]
 *   lighthouse  Lighthouse 13, mobile defaults, Debian's Chromium       [--runs=3 --pages=/login,… --locales=en-US,es-US]
 *               (each page in English and in Spanish by default; --locale=es-US for Spanish alone)
 *   federation  Lighthouse LCP: composed portal vs one bundle           [--runs=3 --no-build]
 *
 * Benchmarks are never part of npm test: their figures depend on the machine. The size budgets,
 * which do not, are checked in npm test by tools/bench/budgets.e2e.ts.
 */
import { benchApi } from './api.ts';
import { benchBooking } from './booking.ts';
import { benchBookingApi } from './booking-api.ts';
import { benchBundles } from './bundles.ts';
import { benchFederation } from './federation.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchOrm } from './orm.ts';
import { record, type Figure } from './report.ts';

const BENCHMARKS: Record<string, (args: readonly string[]) => Promise<Figure[]>> = {
  bundles: benchBundles,
  api: benchApi,
  'booking-api': benchBookingApi,
  booking: benchBooking,
  orm: benchOrm,
  lighthouse: benchLighthouse,
  federation: benchFederation,
};

const [name, ...args] = process.argv.slice(2);
const names = name === undefined || name.startsWith('--') ? Object.keys(BENCHMARKS) : [name];
const rest = name === undefined || !name.startsWith('--') ? args : [name, ...args];

let failed = false;
for (const bench of names) {
  const run = BENCHMARKS[bench];
  if (!run) {
    console.error(`Unknown benchmark '${bench}'. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
    failed = true;
    continue;
  }
  console.log(`\n▶ bench ${bench}`);
  try {
    const figures = await run(rest);
    record(figures);
    console.log(`◀ bench ${bench}: ${figures.length} figure(s) written to docs/performance.md`);
  } catch (error) {
    console.error(`✖ bench ${bench}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

/**
 * `npm run bench -- bundles`: builds the frontends (webpack, production) and reports what each
 * bundle puts on the wire, against the budgets of issue 15. Sizes are gzip bytes at gzip's default
 * level, as the issue states them; the Brotli rows are what the API now sends a browser.
 * `--no-build` reads the last build's dist/load.json instead of building.
 */
import { buildFrontends, readLoadSize, type LoadSize } from '../src/build-frontends.ts';
import { BUDGETS, REMOTES, bookingRouteGzip } from './budgets.ts';
import { kb, percent, ratio, type Figure } from './report.ts';

const budgetFigure = (id: string, label: string, value: number, budget: number): Figure => ({
  id,
  command: 'bundles',
  label,
  value: kb(value),
  baseline: `${kb(budget)} budget`,
  ratio: ratio(value, budget),
  goal: `≤ ${kb(budget)} gzip`,
  met: value <= budget,
});

export const benchBundles = async (args: readonly string[]): Promise<Figure[]> => {
  let sizes: LoadSize[];
  if (args.includes('--no-build')) {
    const read = await Promise.all(['shell', ...REMOTES].map((name) => readLoadSize(name)));
    if (read.some((size) => size === null)) throw new Error('no dist/load.json for every bundle: run npm run build (or drop --no-build)');
    sizes = read as LoadSize[];
  } else {
    console.log('Building the frontends (production)…');
    sizes = await buildFrontends({ quiet: true });
  }
  const byName = new Map(sizes.map((size) => [size.name, size] as const));
  const shell = byName.get('shell')!;
  const figures: Figure[] = [budgetFigure('bundles.shell.initial-js', 'shell initial JS (gzip)', shell.jsGzipBytes, BUDGETS.shellInitialJs)];
  for (const name of REMOTES) {
    const size = byName.get(name);
    if (!size) continue;
    figures.push(budgetFigure(`bundles.${name}.entry`, `${name} remoteEntry.js (gzip)`, size.entryGzipBytes, BUDGETS.remoteEntry));
    figures.push(budgetFigure(`bundles.${name}.first-chunk`, `${name} first chunk (gzip)`, size.firstChunksGzipBytes, BUDGETS.remoteFirstChunk));
  }
  const booking = byName.get('booking');
  if (booking) figures.push(budgetFigure('bundles.booking.route', 'booking route total JS: shell + booking initial + lazy (gzip)', bookingRouteGzip(shell, booking), BUDGETS.bookingRoute));
  // What the wire carries now: the precompressed Brotli twins, against the uncompressed bytes sent before.
  const raw = shell.jsBytes + shell.cssBytes;
  figures.push({
    id: 'bundles.shell.wire-br',
    command: 'bundles',
    label: 'shell initial JS + CSS as sent (Brotli 11)',
    value: kb(shell.brotliBytes),
    baseline: `${kb(raw)} uncompressed (sent before)`,
    ratio: percent(shell.brotliBytes, raw),
    goal: 'precompressed br/gzip served',
    met: null,
  });
  return figures;
};

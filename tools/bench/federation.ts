/**
 * `npm run bench -- federation [--runs=3] [--pages=/login,/appointments] [--no-build]`: module
 * federation's cost (issue 15). Builds both from the working tree at run time — the composed
 * portal (`npm run build`: the shell and every micro-frontend) and the single bundle
 * (single-bundle/webpack.config.js: the shell's bootstrap with identity and booking imported
 * from their sources, no module federation, same production settings, same precompression) —
 * then serves both through the API's own serving code on one database and sandbox
 * (single-bundle/server.ts) and runs Lighthouse on each page as tools/bench/lighthouse.ts does
 * (Lighthouse 13, Debian's Chromium, mobile defaults, performance only), alternating which side
 * goes first per run, median of the runs. Rows: the composed LCP against the single bundle's
 * (goal ≤ 1.25×) and the JavaScript each page loaded.
 *
 * --no-build measures the builds already in frontends/<name>/dist and .tmp/bench/single-bundle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as chromeLauncher from 'chrome-launcher';
import { buildFrontends } from '../src/build-frontends.ts';
import { CHROME_FLAGS, CHROMIUM, performanceReport } from './lighthouse.ts';
import { median, ROOT, type Figure } from './report.ts';
import { buildSingleBundle, SINGLE_DIST } from './single-bundle/build.ts';
import { federationFigures, orderFor, scriptBytes, type NetworkRequest, type Side, type SideResult } from './single-bundle/measure.ts';

interface Run extends SideResult {
  /** The LCP element as Lighthouse labels it (the same page should paint the same element). */
  readonly lcpElement: string;
  /** LCP's element render delay (after the document arrived): where a JS waterfall shows. */
  readonly renderDelay: number;
  /** The scripts' file names, as loaded. */
  readonly scripts: readonly string[];
}

type BreakdownItem = { type?: string; nodeLabel?: string; items?: Array<{ subpart?: string; duration?: number }> };

const audit = async (url: string, port: number): Promise<Run> => {
  const lhr = await performanceReport(url, port);
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const breakdown = (lhr.audits['lcp-breakdown-insight']?.details as { items?: BreakdownItem[] } | undefined)?.items ?? [];
  const node = breakdown.find((item) => item.type === 'node');
  const subparts = breakdown.find((item) => item.type === 'table')?.items ?? [];
  return {
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    js: scriptBytes(requests),
    lcpElement: (node?.nodeLabel ?? '?').replace(/\s+/g, ' ').slice(0, 40),
    renderDelay: subparts.find((item) => item.subpart === 'elementRenderDelay')?.duration ?? Number.NaN,
    scripts: requests.filter((request) => request.resourceType === 'Script').map((request) => new URL(request.url ?? '', url).pathname.split('/').at(-1) ?? ''),
  };
};

const medianOf = (runs: readonly Run[]): SideResult => ({
  lcp: median(runs.map((run) => run.lcp)),
  js: {
    transfer: median(runs.map((run) => run.js.transfer)),
    decoded: median(runs.map((run) => run.js.decoded)),
    count: median(runs.map((run) => run.js.count)),
  },
});

interface Servers {
  readonly composed: string;
  readonly single: string;
  readonly child: ChildProcess;
}

const startServers = (): Promise<Servers> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tools/bench/single-bundle/server.ts')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => reject(new Error('the portals did not start within 180 s')), 180_000);
    child.once('exit', (code) => reject(new Error(`single-bundle/server.ts exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      const { composed, single } = JSON.parse(line) as { composed: string; single: string };
      resolve({ composed, single, child });
    });
  });

const stopServers = (servers: Servers): Promise<void> =>
  new Promise((resolve) => {
    if (servers.child.exitCode !== null) {
      resolve();
      return;
    }
    servers.child.removeAllListeners('exit');
    servers.child.once('exit', () => resolve());
    servers.child.kill('SIGTERM');
  });

const option = (args: readonly string[], name: string): string | undefined => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;

export const benchFederation = async (args: readonly string[]): Promise<Figure[]> => {
  const runs = Number(option(args, 'runs') ?? 3);
  const pages = (option(args, 'pages') ?? '/login,/appointments').split(',');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROME_PATH)`);
  if (args.includes('--no-build')) {
    if (!existsSync(path.join(ROOT, 'frontends/shell/dist/index.html')) || !existsSync(path.join(SINGLE_DIST, 'index.html'))) throw new Error('--no-build: build both first (npm run build; node tools/bench/single-bundle/build.ts)');
  } else {
    console.log('  building the composed portal (npm run build) and the single bundle from the working tree');
    await buildFrontends({ quiet: true });
    const single = await buildSingleBundle();
    console.log(`  single bundle: ${single.js.map(({ file, bytes }) => `${file} ${bytes.toLocaleString('en-US')} B`).join(', ')}`);
  }
  console.log(`  Lighthouse ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, ${CHROMIUM}, mobile defaults, ${runs} run(s) per page and side`);
  const servers = await startServers();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const figures: Figure[] = [];
  try {
    for (const page of pages) {
      const results: Record<Side, Run[]> = { composed: [], single: [] };
      for (let run = 1; run <= runs; run += 1) {
        for (const side of orderFor(run)) results[side].push(await audit(`${servers[side]}${page}`, chrome.port));
        const show = (side: Side): string => {
          const r = results[side].at(-1)!;
          return `${side} LCP ${(r.lcp / 1000).toFixed(2)} s (render delay ${(r.renderDelay / 1000).toFixed(2)} s) JS ${kib(r.js.transfer)} (${kib(r.js.decoded)}) in ${r.js.count} [${r.lcpElement}]`;
        };
        console.log(`  ${page} run ${run}: ${show('composed')} | ${show('single')}`);
        if (run === 1) for (const side of ['composed', 'single'] as const) console.log(`    ${side} scripts: ${results[side][0]!.scripts.join(', ')}`);
      }
      figures.push(...federationFigures(page, runs, medianOf(results.composed), medianOf(results.single)));
    }
    return figures;
  } finally {
    chrome.kill();
    await stopServers(servers);
  }
};

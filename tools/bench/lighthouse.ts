/**
 * `npm run bench -- lighthouse [--runs=3] [--pages=/login,/appointments,…]`:
 * Lighthouse 13 (the npm package, on the project's Node 24) drives Debian's Chromium
 * (/usr/bin/chromium, headless) with its mobile defaults (simulated slow 4G, 4× CPU slowdown,
 * a 412 px phone) against the portal as `npm start` serves it (tools/bench/api-server.ts portal:
 * the built frontends on the API's origin), the performance category only, median of the runs.
 * Every page of the portal a user opens by its address (PAGES): the sign-in and signed-out pages,
 * then a member's pages, loaded with the session cookie of the member the bench server signed in
 * (Margaret, a paying member: enrolled, signed and paid through the API). The pages only reached
 * through a provider's redirect (/pay/return, /billing/return, /declination-confirmation/…) or a
 * staff sign-in code are not in it.
 *
 * Baseline in the same run: the same build served as before issue 15 — each file as it is, with no
 * compression, the page loading /remotes.js, no preloads — by a small server here that sends the
 * dist files raw and passes /remotes.js and /api to the real API. The runs alternate: baseline,
 * then the portal, per page and run.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, ROOT, type Figure } from './report.ts';
import { startServer, stopServer } from './api.ts';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The flags this machine's Chromium needs (no sandbox as root, no background connections on a closed network). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The build served as before issue 15: raw files, the page as built (it loads /remotes.js), API passed through. */
const startBaseline = async (apiUrl: string): Promise<{ url: string; server: Server }> => {
  const frontends = path.join(ROOT, 'frontends');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    void (async () => {
      if (url.pathname === '/remotes.js' || url.pathname.startsWith('/api/')) {
        const answer = await fetch(`${apiUrl}${url.pathname}${url.search}`, { headers: { cookie: req.headers.cookie ?? '' }, redirect: 'manual' });
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/octet-stream', 'Content-Length': body.byteLength, 'Cache-Control': 'no-cache' });
        res.end(body);
        return;
      }
      const remote = /^\/remotes\/([a-z-]+)\/([\w.-]+)$/.exec(url.pathname);
      const file = remote ? path.join(frontends, remote[1]!, 'dist', remote[2]!) : path.join(frontends, 'shell', 'dist', path.basename(url.pathname));
      const target = url.pathname !== '/' && existsSync(file) && statSync(file).isFile() ? file : path.join(frontends, 'shell', 'dist', 'index.html');
      const hashed = /\.[0-9a-f]{8,}\./.test(path.basename(target));
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream',
        'Content-Length': statSync(target).size,
        'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      createReadStream(target).pipe(res);
    })().catch((error: unknown) => {
      res.writeHead(502);
      res.end(String(error));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

/** The pages measured by default, in the table's order; `member` pages are loaded signed in. */
export const PAGES: ReadonlyArray<{ readonly path: string; readonly member: boolean }> = [
  { path: '/login', member: false },
  { path: '/guest-login', member: false },
  { path: '/enrollment-auth', member: false },
  { path: '/appointment-auth', member: false },
  { path: '/logout-confirmation', member: false },
  { path: '/staff', member: false },
  { path: '/dashboard', member: true },
  { path: '/appointments', member: true },
  { path: '/appointments/booking', member: true },
  { path: '/appointments/practice-location', member: true },
  { path: '/enrollment/practice-location', member: true },
];

interface PageResult {
  readonly score: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
  readonly bytes: number;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * Lighthouse's performance report of a page. A run Lighthouse itself reports as broken (its trace
 * not recorded on a busy machine: NO_NAVSTART, NO_FCP, 'Please run Lighthouse again') is run
 * again, twice at most, and says so.
 */
export const performanceReport = async (url: string, port: number, cookie: string | null = null): Promise<Report> => {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    const said = `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt >= 3) throw new Error(said);
    console.log(`    (${said.split('\n')[0]}; again)`);
  }
};

const audit = async (url: string, port: number, cookie: string | null): Promise<PageResult> => {
  const lhr = await performanceReport(url, port, cookie);
  // The last report per page, to look into (the LCP element, its phases, the request chain).
  const reports = path.join(ROOT, '.tmp/bench/lighthouse');
  mkdirSync(reports, { recursive: true });
  const name = `${new URL(url).port}${new URL(url).pathname.replace(/\W+/g, '_')}`;
  writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
  // And what the phone showed at the end, to look at.
  const screenshot = (lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
  if (screenshot) writeFileSync(path.join(reports, `${name}.jpg`), Buffer.from(screenshot.replace(/^data:image\/\w+;base64,/, ''), 'base64'));
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
  };
};

const medianOf = (results: readonly PageResult[]): PageResult => ({
  score: median(results.map((result) => result.score)),
  lcp: median(results.map((result) => result.lcp)),
  tbt: median(results.map((result) => result.tbt)),
  cls: median(results.map((result) => result.cls)),
  bytes: median(results.map((result) => result.bytes)),
});

const option = (args: readonly string[], name: string): string | undefined => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export const benchLighthouse = async (args: readonly string[]): Promise<Figure[]> => {
  const runs = Number(option(args, 'runs') ?? 3);
  const pages = option(args, 'pages')?.split(',') ?? PAGES.map((page) => page.path);
  const member = (page: string): boolean => PAGES.find((known) => known.path === page)?.member ?? false;
  if (!existsSync(path.join(ROOT, 'frontends/shell/dist/load.json'))) throw new Error('no build with load.json: run npm run build (or npm run bench -- bundles) first');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROME_PATH)`);
  console.log(`Lighthouse ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, ${CHROMIUM}, mobile defaults, ${runs} run(s) per page`);
  const portal = await startServer('portal');
  const baseline = await startBaseline(portal.url);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const figures: Figure[] = [];
  try {
    for (const page of pages) {
      const before: PageResult[] = [];
      const after: PageResult[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const cookie = member(page) ? portal.cookie : null;
        before.push(await audit(`${baseline.url}${page}`, chrome.port, cookie));
        after.push(await audit(`${portal.url}${page}`, chrome.port, cookie));
        const [b, a] = [before.at(-1)!, after.at(-1)!];
        console.log(
          `  ${page} run ${run}: before score ${b.score} LCP ${seconds(b.lcp)} TBT ${b.tbt.toFixed(0)} ms CLS ${b.cls.toFixed(3)} ${(b.bytes / 1024).toFixed(0)} KiB` +
            ` | now score ${a.score} LCP ${seconds(a.lcp)} TBT ${a.tbt.toFixed(0)} ms CLS ${a.cls.toFixed(3)} ${(a.bytes / 1024).toFixed(0)} KiB`,
        );
      }
      const b = medianOf(before);
      const a = medianOf(after);
      const base = `Lighthouse ${page}${member(page) ? ' signed in' : ''} (mobile, median of ${runs})`;
      const id = `lighthouse.${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}`;
      figures.push(
        { id: `${id}.score`, command: 'lighthouse', label: `${base}: score`, value: a.score.toFixed(2), baseline: `${b.score.toFixed(2)} served as before`, ratio: `${(a.score / b.score).toFixed(2)}×`, goal: '≥ 0.9', met: a.score >= 0.9 },
        { id: `${id}.lcp`, command: 'lighthouse', label: `${base}: LCP`, value: seconds(a.lcp), baseline: `${seconds(b.lcp)} served as before`, ratio: `${(a.lcp / b.lcp).toFixed(2)}×`, goal: '≤ 2.5 s', met: a.lcp <= 2_500 },
        { id: `${id}.tbt`, command: 'lighthouse', label: `${base}: TBT`, value: `${a.tbt.toFixed(0)} ms`, baseline: `${b.tbt.toFixed(0)} ms served as before`, ratio: b.tbt > 0 ? `${(a.tbt / b.tbt).toFixed(2)}×` : '', goal: '≤ 200 ms', met: a.tbt <= 200 },
        { id: `${id}.cls`, command: 'lighthouse', label: `${base}: CLS`, value: a.cls.toFixed(3), baseline: `${b.cls.toFixed(3)} served as before`, ratio: b.cls > 0 ? `${(a.cls / b.cls).toFixed(2)}×` : '', goal: '≤ 0.05', met: a.cls <= 0.05 },
        { id: `${id}.bytes`, command: 'lighthouse', label: `${base}: bytes transferred`, value: `${(a.bytes / 1024).toFixed(0)} KiB`, baseline: `${(b.bytes / 1024).toFixed(0)} KiB served as before`, ratio: `${(a.bytes / b.bytes).toFixed(2)}×`, goal: '– (issue: 445–539 KiB before)', met: null },
      );
    }
    return figures;
  } finally {
    chrome.kill();
    baseline.server.closeAllConnections();
    await new Promise<void>((resolve) => baseline.server.close(() => resolve()));
    await stopServer(portal);
  }
};

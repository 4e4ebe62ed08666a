/**
 * `npm run bench -- lighthouse [--runs=3] [--pages=/login,/appointments,…] [--locales=en-US,es-US]`:
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
 *
 * Languages (issue 26), `--locales=en-US,es-US` (the default; `--locale=es-US` for one): each page
 * is also loaded in Spanish, with the `portal_lang=es-US` cookie the shell writes when a patient
 * chooses Spanish (sent as Lighthouse's extra Cookie header, with the member's session cookie when
 * signed in). The API draws `<html lang="es">`, the shell's texts and the header's first paint from
 * it (apps/api/src/http/request-locale.ts, page-language.ts), and every catalog follows `<html lang>`.
 * Spanish rows have ids of their own (`lighthouse.es.login.score`) and the same goals; their
 * baseline is the English page of the same run (the run goes baseline, English, Spanish per page
 * and run). Before any Lighthouse run, each Spanish page is opened once in a plain Chromium with
 * the same headers, and the bench stops unless it is Spanish: `<html lang="es">` and a heading or
 * title that is not the English page's (printed). Each Lighthouse run also prints its LCP element's
 * text, what the phone painted.
 *
 * The machine's load (1-minute average, report.ts loadSampler) is sampled before each run and
 * written into each row: the figures of a shared machine are only as good as its quiet.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { LOCALE_COOKIE, LOCALES, type Locale } from '@portal/core';
import { loadSampler, median, ROOT, type Figure } from './report.ts';
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

/**
 * The pages measured by default, in the table's order; `member` pages are loaded signed in;
 * `englishOnly` pages (the staff portal, issue 26) are not measured in another language.
 */
export const PAGES: ReadonlyArray<{ readonly path: string; readonly member: boolean; readonly englishOnly?: boolean }> = [
  { path: '/login', member: false },
  { path: '/guest-login', member: false },
  { path: '/enrollment-auth', member: false },
  { path: '/appointment-auth', member: false },
  { path: '/logout-confirmation', member: false },
  { path: '/staff', member: false, englishOnly: true },
  { path: '/dashboard', member: true },
  { path: '/appointments', member: true },
  { path: '/appointments/booking', member: true },
  { path: '/appointments/practice-location', member: true },
  { path: '/enrollment/practice-location', member: true },
];

// The languages a page is measured in are the portal's (core's LOCALES, English first, as the rows
// were before issue 26); a Spanish page is asked for with the cookie the shell writes (LOCALE_COOKIE).

/** The Cookie header a page is loaded with: the member's session when signed in, `portal_lang` for Spanish. */
const cookieFor = (session: string | null, locale: Locale): string | null =>
  [session, locale === 'en-US' ? null : `${LOCALE_COOKIE}=${locale}`].filter((part): part is string => Boolean(part)).join('; ') || null;

interface PageResult {
  readonly score: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
  readonly bytes: number;
  /** The LCP element's text as Lighthouse labels it (what the phone painted largest). */
  readonly lcpElement: string;
  /** Bytes of JavaScript transferred (printed per run: what a language's catalogs add). */
  readonly js: number;
}

interface PageWords {
  readonly lang: string;
  readonly title: string;
  readonly heading: string;
}

/** What a page says once drawn: `<html lang>`, the title and its first heading. */
const pageWords = async (url: string, cookie: string | null): Promise<PageWords> => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...(cookie ? { extraHTTPHeaders: { Cookie: cookie } } : {}) });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('main h1, h1', { timeout: 20_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    return await page.evaluate(() => ({
      lang: document.documentElement.lang,
      title: document.title,
      heading: (document.querySelector('main h1') ?? document.querySelector('h1'))?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    }));
  } finally {
    await browser.close();
  }
};

/**
 * Each page in Spanish must be Spanish before it is measured as such: `<html lang="es">`, and its
 * heading or title not the English page's. Throws otherwise; prints both.
 */
const checkSpanish = async (origin: string, pages: readonly string[], session: (page: string) => string | null): Promise<void> => {
  for (const page of pages) {
    const english = await pageWords(`${origin}${page}`, cookieFor(session(page), 'en-US'));
    const spanish = await pageWords(`${origin}${page}`, cookieFor(session(page), 'es-US'));
    console.log(`  ${page}: en lang="${english.lang}" "${english.heading}" (${english.title}) | es lang="${spanish.lang}" "${spanish.heading}" (${spanish.title})`);
    if (spanish.lang !== 'es') throw new Error(`${page} with ${LOCALE_COOKIE}=es-US is not Spanish: <html lang="${spanish.lang}">`);
    if (spanish.heading === english.heading && spanish.title === english.title) throw new Error(`${page} with ${LOCALE_COOKIE}=es-US has lang="es" but the English heading and title: "${spanish.heading}", "${spanish.title}"`);
  }
};

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

const audit = async (url: string, port: number, cookie: string | null, locale: Locale = 'en-US'): Promise<PageResult> => {
  const lhr = await performanceReport(url, port, cookie);
  // The last report per page, to look into (the LCP element, its phases, the request chain).
  const reports = path.join(ROOT, '.tmp/bench/lighthouse');
  mkdirSync(reports, { recursive: true });
  const name = `${new URL(url).port}${new URL(url).pathname.replace(/\W+/g, '_')}${locale === 'en-US' ? '' : `_${locale}`}`;
  writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
  // And what the phone showed at the end, to look at.
  const screenshot = (lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
  if (screenshot) writeFileSync(path.join(reports, `${name}.jpg`), Buffer.from(screenshot.replace(/^data:image\/\w+;base64,/, ''), 'base64'));
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const breakdown = (lhr.audits['lcp-breakdown-insight']?.details as { items?: Array<{ type?: string; nodeLabel?: string }> } | undefined)?.items ?? [];
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  return {
    js: requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    lcpElement: (breakdown.find((item) => item.type === 'node')?.nodeLabel ?? '?').replace(/\s+/g, ' ').slice(0, 60),
    score: lhr.categories.performance?.score ?? Number.NaN,
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
  };
};

const medianOf = (results: readonly PageResult[]): Omit<PageResult, 'lcpElement' | 'js'> => ({
  score: median(results.map((result) => result.score)),
  lcp: median(results.map((result) => result.lcp)),
  tbt: median(results.map((result) => result.tbt)),
  cls: median(results.map((result) => result.cls)),
  bytes: median(results.map((result) => result.bytes)),
});

const option = (args: readonly string[], name: string): string | undefined => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

const line = (result: Omit<PageResult, 'lcpElement' | 'js'>): string =>
  `score ${result.score} LCP ${seconds(result.lcp)} TBT ${result.tbt.toFixed(0)} ms CLS ${result.cls.toFixed(3)} ${(result.bytes / 1024).toFixed(0)} KiB`;

/** The five rows of a page in a language, against the goals of issue 15; `base` is what they are compared with. */
const pageFigures = (
  id: string,
  label: string,
  a: Omit<PageResult, 'lcpElement' | 'js'>,
  b: Omit<PageResult, 'lcpElement' | 'js'> | null,
  baseWords: string,
  load: string,
): Figure[] => {
  const against = (text: string): string => (b ? `${text} ${baseWords}` : '');
  const ratioOf = (value: number, base: number | undefined): string => (base !== undefined && base > 0 ? `${(value / base).toFixed(2)}×` : '');
  return [
    { id: `${id}.score`, command: 'lighthouse', label: `${label}: score`, value: a.score.toFixed(2), baseline: against(b?.score.toFixed(2) ?? ''), ratio: ratioOf(a.score, b?.score), goal: '≥ 0.9', met: a.score >= 0.9, load },
    { id: `${id}.lcp`, command: 'lighthouse', label: `${label}: LCP`, value: seconds(a.lcp), baseline: against(b ? seconds(b.lcp) : ''), ratio: ratioOf(a.lcp, b?.lcp), goal: '≤ 2.5 s', met: a.lcp <= 2_500, load },
    { id: `${id}.tbt`, command: 'lighthouse', label: `${label}: TBT`, value: `${a.tbt.toFixed(0)} ms`, baseline: against(b ? `${b.tbt.toFixed(0)} ms` : ''), ratio: ratioOf(a.tbt, b?.tbt), goal: '≤ 200 ms', met: a.tbt <= 200, load },
    { id: `${id}.cls`, command: 'lighthouse', label: `${label}: CLS`, value: a.cls.toFixed(3), baseline: against(b?.cls.toFixed(3) ?? ''), ratio: ratioOf(a.cls, b?.cls), goal: '≤ 0.05', met: a.cls <= 0.05, load },
    { id: `${id}.bytes`, command: 'lighthouse', label: `${label}: bytes transferred`, value: `${(a.bytes / 1024).toFixed(0)} KiB`, baseline: against(b ? `${(b.bytes / 1024).toFixed(0)} KiB` : ''), ratio: ratioOf(a.bytes, b?.bytes), goal: '– (issue: 445–539 KiB before)', met: null, load },
  ];
};

export const benchLighthouse = async (args: readonly string[]): Promise<Figure[]> => {
  const runs = Number(option(args, 'runs') ?? 3);
  const pages = option(args, 'pages')?.split(',') ?? PAGES.map((page) => page.path);
  const locales = (option(args, 'locales') ?? option(args, 'locale') ?? LOCALES.join(',')).split(',') as Locale[];
  const unknown = locales.filter((locale) => !LOCALES.includes(locale));
  if (unknown.length > 0 || locales.length === 0) throw new Error(`unknown locale(s) ${unknown.join(', ')}: known ${LOCALES.join(', ')}`);
  const member = (page: string): boolean => PAGES.find((known) => known.path === page)?.member ?? false;
  const localesOf = (page: string): Locale[] => (PAGES.find((known) => known.path === page)?.englishOnly ? locales.filter((locale) => locale === 'en-US') : locales);
  if (!existsSync(path.join(ROOT, 'frontends/shell/dist/load.json'))) throw new Error('no build with load.json: run npm run build (or npm run bench -- bundles) first');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROME_PATH)`);
  const load = loadSampler();
  console.log(
    `Lighthouse ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, ${CHROMIUM}, mobile defaults, ${runs} run(s) per page, ${locales.join(' and ')}; ${load.words()} on ${cpus().length} cores before the bench`,
  );
  const portal = await startServer('portal');
  const baseline = await startBaseline(portal.url);
  const figures: Figure[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    const session = (page: string): string | null => (member(page) ? portal.cookie : null);
    if (locales.includes('es-US')) {
      console.log('Spanish pages (portal_lang=es-US), as a browser draws them:');
      await checkSpanish(portal.url, pages.filter((page) => localesOf(page).includes('es-US')), session);
    }
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    for (const page of pages) {
      load.reset();
      const before: PageResult[] = [];
      const after = new Map<Locale, PageResult[]>(localesOf(page).map((locale) => [locale, []]));
      for (let run = 1; run <= runs; run += 1) {
        const parts: string[] = [];
        if (locales.includes('en-US')) {
          load.sample();
          before.push(await audit(`${baseline.url}${page}`, chrome.port, session(page)));
          parts.push(`before ${line(before.at(-1)!)}`);
        }
        for (const locale of localesOf(page)) {
          load.sample();
          const result = await audit(`${portal.url}${page}`, chrome.port, cookieFor(session(page), locale), locale);
          after.get(locale)!.push(result);
          parts.push(`${locale} ${line(result)} (JS ${(result.js / 1024).toFixed(0)} KiB) [${result.lcpElement}]`);
        }
        console.log(`  ${page} run ${run}: ${parts.join(' | ')}`);
      }
      const words = load.words();
      const slug = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
      const english = locales.includes('en-US') ? medianOf(after.get('en-US')!) : null;
      for (const locale of localesOf(page)) {
        const a = medianOf(after.get(locale)!);
        if (locale === 'en-US') {
          const label = `Lighthouse ${page}${member(page) ? ' signed in' : ''} (mobile, median of ${runs})`;
          figures.push(...pageFigures(`lighthouse.${slug}`, label, a, medianOf(before), 'served as before', words));
        } else {
          const label = `Lighthouse ${page} in ${locale}${member(page) ? ' signed in' : ''} (mobile, median of ${runs})`;
          figures.push(...pageFigures(`lighthouse.${locale.slice(0, 2)}.${slug}`, label, a, english, 'en-US same run', words));
        }
      }
    }
    return figures;
  } finally {
    chrome?.kill();
    baseline.server.closeAllConnections();
    await new Promise<void>((resolve) => baseline.server.close(() => resolve()));
    await stopServer(portal);
  }
};

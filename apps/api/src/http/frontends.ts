/**
 * Serves the built shell and micro-frontends on the API's origin:
 * - /remotes/<name>/...  → frontends/<name>/dist
 * - /remotes.js          → each remote: where the shell loads it from (REMOTE_<NAME>_URL overrides)
 *                          and, for one served from here, its manifest (the routes it owns), read
 *                          from dist/manifest.json on every request, so a remote deployed alone
 *                          brings its routes with it (docs/decisions/0016-remote-manifests.md)
 * - anything else (GET, not /api) → a shell asset, or the shell's index.html (client-side routes)
 * Hashed assets are cached for a year; index.html and remoteEntry.js are revalidated every time.
 *
 * Speed (issue 15, docs/decisions/0030-performance-serving-and-benchmarks.md):
 * - a file with precompressed twins (<file>.br, <file>.gz, written by the build) is sent as the
 *   twin the request's Accept-Encoding prefers (br, then gzip, then the file itself; q-values
 *   honoured, q=0 refuses), with Content-Encoding, its own Content-Length and Vary: Accept-Encoding;
 * - the page (index.html) carries the remote map inline, in place of <script src="/remotes.js">
 *   (the same script, allowed by its SHA-256 in this response's script-src, no 'unsafe-inline'),
 *   and preloads the shell's chunks and the remoteEntry.js and first files of the remote that
 *   owns the path (from the manifests and each remote's dist/load.json), so the browser fetches
 *   them in parallel with the shell instead of one after another. /remotes.js stays for pages
 *   loaded before this change.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context, Next } from 'koa';
import type { RemoteOverride } from '@portal/composition';
import { isLocale, langOf, type Locale } from '@portal/core';
import { manifestTranslator, shellCatalogs, spanishPage } from './page-language.ts';
import { localeOfRequest } from './request-locale.ts';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The file under root for a URL path, or null when it escapes root or does not exist. */
const fileUnder = (root: string, urlPath: string): string | null => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const candidate = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null;
};

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to send, of those available, for an Accept-Encoding header (RFC 9110 §12.5.3): the
 * highest q wins, br before gzip before identity among equals; '*' stands for any coding not
 * named; identity is acceptable unless refused (identity;q=0, or *;q=0 without identity named).
 * Null when nothing available is acceptable.
 */
export const negotiateEncoding = (header: string | undefined, available: readonly ContentCoding[]): ContentCoding | null => {
  const preference: readonly ContentCoding[] = ['br', 'gzip', 'identity'];
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    const name = token.trim() === 'x-gzip' ? 'gzip' : token.trim();
    weights.set(name, Math.max(q, weights.has(name) ? weights.get(name)! : 0));
  }
  // Identity, when not named, is acceptable but ranks no higher than the least wanted coding named
  // (as the negotiator package does): 'br;q=0.1, gzip;q=0.2' gets gzip, not the plain file.
  const named = [...weights.values()].filter((q) => q > 0);
  const weightOf = (coding: ContentCoding): number => {
    if (weights.has(coding)) return weights.get(coding)!;
    if (weights.has('*')) return weights.get('*')!;
    return coding === 'identity' ? (named.length > 0 ? Math.min(...named) : 1) : 0;
  };
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of preference) {
    if (!available.includes(coding)) continue;
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
};

const SUFFIX: Readonly<Record<Exclude<ContentCoding, 'identity'>, string>> = { br: '.br', gzip: '.gz' };

/** A twin's size, or null when it is missing or older than the file (a file replaced without rebuilding its twins). */
const twinSize = (twin: string, fileMtimeMs: number): number | null => {
  try {
    const stats = statSync(twin);
    return stats.isFile() && stats.mtimeMs >= fileMtimeMs ? stats.size : null;
  } catch {
    return null;
  }
};

/** Sets the body of a GET, or only the headers of a HEAD (no file opened), with its length. */
const setBody = (ctx: Context, body: Buffer | string | (() => Readable), length: number): void => {
  if (ctx.method === 'HEAD') ctx.body = Readable.from([]);
  else ctx.body = typeof body === 'function' ? body() : body;
  ctx.length = length;
};

const notAcceptable = (ctx: Context): void => {
  ctx.status = 406;
  ctx.type = 'text/plain';
  ctx.body = 'Not Acceptable: this file is available as br, gzip or identity.';
};

const send = (ctx: Context, file: string): void => {
  const name = path.basename(file);
  const { size, mtimeMs } = statSync(file);
  const twins = (Object.entries(SUFFIX) as [Exclude<ContentCoding, 'identity'>, string][])
    .map(([coding, suffix]) => ({ coding, file: `${file}${suffix}`, size: twinSize(`${file}${suffix}`, mtimeMs) }))
    .filter((twin): twin is { coding: Exclude<ContentCoding, 'identity'>; file: string; size: number } => twin.size !== null);
  const hashed = /\.[0-9a-f]{8,}\./.test(name);
  ctx.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  if (twins.length === 0) {
    setBody(ctx, () => createReadStream(file), size);
    return;
  }
  // Caches must keep one copy per coding.
  ctx.vary('Accept-Encoding');
  const coding = negotiateEncoding(ctx.get('Accept-Encoding') || undefined, [...twins.map((twin) => twin.coding), 'identity']);
  if (coding === null) {
    notAcceptable(ctx);
    return;
  }
  const twin = twins.find((candidate) => candidate.coding === coding);
  if (!twin) {
    setBody(ctx, () => createReadStream(file), size);
    return;
  }
  ctx.set('Content-Encoding', twin.coding);
  setBody(ctx, () => createReadStream(twin.file), twin.size);
};

/** Compressed copies of generated texts, kept for the last few (a page per route and language; the page changes when a remote is deployed). */
const compressedCache = new Map<string, { readonly br: Buffer; readonly gzip: Buffer }>();

const compressedOf = (text: string): { readonly br: Buffer; readonly gzip: Buffer } => {
  const cached = compressedCache.get(text);
  if (cached) return cached;
  const content = Buffer.from(text);
  // A moderate Brotli quality: the page is made per deployment, not at build time.
  const value = { br: brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), gzip: gzipSync(content) };
  if (compressedCache.size >= 16) compressedCache.delete(compressedCache.keys().next().value!);
  compressedCache.set(text, value);
  return value;
};

/** Sends a generated text (the page), compressed as the request accepts. */
const sendText = (ctx: Context, text: string, type: string): void => {
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = type;
  ctx.vary('Accept-Encoding');
  const coding = negotiateEncoding(ctx.get('Accept-Encoding') || undefined, ['br', 'gzip', 'identity']);
  if (coding === null) {
    notAcceptable(ctx);
    return;
  }
  if (coding === 'identity') {
    setBody(ctx, text, Buffer.byteLength(text));
    return;
  }
  const body = compressedOf(text)[coding];
  ctx.set('Content-Encoding', coding);
  setBody(ctx, body, body.byteLength);
};

/** Names of the built remotes (folders with dist/remoteEntry.js), in name order. */
export const builtRemotes = (frontendsDir: string): string[] =>
  existsSync(frontendsDir)
    ? readdirSync(frontendsDir)
        .filter((name) => existsSync(path.join(frontendsDir, name, 'dist', 'remoteEntry.js')))
        .sort()
    : [];

/** A built remote's manifest.json as JSON, or undefined (the shell then fetches it and reports the failure). */
const builtManifest = (frontendsDir: string, name: string): unknown => {
  try {
    return JSON.parse(readFileSync(path.join(frontendsDir, name, 'dist', 'manifest.json'), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * `window.__PORTAL_REMOTES__ = {name: {url, manifest?}}`. A remote served from here comes with its
 * manifest, so the first screen needs no further request; an overridden one (another origin) has
 * its URL only, and the shell fetches manifest.json beside its remoteEntry.js. The shell checks
 * every manifest.
 */
type RemoteMap = Record<string, { url: string; manifest?: unknown }>;

const remoteMap = (frontendsDir: string, overrides: readonly RemoteOverride[]): RemoteMap => {
  const remotes: RemoteMap = {};
  for (const name of builtRemotes(frontendsDir)) {
    const manifest = builtManifest(frontendsDir, name);
    remotes[name] = manifest === undefined ? { url: `/remotes/${name}/remoteEntry.js` } : { url: `/remotes/${name}/remoteEntry.js`, manifest };
  }
  for (const { name, url } of overrides) remotes[name] = { url };
  return remotes;
};

/** JSON that is safe inside an HTML <script> element: no '<' (so no '</script>' or '<!--'). */
const scriptSafeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const scriptOf = (remotes: RemoteMap): string => `window.__PORTAL_REMOTES__ = ${scriptSafeJson(remotes)};\n`;

export const remotesScript = (frontendsDir: string, overrides: readonly RemoteOverride[]): string => scriptOf(remoteMap(frontendsDir, overrides));

// ---- The page: the remote map inline and the route's first files preloaded ----

type Segment = { readonly kind: 'literal'; readonly value: string } | { readonly kind: 'param' } | { readonly kind: 'rest' };

const segmentsOf = (pattern: string): Segment[] =>
  (pattern === '/' ? [] : pattern.slice(1).split('/')).map((part) =>
    part === '*' ? { kind: 'rest' } : part.startsWith('<') ? { kind: 'param' } : { kind: 'literal', value: part },
  );

const matchesPattern = (segments: readonly Segment[], parts: readonly string[]): boolean => {
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === 'rest') return parts.length > index;
    const part = parts[index];
    if (part === undefined || part === '') return false;
    if (segment.kind === 'literal' && segment.value !== part) return false;
  }
  return parts.length === segments.length;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The remote that owns a path, by the manifests in the map, ranked as the shell ranks them
 * (frontends/shell/src/routes.ts: an exact route beats a <param> pattern, which beats a '*'
 * prefix; then more literal segments; then the remote listed first), after the manifests'
 * redirects. Only a hint for preloading: the shell decides the route.
 */
export interface OwnedRoute {
  readonly remote: string;
  /** The route's own lazy chunk (its manifest's `chunk`), or null. */
  readonly chunk: string | null;
  /** The route's manifest `firstPaint` as declared (checked where it is drawn), or null. */
  readonly firstPaint: unknown;
}

export const routeOf = (remotes: RemoteMap, pathname: string): OwnedRoute | null => {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  let target = normalised;
  for (const { manifest } of Object.values(remotes)) {
    if (!isRecord(manifest) || !Array.isArray(manifest.redirects)) continue;
    for (const redirect of manifest.redirects) if (isRecord(redirect) && redirect.from === normalised && typeof redirect.to === 'string') target = redirect.to;
  }
  const parts = target === '/' ? [] : target.slice(1).split('/');
  let best: (OwnedRoute & { rank: number; literals: number }) | null = null;
  for (const [remote, { manifest }] of Object.entries(remotes)) {
    if (!isRecord(manifest) || !Array.isArray(manifest.routes)) continue;
    for (const route of manifest.routes) {
      if (!isRecord(route) || typeof route.path !== 'string' || !route.path.startsWith('/')) continue;
      const segments = segmentsOf(route.path);
      if (!matchesPattern(segments, parts)) continue;
      const rank = segments.some((segment) => segment.kind === 'rest') ? 2 : segments.some((segment) => segment.kind === 'param') ? 1 : 0;
      const literals = segments.filter((segment) => segment.kind === 'literal').length;
      const chunk = typeof route.chunk === 'string' ? route.chunk : null;
      if (best === null || rank < best.rank || (rank === best.rank && literals > best.literals)) best = { remote, chunk, firstPaint: route.firstPaint ?? null, rank, literals };
    }
  }
  return best === null ? null : { remote: best.remote, chunk: best.chunk, firstPaint: best.firstPaint };
};

export const ownerOf = (remotes: RemoteMap, pathname: string): string | null => routeOf(remotes, pathname)?.remote ?? null;

const SERVED_FILE = /^[\w.-]+\.(?:js|css)$/;
const servedFiles = (files: unknown): string[] => (Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && SERVED_FILE.test(file)) : []);

/**
 * The files a bundle loads first, from its dist/load.json (written by the build), then those of
 * each named lazy chunk given that it has (a route's own chunk, its words); [] when unknown. One
 * read of load.json a bundle.
 */
const firstFilesOf = (frontendsDir: string, name: string, chunks: ReadonlyArray<string | null> = []): string[] => {
  try {
    const load: unknown = JSON.parse(readFileSync(path.join(frontendsDir, name, 'dist', 'load.json'), 'utf8'));
    if (!isRecord(load)) return [];
    const named = isRecord(load.chunks) ? load.chunks : {};
    return [...servedFiles(load.files), ...chunks.flatMap((chunk) => (chunk !== null && Object.hasOwn(named, chunk) ? servedFiles(named[chunk]) : []))];
  } catch {
    return [];
  }
};

/** Text safe in an attribute value or between tags. */
const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const preloadLink = (href: string): string =>
  href.endsWith('.css') ? `<link rel="preload" as="style" href="${escapeHtml(href)}">` : `<link rel="preload" as="script" href="${escapeHtml(href)}">`;

/**
 * The shell's lazy chunks every page waits on: the codecs the session's answer is decoded with
 * (frontends/client/src/lazy-codecs.ts), with the io-ts and fp-ts they load.
 */
const SHELL_START_CHUNK = 'startup-codecs';

/**
 * Preloads for a path's route (routeOf): the shell's chunks other than those the page already
 * names (its entry is a script tag of the page) and its startup codecs' chunks, then the owning
 * remote's remoteEntry.js and, for a remote served from here, the first files it loads (its
 * exposed modules' chunks and CSS) and those of the route's own lazy chunk when its manifest
 * names one (/guest-login's forms).
 */
export const preloadsFor = (frontendsDir: string, remotes: RemoteMap, route: OwnedRoute | null, pageHtml: string, locale: Locale = 'en-US'): string[] => {
  const hrefs: string[] = [];
  // The page's words come next on the critical path: each bundle's catalogs in the page's
  // language are one named chunk (`messages-en`, `messages-es`; decision 0057).
  const words = `messages-${langOf(locale)}`;
  for (const file of firstFilesOf(frontendsDir, 'shell', [SHELL_START_CHUNK, words])) if (!pageHtml.includes(`/${file}`)) hrefs.push(`/${file}`);
  if (route !== null) {
    const { remote, chunk } = route;
    const { url } = remotes[remote]!;
    hrefs.push(url);
    if (url === `/remotes/${remote}/remoteEntry.js`) {
      for (const file of firstFilesOf(frontendsDir, remote, [chunk, words])) if (file !== 'remoteEntry.js') hrefs.push(`/remotes/${remote}/${file}`);
    }
  }
  return [...new Set(hrefs)];
};

/** The skeleton's title and two lines in index.html (src or minified): a first paint takes their place. */
const SKELETON_HEADER =
  /<div class=(?:"portal-skeleton__title"|portal-skeleton__title)><\/div>\s*<div class=(?:"portal-skeleton__line"|portal-skeleton__line)><\/div>\s*<div class="portal-skeleton__line portal-skeleton__line--short"><\/div>/;

/** What of a page request decides its first paint. */
export interface PageRequest {
  readonly query: URLSearchParams;
  /** The request carries the portal's session cookie (present, not checked: nothing is read for the page). */
  readonly signedIn: boolean;
  /** The request's language (issue 26): the page's lang, the shell's static texts and the first paint follow it. English when absent. */
  readonly locale?: Locale;
}

/** The skeleton's plain title and lines, as index.html has them (a hero's first paint keeps them for wide screens). */
const SKELETON_LINES =
  '<div class="portal-skeleton__title"></div><div class="portal-skeleton__line"></div><div class="portal-skeleton__line portal-skeleton__line--short"></div>';

/**
 * A route's opening words as its screen draws them, for the page's skeleton: the text paints
 * before any JavaScript (decision 0047). A page header as PageHeader draws it
 * (frontends/ui/src/PageHeader.tsx); for column 'hero', the Hero a Split opens with
 * (frontends/ui/src/Hero.tsx), shown only below 64rem where the Split stacks (shell.css), the
 * skeleton's plain lines beside it for wider screens; for column 'empty', a whole-page
 * EmptyState (frontends/ui/src/EmptyState.tsx) with its icon's place, its title and its
 * description's first paragraph. Null when the manifest's `firstPaint` is not
 * well formed, when the request has one of its `unlessQuery` parameters (the screen then opens
 * with other words), or when its `signedIn` is not the request's (the visitor is about to be sent
 * elsewhere). The whole skeleton stays aria-hidden: the heading a screen reader meets is React's,
 * in the same place.
 */
export const firstPaintHtml = (firstPaint: unknown, request: PageRequest, translate: (english: string) => string = (english) => english): string | null => {
  if (!isRecord(firstPaint)) return null;
  const { column, backLink, unlessQuery, signedIn } = firstPaint;
  const english = { title: firstPaint.title, description: firstPaint.description, lead: firstPaint.lead };
  if (typeof english.title !== 'string' || english.title.trim() === '' || english.title.length > 60) return null;
  for (const paragraph of [english.description, english.lead]) {
    if (paragraph !== undefined && (typeof paragraph !== 'string' || paragraph.length > 300)) return null;
  }
  if (Array.isArray(unlessQuery) && unlessQuery.some((name) => typeof name === 'string' && request.query.has(name))) return null;
  if (typeof signedIn === 'boolean' && signedIn !== request.signedIn) return null;
  // In the page's language when the remote's manifest says it (a translation too long keeps the English).
  const translatedTitle = translate(english.title);
  const title = escapeHtml(translatedTitle.length <= 100 ? translatedTitle : english.title);
  const paragraph = (text: unknown): string | null => (typeof text === 'string' ? escapeHtml(translate(text)) : null);
  const description = paragraph(english.description);
  if (column === 'hero') {
    const lead = paragraph(english.lead);
    const body = (lead === null ? '' : `<p><strong>${lead}</strong></p>`) + (description === null ? '' : `<p>${description}</p>`);
    return (
      `<div class="portal-first-paint portal-first-paint--hero"><section class="ui-hero"><h1 class="ui-hero__title">${title}</h1>` +
      (body === '' ? '' : `<div class="ui-hero__body">${body}</div>`) +
      `</section></div><div class="portal-first-paint__wide">${SKELETON_LINES}</div>`
    );
  }
  if (column === 'empty') {
    return (
      '<div class="portal-first-paint portal-first-paint--empty"><div class="ui-empty ui-empty--neutral"><div class="ui-empty__icon"></div>' +
      `<h1 class="ui-empty__title">${title}</h1>` +
      (description === null ? '' : `<div class="ui-empty__description"><div class="ui-stack"><p>${description}</p></div></div>`) +
      '</div></div>'
    );
  }
  const className = column === 'auth' ? 'portal-first-paint portal-first-paint--auth' : 'portal-first-paint';
  return (
    `<div class="${className}">` +
    (backLink === true ? '<div><span class="portal-skeleton__back"></span></div>' : '') +
    `<header class="ui-page-header"><div class="ui-page-header__text"><h1 class="ui-page-header__title">${title}</h1>` +
    (description === null ? '' : `<div class="ui-page-header__description"><p>${description}</p></div>`) +
    '</div></header></div>'
  );
};

/** The page's /remotes.js tag, as written in src/index.html or minified by the build. */
const REMOTES_TAG = /<script src=(?:"\/remotes\.js"|\/remotes\.js)><\/script>/;

export interface Page {
  readonly html: string;
  /** The inline script's hash source for script-src, or null when the page has none. */
  readonly scriptHash: string | null;
}

/**
 * The page's language: the visitor's, unless the route's micro-frontend declares the languages it
 * is drawn in (`languages` in its manifest; the staff portal's English) and that is not one of them.
 */
const pageLocale = (manifest: unknown, asked: Locale): Locale => {
  const declared = isRecord(manifest) && Array.isArray(manifest.languages) ? manifest.languages.filter(isLocale) : [];
  return declared.length === 0 || declared.includes(asked) ? asked : declared[0]!;
};

/**
 * The shell's index.html for a path: the remote map as an inline script in place of the
 * /remotes.js tag, and the preloads before it; the route's page header in the skeleton when its
 * manifest declares one; the page's language (`<html lang>`, the shell's marked texts). A page
 * without the tag is left as it is.
 */
export const renderPage = (
  frontendsDir: string,
  overrides: readonly RemoteOverride[],
  indexHtml: string,
  pathname: string,
  request: PageRequest = { query: new URLSearchParams(), signedIn: false },
): Page => {
  if (!REMOTES_TAG.test(indexHtml)) return { html: indexHtml, scriptHash: null };
  const remotes = remoteMap(frontendsDir, overrides);
  const route = routeOf(remotes, pathname);
  // The staff portal stays English whatever the device chose (issue 26).
  const locale = pageLocale(route === null ? null : remotes[route.remote]?.manifest, request.locale ?? 'en-US');
  // A Spanish page: its lang and the shell's marked texts (page-language.ts); English exactly as built.
  const page = locale === 'es-US' ? spanishPage(indexHtml, shellCatalogs(frontendsDir)) : indexHtml;
  const script = scriptOf(remotes);
  const preloads = preloadsFor(frontendsDir, remotes, route, page, locale).map(preloadLink).join('');
  const header = firstPaintHtml(route?.firstPaint, request, route === null ? undefined : manifestTranslator(remotes[route.remote]?.manifest, locale));
  const html = (header === null ? page : page.replace(SKELETON_HEADER, () => header)).replace(REMOTES_TAG, () => `${preloads}<script>${script}</script>`);
  return { html, scriptHash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` };
};

/** Allows one inline script by its hash in the response's script-src (set by securityHeaders). */
const allowScriptHash = (ctx: Context, hash: string): void => {
  const policy = ctx.response.get('Content-Security-Policy');
  if (typeof policy !== 'string' || policy === '') return;
  ctx.set(
    'Content-Security-Policy',
    policy
      .split(';')
      .map((directive) => (/^\s*script-src\s/.test(directive) ? `${directive} ${hash}` : directive))
      .join(';'),
  );
};

/** index.html as read from disk, again only when the file changed. */
const pageCache = new Map<string, { readonly mtimeMs: number; readonly text: string }>();

const readPage = (file: string): string => {
  const { mtimeMs } = statSync(file);
  const cached = pageCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.text;
  const text = readFileSync(file, 'utf8');
  pageCache.set(file, { mtimeMs, text });
  return text;
};

/** `sessionCookie`: the name of the portal's session cookie, whose presence a first paint may ask for. */
export const frontends = (frontendsDir: string, overrides: readonly RemoteOverride[], sessionCookie = 'portal_session') => {
  const root = path.resolve(frontendsDir);
  const shellDist = path.join(root, 'shell', 'dist');
  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      await next();
      return;
    }
    if (ctx.path === '/remotes.js') {
      sendText(ctx, remotesScript(root, overrides), TYPES['.js']!);
      return;
    }
    const remote = /^\/remotes\/([a-z-]+)(\/.*)$/.exec(ctx.path);
    if (remote) {
      const file = fileUnder(path.join(root, remote[1]!, 'dist'), remote[2]!);
      if (file) send(ctx, file);
      else {
        ctx.status = 404;
        ctx.body = 'Not Found';
      }
      return;
    }
    const asset = ctx.path === '/' ? null : fileUnder(shellDist, ctx.path);
    if (asset) {
      send(ctx, asset);
      return;
    }
    // A file-looking path that is not there is a real 404; everything else is a client-side route.
    if (path.extname(ctx.path) && path.extname(ctx.path) !== '.html') {
      ctx.status = 404;
      ctx.body = 'Not Found';
      return;
    }
    const index = path.join(shellDist, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The portal has not been built yet: run `npm run build`.';
      return;
    }
    // The page's language: the request's (request-locale.ts; read here when that middleware did not run).
    const locale: Locale = (ctx.state.locale as Locale | undefined) ?? localeOfRequest(ctx);
    const request: PageRequest = { query: new URLSearchParams(ctx.querystring), signedIn: Boolean(ctx.cookies.get(sessionCookie)), locale };
    const page = renderPage(root, overrides, readPage(index), ctx.path, request);
    if (page.scriptHash !== null) allowScriptHash(ctx, page.scriptHash);
    // One page per language: a cache keeps each language's copy apart.
    ctx.vary('Cookie');
    ctx.vary('Accept-Language');
    sendText(ctx, page.html, TYPES['.html']!);
  };
};

/**
 * A micro-frontend's manifest: the routes it owns, the redirects and header variants that go with
 * them (docs/decisions/0016-remote-manifests.md). Each remote declares it in its own
 * `src/manifest.ts`; its build checks it with `parseBuiltManifest` and emits it as `manifest.json`
 * beside `remoteEntry.js`; the API folds the manifests it serves into `/remotes.js`, and the shell
 * builds its route table from them at run time. So adding or changing a route touches only the
 * remote's folder and needs no shell build.
 *
 * Paths are what the address bar shows, without a trailing slash:
 * - `/staff`: exactly that path;
 * - `/declination-confirmation/<id>`: a `<name>` segment matches one non-empty segment;
 * - `/help/*`: a final `*` matches one or more further segments (not `/help` itself).
 *
 * Pure: no DOM, and no import but the portal's list of languages (itself pure), so the build
 * (Node) and the shell (browser) both run it.
 */
import { LOCALES, isLocale, type Locale } from '@portal/contracts/locale.ts';

/** The shell's header on a route: its title, and whether the patient's user-status menu shows. */
export interface RouteHeader {
  readonly title: string;
  readonly showUserStatus: boolean;
}

export interface RouteDeclaration {
  /** Exact path, or a pattern with `<name>` segments and/or a final `*`. */
  readonly path: string;
  readonly header: RouteHeader;
  /**
   * The webpackChunkName of the page's own lazy chunk, when the route renders one: the API
   * preloads that chunk's files from the HTML for this path, so the page does not wait for the
   * remote's code to ask for it (issue 15).
   */
  readonly chunk?: string;
  /**
   * The page's own header, when its first screen opens with a fixed one: the API draws it in the
   * page's HTML, so its text paints before any JavaScript (issue 15, decision 0047). It must be
   * what the screen's PageHeader draws (shell/src/first-paint.e2e.ts checks it in a browser).
   */
  readonly firstPaint?: FirstPaint;
}

/**
 * A page's opening words drawn in the HTML before JavaScript: PageHeader's title and description,
 * a Hero's (column 'hero') or a whole-page EmptyState's (column 'empty').
 */
export interface FirstPaint {
  readonly title: string;
  /** One paragraph of plain text under the title. */
  readonly description?: string;
  /**
   * What the screen opens with, and where: a PageHeader in the page container ('page', the
   * default) or in the narrower sign-in column ('auth'); a Hero in the first column of a Split
   * ('hero', /login), drawn where the Split stacks, on screens narrower than 64rem; or a whole-page
   * EmptyState with an icon ('empty', /logout-confirmation), its description's first paragraph.
   */
  readonly column?: 'page' | 'auth' | 'hero' | 'empty';
  /** A hero's first paragraph, in bold, above the description ('hero' only). */
  readonly lead?: string;
  /** The screen has a small back link above its header: its place is kept. */
  readonly backLink?: boolean;
  /** Query parameters that change the first screen (booking's reschedule): with one, the plain skeleton shows. */
  readonly unlessQuery?: readonly string[];
  /**
   * Drawn only for a visitor with (true) or without (false) the portal's session cookie: a sign-in
   * page is not drawn for a member about to be sent to the dashboard (/guest-login).
   */
  readonly signedIn?: boolean;
}

/** The shell rewrites `from` (an exact path) to `to` before any micro-frontend sees it, keeping the query string. */
export interface RedirectDeclaration {
  readonly from: string;
  readonly to: string;
}

/**
 * The header of every path at or under `under` that no route declares (the 404 view there keeps
 * the section's header). The longest `under` wins.
 */
export interface HeaderAreaDeclaration {
  readonly under: string;
  readonly header: RouteHeader;
}

export interface RemoteManifest {
  /** The remote's name: its folder, its key in window.__PORTAL_REMOTES__ and its container portal_<name>. */
  readonly name: string;
  readonly routes: readonly RouteDeclaration[];
  readonly redirects?: readonly RedirectDeclaration[];
  readonly headerAreas?: readonly HeaderAreaDeclaration[];
  /**
   * The manifest's own words in other languages (issue 26): each English text it declares (a
   * header title, a first paint's title or description) → its translation. The shell draws the
   * header title in the page's language (manifestSpanish), the API the first paint. Checked and
   * kept by parseBuiltManifest; parseRemoteManifest (the shell's first load) leaves it out, and the
   * shell reads it only for a Spanish page (shell/src/chrome/chrome-spanish.ts).
   */
  readonly translations?: ManifestTranslations;
  /**
   * The languages the micro-frontend's screens are drawn in (issue 26), when not every language
   * the portal offers: the staff portal's `['en-US']`. On its routes the API draws the page in the
   * first of them when the visitor chose another, and the footer shows no language switch.
   */
  readonly languages?: readonly Locale[];
}

/** English text → Spanish, for the texts the manifest declares. */
export interface ManifestTranslations {
  readonly 'es-US'?: Readonly<Record<string, string>>;
}

export type ManifestParseResult = { readonly ok: true; readonly manifest: RemoteManifest } | { readonly ok: false; readonly errors: readonly string[] };

export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
/** A route's lazy chunk name (RouteDeclaration.chunk). */
export const CHUNK_NAME = /^[a-z][a-z0-9-]{0,39}$/;
export const MAX_MANIFEST_ENTRIES = 200;
const MAX_PATH_LENGTH = 200;
const MAX_TITLE_LENGTH = 60;
const MAX_DESCRIPTION_LENGTH = 300;
const QUERY_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
const TRANSLATION_LOCALES = ['es-US'] as const;

/** A literal path segment: URL path characters (percent-escapes included), no `<`, `>` or `*`. */
const LITERAL_SEGMENT = /^[A-Za-z0-9._~!$&'()+,;=:@%-]+$/;
const PARAM_SEGMENT = /^<[A-Za-z][A-Za-z0-9]{0,30}>$/;

/** Why `path` is not a valid path (or pattern, when allowed), or null when it is. */
export const pathProblem = (path: string, { pattern }: { pattern: boolean }): string | null => {
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  if (!path.startsWith('/')) return "must start with '/'";
  if (path === '/') return null;
  if (path.endsWith('/')) return "must not end with '/'";
  const segments = path.slice(1).split('/');
  for (const [index, segment] of segments.entries()) {
    if (segment === '') return "must not contain '//'";
    if (LITERAL_SEGMENT.test(segment) && segment !== '.' && segment !== '..') continue;
    if (pattern && PARAM_SEGMENT.test(segment)) continue;
    if (pattern && segment === '*' && index === segments.length - 1) continue;
    return pattern
      ? `has an invalid segment '${segment}' (letters, digits and URL path characters; '<name>'; '*' only at the end)`
      : `has an invalid segment '${segment}' (an exact path: letters, digits and URL path characters)`;
  }
  return null;
};

/** A string with something in it, at most `max` characters long. */
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const parseHeader = (value: unknown, at: string, errors: string[]): RouteHeader | null => {
  if (!isRecord(value)) {
    errors.push(`${at}: must be an object {title, showUserStatus}`);
    return null;
  }
  const { title, showUserStatus } = value;
  let ok = true;
  if (!isText(title, MAX_TITLE_LENGTH)) {
    errors.push(`${at}.title: must be a non-empty string of at most ${MAX_TITLE_LENGTH} characters`);
    ok = false;
  }
  if (typeof showUserStatus !== 'boolean') {
    errors.push(`${at}.showUserStatus: must be true or false`);
    ok = false;
  }
  return ok ? { title: title as string, showUserStatus: showUserStatus as boolean } : null;
};

type FirstPaintColumn = NonNullable<FirstPaint['column']>;
const FIRST_PAINT_COLUMNS: readonly FirstPaintColumn[] = ['page', 'auth', 'hero', 'empty'];

const parseFirstPaint = (value: unknown, at: string, errors: string[]): FirstPaint | null => {
  if (!isRecord(value)) {
    errors.push(`${at}: must be an object {title, description?, column?, lead?, backLink?, unlessQuery?, signedIn?}`);
    return null;
  }
  const { title, description, column, lead, backLink, unlessQuery, signedIn } = value;
  const before = errors.length;
  if (!isText(title, MAX_TITLE_LENGTH)) errors.push(`${at}.title: must be a non-empty string of at most ${MAX_TITLE_LENGTH} characters`);
  if (description !== undefined && !isText(description, MAX_DESCRIPTION_LENGTH)) {
    errors.push(`${at}.description: must be a non-empty string of at most ${MAX_DESCRIPTION_LENGTH} characters`);
  }
  if (column !== undefined && !FIRST_PAINT_COLUMNS.includes(column as FirstPaintColumn)) errors.push(`${at}.column: must be 'page', 'auth', 'hero' or 'empty'`);
  if (lead !== undefined && !(column === 'hero' && isText(lead, MAX_DESCRIPTION_LENGTH))) {
    errors.push(`${at}.lead: must be a non-empty string of at most ${MAX_DESCRIPTION_LENGTH} characters, on a 'hero' column`);
  }
  if (backLink !== undefined && typeof backLink !== 'boolean') errors.push(`${at}.backLink: must be true or false`);
  if (unlessQuery !== undefined && !(Array.isArray(unlessQuery) && unlessQuery.length <= 10 && unlessQuery.every((name) => typeof name === 'string' && QUERY_NAME.test(name)))) {
    errors.push(`${at}.unlessQuery: must be a list of at most 10 query parameter names`);
  }
  if (signedIn !== undefined && typeof signedIn !== 'boolean') errors.push(`${at}.signedIn: must be true or false`);
  if (errors.length > before) return null;
  return {
    title: title as string,
    ...(description === undefined ? {} : { description: description as string }),
    ...(column === undefined ? {} : { column: column as FirstPaintColumn }),
    ...(lead === undefined ? {} : { lead: lead as string }),
    ...(backLink === undefined ? {} : { backLink: backLink as boolean }),
    ...(unlessQuery === undefined ? {} : { unlessQuery: unlessQuery as string[] }),
    ...(signedIn === undefined ? {} : { signedIn: signedIn as boolean }),
  };
};

const parseTranslations = (value: unknown, errors: string[]): ManifestTranslations | null => {
  if (!isRecord(value)) {
    errors.push("translations: must be an object { 'es-US'?: { '<English>': '<translation>' } }");
    return null;
  }
  const translations: Record<string, Readonly<Record<string, string>>> = {};
  for (const locale of TRANSLATION_LOCALES) {
    const table = value[locale];
    if (table === undefined) continue;
    if (!isRecord(table)) {
      errors.push(`translations.${locale}: must be an object { '<English>': '<translation>' }`);
      continue;
    }
    const entries = Object.entries(table);
    if (entries.length > MAX_MANIFEST_ENTRIES) {
      errors.push(`translations.${locale}: has more than ${MAX_MANIFEST_ENTRIES} entries`);
      continue;
    }
    const words: Record<string, string> = {};
    for (const [english, translated] of entries) {
      if (!isText(english, MAX_DESCRIPTION_LENGTH) || !isText(translated, MAX_DESCRIPTION_LENGTH)) {
        errors.push(`translations.${locale}['${english.slice(0, 60)}']: the text and its translation must be non-empty strings of at most ${MAX_DESCRIPTION_LENGTH} characters`);
        continue;
      }
      words[english] = translated;
    }
    translations[locale] = words;
  }
  return translations;
};

const parsePath = (value: unknown, at: string, pattern: boolean, errors: string[]): string | null => {
  if (typeof value !== 'string') {
    errors.push(`${at}: must be a string`);
    return null;
  }
  const problem = pathProblem(value, { pattern });
  if (problem) {
    errors.push(`${at}: '${value.slice(0, MAX_PATH_LENGTH)}' ${problem}`);
    return null;
  }
  return value;
};

const parseList = <T>(value: unknown, at: string, required: boolean, errors: string[], item: (entry: unknown, at: string) => T | null): T[] => {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value)) {
    errors.push(`${at}: must be a list`);
    return [];
  }
  if (value.length > MAX_MANIFEST_ENTRIES) {
    errors.push(`${at}: has more than ${MAX_MANIFEST_ENTRIES} entries`);
    return [];
  }
  const items: T[] = [];
  for (const [index, entry] of value.entries()) {
    const parsed = item(entry, `${at}[${index}]`);
    if (parsed !== null) items.push(parsed);
  }
  return items;
};

/**
 * Checks a manifest read from JSON (or a module). Unknown fields are ignored, so a newer remote
 * can add fields an older shell does not know.
 */
export const parseRemoteManifest = (value: unknown): ManifestParseResult => {
  const errors: string[] = [];
  if (!isRecord(value)) return { ok: false, errors: ['manifest: must be an object {name, routes, redirects?, headerAreas?}'] };
  const { name } = value;
  if (typeof name !== 'string' || !REMOTE_NAME.test(name)) errors.push('name: must be lower-case letters, digits and dashes, starting with a letter');

  const routes = parseList(value.routes, 'routes', true, errors, (entry, at): RouteDeclaration | null => {
    if (!isRecord(entry)) {
      errors.push(`${at}: must be an object {path, header}`);
      return null;
    }
    const path = parsePath(entry.path, `${at}.path`, true, errors);
    const header = parseHeader(entry.header, `${at}.header`, errors);
    const { chunk } = entry;
    if (chunk !== undefined && (typeof chunk !== 'string' || !CHUNK_NAME.test(chunk))) {
      errors.push(`${at}.chunk: must be a webpackChunkName (lower-case letters, digits and dashes)`);
      return null;
    }
    return path !== null && header !== null ? { path, header, ...(chunk === undefined ? {} : { chunk }) } : null;
  });
  const redirects = parseList(value.redirects, 'redirects', false, errors, (entry, at): RedirectDeclaration | null => {
    if (!isRecord(entry)) {
      errors.push(`${at}: must be an object {from, to}`);
      return null;
    }
    const from = parsePath(entry.from, `${at}.from`, false, errors);
    const to = parsePath(entry.to, `${at}.to`, false, errors);
    if (from !== null && from === to) errors.push(`${at}: redirects '${from}' to itself`);
    return from !== null && to !== null ? { from, to } : null;
  });
  const headerAreas = parseList(value.headerAreas, 'headerAreas', false, errors, (entry, at): HeaderAreaDeclaration | null => {
    if (!isRecord(entry)) {
      errors.push(`${at}: must be an object {under, header}`);
      return null;
    }
    const under = parsePath(entry.under, `${at}.under`, false, errors);
    const header = parseHeader(entry.header, `${at}.header`, errors);
    return under !== null && header !== null ? { under, header } : null;
  });

  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) errors.push(`routes: '${route.path}' is declared twice`);
    seen.add(route.path);
  }
  const { languages } = value;
  if (languages !== undefined && !(Array.isArray(languages) && languages.length > 0 && languages.every(isLocale))) {
    errors.push(`languages: must be a non-empty list of the portal's languages (${LOCALES.join(', ')})`);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, manifest: { name: name as string, routes, redirects, headerAreas, ...(languages === undefined ? {} : { languages: [...new Set(languages as Locale[])] }) } };
};

/**
 * The manifest the build emits as manifest.json: as parseRemoteManifest reads it, with each
 * route's firstPaint checked and kept. Only the API draws a first paint, so the shell's own check
 * (parseRemoteManifest) leaves the field out and its first load carries none of this code.
 */
export const parseBuiltManifest = (value: unknown): ManifestParseResult => {
  const result = parseRemoteManifest(value);
  if (!result.ok) return result;
  // Every declared route was kept (a refused one is an error), so the lists line up.
  const declared = (value as { readonly routes: ReadonlyArray<Record<string, unknown>> }).routes;
  const errors: string[] = [];
  const { translations: declaredTranslations } = value as { readonly translations?: unknown };
  const translations = declaredTranslations === undefined ? null : parseTranslations(declaredTranslations, errors);
  const routes = result.manifest.routes.map((route, index) => {
    const { firstPaint } = declared[index]!;
    if (firstPaint === undefined) return route;
    const parsed = parseFirstPaint(firstPaint, `routes[${index}].firstPaint`, errors);
    return parsed === null ? route : { ...route, firstPaint: parsed };
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, manifest: { ...result.manifest, routes, ...(translations ? { translations } : {}) } };
};


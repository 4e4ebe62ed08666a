/**
 * The page the API draws, in the request's language (issue 26, decisions 0047 and 0057):
 * - `<html lang>` follows the locale ('es' for es-US; an English page is left as it is);
 * - the shell's static texts in index.html, each marked with the id of its catalog message
 *   (`data-i18n="<id>"` for an element's text, `data-i18n-<attribute>="<id>"` for an attribute's),
 *   are drawn from the shell's Spanish catalog; placeholders ('{practice} {title}, home') take the
 *   values the English text has (a value that is itself a catalog text is translated too);
 * - a route's first paint takes its remote's manifest `translations['es-US'][English]`.
 * Anything missing or not understood (no catalog, an id it lacks, an ICU plural or select) keeps
 * its English: the page is never broken for want of a translation.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { langOf, type Locale } from '@portal/core';

export type Catalog = Readonly<Record<string, string>>;

export interface ShellCatalogs {
  readonly en: Catalog;
  readonly es: Catalog;
}

/**
 * Where the shell's catalogs are found, under frontends/shell: the build's copy when it writes one,
 * else the source tree (the API's image keeps frontends/shell/src; chrome/messages are the first
 * load's messages, messages/ the rest). The ids are distinct; the first file naming an id wins.
 */
const CATALOG_DIRS = ['dist/messages', 'src/chrome/messages', 'src/messages'];

const readCatalog = (file: string): { readonly mtimeMs: number; readonly messages: Catalog } | null => {
  try {
    const { mtimeMs } = statSync(file);
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const messages: Record<string, string> = {};
    for (const [id, text] of Object.entries(parsed)) if (typeof text === 'string' && text.length <= 2_000) messages[id] = text;
    return { mtimeMs, messages };
  } catch {
    return null;
  }
};

const catalogCache = new Map<string, { readonly key: string; readonly catalogs: ShellCatalogs }>();

/** The shell's English and Spanish catalogs, merged from the files found (read again only when one changes). */
export const shellCatalogs = (frontendsDir: string): ShellCatalogs => {
  const shell = path.join(frontendsDir, 'shell');
  const files = CATALOG_DIRS.flatMap((dir) => ['en-US', 'es-US'].map((locale) => path.join(shell, dir, `${locale.slice(0, 2)}.json`)));
  const stamps = files.map((file) => {
    try {
      return `${file}:${statSync(file).mtimeMs}`;
    } catch {
      return `${file}:-`;
    }
  });
  const key = stamps.join('|');
  const cached = catalogCache.get(shell);
  if (cached && cached.key === key) return cached.catalogs;
  const merged = { en: {} as Record<string, string>, es: {} as Record<string, string> };
  for (const dir of CATALOG_DIRS) {
    for (const language of ['en', 'es'] as const) {
      const catalog = readCatalog(path.join(shell, dir, `${language}.json`));
      if (!catalog) continue;
      for (const [id, text] of Object.entries(catalog.messages)) if (!Object.hasOwn(merged[language], id)) merged[language][id] = text;
    }
  }
  const catalogs: ShellCatalogs = { en: merged.en, es: merged.es };
  catalogCache.set(shell, { key, catalogs });
  return catalogs;
};

// ---- messages: plain text with {name} placeholders only --------------------------------------

const PLACEHOLDER = /\{(\w+)\}/g;

/** A message made of text and {name} placeholders only (no plural, select or quoted braces). */
const isSimple = (message: string): boolean => !/[{}]/.test(message.replace(PLACEHOLDER, '')) && !/'[{}]/.test(message);

/** ICU's doubled apostrophe is one apostrophe. */
const literal = (text: string): string => text.replace(/''/g, "'");

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** At most this many assignments are tried for one message (two placeholders over a catalog of a few hundred texts). */
const MAX_TRIES = 20_000;

/**
 * The values of `template`'s placeholders that give `actual` ('{practice} {title}, home' and
 * 'MDRI Primary Care Member Portal, home' → { title: 'Member Portal', practice: 'MDRI Primary Care' }):
 * each placeholder is either a text of the catalog or, for one of them at most, whatever is left.
 * Null when no assignment gives `actual`.
 */
export const placeholderValues = (template: string, actual: string, catalogTexts: readonly string[]): Record<string, string> | null => {
  if (!isSimple(template)) return null;
  const parts = template.split(/\{(\w+)\}/);
  const names = parts.filter((_, index) => index % 2 === 1);
  if (names.length === 0) return literal(template) === actual ? {} : null;
  if (names.length > 3) return null;
  let tries = 0;
  const attempt = (assigned: ReadonlyArray<string | null>): Record<string, string> | null => {
    tries += 1;
    const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegExp(literal(part)) : assigned[(index - 1) / 2] === null ? '(.+)' : escapeRegExp(assigned[(index - 1) / 2]!))).join('');
    const match = new RegExp(`^${source}$`, 's').exec(actual);
    if (!match) return null;
    const values: Record<string, string> = {};
    let group = 1;
    names.forEach((name, index) => {
      values[name] = assigned[index] ?? match[group++]!;
    });
    return values;
  };
  // Fewest free placeholders first: a value the catalog knows is translated.
  for (let free = -1; free < names.length; free += 1) {
    const search = (index: number, assigned: Array<string | null>): Record<string, string> | null => {
      if (tries > MAX_TRIES) return null;
      if (index === names.length) return attempt(assigned);
      if (index === free) return search(index + 1, [...assigned, null]);
      for (const text of catalogTexts) {
        if (!actual.includes(text)) continue;
        const found = search(index + 1, [...assigned, text]);
        if (found) return found;
      }
      return null;
    };
    const found = search(0, []);
    if (found) return found;
  }
  return null;
};

/** `id`'s Spanish for the English text `actual` now on the page, or null to keep the English. */
export const translatedText = (catalogs: ShellCatalogs, id: string, actual: string): string | null => {
  const spanish = catalogs.es[id];
  if (spanish === undefined || !isSimple(spanish)) return null;
  const names = [...spanish.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  if (names.length === 0) return literal(spanish);
  const english = catalogs.en[id];
  if (english === undefined) return null;
  const englishTexts = Object.values(catalogs.en).filter((text) => text !== '' && isSimple(text) && !/\{\w+\}/.test(text)).map(literal);
  const values = placeholderValues(english, actual.trim(), englishTexts);
  if (values === null || names.some((name) => values[name] === undefined)) return null;
  // A value that is an English catalog text is said in Spanish (the title in the home link's label).
  const spanishOf = (value: string): string => {
    const known = Object.entries(catalogs.en).find(([, text]) => literal(text) === value)?.[0];
    const translation = known === undefined ? undefined : catalogs.es[known];
    return translation !== undefined && isSimple(translation) && !/\{/.test(translation) ? literal(translation) : value;
  };
  return literal(spanish.replace(PLACEHOLDER, (_, name: string) => spanishOf(values[name]!)));
};

// ---- the page ------------------------------------------------------------------------------------

const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const unescapeHtml = (value: string): string =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const ID = '([\\w.-]{1,100})';
/** An opening tag marked data-i18n=<id> (quoted or not, as the minifier leaves it) and the text after it. */
const TEXT_MARKED = new RegExp(`(<[a-zA-Z][\\w-]*(?:\\s[^<>]*?)?\\sdata-i18n=(?:"${ID}"|'${ID}'|${ID})(?=[\\s>/])[^<>]*>)([^<]*)`, 'g');
/** An opening tag with a data-i18n-<attribute> mark. */
const ATTRIBUTE_MARKED_TAG = /<[a-zA-Z][\w-]*(?:\s[^<>]*?)?\sdata-i18n-[\w-]+=[^<>]*>/g;
const ATTRIBUTE_MARK = new RegExp(`\\sdata-i18n-([a-z][\\w-]{0,40})=(?:"${ID}"|'${ID}'|${ID})(?=[\\s>/])`, 'g');

const attributeValue = (tag: string, name: string): { readonly whole: string; readonly value: string } | null => {
  const match = new RegExp(`\\s${escapeRegExp(name)}=(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`).exec(tag);
  return match ? { whole: match[0], value: unescapeHtml(match[1] ?? match[2] ?? match[3] ?? '') } : null;
};

/** The page's marked static texts in Spanish (an id the catalog lacks keeps its English). */
export const translateStaticTexts = (html: string, catalogs: ShellCatalogs): string =>
  html
    .replace(TEXT_MARKED, (whole, tag: string, double?: string, single?: string, bare?: string, text?: string) => {
      const spanish = translatedText(catalogs, (double ?? single ?? bare)!, unescapeHtml(text ?? ''));
      return spanish === null ? whole : `${tag}${escapeHtml(spanish)}`;
    })
    .replace(ATTRIBUTE_MARKED_TAG, (tag) => {
      let result = tag;
      for (const mark of tag.matchAll(ATTRIBUTE_MARK)) {
        const attribute = mark[1]!;
        const id = (mark[2] ?? mark[3] ?? mark[4])!;
        const current = attributeValue(result, attribute);
        if (current === null) continue;
        const spanish = translatedText(catalogs, id, current.value);
        if (spanish !== null) result = result.replace(current.whole, () => ` ${attribute}="${escapeHtml(spanish)}"`);
      }
      return result;
    });

const HTML_LANG = /(<html\b[^>]*?\s)lang=(?:"[^"]*"|'[^']*'|[^\s>]+)/i;

/** `<html lang>` for the locale; a page without one gets it. */
export const withLang = (html: string, locale: Locale): string =>
  HTML_LANG.test(html) ? html.replace(HTML_LANG, (_, before: string) => `${before}lang="${langOf(locale)}"`) : html.replace(/<html\b/i, `<html lang="${langOf(locale)}"`);

const pageCache = new Map<string, { readonly catalogs: ShellCatalogs; readonly html: string }>();

/** index.html in Spanish: its lang and its marked texts (kept for the last few pages). */
export const spanishPage = (indexHtml: string, catalogs: ShellCatalogs): string => {
  const cached = pageCache.get(indexHtml);
  if (cached && cached.catalogs === catalogs) return cached.html;
  const html = withLang(translateStaticTexts(indexHtml, catalogs), 'es-US');
  if (pageCache.size >= 4) pageCache.delete(pageCache.keys().next().value!);
  pageCache.set(indexHtml, { catalogs, html });
  return html;
};

/**
 * A manifest's translator for a locale: `translations[locale][English]` when it is a string of a
 * sane length, else the English. English needs none.
 */
export const manifestTranslator = (manifest: unknown, locale: Locale): ((english: string) => string) => {
  if (locale === 'en-US' || typeof manifest !== 'object' || manifest === null) return (english) => english;
  const translations = (manifest as { translations?: unknown }).translations;
  const table = typeof translations === 'object' && translations !== null ? (translations as Record<string, unknown>)[locale] : undefined;
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return (english) => english;
  return (english) => {
    const translated = Object.hasOwn(table, english) ? (table as Record<string, unknown>)[english] : undefined;
    return typeof translated === 'string' && translated.trim() !== '' && translated.length <= 300 ? translated : english;
  };
};

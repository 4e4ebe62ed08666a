/**
 * The words of the shell's first load (issue 26): header, user-status button, loading line,
 * without Lingui (the 100 KB budget, decision 0057). `messages/en.json` ships in the first load;
 * Spanish (`messages/es.json` and the manifests' Spanish header titles, chrome-spanish.ts) is a
 * lazy chunk loaded only for a Spanish page: bootstrap waits for it before the first render, and
 * draws the chrome again when the page's language changes. The catalogs hold plain text and
 * `{name}` placeholders only (still ICU, checked by tools/src/i18n/catalogs.test.ts); the build
 * compiles them to Lingui's form (a list of strings and [name]s), jest reads the ICU source: the
 * lookup reads both. The shell's lazy parts use ../i18n.ts (Lingui).
 */
import en from './messages/en.json' with { type: 'json' };
import { formatText, type ChromeSpanish, type CompiledText } from './chrome-format.ts';

export type ChromeTextId = keyof typeof en;

let spanish: Promise<ChromeSpanish> | undefined;
let words: ChromeSpanish | null = null;

/** Whether a language tag (<html lang>, the portal:locale event's locale) is Spanish. */
export const isSpanish = (tag: unknown): boolean => /^es/i.test(String(tag));

/** Loads what the chrome needs to draw in Spanish (or English, at once). */
export const loadChromeText = async (inSpanish: boolean): Promise<void> => {
  words = inSpanish ? await (spanish ??= import(/* webpackChunkName: "messages-es" */ './chrome-spanish.ts').then((module) => module.chromeSpanish())) : null;
};

/** The pseudo-locale's mark (@portal/i18n/pseudo.ts), without its accents: the first load stays small. */
const marked = (text: string): string => ((globalThis as { __PORTAL_PSEUDO_LOCALE__?: unknown }).__PORTAL_PSEUDO_LOCALE__ === true ? `⟦${text}⟧` : text);

export const chromeText = (id: ChromeTextId, values?: Readonly<Record<string, string>>): string =>
  marked(formatText(words?.catalog[id] ?? (en as Readonly<Record<string, CompiledText>>)[id]!, values));

/** A header title in the page's language. */
export const headerTitleText = (title: string): string => marked(words?.titles.get(title) ?? title);

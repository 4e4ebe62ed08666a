/**
 * The portal's languages (issue 26): English and Spanish as spoken in the United States. The
 * shell owns the chosen one; the API reads it from the same cookie to draw the first paint and to
 * write emails. Pure: imported by the API, the worker and every frontend.
 */

export const LOCALES = ['en-US', 'es-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** The cookie that remembers the choice on this device (readable by the page; not a secret). */
export const LOCALE_COOKIE = 'portal_lang';

/** Each language's name in itself, for the switch ('English | Español'). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { 'en-US': 'English', 'es-US': 'Español' };

/** The `lang` attribute value for a locale ('en' / 'es'): the switch marks each option with it. */
export const langOf = (locale: Locale): string => locale.slice(0, 2);

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** 'es', 'es-MX', 'ES-us' … → es-US; 'en…' → en-US; anything else → null. */
export const localeOfTag = (tag: string): Locale | null => {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (language === 'es') return 'es-US';
  if (language === 'en') return 'en-US';
  return null;
};

/**
 * The first supported language of an Accept-Language header, by its q weights (RFC 9110 §12.5.4);
 * English when none is supported or the header is missing or malformed. Bounded: at most 32
 * entries of a header are read.
 */
export const negotiateLocale = (header: string | undefined | null): Locale => {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 1024)
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)).find(Boolean);
      return { locale: localeOfTag(tag), weight: q ? Number(q[1]) : 1, index };
    })
    .filter((entry): entry is { locale: Locale; weight: number; index: number } => entry.locale !== null && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.locale ?? DEFAULT_LOCALE;
};

/** The chosen locale from a Cookie header's `portal_lang`, or null when none (or not ours). */
export const localeFromCookieHeader = (cookieHeader: string | undefined | null): Locale | null => {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=');
    if (name?.trim() === LOCALE_COOKIE) return isLocale(value?.trim()) ? (value.trim() as Locale) : null;
  }
  return null;
};

/** What the request asks for: the remembered choice first, then the browser's languages. */
export const requestLocale = (cookieHeader: string | undefined | null, acceptLanguage: string | undefined | null): Locale =>
  localeFromCookieHeader(cookieHeader) ?? negotiateLocale(acceptLanguage);

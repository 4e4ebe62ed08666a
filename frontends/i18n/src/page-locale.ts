/**
 * The page's language, owned by the shell (issue 26). The API writes `<html lang>` from the
 * remembered choice or Accept-Language; the shell changes it when the patient chooses; every
 * micro-frontend reads it here and follows the `portal:locale` event. No React, no Lingui: the
 * shell's first load carries this.
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE, langOf, localeOfTag, type Locale } from '@portal/contracts/locale.ts';

export const LOCALE_EVENT = 'portal:locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language the page is drawn in now: `<html lang>`, English when absent or not ours. */
export const pageLocale = (): Locale => {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  return localeOfTag(document.documentElement.lang || '') ?? DEFAULT_LOCALE;
};

/**
 * Switches the page: `<html lang>`, the device's memory (the cookie the API reads for the first
 * paint and emails), then tells every micro-frontend. Returns false when nothing changed.
 */
export const choosePageLocale = (locale: Locale): boolean => {
  if (typeof document === 'undefined') return false;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  if (pageLocale() === locale) return false;
  document.documentElement.lang = langOf(locale);
  window.dispatchEvent(new CustomEvent<Locale>(LOCALE_EVENT, { detail: locale }));
  return true;
};

/** Calls back with each new page language; returns the unsubscribe. */
export const onPageLocale = (listener: (locale: Locale) => void): (() => void) => {
  if (typeof window === 'undefined') return () => undefined;
  const handler = (event: Event): void => {
    const locale = localeOfTag(String((event as CustomEvent<unknown>).detail ?? ''));
    if (locale) listener(locale);
  };
  window.addEventListener(LOCALE_EVENT, handler);
  return () => window.removeEventListener(LOCALE_EVENT, handler);
};

export * from './page-locale.ts';
export * from './messages.ts';
export * from './format.ts';
export { LOCALES, LOCALE_NAMES, DEFAULT_LOCALE, langOf, isLocale, type Locale } from '@portal/contracts/locale.ts';
export * from './pseudo.ts';

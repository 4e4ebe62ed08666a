/**
 * Dates, times and prices in the page's language, in the practice's time zone (issue 26):
 * '30 de noviembre de 2026', '8:00 a.m.', '$120.00'. English keeps the portal's existing forms
 * (the specs quote them), so these are for the Spanish side and for texts the specs do not fix.
 */
import type { Locale } from '@portal/contracts/locale.ts';
import { PRACTICE_TIME_ZONE } from '@portal/contracts/screen-rules.ts';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
const dateFormat = (locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
};

/** A calendar date, 'YYYY-MM-DD' or 'MM/DD/YYYY' (a day, no zone), read as that day. */
const dayOf = (value: string): Date | null => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (iso) return new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]), 12));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (us) return new Date(Date.UTC(Number(us[3]), Number(us[1]) - 1, Number(us[2]), 12));
  return null;
};

/** 'November 30, 2026' / '30 de noviembre de 2026' for an instant (practice zone) or a calendar day. */
export const formatLongDate = (value: Date | string, locale: Locale, weekday = false): string => {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', ...(weekday ? { weekday: 'long' } : {}) };
  if (typeof value === 'string') {
    const day = dayOf(value);
    return day ? dateFormat(locale, { ...options, timeZone: 'UTC' }).format(day) : value;
  }
  return dateFormat(locale, { ...options, timeZone: PRACTICE_TIME_ZONE }).format(value);
};

/** 'Mon, Nov 30' / 'lun, 30 de nov' for a calendar day. */
export const formatShortDay = (value: string, locale: Locale): string => {
  const day = dayOf(value);
  return day ? dateFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day) : value;
};

/** '8:00 AM' / '8:00 a.m.' for an instant (practice zone) or a wall-clock 'HH:mm'. */
export const formatClockTime = (value: Date | string, locale: Locale): string => {
  if (typeof value === 'string') {
    const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
    if (!match || Number(match[1]) > 23) return value;
    return dateFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
  }
  return dateFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: PRACTICE_TIME_ZONE }).format(value);
};

/** '$120.00' in either language (US dollars). */
export const formatPrice = (cents: number, locale: Locale): string => {
  const key = `n|${locale}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })));
  return format.format(cents / 100);
};

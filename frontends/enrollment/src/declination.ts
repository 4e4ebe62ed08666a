/** The declination confirmation (enrollment-and-payment §2 'Declination confirmation'). */
import { formatLongDate } from '@portal/i18n/format.ts';
import type { Locale } from '@portal/contracts/locale.ts';

export interface DeclinationRecord {
  readonly status: string;
  readonly createdAt: string;
  readonly updatedAt?: string | null | undefined;
}

export const isDeclined = (record: Pick<DeclinationRecord, 'status'> | null | undefined): boolean => record?.status === 'declined';

/**
 * The signed-on date: updatedAt, else createdAt, as 'November 22, 2026' ('22 de noviembre de 2026'
 * in Spanish, in the practice's zone); null when neither parses.
 */
export const signedOnDate = (record: DeclinationRecord, timeZone?: string, locale: Locale = 'en-US'): string | null => {
  for (const value of [record.updatedAt, record.createdAt]) {
    if (!value) continue;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) continue;
    if (locale !== 'en-US') return formatLongDate(date, locale);
    return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) });
  }
  return null;
};

/**
 * A load failure that means 'no such confirmation for you' rather than 'try again'. Checked by
 * shape, not instanceof: the page's default query function is the shell's copy of @portal/client.
 */
export const isNotFoundError = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { name, status } = error as { name?: unknown; status?: unknown };
  return name === 'ApiError' && typeof status === 'number' && [400, 401, 403, 404].includes(status);
};

/**
 * The practice report page's pure parts (issue 14, decision 0029): the default period, labels,
 * the CSV download and the bar chart's geometry. The figures themselves are counted by the API.
 */
import { PRACTICE_LOCATIONS, TIERS, formatDollars } from '@portal/client';
import type { StaffReportResponse } from '@portal/contracts';

/** YYYY-MM-DD of a date on the local calendar. */
const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The default period: the first of this month to today. */
export const defaultPeriod = (today: Date): { from: string; to: string } => ({
  from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
  to: isoDay(today),
});

export const tierName = (code: string): string => (TIERS as Record<string, { name: string } | undefined>)[code]?.name ?? code;

export const locationName = (id: string): string => (id === '' ? 'No location' : (PRACTICE_LOCATIONS.find((location) => location.id === id)?.name ?? `Location ${id}`));

/** One CSV field, quoted when it holds a comma, a quote or a line break; a leading =,+,-,@ is defused. */
export const csvField = (value: string | number): string => {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const dollars = (cents: number): string => (cents / 100).toFixed(2);

/** The report as CSV: section, item, value rows (spreadsheet friendly). */
export const reportCsv = (report: StaffReportResponse): string => {
  const rows: Array<Array<string | number>> = [
    ['Section', 'Item', 'Value'],
    ['Period', 'From', report.period.from],
    ['Period', 'To', report.period.to],
    ['Summary', 'Active members', report.activeMembers],
    ['Summary', 'Monthly recurring revenue (USD)', dollars(report.monthlyRecurringRevenueCents)],
    ['Summary', 'New members in period', report.newMembers],
    ['Summary', 'Cancelled members in period', report.cancelledMembers],
    ['Summary', 'Past due now', report.pastDueMembers],
    ['Summary', 'Went past due in period', report.pastDueInPeriod],
    ['Summary', 'Declines in period', report.declines],
    ['Summary', 'Hardship declines in period', report.hardshipDeclines],
    ...report.activeByTier.map((row) => ['Active by tier', tierName(row.tier), row.count]),
    ...report.activeByTier.map((row) => ['Monthly revenue by tier (USD)', tierName(row.tier), dollars(row.monthlyRevenueCents)]),
    ...report.activeByLocation.map((row) => ['Active by location', locationName(row.location), row.count]),
    ...report.activeByTierAndLocation.map((row) => ['Active by tier and location', `${tierName(row.tier)} / ${locationName(row.location)}`, row.count]),
  ];
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
};

export const reportFileName = (report: StaffReportResponse): string => `practice-report-${report.period.from}-to-${report.period.to}.csv`;

export const formatMonthly = (cents: number): string => `${formatDollars(cents)} / month`;

export interface Bar {
  readonly label: string;
  readonly value: number;
  readonly x: number;
  readonly width: number;
  readonly y: number;
  readonly height: number;
}

/** Horizontal bars: one row each, scaled to the largest value (0 draws nothing). */
export const barLayout = (items: readonly { label: string; value: number }[], width: number, rowHeight: number, labelWidth: number): Bar[] => {
  const max = Math.max(1, ...items.map((item) => item.value));
  const room = Math.max(0, width - labelWidth - 40);
  return items.map((item, index) => ({
    label: item.label,
    value: item.value,
    x: labelWidth,
    y: index * rowHeight + 4,
    height: rowHeight - 8,
    width: Math.round((item.value / max) * room),
  }));
};

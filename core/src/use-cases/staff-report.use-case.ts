/**
 * The practice report for staff (issue 14, 'Beyond the spec'; decision 0029): active members by
 * tier and location, monthly recurring revenue, and over a chosen period the new, cancelled and
 * past-due members, declines and hardship declines.
 *
 * Everything comes from our enrollments: their status follows Stripe's subscription status (the
 * card webhook and the reconciler move it: active, past_due, cancelled), and their tier is the
 * price the subscription was made with, so the report asks Stripe nothing per member.
 *
 * Definitions (the period is whole days in the practice's time zone, both ends included):
 * - active: status active now; by tier, by location (department) and by both;
 * - MRR: the active members' tier prices per month (annual / 12, six-month / 6), in cents;
 * - new: paid memberships whose membership start falls in the period (still active, past due
 *   since, or cancelled since);
 * - cancelled: memberships that were paid (had a start) and were cancelled in the period;
 * - past due: past due now, and how many of those went past due in the period;
 * - declines / hardship declines: 'decline' / 'decline_hardship' choices made in the period.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { TIERS, type TierCode } from '../domain/tier.ts';
import { athenaLocalToInstant } from '../policies/cancellation-cutoff.policy.ts';
import type { StaffReportRecords, StaffReportRow } from '../ports/staff-portal.port.ts';

/** The paid tiers in the report's order. */
export const REPORT_TIERS = ['120_annual', '70_biannual', '300_concierge_biannual', '500_concierge_annual'] as const satisfies readonly TierCode[];
export type ReportTier = (typeof REPORT_TIERS)[number];

/** The longest period one report covers (a little over three years). */
export const REPORT_MAX_DAYS = 1_100;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReportPeriodError = DomainError<'REPORT.INVALID_PERIOD'>;

export interface ReportPeriod {
  /** YYYY-MM-DD, as asked. */
  readonly from: string;
  readonly to: string;
  /** The first instant of `from` and the first instant after `to`, in the practice's time zone. */
  readonly start: Date;
  readonly end: Date;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayStart = (day: string, timeZone: string): Date | null => {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [, year, month, date] = match;
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(date)));
  if (check.getUTCFullYear() !== Number(year) || check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(date)) return null;
  const instant = athenaLocalToInstant(`${month}/${date}/${year}`, '00:00', timeZone);
  return E.isRight(instant) ? instant.right : null;
};

const nextDay = (day: string): string => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
};

/** The period from..to (YYYY-MM-DD, both included), or why it cannot be reported. */
export const reportPeriod = (from: string, to: string, timeZone: string = PRACTICE_TIME_ZONE): E.Either<ReportPeriodError, ReportPeriod> => {
  const start = dayStart(from, timeZone);
  const toStart = dayStart(to, timeZone);
  if (!start || !toStart) return E.left(domainError('REPORT.INVALID_PERIOD', 'from and to must be dates (YYYY-MM-DD).'));
  if (toStart.getTime() < start.getTime()) return E.left(domainError('REPORT.INVALID_PERIOD', 'from must not be after to.'));
  if (toStart.getTime() - start.getTime() > REPORT_MAX_DAYS * DAY_MS) {
    return E.left(domainError('REPORT.INVALID_PERIOD', `A report covers at most ${REPORT_MAX_DAYS} days.`));
  }
  const end = dayStart(nextDay(to), timeZone)!;
  return E.right({ from, to, start, end });
};

/** A tier's price per month in cents (not rounded: the total is rounded once). */
export const monthlyPriceCents = (tier: TierCode): number => {
  const { priceCents, interval } = TIERS[tier];
  if (interval === 'year') return priceCents / 12;
  if (interval === '6 months') return priceCents / 6;
  return 0;
};

export interface ReportCount {
  readonly key: string;
  readonly count: number;
}

export interface PracticeReport {
  readonly period: { readonly from: string; readonly to: string };
  readonly generatedAt: string;
  readonly activeMembers: number;
  readonly activeByTier: readonly { readonly tier: ReportTier; readonly count: number; readonly monthlyRevenueCents: number }[];
  readonly activeByLocation: readonly { readonly location: string; readonly count: number }[];
  readonly activeByTierAndLocation: readonly { readonly tier: ReportTier; readonly location: string; readonly count: number }[];
  readonly monthlyRecurringRevenueCents: number;
  readonly newMembers: number;
  readonly cancelledMembers: number;
  readonly pastDueMembers: number;
  readonly pastDueInPeriod: number;
  readonly declines: number;
  readonly hardshipDeclines: number;
}

/** '' when an enrollment names no location. */
const locationOf = (row: StaffReportRow): string => row.department ?? '';

const within = (at: Date | null, period: ReportPeriod): boolean => at !== null && at.getTime() >= period.start.getTime() && at.getTime() < period.end.getTime();

const isPaidTier = (tier: TierCode): tier is ReportTier => (REPORT_TIERS as readonly string[]).includes(tier);

/** The report of `rows` (StaffReportRecords.reportRows) for `period`, at `now`. Pure. */
export const buildPracticeReport = (rows: readonly StaffReportRow[], period: ReportPeriod, now: Date): PracticeReport => {
  const active = rows.filter((row) => row.status === 'active' && isPaidTier(row.membershipTier));
  const byTier = REPORT_TIERS.map((tier) => {
    const count = active.filter((row) => row.membershipTier === tier).length;
    return { tier, count, monthlyRevenueCents: Math.round(count * monthlyPriceCents(tier)) };
  });
  const locations = [...new Set(active.map(locationOf))].sort((a, b) => a.localeCompare(b, 'en-US', { numeric: true }));
  const byLocation = locations.map((location) => ({ location, count: active.filter((row) => locationOf(row) === location).length }));
  const byBoth = REPORT_TIERS.flatMap((tier) =>
    locations
      .map((location) => ({ tier, location, count: active.filter((row) => row.membershipTier === tier && locationOf(row) === location).length }))
      .filter((cell) => cell.count > 0),
  );
  const mrr = Math.round(active.reduce((sum, row) => sum + monthlyPriceCents(row.membershipTier), 0));
  const wasMember = (row: StaffReportRow) => row.hasSubscription && row.membershipStartDate !== null && isPaidTier(row.membershipTier);
  const pastDue = rows.filter((row) => row.status === 'past_due');
  const declined = (tier: TierCode) => rows.filter((row) => row.status === 'declined' && row.membershipTier === tier && within(row.createdAt, period)).length;
  return {
    period: { from: period.from, to: period.to },
    generatedAt: now.toISOString(),
    activeMembers: active.length,
    activeByTier: byTier,
    activeByLocation: byLocation,
    activeByTierAndLocation: byBoth,
    monthlyRecurringRevenueCents: mrr,
    newMembers: rows.filter((row) => wasMember(row) && ['active', 'past_due', 'cancelled'].includes(row.status) && within(row.membershipStartDate, period)).length,
    cancelledMembers: rows.filter((row) => wasMember(row) && row.status === 'cancelled' && within(row.updatedAt, period)).length,
    pastDueMembers: pastDue.length,
    pastDueInPeriod: pastDue.filter((row) => within(row.updatedAt, period)).length,
    declines: declined('decline'),
    hardshipDeclines: declined('decline_hardship'),
  };
};

/** The report for from..to (YYYY-MM-DD), read from our records. */
export const practiceReport = async (
  deps: { readonly records: StaffReportRecords; readonly timeZone?: string },
  query: { readonly from: string; readonly to: string },
  now: Date,
): Promise<E.Either<ReportPeriodError, PracticeReport>> => {
  const period = reportPeriod(query.from, query.to, deps.timeZone ?? PRACTICE_TIME_ZONE);
  if (E.isLeft(period)) return period;
  const rows = await deps.records.reportRows(period.right.start);
  return E.right(buildPracticeReport(rows, period.right, now));
};

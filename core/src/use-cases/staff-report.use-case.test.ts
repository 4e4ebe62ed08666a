import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type { StaffReportRow } from '../ports/staff-portal.port.ts';
import { buildPracticeReport, monthlyPriceCents, practiceReport, reportPeriod } from './staff-report.use-case.ts';

const NOW = new Date('2026-06-15T14:00:00Z');
const at = (iso: string) => new Date(iso);

const row = (overrides: Partial<StaffReportRow>): StaffReportRow => ({
  status: 'active',
  membershipTier: '120_annual',
  department: '1',
  hasSubscription: true,
  membershipStartDate: at('2026-01-10T15:00:00Z'),
  createdAt: at('2026-01-10T14:00:00Z'),
  updatedAt: at('2026-01-10T15:00:00Z'),
  ...overrides,
});

const period = (from: string, to: string) => {
  const result = reportPeriod(from, to);
  if (E.isLeft(result)) throw new Error(result.left.message);
  return result.right;
};

describe('the report period', () => {
  it('is whole days in the practice time zone, both ends included', () => {
    const p = period('2026-03-01', '2026-03-31');
    expect(p.start.toISOString()).toBe('2026-03-01T05:00:00.000Z'); // EST
    expect(p.end.toISOString()).toBe('2026-04-01T04:00:00.000Z'); // EDT
  });

  it('refuses a malformed or impossible date, a reversed period and one longer than the limit', () => {
    for (const [from, to] of [
      ['2026-02-30', '2026-03-01'],
      ['03/01/2026', '2026-03-31'],
      ['2026-03-31', '2026-03-01'],
      ['2020-01-01', '2026-01-01'],
      ['', '2026-01-01'],
    ] as const) {
      expect(E.isLeft(reportPeriod(from, to))).toBe(true);
    }
  });
});

describe('monthly price', () => {
  it('annual over 12, six-month over 6, free tiers 0', () => {
    expect(monthlyPriceCents('120_annual')).toBe(1000);
    expect(monthlyPriceCents('300_concierge_biannual')).toBe(5000);
    expect(monthlyPriceCents('70_biannual')).toBeCloseTo(1166.667, 2);
    expect(monthlyPriceCents('decline')).toBe(0);
  });
});

describe('buildPracticeReport', () => {
  const rows: StaffReportRow[] = [
    row({}), // active 120 @1, started in January
    row({ department: '2' }), // active 120 @2
    row({ membershipTier: '70_biannual', department: '2', membershipStartDate: at('2026-03-05T15:00:00Z') }), // new in March
    row({ membershipTier: '500_concierge_annual', membershipStartDate: at('2026-03-31T23:00:00Z') }), // new: 7 pm on the 31st in RI
    row({ membershipTier: '300_concierge_biannual', status: 'past_due', updatedAt: at('2026-03-20T12:00:00Z') }),
    row({ status: 'past_due', updatedAt: at('2026-02-20T12:00:00Z') }),
    row({ status: 'cancelled', membershipStartDate: at('2025-09-01T12:00:00Z'), updatedAt: at('2026-03-10T12:00:00Z') }),
    row({ status: 'cancelled', hasSubscription: false, membershipStartDate: null, updatedAt: at('2026-03-10T12:00:00Z') }), // never paid: not a member
    row({ status: 'cancelled', membershipStartDate: at('2025-09-01T12:00:00Z'), updatedAt: at('2026-04-01T04:30:00Z') }), // April in RI
    row({ status: 'declined', membershipTier: 'decline', hasSubscription: false, membershipStartDate: null, createdAt: at('2026-03-02T12:00:00Z') }),
    row({ status: 'declined', membershipTier: 'decline_hardship', hasSubscription: false, membershipStartDate: null, createdAt: at('2026-03-03T12:00:00Z') }),
    row({ status: 'declined', membershipTier: 'decline_hardship', hasSubscription: false, membershipStartDate: null, createdAt: at('2026-02-03T12:00:00Z') }),
    row({ status: 'payment_pending', hasSubscription: true, membershipStartDate: null }),
  ];
  const report = buildPracticeReport(rows, period('2026-03-01', '2026-03-31'), NOW);

  it('counts active members by tier, location and both; MRR from the active tiers', () => {
    expect(report.activeMembers).toBe(4);
    expect(report.activeByTier).toEqual([
      { tier: '120_annual', count: 2, monthlyRevenueCents: 2000 },
      { tier: '70_biannual', count: 1, monthlyRevenueCents: 1167 },
      { tier: '300_concierge_biannual', count: 0, monthlyRevenueCents: 0 },
      { tier: '500_concierge_annual', count: 1, monthlyRevenueCents: 4167 },
    ]);
    expect(report.activeByLocation).toEqual([
      { location: '1', count: 2 },
      { location: '2', count: 2 },
    ]);
    expect(report.activeByTierAndLocation).toEqual([
      { tier: '120_annual', location: '1', count: 1 },
      { tier: '120_annual', location: '2', count: 1 },
      { tier: '70_biannual', location: '2', count: 1 },
      { tier: '500_concierge_annual', location: '1', count: 1 },
    ]);
    expect(report.monthlyRecurringRevenueCents).toBe(Math.round(1000 + 1000 + 7000 / 6 + 50000 / 12));
  });

  it('counts the period: new, cancelled, past due, declines and hardship declines', () => {
    expect(report).toMatchObject({
      period: { from: '2026-03-01', to: '2026-03-31' },
      newMembers: 2,
      cancelledMembers: 1,
      pastDueMembers: 2,
      pastDueInPeriod: 1,
      declines: 1,
      hardshipDeclines: 1,
      generatedAt: NOW.toISOString(),
    });
  });

  it('reads the records from the period start, and refuses a bad period without reading', async () => {
    const asked: Date[] = [];
    const records = { reportRows: async (since: Date) => (asked.push(since), rows) };
    const ok = await practiceReport({ records }, { from: '2026-03-01', to: '2026-03-31' }, NOW);
    expect(E.isRight(ok) && ok.right.newMembers).toBe(2);
    expect(asked).toEqual([at('2026-03-01T05:00:00Z')]);
    const bad = await practiceReport({ records }, { from: '2026-04-01', to: '2026-03-01' }, NOW);
    expect(E.isLeft(bad) && bad.left.code).toBe('REPORT.INVALID_PERIOD');
    expect(asked).toHaveLength(1);
  });
});

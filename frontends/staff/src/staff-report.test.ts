import { describe, expect, it } from '@jest/globals';
import type { StaffReportResponse } from '@portal/contracts';
import { barLayout, csvField, defaultPeriod, reportCsv, reportFileName } from './staff-report.ts';

const REPORT: StaffReportResponse = {
  period: { from: '2026-03-01', to: '2026-03-31' },
  generatedAt: '2026-04-01T12:00:00.000Z',
  activeMembers: 3,
  activeByTier: [
    { tier: '120_annual', count: 2, monthlyRevenueCents: 2000 },
    { tier: '70_biannual', count: 0, monthlyRevenueCents: 0 },
    { tier: '300_concierge_biannual', count: 0, monthlyRevenueCents: 0 },
    { tier: '500_concierge_annual', count: 1, monthlyRevenueCents: 4167 },
  ],
  activeByLocation: [{ location: '1', count: 3 }],
  activeByTierAndLocation: [
    { tier: '120_annual', location: '1', count: 2 },
    { tier: '500_concierge_annual', location: '1', count: 1 },
  ],
  monthlyRecurringRevenueCents: 6167,
  newMembers: 1,
  cancelledMembers: 2,
  pastDueMembers: 1,
  pastDueInPeriod: 0,
  declines: 4,
  hardshipDeclines: 1,
};

describe('practice report page helpers', () => {
  it('defaults to the first of this month until today', () => {
    expect(defaultPeriod(new Date(2026, 10, 26, 9))).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('writes the CSV with every figure, tier names and dollars', () => {
    const csv = reportCsv(REPORT);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Section,Item,Value');
    expect(lines).toContain('Summary,Active members,3');
    expect(lines).toContain('Summary,Monthly recurring revenue (USD),61.67');
    expect(lines).toContain('Summary,Cancelled members in period,2');
    expect(lines).toContain('Summary,Hardship declines in period,1');
    expect(lines).toContain('Active by tier,Enhanced Annual,2');
    expect(lines).toContain('Monthly revenue by tier (USD),Concierge Annual,41.67');
    expect(lines.filter((line) => line.startsWith('Active by tier and location,'))).toHaveLength(2);
    expect(reportFileName(REPORT)).toBe('practice-report-2026-03-01-to-2026-03-31.csv');
  });

  it('quotes commas and quotes, and defuses spreadsheet formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe('-3');
  });

  it('scales bars to the largest value; zero draws no bar', () => {
    const bars = barLayout(
      [
        { label: 'a', value: 4 },
        { label: 'b', value: 2 },
        { label: 'c', value: 0 },
      ],
      340,
      30,
      100,
    );
    expect(bars.map((bar) => bar.width)).toEqual([200, 100, 0]);
    expect(bars.map((bar) => bar.y)).toEqual([4, 34, 64]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { PRACTICE_REPORT_QUERY_KEY, invalidatePatientRecord, patientRecordQueryKey, writingFor } from './staff-queries.ts';

/** The page's settings: answers never go stale by themselves. */
const client = (): QueryClient => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

const invalidated = (queries: QueryClient, patientId: string): boolean | undefined => queries.getQueryState(patientRecordQueryKey(patientId))?.isInvalidated;

describe("the staff patient record's cache", () => {
  it("drops one patient's record and no one else's", async () => {
    const queries = client();
    queries.setQueryData(patientRecordQueryKey('5101'), { enrollments: [] });
    queries.setQueryData(patientRecordQueryKey('5102'), { enrollments: [] });
    await invalidatePatientRecord(queries, '5101');
    expect(invalidated(queries, '5101')).toBe(true);
    expect(invalidated(queries, '5102')).toBe(false);
  });

  it('is dropped after a staff write, whether it succeeded or failed, with the practice report', async () => {
    const queries = client();
    const report = [...PRACTICE_REPORT_QUERY_KEY, '2026-03-01', '2026-03-31'];
    queries.setQueryData(patientRecordQueryKey('5101'), { enrollments: [] });
    queries.setQueryData(report, { activeMembers: 3 });
    await expect(writingFor(queries, '5101', async () => 'sub_1')).resolves.toBe('sub_1');
    expect(invalidated(queries, '5101')).toBe(true);
    expect(queries.getQueryState(report)?.isInvalidated).toBe(true);

    queries.setQueryData(patientRecordQueryKey('5101'), { enrollments: [] });
    expect(invalidated(queries, '5101')).toBe(false);
    await expect(writingFor(queries, '5101', () => Promise.reject(new Error('timed out')))).rejects.toThrow('timed out');
    expect(invalidated(queries, '5101')).toBe(true);
  });
});

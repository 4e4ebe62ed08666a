/**
 * What staff writes make stale in the page's cache (issue 23, finding 2). The page's query client
 * keeps answers for ever (staleTime Infinity), so a patient record read before staff acted
 * (created a subscription by card or manual payment, paid its invoice, cancelled or moved an
 * appointment) was shown again unchanged. Every staff action that writes for a patient goes
 * through `writingFor`, which drops that patient's cached record (and the practice report's
 * figures) whatever the outcome (a timeout may still have written); the record is also read
 * afresh each time it is opened (PatientRecord's refetchOnMount).
 */
import type { QueryClient } from '@tanstack/react-query';

export const patientRecordQueryKey = (patientId: string): readonly ['staff-patient-record', string] => ['staff-patient-record', patientId];
/** The practice report's queries (one per period): its figures count what staff create too. */
export const PRACTICE_REPORT_QUERY_KEY = ['staff-report'] as const;

/** Drops the cached record of one patient: shown now, it is read again; else when next opened. */
export const invalidatePatientRecord = (client: Pick<QueryClient, 'invalidateQueries'>, patientId: string): Promise<void> =>
  client.invalidateQueries({ queryKey: patientRecordQueryKey(patientId) });

/**
 * Runs a staff write for `patientId`, then drops the patient's cached record (and the practice
 * report's figures), whether it succeeded or not.
 */
export const writingFor = async <T>(client: Pick<QueryClient, 'invalidateQueries'>, patientId: string, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } finally {
    void invalidatePatientRecord(client, patientId);
    void client.invalidateQueries({ queryKey: PRACTICE_REPORT_QUERY_KEY });
  }
};

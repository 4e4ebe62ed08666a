/**
 * The `file_signed_document` task: files a signed document into the patient's chart
 * (athenahealth admin documents) exactly once. See docs/decisions/0010-chart-filing-worker.md.
 *
 * - The PDF is fetched again from SignWell and must hash to the submission's `contentHash`.
 * - Uploads are retried here, with short waits, up to `maxAttempts` in all (counted in
 *   `uploadAttempts`, also across a crash). athena's upload is not idempotent and a timed-out
 *   upload may still have been filed, so before any attempt that follows an upload (including
 *   the first one after a crash) the chart is searched for our marker `portal-submission:{id}`:
 *   when found, the earlier attempt landed and the submission is `uploaded` with that adminid.
 * - After the last attempt the submission is `failed` (staff see it). The task resolves in every
 *   such case: graphile-worker's own retries are only for a crash of the task itself.
 * - `lastAttemptError` is the error's class and HTTP status (or `timeout`), never a body.
 *
 * Pure apart from its ports, so the retry and marker rules are unit-tested with fakes.
 */
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { HealthRecordRejectedError, SigningRejectedError } from '@portal/core';
import type { ChartDocuments, ChartDocumentType, DocumentSubmission, Signing } from '@portal/core';

export const FILE_SIGNED_DOCUMENT = 'file_signed_document';

/** The job's payload: ids only. */
export const FileSignedDocumentPayload = t.type({
  submissionId: t.string,
  signwellDocumentId: t.string,
  departmentId: t.string,
});
export type FileSignedDocumentPayload = t.TypeOf<typeof FileSignedDocumentPayload>;

/** What the task records; PostgresDocumentFiling implements it. */
export interface FilingStore {
  findById(id: string): Promise<DocumentSubmission | null>;
  /** Counts an attempt before it is made; answers the new `uploadAttempts`. */
  beginAttempt(id: string): Promise<number>;
  recordAttemptError(id: string, error: string): Promise<void>;
  markUploaded(id: string, athenaDocumentId: string): Promise<void>;
  markFailed(id: string, error: string): Promise<void>;
}

export interface FilingSettings {
  /** Upload attempts in all, across crashes. */
  readonly maxAttempts: number;
  /** Wait before the 2nd, 3rd, ... attempt; the last value repeats. */
  readonly retryDelaysMs: readonly number[];
}

export const DEFAULT_FILING_SETTINGS: FilingSettings = {
  maxAttempts: 6,
  retryDelaysMs: [500, 1_000, 2_000, 4_000, 8_000],
};

/** PHI-free: ids, counts, outcomes and error classes. */
export interface FilingEvent {
  readonly submissionId: string;
  readonly event: 'attempt_failed' | 'found_by_marker' | 'uploaded' | 'failed' | 'skipped';
  readonly attempt?: number;
  readonly error?: string;
  readonly reason?: string;
}

export interface FilingDeps {
  readonly store: FilingStore;
  readonly chart: ChartDocuments;
  readonly signing: Pick<Signing, 'completedPdf'>;
  readonly settings?: FilingSettings;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly log?: (event: FilingEvent) => void;
}

export type FilingOutcome =
  | { readonly outcome: 'uploaded'; readonly athenaDocumentId: string; readonly attempts: number; readonly foundByMarker: boolean }
  | { readonly outcome: 'failed'; readonly error: string; readonly attempts: number }
  | { readonly outcome: 'skipped'; readonly reason: 'not_found' | 'already_uploaded' | 'already_failed' };

/** The marker in the chart document's internal note: ours, unique per submission, no PHI. */
export const submissionMarker = (submissionId: string): string => `portal-submission:${submissionId}`;

const MARKER_PATTERN = /portal-submission:(\d+)(?!\d)/g;

/** Whether an internal note carries this submission's marker (id 1 does not match id 10). */
export const noteHasMarker = (note: string | null, submissionId: string): boolean =>
  note !== null && [...note.matchAll(MARKER_PATTERN)].some((match) => match[1] === submissionId);

const TITLES: Record<ChartDocumentType, string> = {
  membership_agreement: 'Membership Agreement',
  privacy_practices: 'Notice of Privacy Practices',
};

export const DOCUMENT_SUBCLASS = 'ADMIN_CONSENT';

export const internalNoteFor = (submission: Pick<DocumentSubmission, 'id' | 'documentType'>): string =>
  `${TITLES[submission.documentType]}, signed in the member portal (${submissionMarker(submission.id)})`;

/** An error as `Name status`: its class and HTTP status or `timeout`/`network`, never its body. */
export const describeError = (error: unknown): string => {
  const name = error instanceof Error && /^[A-Za-z][A-Za-z0-9]{0,60}$/.test(error.name) ? error.name : 'Error';
  const message = error instanceof Error ? error.message : '';
  const own = (error as { status?: unknown } | null)?.status;
  const causeStatus = ((error as { cause?: { status?: unknown } } | null)?.cause)?.status;
  const status =
    typeof own === 'number'
      ? own
      : typeof causeStatus === 'number'
        ? causeStatus
        : Number(/\banswered (\d{3})\b/.exec(message)?.[1] ?? Number.NaN);
  if (Number.isInteger(status)) return `${name} ${status}`;
  if (/timed out|timeout|aborted/i.test(message)) return `${name} timeout`;
  if (/network|ECONN|socket|fetch failed/i.test(message)) return `${name} network`;
  return name;
};

/** Refusals that a retry will not change (4xx): the submission fails at once. */
const isPermanent = (error: unknown): boolean =>
  error instanceof HealthRecordRejectedError ||
  error instanceof SigningRejectedError ||
  (error instanceof Error && (error.name === 'HealthRecordRejectedError' || error.name === 'SigningRejectedError'));

export const CONTENT_MISMATCH = 'content_mismatch';

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const decodePayload = (payload: unknown): FileSignedDocumentPayload => {
  const decoded = FileSignedDocumentPayload.decode(payload);
  if (E.isLeft(decoded)) throw new TypeError(`${FILE_SIGNED_DOCUMENT}: payload is not {submissionId, signwellDocumentId, departmentId}`);
  return decoded.right;
};

export const fileSignedDocument = async (payload: FileSignedDocumentPayload, deps: FilingDeps): Promise<FilingOutcome> => {
  const { store, chart, signing } = deps;
  const settings = deps.settings ?? DEFAULT_FILING_SETTINGS;
  const sleep = deps.sleep ?? defaultSleep;
  const log = deps.log ?? (() => {});
  const id = payload.submissionId;

  const submission = await store.findById(id);
  const skip = (reason: 'not_found' | 'already_uploaded' | 'already_failed'): FilingOutcome => {
    log({ submissionId: id, event: 'skipped', reason });
    return { outcome: 'skipped', reason };
  };
  if (submission === null) return skip('not_found');
  if (submission.status === 'uploaded') return skip('already_uploaded');
  if (submission.status === 'failed') return skip('already_failed');

  const findMarker = async (): Promise<string | null> => {
    const documents = await chart.listAdminDocuments(submission.patientId, payload.departmentId);
    return documents.find((document) => noteHasMarker(document.internalNote, id))?.adminId ?? null;
  };
  const uploaded = async (athenaDocumentId: string, attempts: number, foundByMarker: boolean): Promise<FilingOutcome> => {
    await store.markUploaded(id, athenaDocumentId);
    log({ submissionId: id, event: foundByMarker ? 'found_by_marker' : 'uploaded', attempt: attempts });
    return { outcome: 'uploaded', athenaDocumentId, attempts, foundByMarker };
  };
  const failed = async (error: string, attempts: number): Promise<FilingOutcome> => {
    await store.markFailed(id, error);
    log({ submissionId: id, event: 'failed', attempt: attempts, error });
    return { outcome: 'failed', error, attempts };
  };

  let attempts = submission.uploadAttempts;
  // An earlier attempt (before a crash, or in this run) may have filed the document.
  let mayHaveLanded = attempts > 0;
  let lastError = submission.lastAttemptError ?? 'no_attempt';
  let pdf: Buffer | null = null;
  let triedThisRun = 0;

  while (attempts < settings.maxAttempts) {
    if (triedThisRun > 0) {
      const delays = settings.retryDelaysMs;
      await sleep(delays[Math.min(triedThisRun - 1, delays.length - 1)] ?? 0);
    }
    triedThisRun += 1;
    attempts = await store.beginAttempt(id);
    try {
      if (mayHaveLanded) {
        const adminId = await findMarker();
        if (adminId !== null) return await uploaded(adminId, attempts, true);
      }
      if (pdf === null) {
        const fetched = await signing.completedPdf(payload.signwellDocumentId);
        if (createHash('sha256').update(fetched).digest('hex') !== submission.contentHash) return await failed(CONTENT_MISMATCH, attempts);
        pdf = fetched;
      }
      // From here a failure may still have filed it (a timeout after athena wrote).
      mayHaveLanded = true;
      const filed = await chart.fileAdminDocument({
        patientId: submission.patientId,
        departmentId: payload.departmentId,
        documentSubclass: DOCUMENT_SUBCLASS,
        pdfBase64: pdf.toString('base64'),
        internalNote: internalNoteFor(submission),
      });
      return await uploaded(filed.adminId, attempts, false);
    } catch (error) {
      lastError = describeError(error);
      await store.recordAttemptError(id, lastError);
      log({ submissionId: id, event: 'attempt_failed', attempt: attempts, error: lastError });
      if (isPermanent(error)) break;
    }
  }

  // Out of attempts: the last upload may have landed all the same.
  if (mayHaveLanded) {
    try {
      const adminId = await findMarker();
      if (adminId !== null) return await uploaded(adminId, attempts, true);
    } catch (error) {
      // The chart cannot be read either: fail; staff check the chart before filing by hand.
      log({ submissionId: id, event: 'attempt_failed', attempt: attempts, error: describeError(error) });
    }
  }
  return failed(lastError, attempts);
};

/**
 * Document submissions (spec §3 `document_submissions`) and the queue of their chart filing.
 *
 * `submit` inserts the row and queues graphile-worker's `file_signed_document` job in ONE
 * transaction: a submission exists exactly when its job does, whatever crashes in between. The
 * row is unique on (patientId, documentType, contentHash): a repeat (a double click, a retried
 * request, a second API instance) finds the existing row and queues nothing. The PDF is not
 * kept: the job fetches it again from SignWell and checks it against `contentHash`.
 *
 * The methods after the port's three are what the worker's task needs to record its attempts.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import {
  CHART_DOCUMENT_TYPES,
  type ChartDocumentType,
  type DocumentFiling,
  type DocumentSubmission,
  type DocumentSubmissionStatus,
  type SubmitDocumentInput,
} from '@portal/core';
import { addJob } from '../job-queue.ts';

/** graphile-worker's task identifier of the chart filing. */
export const FILE_SIGNED_DOCUMENT_TASK = 'file_signed_document';

/** What the job carries: ids only, never PHI (graphile-worker keeps payloads in its jobs table). */
export interface FileSignedDocumentPayload {
  readonly submissionId: string;
  readonly signwellDocumentId: string;
  readonly departmentId: string;
}

/**
 * graphile-worker's own attempts are for crashes only (the task retries its uploads itself and
 * resolves); a job that dies this many times stays in graphile_worker.jobs for an operator.
 */
export const FILING_JOB_MAX_ATTEMPTS = 5;

export const fileSignedDocumentJobKey = (submissionId: string): string => `${FILE_SIGNED_DOCUMENT_TASK}:${submissionId}`;

const TABLE = 'document_submissions';

const COLUMNS = [
  'id',
  'enrollmentId',
  'patientId',
  'documentType',
  'contentHash',
  'fileName',
  'status',
  'athenaDocumentId',
  'uploadAttempts',
  'lastAttemptError',
  'signwellDocumentId',
  'departmentId',
  'createdAt',
  'updatedAt',
] as const;

interface SubmissionRow {
  id: number | string;
  enrollmentId: string;
  patientId: string;
  documentType: string;
  contentHash: string;
  fileName: string | null;
  status: string;
  athenaDocumentId: string | null;
  uploadAttempts: number;
  lastAttemptError: string | null;
  signwellDocumentId: string | null;
  departmentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A submission with where its PDF comes from and where it is filed (columns of migration 20261122040000). */
export interface StoredDocumentSubmission extends DocumentSubmission {
  readonly signwellDocumentId: string | null;
  readonly departmentId: string | null;
}

const STATUSES: readonly DocumentSubmissionStatus[] = ['processing', 'uploaded', 'failed'];

const toSubmission = (row: SubmissionRow): StoredDocumentSubmission => {
  if (!(CHART_DOCUMENT_TYPES as readonly string[]).includes(row.documentType)) throw new Error(`document submission ${row.id}: unknown documentType`);
  if (!(STATUSES as readonly string[]).includes(row.status)) throw new Error(`document submission ${row.id}: unknown status`);
  return {
    id: String(row.id),
    enrollmentId: row.enrollmentId,
    patientId: row.patientId,
    documentType: row.documentType as ChartDocumentType,
    contentHash: row.contentHash,
    fileName: row.fileName ?? '',
    status: row.status as DocumentSubmissionStatus,
    athenaDocumentId: row.athenaDocumentId,
    uploadAttempts: row.uploadAttempts,
    lastAttemptError: row.lastAttemptError,
    signwellDocumentId: row.signwellDocumentId,
    departmentId: row.departmentId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
};

/** sha256 of a PDF, hex: the submission's `contentHash`. */
export const pdfContentHash = (pdf: Buffer): string => createHash('sha256').update(pdf).digest('hex');

/** Ids are serial integers; anything else names no submission. */
const validId = (id: string): boolean => /^\d{1,15}$/.test(id);

export class PostgresDocumentFiling implements DocumentFiling {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async submit(input: SubmitDocumentInput): Promise<StoredDocumentSubmission> {
    const contentHash = pdfContentHash(input.pdf);
    return this.#knex.transaction(async (trx) => {
      const inserted = (await trx(TABLE)
        .insert({
          enrollmentId: input.enrollmentId,
          patientId: input.patientId,
          documentType: input.documentType,
          contentHash,
          fileName: input.fileName,
          status: 'processing',
          // Counts upload attempts made; none yet (the spec's default of 1 counted the first
          // upload that used to happen inside the request).
          uploadAttempts: 0,
          signwellDocumentId: input.signwellDocumentId,
          departmentId: input.departmentId,
        })
        .onConflict(['patientId', 'documentType', 'contentHash'])
        .ignore()
        .returning([...COLUMNS])) as SubmissionRow[];
      const created = inserted[0];
      if (created !== undefined) {
        const submission = toSubmission(created);
        const payload: FileSignedDocumentPayload = {
          submissionId: submission.id,
          signwellDocumentId: input.signwellDocumentId,
          departmentId: input.departmentId,
        };
        await addJob(trx, {
          task: FILE_SIGNED_DOCUMENT_TASK,
          payload: { ...payload },
          jobKey: fileSignedDocumentJobKey(submission.id),
          // One filing of a submission at a time, even if a job is ever added while one runs.
          queueName: fileSignedDocumentJobKey(submission.id),
          maxAttempts: FILING_JOB_MAX_ATTEMPTS,
        });
        return submission;
      }
      // The same document again: the unique index waited for the first insert to commit.
      const existing = (await trx(TABLE)
        .where({ patientId: input.patientId, documentType: input.documentType, contentHash })
        .first([...COLUMNS])) as SubmissionRow | undefined;
      if (existing === undefined) throw new Error('document submission: conflicting row not found');
      return toSubmission(existing);
    });
  }

  async latest(enrollmentId: string, documentType: ChartDocumentType): Promise<StoredDocumentSubmission | null> {
    const row = (await this.#knex(TABLE)
      .where({ enrollmentId, documentType })
      .orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }])
      .first([...COLUMNS])) as SubmissionRow | undefined;
    return row === undefined ? null : toSubmission(row);
  }

  async failed(limit: number): Promise<readonly StoredDocumentSubmission[]> {
    return this.byStatus('failed', limit);
  }

  /** Submissions in a status, most recently changed first. */
  async byStatus(status: DocumentSubmissionStatus, limit: number): Promise<readonly StoredDocumentSubmission[]> {
    const rows = (await this.#knex(TABLE)
      .where({ status })
      .orderBy([{ column: 'updatedAt', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(Math.max(1, Math.min(limit, 500)))
      .select([...COLUMNS])) as SubmissionRow[];
    return rows.map(toSubmission);
  }

  async findById(id: string): Promise<StoredDocumentSubmission | null> {
    if (!validId(id)) return null;
    const row = (await this.#knex(TABLE).where({ id }).first([...COLUMNS])) as SubmissionRow | undefined;
    return row === undefined ? null : toSubmission(row);
  }

  /** Counts an attempt before it is made (so a crash mid-upload is known afterwards); answers the new count. */
  async beginAttempt(id: string): Promise<number> {
    const [row] = (await this.#knex(TABLE)
      .where({ id })
      .increment('uploadAttempts', 1)
      .update({ updatedAt: this.#knex.fn.now() })
      .returning(['uploadAttempts'])) as { uploadAttempts: number }[];
    if (row === undefined) throw new Error(`document submission ${id} not found`);
    return row.uploadAttempts;
  }

  /** `error` must be PHI-free: an error name and an HTTP status. */
  async recordAttemptError(id: string, error: string): Promise<void> {
    await this.#knex(TABLE).where({ id }).update({ lastAttemptError: error.slice(0, 200), updatedAt: this.#knex.fn.now() });
  }

  async markUploaded(id: string, athenaDocumentId: string): Promise<void> {
    await this.#knex(TABLE).where({ id }).update({ status: 'uploaded', athenaDocumentId, updatedAt: this.#knex.fn.now() });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.#knex(TABLE)
      .where({ id })
      .whereNot({ status: 'uploaded' })
      .update({ status: 'failed', lastAttemptError: error.slice(0, 200), updatedAt: this.#knex.fn.now() });
  }
}

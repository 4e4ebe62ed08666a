/**
 * Filing signed documents into the patient's chart (spec §3 `document_submissions`; issue 5).
 *
 * The API records a submission when SignWell confirms a document is completed, and a background
 * job (apps/worker, graphile-worker) uploads the completed PDF to the chart with retries. The
 * submission row is unique on (patientId, documentType, contentHash), so a retry, a double click
 * or a second API instance files a document once. The PDF itself is not kept by us: the job
 * fetches it again from SignWell and checks it against `contentHash`.
 */

import type { ChartDocumentType } from '../domain/consent-documents.ts';

export { CHART_DOCUMENT_TYPES, type ChartDocumentType } from '../domain/consent-documents.ts';

/** processing → uploaded, or → failed after the last retry. */
export type DocumentSubmissionStatus = 'processing' | 'uploaded' | 'failed';

export interface DocumentSubmission {
  readonly id: string;
  readonly enrollmentId: string;
  readonly patientId: string;
  readonly documentType: ChartDocumentType;
  /** sha256 of the completed PDF, hex. */
  readonly contentHash: string;
  readonly fileName: string;
  readonly status: DocumentSubmissionStatus;
  /** athena's adminid once filed. */
  readonly athenaDocumentId: string | null;
  readonly uploadAttempts: number;
  /** PHI-free: an error class and HTTP status, never a response body. */
  readonly lastAttemptError: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface SubmitDocumentInput {
  readonly enrollmentId: string;
  readonly patientId: string;
  readonly departmentId: string;
  readonly documentType: ChartDocumentType;
  /** SignWell's document id: the job fetches the completed PDF from there. */
  readonly signwellDocumentId: string;
  /** The completed PDF as fetched when the submission is made (its hash is the dedup key). */
  readonly pdf: Buffer;
  readonly fileName: string;
}

export interface DocumentFiling {
  /**
   * Records the submission and queues its upload, in one transaction. A repeat with the same
   * patient, type and content answers the existing submission and queues nothing new.
   */
  submit(input: SubmitDocumentInput): Promise<DocumentSubmission>;
  /** The newest submission of this type for the enrollment, if any. */
  latest(enrollmentId: string, documentType: ChartDocumentType): Promise<DocumentSubmission | null>;
  /** Submissions that failed after the last retry, newest first (for staff). */
  failed(limit: number): Promise<readonly DocumentSubmission[]>;
}

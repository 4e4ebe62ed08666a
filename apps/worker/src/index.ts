/** @portal/worker: graphile-worker with the portal's background tasks (chart filing of signed documents). */
export { RECONCILE_PAYMENTS, SEND_WAITLIST_OFFERS, startWorker, type RunningWorker, type StartWorkerOptions } from './worker.ts';
export {
  CONTENT_MISMATCH,
  DEFAULT_FILING_SETTINGS,
  DOCUMENT_SUBCLASS,
  FILE_SIGNED_DOCUMENT,
  FileSignedDocumentPayload,
  describeError,
  fileSignedDocument,
  internalNoteFor,
  noteHasMarker,
  submissionMarker,
} from './file-signed-document.task.ts';
export type { FilingDeps, FilingEvent, FilingOutcome, FilingSettings, FilingStore } from './file-signed-document.task.ts';

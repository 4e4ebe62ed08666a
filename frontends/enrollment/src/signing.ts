/**
 * E-signature and privacy notice signing (enrollment-and-payment §2 'E-signature step',
 * 'Privacy step'; §4 'Signing failure'; §8 'Enrollment flow'), without React:
 * - the two documents' endpoints, embed sizes and error texts;
 * - after SignWell's `completed` event: confirm the document is complete (up to 5 attempts),
 *   then record the signature, repeating the idempotent POST while the chart upload is
 *   'processing', until 'uploaded';
 * - what a failure tells the user ('Critical Document Error' for a 502 with critical: true).
 * Timers and HTTP calls are passed in, so tests run without a browser or a clock.
 */
import { apiErrorBody } from '@portal/client';
import type { SignatureResponse } from '@portal/contracts';
import type { ErrorNotice } from './errors.ts';
import type { Locale } from '@portal/contracts/locale.ts';
import { paymentMessages } from './payment/i18n.ts';

export type DocumentKind = 'agreement' | 'privacy';

/** The embed is opened this long after the document is ready. */
export const EMBED_INIT_DELAY_MS = 500;
/** Attempts to confirm a signed document is complete. */
export const VERIFY_ATTEMPTS = 5;
export const VERIFY_RETRY_MS = 2000;
/** The chart upload is asked about again this often while 'processing' ... */
export const UPLOAD_POLL_MS = 1500;
/** ... and given up on after this many answers (about a minute). */
export const UPLOAD_MAX_POLLS = 40;
/** Privacy step: the loader over the embed is removed after 10 s even if the page gives no sign. */
export const PRIVACY_LOADER_RESET_MS = 10_000;
/** Privacy step: Payment follows this long after the notice is uploaded. */
export const PRIVACY_ADVANCE_MS = 1500;

export interface DocumentConfig {
  readonly kind: DocumentKind;
  readonly createPath: (enrollmentId: string) => string;
  readonly signaturePath: (enrollmentId: string) => string;
  /** The element SignWell's iframe fills. */
  readonly containerId: string;
  /** The texts below are read in the page's language each time. */
  readonly createError: string;
  readonly processingFailed: string;
  readonly critical: string;
}

const enc = encodeURIComponent;

export const DOCUMENTS: Readonly<Record<DocumentKind, DocumentConfig>> = {
  agreement: {
    kind: 'agreement',
    createPath: (id) => `/api/enrollments/${enc(id)}/create-document`,
    signaturePath: (id) => `/api/enrollments/${enc(id)}/signature`,
    containerId: 'signwell-agreement-container',
    get createError() {
      return paymentMessages.t('signing.createError', { kind: 'agreement' });
    },
    get processingFailed() {
      return paymentMessages.t('signing.processingFailed.text', { kind: 'agreement' });
    },
    get critical() {
      return paymentMessages.t('signing.critical.text', { kind: 'agreement' });
    },
  },
  privacy: {
    kind: 'privacy',
    createPath: (id) => `/api/enrollments/${enc(id)}/create-privacy-document`,
    signaturePath: (id) => `/api/enrollments/${enc(id)}/privacy-signature`,
    containerId: 'signwell-privacy-container',
    get createError() {
      return paymentMessages.t('signing.createError', { kind: 'privacy' });
    },
    get processingFailed() {
      return paymentMessages.t('signing.processingFailed.text', { kind: 'privacy' });
    },
    get critical() {
      return paymentMessages.t('signing.critical.text', { kind: 'privacy' });
    },
  },
};

export const verifyCompletionPath = (documentId: string): string => `/api/signwell/verify-completion/${enc(documentId)}`;

export type CompletionResult =
  | { readonly kind: 'uploaded'; readonly status: SignatureResponse['status']; readonly requiresPrivacyPractices: boolean }
  /** The signer declined in SignWell (the server says so). */
  | { readonly kind: 'declined' }
  /** Still not complete after 5 attempts. */
  | { readonly kind: 'not-complete' }
  /** The upload stayed 'processing' too long. */
  | { readonly kind: 'upload-timeout' }
  | { readonly kind: 'cancelled' };

export interface CompletionDeps {
  readonly verify: (documentId: string) => Promise<{ isComplete: boolean }>;
  readonly submit: (documentId: string) => Promise<SignatureResponse>;
  readonly sleep: (ms: number) => Promise<void>;
  /** Before each completion check: attempt N of 5. */
  readonly onVerifyAttempt?: (attempt: number, total: number) => void;
  /** The document is complete; the signature is being recorded and uploaded. */
  readonly onUploading?: () => void;
  /** True once the screen is gone: stop quietly. */
  readonly cancelled?: () => boolean;
}

/**
 * Confirms the document is complete (up to 5 checks; a failed check counts as an attempt), then
 * records the signature until the upload is 'uploaded'. Errors of the signature POST are thrown
 * (see `processingFailure`).
 */
export const completeSigning = async (documentId: string, deps: CompletionDeps): Promise<CompletionResult> => {
  const cancelled = deps.cancelled ?? (() => false);
  let complete = false;
  for (let attempt = 1; attempt <= VERIFY_ATTEMPTS; attempt += 1) {
    if (cancelled()) return { kind: 'cancelled' };
    deps.onVerifyAttempt?.(attempt, VERIFY_ATTEMPTS);
    try {
      complete = (await deps.verify(documentId)).isComplete === true;
    } catch {
      complete = false;
    }
    if (complete) break;
    if (attempt < VERIFY_ATTEMPTS) await deps.sleep(VERIFY_RETRY_MS);
  }
  if (cancelled()) return { kind: 'cancelled' };
  if (!complete) return { kind: 'not-complete' };

  deps.onUploading?.();
  for (let poll = 1; poll <= UPLOAD_MAX_POLLS; poll += 1) {
    if (cancelled()) return { kind: 'cancelled' };
    const answer = await deps.submit(documentId);
    if (answer.declined === true) return { kind: 'declined' };
    if (answer.upload === 'failed') throw new Error(answer.message ?? 'Upload failed');
    // An answer without `upload` comes from a server that files synchronously: done.
    if (answer.upload !== 'processing') {
      return { kind: 'uploaded', status: answer.status, requiresPrivacyPractices: answer.requiresPrivacyPractices === true };
    }
    if (poll < UPLOAD_MAX_POLLS) await deps.sleep(UPLOAD_POLL_MS);
  }
  return { kind: 'upload-timeout' };
};

export interface ProcessingFailure extends ErrorNotice {
  readonly critical: boolean;
}

/** A failed signature step: 502 {critical: true} → 'Critical Document Error', else 'Document Processing Failed'. */
export const processingFailure = (error: unknown, kind: DocumentKind): ProcessingFailure => {
  const config = DOCUMENTS[kind];
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  const body = apiErrorBody(error);
  if (status === 502 && body?.critical === true) {
    return { title: paymentMessages.t('signing.critical.title'), description: config.critical, critical: true };
  }
  return { title: paymentMessages.t('signing.processingFailed.title'), description: config.processingFailed, critical: false };
};

/** The same texts for a completion that did not come through (not complete, upload too slow). */
export const incompleteFailure = (kind: DocumentKind): ProcessingFailure => ({
  title: paymentMessages.t('signing.processingFailed.title'),
  description: DOCUMENTS[kind].processingFailed,
  critical: false,
});

/** 'attempt 2 of 5' for the progress indicator. */
export const attemptLabel = (attempt: number, total: number = VERIFY_ATTEMPTS): string => paymentMessages.t('signing.attempt', { attempt, total });

/**
 * Whether the signing step tells the patient, before signing, that the document's text is English
 * (issue 26): the page is not in English and the practice supplies no text in its language. The
 * server decides the text's language (core's `agreementLanguage`); until it says which language it
 * chose (`supplied`), only English is supplied, so every non-English page is told.
 */
export const signsEnglishText = (page: Locale, supplied: Locale | null | undefined = 'en-US'): boolean =>
  page !== 'en-US' && supplied !== page;

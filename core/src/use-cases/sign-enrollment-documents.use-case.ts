/**
 * The e-signature and privacy steps (spec enrollment-and-payment §2, §4 'Guest enrollment path',
 * 'Signing failure'; §7 create-document, create-privacy-document, verify-completion, signature,
 * privacy-signature). The caller has already checked that the requester owns the enrollment.
 *
 * - `prepareSigningDocument`: the membership agreement (status pending, a paid tier) or the
 *   privacy acknowledgment (new patients, status signed). Under the enrollment's lock: a document
 *   already made and still waiting for its signer is handed out again (a reload or a double click
 *   does not make a second one); a completed one is reported as such; otherwise a new one is made.
 * - `recordSignedDocument`: SignWell must say the document is completed (the browser's word is
 *   only a hint). The status moves pending → signed (agreement) or signed → privacy_signed, once;
 *   the completed PDF is submitted for filing into the chart, once (DocumentFiling dedups on its
 *   content); the answer says where the filing stands.
 */
import * as E from 'fp-ts/lib/Either.js';
import { CONSENT_FILE_NAMES, consentDocument, documentBodyLocale, type ConsentDocument } from '../domain/consent-documents.ts';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import type { EnrollmentStatus } from '../domain/enrollment.ts';
import { DEFAULT_LOCALE, type Locale } from '../domain/locale.ts';
import { TIERS } from '../domain/tier.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { ChartDocumentType, DocumentFiling, DocumentSubmissionStatus } from '../ports/document-filing.port.ts';
import type { Enrollment, EnrollmentRepository } from '../ports/enrollment.repository.port.ts';
import type { Signer, Signing, SigningField } from '../ports/signing.port.ts';

export const DOCUMENT_NOT_AVAILABLE_TITLE = 'Document Not Available';
export const AGREEMENT_NOT_AVAILABLE_MESSAGE = 'This enrollment has no membership agreement to sign.';
export const PRIVACY_NOT_AVAILABLE_MESSAGE = 'The privacy notice is signed by new patients after the membership agreement.';
export const DOCUMENT_MISMATCH_MESSAGE = 'This document does not belong to this enrollment step.';
export const DOCUMENT_NOT_COMPLETED_TITLE = 'Document Processing Failed';
export const DOCUMENT_NOT_COMPLETED_MESSAGE = 'The document is not signed yet. Please finish signing and try again.';
export const CRITICAL_DOCUMENT_ERROR_TITLE = 'Critical Document Error';
export const CRITICAL_DOCUMENT_ERROR_MESSAGE =
  'Your signed agreement could not be saved to your chart. Please contact support so we can finish your enrollment.';
export const CRITICAL_PRIVACY_DOCUMENT_ERROR_MESSAGE =
  'Your signed privacy notice could not be saved to your chart. Please contact the practice so we can finish your enrollment.';

export type SigningStepError =
  | DomainError<'DOCUMENT.NOT_AVAILABLE'>
  | DomainError<'DOCUMENT.MISMATCH'>
  | DomainError<'DOCUMENT.NOT_COMPLETED'>;

export interface SigningDeps {
  readonly enrollments: EnrollmentRepository;
  readonly signing: Signing;
  readonly filing: DocumentFiling;
  readonly clock: Clock;
  /** Renders a consent document to a PDF (adapters/pdf), with where its signature block takes the signature and date. */
  readonly renderPdf: (document: ConsentDocument) => Promise<RenderedDocument>;
}

export interface RenderedDocument {
  readonly pdf: Buffer;
  readonly fields: readonly SigningField[];
}

export interface PreparedDocument {
  readonly documentId: string;
  /** null when the document is already completed: go on to recording the signature. */
  readonly embeddedUrl: string | null;
  readonly completed: boolean;
  /** The language of the document's body (the practice's text; English where it supplies none in the signer's). */
  readonly bodyLocale: Locale;
}

/** The patient's name and the caregiver's when one signs: what the PDF names. */
export interface SigningParties {
  readonly signer: Signer;
  readonly patientName: string;
  readonly guardianName: string | null;
}

const documentIdOf = (enrollment: Enrollment, type: ChartDocumentType): string | null =>
  type === 'membership_agreement' ? enrollment.signwellDocumentId : enrollment.privacyPracticesDocumentId;

/** The status the step starts from and the one signing moves to. */
const STEP: Readonly<Record<ChartDocumentType, { readonly from: EnrollmentStatus; readonly to: EnrollmentStatus }>> = {
  membership_agreement: { from: 'pending', to: 'signed' },
  privacy_practices: { from: 'signed', to: 'privacy_signed' },
};

/** Statuses at or past the step's own: signing it again is a no-op that answers the filing. */
const PAST: Readonly<Record<ChartDocumentType, readonly EnrollmentStatus[]>> = {
  membership_agreement: ['signed', 'privacy_signed', 'payment_pending', 'active', 'past_due'],
  privacy_practices: ['privacy_signed', 'payment_pending', 'active', 'past_due'],
};

export const requiresPrivacyPractices = (enrollment: Pick<Enrollment, 'patientStatus'>): boolean => enrollment.patientStatus === 'new';

const stepAvailable = (enrollment: Enrollment, type: ChartDocumentType): E.Either<SigningStepError, true> => {
  if (!TIERS[enrollment.membershipTier].paid) {
    return E.left(domainError('DOCUMENT.NOT_AVAILABLE', AGREEMENT_NOT_AVAILABLE_MESSAGE, DOCUMENT_NOT_AVAILABLE_TITLE));
  }
  if (type === 'privacy_practices' && !requiresPrivacyPractices(enrollment)) {
    return E.left(domainError('DOCUMENT.NOT_AVAILABLE', PRIVACY_NOT_AVAILABLE_MESSAGE, DOCUMENT_NOT_AVAILABLE_TITLE));
  }
  const { from } = STEP[type];
  if (enrollment.status !== from && !PAST[type].includes(enrollment.status)) {
    return E.left(
      domainError('DOCUMENT.NOT_AVAILABLE', type === 'membership_agreement' ? AGREEMENT_NOT_AVAILABLE_MESSAGE : PRIVACY_NOT_AVAILABLE_MESSAGE, DOCUMENT_NOT_AVAILABLE_TITLE),
    );
  }
  return E.right(true);
};

export const prepareSigningDocument = async (
  deps: SigningDeps,
  /** `locale`: the language of the document's own headings and facts (the request's; English by default). */
  input: { readonly enrollmentId: string; readonly type: ChartDocumentType; readonly parties: SigningParties; readonly locale?: Locale },
): Promise<E.Either<SigningStepError | DomainError<'ENROLLMENT.NOT_FOUND'>, PreparedDocument>> =>
  deps.enrollments.withLock(input.enrollmentId, async () => {
    const enrollment = await deps.enrollments.findById(input.enrollmentId);
    if (!enrollment) return E.left(domainError('ENROLLMENT.NOT_FOUND', 'Enrollment not found'));
    const available = stepAvailable(enrollment, input.type);
    if (E.isLeft(available)) return available;

    const bodyLocale = documentBodyLocale(input.type, input.locale ?? DEFAULT_LOCALE);
    const existingId = documentIdOf(enrollment, input.type);
    if (existingId) {
      const existing = await deps.signing.getDocument(existingId);
      if (existing?.completed) return E.right({ documentId: existingId, embeddedUrl: null, completed: true, bodyLocale });
      if (PAST[input.type].includes(enrollment.status)) return E.right({ documentId: existingId, embeddedUrl: null, completed: true, bodyLocale });
      if (existing && !existing.declined && existing.embeddedSigningUrl) {
        return E.right({ documentId: existingId, embeddedUrl: existing.embeddedSigningUrl, completed: false, bodyLocale });
      }
      // Declined, gone or unusable: a fresh document replaces it (the old one is withdrawn).
      if (existing) await deps.signing.deleteDocument(existingId).catch(() => undefined);
    } else if (PAST[input.type].includes(enrollment.status)) {
      return E.left(domainError('DOCUMENT.NOT_AVAILABLE', AGREEMENT_NOT_AVAILABLE_MESSAGE, DOCUMENT_NOT_AVAILABLE_TITLE));
    }

    const document = consentDocument(input.type, {
      patientName: input.parties.patientName,
      guardianName: input.parties.guardianName,
      membershipTier: enrollment.membershipTier,
      department: enrollment.department,
      ...(input.locale ? { locale: input.locale } : {}),
    });
    const rendered = await deps.renderPdf(document);
    const created = await deps.signing.createEmbeddedDocument({
      name: document.title,
      fileName: document.fileName,
      pdfBase64: rendered.pdf.toString('base64'),
      fields: rendered.fields,
      signer: input.parties.signer,
      metadata: { enrollmentId: enrollment.id, kind: input.type },
    });
    await deps.enrollments.setSigningDocument(enrollment.id, input.type, created.documentId, deps.clock.now());
    return E.right({ documentId: created.documentId, embeddedUrl: created.embeddedSigningUrl, completed: false, bodyLocale });
  });

export interface RecordedSignature {
  readonly status: EnrollmentStatus;
  readonly requiresPrivacyPractices: boolean;
  /** The signer declined in SignWell: nothing was recorded. */
  readonly declined: boolean;
  readonly upload: DocumentSubmissionStatus | null;
}

export const recordSignedDocument = async (
  deps: SigningDeps,
  input: { readonly enrollment: Enrollment; readonly type: ChartDocumentType; readonly documentId: string },
): Promise<E.Either<SigningStepError | DomainError<'ENROLLMENT.NOT_FOUND'>, RecordedSignature>> => {
  const { enrollment, type, documentId } = input;
  const available = stepAvailable(enrollment, type);
  if (E.isLeft(available)) return available;
  if (documentIdOf(enrollment, type) !== documentId) {
    return E.left(domainError('DOCUMENT.MISMATCH', DOCUMENT_MISMATCH_MESSAGE, DOCUMENT_NOT_AVAILABLE_TITLE));
  }
  const privacyNext = type === 'membership_agreement' && requiresPrivacyPractices(enrollment);

  let status = enrollment.status;
  let submission = await deps.filing.latest(enrollment.id, type);
  if (!submission || !PAST[type].includes(status)) {
    const document = await deps.signing.getDocument(documentId);
    if (document?.declined) return E.right({ status, requiresPrivacyPractices: privacyNext, declined: true, upload: null });
    if (!document?.completed) {
      return E.left(domainError('DOCUMENT.NOT_COMPLETED', DOCUMENT_NOT_COMPLETED_MESSAGE, DOCUMENT_NOT_COMPLETED_TITLE));
    }
    if (!PAST[type].includes(status)) {
      const moved = await deps.enrollments.updateStatus(enrollment.id, STEP[type].to, deps.clock.now());
      if (E.isRight(moved)) status = moved.right.status;
      else if (moved.left.code === 'ENROLLMENT.NOT_FOUND') return E.left(domainError('ENROLLMENT.NOT_FOUND', 'Enrollment not found'));
      else status = (await deps.enrollments.findById(enrollment.id))?.status ?? status; // a racing call moved it first
    }
    if (!submission) {
      submission = await deps.filing.submit({
        enrollmentId: enrollment.id,
        patientId: enrollment.athenaPatientId ?? '',
        departmentId: enrollment.department ?? '1',
        documentType: type,
        signwellDocumentId: documentId,
        pdf: await deps.signing.completedPdf(documentId),
        fileName: CONSENT_FILE_NAMES[type],
      });
    }
  }
  return E.right({ status, requiresPrivacyPractices: privacyNext, declined: false, upload: submission.status });
};

import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type { ChartDocumentType, DocumentFiling, DocumentSubmission, SubmitDocumentInput } from '../ports/document-filing.port.ts';
import type { EmbeddedDocumentInput, Signing, SigningDocument } from '../ports/signing.port.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { InMemoryEnrollments } from '../testing/in-memory-enrollments.ts';
import { prepareSigningDocument, recordSignedDocument, type SigningParties } from './sign-enrollment-documents.use-case.ts';

class FakeSigning implements Signing {
  readonly documents = new Map<string, { input: EmbeddedDocumentInput; status: 'Sent' | 'Completed' | 'Declined' }>();
  readonly deleted: string[] = [];
  #next = 1;
  async createEmbeddedDocument(input: EmbeddedDocumentInput) {
    const documentId = `doc-${this.#next++}`;
    this.documents.set(documentId, { input, status: 'Sent' });
    return { documentId, embeddedSigningUrl: `https://sign.test/${documentId}`, status: 'Sent' as const };
  }
  async getDocument(documentId: string): Promise<SigningDocument | null> {
    const document = this.documents.get(documentId);
    if (!document) return null;
    return {
      documentId,
      name: document.input.name,
      status: document.status,
      completed: document.status === 'Completed',
      declined: document.status === 'Declined',
      metadata: document.input.metadata,
      declineMessage: null,
      embeddedSigningUrl: document.status === 'Sent' ? `https://sign.test/${documentId}` : null,
      updatedAt: null,
    };
  }
  async completedPdf(documentId: string) {
    return Buffer.from(`%PDF-1.7 signed ${documentId}`);
  }
  async deleteDocument(documentId: string) {
    this.deleted.push(documentId);
  }
}

class FakeFiling implements DocumentFiling {
  readonly submissions: DocumentSubmission[] = [];
  readonly inputs: SubmitDocumentInput[] = [];
  async submit(input: SubmitDocumentInput) {
    this.inputs.push(input);
    const hash = input.pdf.toString('hex');
    const existing = this.submissions.find((s) => s.patientId === input.patientId && s.documentType === input.documentType && s.contentHash === hash);
    if (existing) return existing;
    const submission: DocumentSubmission = {
      id: `sub-${this.submissions.length + 1}`,
      enrollmentId: input.enrollmentId,
      patientId: input.patientId,
      documentType: input.documentType,
      contentHash: hash,
      fileName: input.fileName,
      status: 'processing',
      athenaDocumentId: null,
      uploadAttempts: 0,
      lastAttemptError: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    this.submissions.push(submission);
    return submission;
  }
  async latest(enrollmentId: string, documentType: ChartDocumentType) {
    return this.submissions.filter((s) => s.enrollmentId === enrollmentId && s.documentType === documentType).at(-1) ?? null;
  }
  async failed() {
    return this.submissions.filter((s) => s.status === 'failed');
  }
}

const parties: SigningParties = { signer: { name: 'Dana Reyes', email: 'dana@example.test' }, patientName: 'Dana Reyes', guardianName: null };

const SIGNATURE_FIELD = { type: 'signature', page: 2, x: 72, y: 500, width: 250, height: 36 } as const;

const setup = async (patientStatus: 'existing' | 'new' = 'new', membershipTier: '120_annual' | 'decline' = '120_annual') => {
  const enrollments = new InMemoryEnrollments();
  const signing = new FakeSigning();
  const filing = new FakeFiling();
  const rendered: string[] = [];
  const deps = {
    enrollments,
    signing,
    filing,
    clock: new FixedClock('2026-06-15T16:00:00Z'),
    renderPdf: async (document: { title: string; paragraphs: readonly string[] }) => {
      rendered.push(`${document.title}: ${document.paragraphs.join(' ')}`);
      return { pdf: Buffer.from('%PDF-1.7 unsigned'), fields: [SIGNATURE_FIELD] };
    },
  };
  const enrollment = await enrollments.create({
    status: membershipTier === 'decline' ? 'declined' : 'pending',
    membershipTier,
    department: '1',
    athenaPatientId: '5101',
    patientStatus,
    createdAt: new Date('2026-06-15T16:00:00Z'),
  });
  return { deps, enrollments, signing, filing, rendered, enrollment };
};

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(`expected Right, got ${JSON.stringify(either.left)}`);
  return either.right;
};

describe('prepareSigningDocument', () => {
  it('creates the membership agreement naming the plan and keeps its id on the enrollment', async () => {
    const { deps, enrollments, signing, rendered, enrollment } = await setup();
    const prepared = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    expect(prepared).toEqual({ documentId: 'doc-1', embeddedUrl: 'https://sign.test/doc-1', completed: false, bodyLocale: 'en-US' });
    expect((await enrollments.findById(enrollment.id))?.signwellDocumentId).toBe('doc-1');
    expect(signing.documents.get('doc-1')?.input).toMatchObject({ name: 'Membership Agreement', signer: parties.signer, metadata: { enrollmentId: enrollment.id, kind: 'membership_agreement' } });
    // The fields go to SignWell with the PDF they were laid out for.
    expect(signing.documents.get('doc-1')?.input).toMatchObject({ pdfBase64: Buffer.from('%PDF-1.7 unsigned').toString('base64'), fields: [SIGNATURE_FIELD] });
    expect(rendered[0]).toContain('Enhanced Annual');
    expect(rendered[0]).toContain('renews automatically');
  });

  it("says a Spanish signer's body is English where the practice supplies no Spanish text (the screen tells them before signing)", async () => {
    const { deps, enrollment } = await setup();
    const prepared = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties, locale: 'es-US' }));
    expect(prepared.bodyLocale).toBe('en-US');
  });

  it('hands out the same unsigned document again: a reload or a double click makes one document', async () => {
    const { deps, signing, enrollment } = await setup();
    const [a, b] = await Promise.all([
      prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }),
      prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }),
    ]);
    expect(right(a).documentId).toBe(right(b).documentId);
    expect(signing.documents.size).toBe(1);
  });

  it('replaces a declined document with a new one', async () => {
    const { deps, signing, enrollment } = await setup();
    const first = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    signing.documents.get(first.documentId)!.status = 'Declined';
    const second = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    expect(second.documentId).not.toBe(first.documentId);
    expect(signing.deleted).toEqual([first.documentId]);
  });

  it('offers no agreement for a declined enrollment and no privacy notice to an existing patient or before the agreement', async () => {
    const declined = await setup('existing', 'decline');
    expect(E.isLeft(await prepareSigningDocument(declined.deps, { enrollmentId: declined.enrollment.id, type: 'membership_agreement', parties }))).toBe(true);
    const existing = await setup('existing');
    const privacyForExisting = await prepareSigningDocument(existing.deps, { enrollmentId: existing.enrollment.id, type: 'privacy_practices', parties });
    expect(E.isLeft(privacyForExisting) && privacyForExisting.left.code).toBe('DOCUMENT.NOT_AVAILABLE');
    const fresh = await setup('new');
    const privacyTooEarly = await prepareSigningDocument(fresh.deps, { enrollmentId: fresh.enrollment.id, type: 'privacy_practices', parties });
    expect(E.isLeft(privacyTooEarly) && privacyTooEarly.left.code).toBe('DOCUMENT.NOT_AVAILABLE');
  });
});

describe('recordSignedDocument', () => {
  it('refuses until SignWell says the document is completed, whatever the browser says', async () => {
    const { deps, enrollments, enrollment } = await setup();
    const { documentId } = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    const current = (await enrollments.findById(enrollment.id))!;
    const result = await recordSignedDocument(deps, { enrollment: current, type: 'membership_agreement', documentId });
    expect(E.isLeft(result) && result.left.code).toBe('DOCUMENT.NOT_COMPLETED');
    expect((await enrollments.findById(enrollment.id))?.status).toBe('pending');
  });

  it('moves pending → signed once, submits the completed PDF once, and says the privacy notice is next for a new patient', async () => {
    const { deps, enrollments, signing, filing, enrollment } = await setup('new');
    const { documentId } = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    signing.documents.get(documentId)!.status = 'Completed';
    const current = (await enrollments.findById(enrollment.id))!;
    const first = right(await recordSignedDocument(deps, { enrollment: current, type: 'membership_agreement', documentId }));
    expect(first).toEqual({ status: 'signed', requiresPrivacyPractices: true, declined: false, upload: 'processing' });
    const again = right(await recordSignedDocument(deps, { enrollment: (await enrollments.findById(enrollment.id))!, type: 'membership_agreement', documentId }));
    expect(again.status).toBe('signed');
    expect(filing.submissions).toHaveLength(1);
    expect(filing.inputs[0]).toMatchObject({ patientId: '5101', departmentId: '1', documentType: 'membership_agreement', signwellDocumentId: documentId, fileName: 'membership-agreement.pdf' });
  });

  it('goes straight to payment for an existing patient and refuses a document id that is not the enrollment’s', async () => {
    const { deps, enrollments, signing, enrollment } = await setup('existing');
    const { documentId } = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    signing.documents.get(documentId)!.status = 'Completed';
    const current = (await enrollments.findById(enrollment.id))!;
    const wrong = await recordSignedDocument(deps, { enrollment: current, type: 'membership_agreement', documentId: 'someone-elses' });
    expect(E.isLeft(wrong) && wrong.left.code).toBe('DOCUMENT.MISMATCH');
    expect(right(await recordSignedDocument(deps, { enrollment: current, type: 'membership_agreement', documentId })).requiresPrivacyPractices).toBe(false);
  });

  it('reports a decline in SignWell without changing the enrollment', async () => {
    const { deps, enrollments, signing, filing, enrollment } = await setup();
    const { documentId } = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    signing.documents.get(documentId)!.status = 'Declined';
    const result = right(await recordSignedDocument(deps, { enrollment: (await enrollments.findById(enrollment.id))!, type: 'membership_agreement', documentId }));
    expect(result).toMatchObject({ declined: true, status: 'pending', upload: null });
    expect(filing.submissions).toHaveLength(0);
  });

  it('takes a new patient through the privacy notice: signed → privacy_signed', async () => {
    const { deps, enrollments, signing, filing, enrollment } = await setup('new');
    const agreement = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'membership_agreement', parties }));
    signing.documents.get(agreement.documentId)!.status = 'Completed';
    right(await recordSignedDocument(deps, { enrollment: (await enrollments.findById(enrollment.id))!, type: 'membership_agreement', documentId: agreement.documentId }));
    const privacy = right(await prepareSigningDocument(deps, { enrollmentId: enrollment.id, type: 'privacy_practices', parties }));
    expect(signing.documents.get(privacy.documentId)?.input.name).toBe('Acknowledgment of Notice of Privacy Practices');
    signing.documents.get(privacy.documentId)!.status = 'Completed';
    const recorded = right(await recordSignedDocument(deps, { enrollment: (await enrollments.findById(enrollment.id))!, type: 'privacy_practices', documentId: privacy.documentId }));
    expect(recorded).toMatchObject({ status: 'privacy_signed', requiresPrivacyPractices: false });
    expect(filing.submissions.map((s) => s.documentType)).toEqual(['membership_agreement', 'privacy_practices']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { SigningRejectedError } from '@portal/core';
import { SignwellSigning, fileNameFor } from './signwell-signing.adapter.ts';
import { FakeFetch, json } from './testing/fake-fetch.ts';

const DOCUMENT_ID = '0f4e4b8e-6a39-4a8e-9a57-3c1c8a0e2b11';
const SIGNING_URL = `https://www.signwell.com/docs/embedded/${DOCUMENT_ID}/1/`;

const documentJson = (overrides: Record<string, unknown> = {}) => ({
  id: DOCUMENT_ID,
  name: 'Membership Agreement',
  status: 'Pending',
  test_mode: true,
  embedded_signing: true,
  metadata: { enrollmentId: 'enr-1', kind: 'membership_agreement' },
  recipients: [{ id: '1', name: 'Margaret Sullivan', email: 'margaret@example.com', status: 'created', embedded_signing_url: SIGNING_URL }],
  decline_message: null,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  files: [{ name: 'membership-agreement.pdf', pages_number: 2 }],
  ...overrides,
});

const signing = (fake: FakeFetch, testMode = true) =>
  new SignwellSigning({ baseUrl: 'https://signwell.test/api/v1', apiKey: 'key', testMode, fetch: fake.fetch, retries: 0 });

const input = {
  name: 'Membership Agreement',
  pdfBase64: Buffer.from('%PDF-1.4 ...').toString('base64'),
  signer: { name: 'Margaret Sullivan', email: 'margaret@example.com' },
  metadata: { enrollmentId: 'enr-1', kind: 'membership_agreement' },
};

describe('SignwellSigning.createEmbeddedDocument', () => {
  it('sends one embedded, test-mode document for recipient "1" with a signature page and our metadata', async () => {
    const fake = new FakeFetch().on('POST', /\/documents$/, json(documentJson(), 201));
    await expect(signing(fake).createEmbeddedDocument({ ...input, redirectUrl: 'https://portal.example/enroll/signed' })).resolves.toEqual({
      documentId: DOCUMENT_ID,
      embeddedSigningUrl: SIGNING_URL,
      status: 'Pending',
    });
    expect(JSON.parse(fake.requests[0]?.body ?? '')).toEqual({
      test_mode: true,
      embedded_signing: true,
      draft: false,
      name: 'Membership Agreement',
      files: [{ name: 'membership-agreement.pdf', file_base64: input.pdfBase64 }],
      recipients: [{ id: '1', name: 'Margaret Sullivan', email: 'margaret@example.com', send_email: false }],
      with_signature_page: true,
      allow_decline: true,
      allow_reassign: false,
      reminders: false,
      metadata: { enrollmentId: 'enr-1', kind: 'membership_agreement' },
      redirect_url: 'https://portal.example/enroll/signed',
    });
  });

  it("places the signer's signature and locked signing date on the file's signature block when fields are given, without a signature page", async () => {
    const fake = new FakeFetch().on('POST', /\/documents$/, json(documentJson(), 201));
    await signing(fake).createEmbeddedDocument({
      ...input,
      fields: [
        { type: 'signature', page: 2, x: 72, y: 214.5, width: 290, height: 36 },
        { type: 'date', page: 2, x: 390, y: 228.5, width: 150, height: 22 },
      ],
    });
    const body = JSON.parse(fake.requests[0]?.body ?? '') as Record<string, unknown>;
    expect(body['with_signature_page']).toBe(false);
    expect(body['fields']).toEqual([
      [
        { x: 72, y: 214.5, width: 290, height: 36, page: 2, recipient_id: '1', type: 'signature', required: true },
        { x: 390, y: 228.5, width: 150, height: 22, page: 2, recipient_id: '1', type: 'date', required: true, lock_sign_date: true },
      ],
    ]);
  });

  it('sends a file_url instead, the given file name, and live mode when so configured', async () => {
    const fake = new FakeFetch().on('POST', /\/documents$/, json(documentJson(), 201));
    await signing(fake, false).createEmbeddedDocument({
      name: 'Privacy Notice',
      fileUrl: 'https://files.example/privacy.pdf',
      fileName: 'notice-of-privacy-practices.pdf',
      signer: input.signer,
      metadata: {},
    });
    const body = JSON.parse(fake.requests[0]?.body ?? '') as Record<string, unknown>;
    expect(body['files']).toEqual([{ name: 'notice-of-privacy-practices.pdf', file_url: 'https://files.example/privacy.pdf' }]);
    expect(body['test_mode']).toBe(false);
    expect(body).not.toHaveProperty('redirect_url');
  });

  it('is unavailable when the answer has no embedded signing URL for the signer', async () => {
    const fake = new FakeFetch().on('POST', /\/documents$/, json(documentJson({ recipients: [{ id: '1', embedded_signing_url: null }] }), 201));
    await expect(signing(fake).createEmbeddedDocument(input)).rejects.toMatchObject({
      name: 'SigningUnavailableError',
      message: 'signwell POST /documents answered without an embedded_signing_url for recipient 1',
    });
  });

  it("passes SignWell's 422 on as SigningRejectedError", async () => {
    const fake = new FakeFetch().on('POST', /\/documents$/, json({ errors: { files: { file_1: { file_base64: ['unsupported'] } } } }, 422));
    await expect(signing(fake).createEmbeddedDocument(input)).rejects.toThrow(SigningRejectedError);
  });

  it('refuses a status SignWell does not document', async () => {
    const fake = new FakeFetch().on('POST', /\/documents$/, json(documentJson({ status: 'Shredded' }), 201));
    await expect(signing(fake).createEmbeddedDocument(input)).rejects.toThrow('unexpected shape at status');
  });
});

describe('SignwellSigning.getDocument', () => {
  it('maps a completed document', async () => {
    const fake = new FakeFetch().on('GET', /\/documents\/[^/]+$/, json(documentJson({ status: 'Completed', updated_at: '2026-03-01T10:05:00Z' })));
    await expect(signing(fake).getDocument(DOCUMENT_ID)).resolves.toEqual({
      documentId: DOCUMENT_ID,
      name: 'Membership Agreement',
      status: 'Completed',
      completed: true,
      declined: false,
      metadata: { enrollmentId: 'enr-1', kind: 'membership_agreement' },
      declineMessage: null,
      embeddedSigningUrl: `https://www.signwell.com/docs/embedded/${DOCUMENT_ID}/1/`,
      updatedAt: '2026-03-01T10:05:00Z',
    });
    expect(fake.requests[0]?.url.pathname).toBe(`/api/v1/documents/${DOCUMENT_ID}`);
  });

  it('maps declined, pending and manually completed documents, and null metadata', async () => {
    const fake = new FakeFetch().on(
      'GET',
      /\/documents\//,
      json(documentJson({ status: 'Declined', decline_message: 'Not now' })),
      json(documentJson({ status: 'Viewed', metadata: null })),
      json(documentJson({ status: 'Manually completed' })),
    );
    const adapter = signing(fake);
    expect(await adapter.getDocument(DOCUMENT_ID)).toMatchObject({ completed: false, declined: true, declineMessage: 'Not now' });
    expect(await adapter.getDocument(DOCUMENT_ID)).toMatchObject({ status: 'Viewed', completed: false, declined: false, metadata: {} });
    expect(await adapter.getDocument(DOCUMENT_ID)).toMatchObject({ completed: true });
  });

  it('answers null for an unknown id', async () => {
    const fake = new FakeFetch().on('GET', /\/documents\//, json({ message: 'Not found', meta: { error: 'record_not_found' } }, 404));
    await expect(signing(fake).getDocument(DOCUMENT_ID)).resolves.toBeNull();
  });
});

describe('SignwellSigning.completedPdf', () => {
  it('asks for the PDF bytes with the audit page and returns them', async () => {
    const pdf = Buffer.from('%PDF-1.7\n...\n%%EOF\n');
    const fake = new FakeFetch().on('GET', /completed_pdf$/, new Response(pdf, { headers: { 'Content-Type': 'application/pdf' } }));
    await expect(signing(fake).completedPdf(DOCUMENT_ID)).resolves.toEqual(pdf);
    const request = fake.requests[0];
    expect(request?.url.pathname).toBe(`/api/v1/documents/${DOCUMENT_ID}/completed_pdf`);
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({ url_only: 'false', audit_page: 'true', file_format: 'pdf' });
    expect(request?.headers.get('accept')).toBe('application/pdf');
  });

  it('is unavailable when the body is not a PDF, and rejected while the document is not completed', async () => {
    const notPdf = new FakeFetch().on('GET', /completed_pdf$/, json({ file_url: 'https://x' }));
    await expect(signing(notPdf).completedPdf(DOCUMENT_ID)).rejects.toMatchObject({
      name: 'SigningUnavailableError',
      message: 'signwell GET /documents/{id}/completed_pdf answered application/json and a body that is not a PDF',
    });
    const missing = new FakeFetch().on('GET', /completed_pdf$/, json({ message: 'Not found' }, 404));
    await expect(signing(missing).completedPdf(DOCUMENT_ID)).rejects.toMatchObject({ name: 'SigningRejectedError', status: 404 });
  });
});

describe('SignwellSigning.deleteDocument and webhooks', () => {
  it('deletes, treating an unknown id as deleted', async () => {
    const fake = new FakeFetch().on('DELETE', /\/documents\//, new Response(null, { status: 204 }), json({ message: 'Not found' }, 404));
    await expect(signing(fake).deleteDocument(DOCUMENT_ID)).resolves.toBeUndefined();
    await expect(signing(fake).deleteDocument(DOCUMENT_ID)).resolves.toBeUndefined();
  });

  it('ensureWebhook reuses the hook for the URL, else creates one', async () => {
    const hooks = [{ id: 'h1', callback_url: 'https://portal.example/api/webhooks/signwell' }];
    const fake = new FakeFetch().on('GET', /\/hooks$/, json(hooks)).on('POST', /\/hooks$/, json({ id: 'h2', callback_url: 'https://other.example/hook' }, 201));
    const adapter = signing(fake);
    await expect(adapter.ensureWebhook('https://portal.example/api/webhooks/signwell')).resolves.toEqual(hooks[0]);
    await expect(adapter.ensureWebhook('https://other.example/hook')).resolves.toEqual({ id: 'h2', callback_url: 'https://other.example/hook' });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '')).toEqual({ callback_url: 'https://other.example/hook' });
  });
});

describe('fileNameFor', () => {
  it('makes a file-safe name with a .pdf extension', () => {
    expect(fileNameFor('Membership Agreement')).toBe('membership-agreement.pdf');
    expect(fileNameFor('Notice of Privacy Practices (2026).pdf')).toBe('notice-of-privacy-practices-2026.pdf');
    expect(fileNameFor('☺')).toBe('document.pdf');
  });
});

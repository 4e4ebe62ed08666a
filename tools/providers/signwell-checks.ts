/**
 * The SignWell adapter's contract checks: every call `adapters/signwell` makes (documents,
 * completed PDF, hooks), each through the adapter itself, in test mode. Against the sandbox or
 * SignWell (SIGNWELL_API_KEY, test mode: not billed, not legally binding).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SigningRejectedError } from '@portal/core';
import type { SignwellSigning } from '@portal/signwell';
import type { ProviderCheck } from './athena-checks.ts';

export interface SignwellCheckTarget {
  readonly signing: SignwellSigning;
  /** Where the check's webhook points (never called by the check itself). */
  readonly callbackUrl: string;
  /** Filled in by the create check for the ones after it. */
  documentId?: string;
}

const must = (condition: boolean, message: string): void => {
  if (!condition) throw new Error(message);
};

/** A one-page US Letter PDF with a signature line, and SignWell fields on it (top-left origin, 72 per inch). */
export const checkDocument = async (): Promise<{ pdfBase64: string; fields: { type: 'signature' | 'date'; page: number; x: number; y: number; width: number; height: number }[] }> => {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('providers:verify - a test document. Please do not sign.', { x: 72, y: 700, size: 12, font });
  page.drawLine({ start: { x: 72, y: 592 }, end: { x: 300, y: 592 }, thickness: 1 });
  return {
    pdfBase64: Buffer.from(await pdf.save({ updateFieldAppearances: false })).toString('base64'),
    // The signature sits on the line drawn 200 points below the top (792 - 592).
    fields: [
      { type: 'signature', page: 1, x: 72, y: 200 - 36, width: 228, height: 34 },
      { type: 'date', page: 1, x: 320, y: 200 - 22, width: 120, height: 20 },
    ],
  };
};

export const signwellChecks: readonly ProviderCheck<SignwellCheckTarget>[] = [
  {
    name: 'GET /hooks, POST /hooks, DELETE /hooks/{id}',
    writes: true,
    run: async (t) => {
      const hook = await t.signing.ensureWebhook(t.callbackUrl);
      must(hook.callback_url === t.callbackUrl, 'the webhook was not registered');
      await t.signing.deleteWebhook(hook.id);
    },
  },
  {
    name: 'POST /documents (embedded signing, test mode, fields)',
    writes: true,
    run: async (t) => {
      const { pdfBase64, fields } = await checkDocument();
      const created = await t.signing.createEmbeddedDocument({
        name: 'providers:verify',
        pdfBase64,
        fields,
        signer: { name: 'Verify Check', email: 'verify.check@example.com' },
        metadata: { check: 'providers-verify' },
      });
      must(created.embeddedSigningUrl.startsWith('http'), 'no embedded signing URL');
      t.documentId = created.documentId;
    },
  },
  {
    name: 'GET /documents/{id}',
    writes: false,
    run: async (t) => must((await t.signing.getDocument(t.documentId ?? '')) !== null, 'the document cannot be read'),
  },
  {
    name: 'GET /documents/{id}/completed_pdf (not completed: refused)',
    writes: false,
    run: async (t) => {
      const refused = await t.signing.completedPdf(t.documentId ?? '').then(
        () => false,
        (error: unknown) => error instanceof SigningRejectedError,
      );
      must(refused, 'a PDF came back for a document nobody signed');
    },
  },
  {
    name: 'GET /documents/{id} (unknown: 404)',
    writes: false,
    run: async (t) => must((await t.signing.getDocument('00000000-0000-4000-8000-000000000000')) === null, 'an unknown document was found'),
  },
  { name: 'DELETE /documents/{id}', writes: true, run: async (t) => t.signing.deleteDocument(t.documentId ?? '') },
];

/**
 * Consumer contract of the SignWell adapter with SignWell: one interaction per call it makes.
 * The provider sandbox (apps/provider-sandbox) verifies contracts/pacts/member-portal-api-signwell.json.
 *
 * Paths are SignWell's own (`/api/v1/...` on https://www.signwell.com); the sandbox serves them
 * under `/signwell/api/v1`, so its verifier prefixes `/signwell`. Ids the provider chooses come
 * from provider states (`fromProviderState`). Responses state only what the adapter reads; the
 * completed PDF is matched by its content type (a binary body).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { MatchersV3, type PactV4 } from '@pact-foundation/pact';
import { consumerPact } from '../../../tools/src/testing/consumer-pact.ts';
import type { SignwellConfig } from './signwell.config.ts';
import { SignwellSigning } from './signwell-signing.adapter.ts';

const { eachLike, fromProviderState, like, regex } = MatchersV3;

// No usage metrics from the Pact core: these tests run offline.
process.env['PACT_DO_NOT_TRACK'] = 'true';

const CONSUMER = 'member-portal-api';
const PROVIDER = 'signwell';

const API_KEY = 'sandbox-signwell-key';
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const ISO_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const DOCUMENT_ID = '3f6a2c1e-8d4b-4e7a-9c2f-1b5d7e9a0c34';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const CALLBACK_URL = 'https://portal.example/api/webhooks/signwell';

const SIGNER = { name: 'Margaret Sullivan', email: 'margaret.sullivan@example.com' };
const METADATA = { enrollmentId: 'enr-123', kind: 'membership_agreement' };

/** A one-page PDF with text, as the portal uploads its agreements. */
const SAMPLE_PDF = (() => {
  const content = 'BT /F1 12 Tf 72 720 Td (Membership Agreement) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
})();

const apiKey = { 'X-Api-Key': regex('^\\S+$', API_KEY) };

type ProviderState = Parameters<ReturnType<PactV4['addInteraction']>['given']>;

const states = {
  signed: ['a document signed by its recipient exists', { name: 'Membership Agreement', signerName: SIGNER.name, signerEmail: SIGNER.email, metadata: METADATA }],
  pending: ['a document awaiting signature exists', { name: 'Membership Agreement', signerName: SIGNER.name, signerEmail: SIGNER.email, metadata: METADATA }],
  unknown: [`no document has id ${UNKNOWN_ID}`, { documentId: UNKNOWN_ID }],
  hook: ['a webhook is registered', { callbackUrl: CALLBACK_URL }],
  key: ['the API key is valid', { apiKey: API_KEY }],
} satisfies Record<string, ProviderState>;

const pact = consumerPact(CONSUMER, PROVIDER);

const adapter = (mockUrl: string): SignwellSigning => {
  const config: SignwellConfig = { baseUrl: `${mockUrl}/api/v1`, apiKey: API_KEY, testMode: true, retries: 0 };
  return new SignwellSigning(config);
};

const documentPath = (suffix = '') => fromProviderState(`/api/v1/documents/\${documentId}${suffix}`, `/api/v1/documents/${DOCUMENT_ID}${suffix}`);

describe('SignWell contract: documents', () => {
  it('creates an embedded document for one signer', async () => {
    await pact
      .addInteraction()
      .given(...states.key)
      .uponReceiving('a request to create an embedded, test-mode document for signer 1')
      .withRequest('POST', '/api/v1/documents', (builder) =>
        builder.headers({ ...apiKey, 'Content-Type': 'application/json' }).jsonBody({
          test_mode: true,
          embedded_signing: true,
          draft: false,
          name: like('Membership Agreement'),
          files: [{ name: regex('^[\\w.-]+\\.pdf$', 'membership-agreement.pdf'), file_base64: like(SAMPLE_PDF.toString('base64')) }],
          recipients: [{ id: '1', name: like(SIGNER.name), email: like(SIGNER.email), send_email: false }],
          with_signature_page: true,
          allow_decline: true,
          allow_reassign: false,
          reminders: false,
          metadata: like(METADATA),
        }),
      )
      .willRespondWith(201, (builder) =>
        builder.jsonBody({
          id: regex(UUID, DOCUMENT_ID),
          status: regex('^(Created|Sent|Pending)$', 'Pending'),
          recipients: eachLike({ id: '1', embedded_signing_url: regex('^https?://\\S+$', `https://www.signwell.com/docs/embedded/${DOCUMENT_ID}/1/`) }),
        }),
      )
      .executeTest(async (mock) => {
        const created = await adapter(mock.url).createEmbeddedDocument({
          name: 'Membership Agreement',
          pdfBase64: SAMPLE_PDF.toString('base64'),
          signer: SIGNER,
          metadata: METADATA,
        });
        expect(created).toEqual({
          documentId: DOCUMENT_ID,
          embeddedSigningUrl: `https://www.signwell.com/docs/embedded/${DOCUMENT_ID}/1/`,
          status: 'Pending',
        });
      });
  });

  it('gets a completed document', async () => {
    await pact
      .addInteraction()
      .given(...states.signed)
      .uponReceiving('a request for a document its signer has signed')
      .withRequest('GET', documentPath(), (builder) => builder.headers(apiKey))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          id: fromProviderState('${documentId}', DOCUMENT_ID),
          name: like('Membership Agreement'),
          status: 'Completed',
          metadata: like(METADATA),
          updated_at: regex(ISO_TIME, '2026-03-01T10:05:00Z'),
        }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).getDocument(DOCUMENT_ID)).resolves.toEqual({
          documentId: DOCUMENT_ID,
          name: 'Membership Agreement',
          status: 'Completed',
          completed: true,
          declined: false,
          metadata: METADATA,
          declineMessage: null,
          embeddedSigningUrl: null,
          updatedAt: '2026-03-01T10:05:00Z',
        });
      });
  });

  it('gets a document that awaits its signature', async () => {
    await pact
      .addInteraction()
      .given(...states.pending)
      .uponReceiving('a request for a document awaiting signature')
      .withRequest('GET', documentPath(), (builder) => builder.headers(apiKey))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          id: fromProviderState('${documentId}', DOCUMENT_ID),
          name: like('Membership Agreement'),
          status: regex('^(Created|Sent|Pending|Viewed)$', 'Pending'),
          metadata: like(METADATA),
        }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).getDocument(DOCUMENT_ID)).resolves.toMatchObject({ status: 'Pending', completed: false, declined: false, metadata: METADATA });
      });
  });

  it('answers 404 for an unknown document', async () => {
    await pact
      .addInteraction()
      .given(...states.unknown)
      .uponReceiving('a request for a document that does not exist')
      .withRequest('GET', `/api/v1/documents/${UNKNOWN_ID}`, (builder) => builder.headers(apiKey))
      .willRespondWith(404)
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).getDocument(UNKNOWN_ID)).resolves.toBeNull();
      });
  });

  it('downloads the completed PDF with its audit page', async () => {
    const file = path.join(tmpdir(), `signwell-pact-${process.pid}.pdf`);
    writeFileSync(file, SAMPLE_PDF);
    await pact
      .addInteraction()
      .given(...states.signed)
      .uponReceiving('a request for the completed PDF of a signed document')
      .withRequest('GET', documentPath('/completed_pdf'), (builder) =>
        builder.query({ url_only: 'false', audit_page: 'true', file_format: 'pdf' }).headers({ ...apiKey, Accept: 'application/pdf' }),
      )
      .willRespondWith(200, (builder) => builder.headers({ 'Content-Type': regex('^application/pdf(;.*)?$', 'application/pdf') }).binaryFile('application/pdf', file))
      .executeTest(async (mock) => {
        const pdf = await adapter(mock.url).completedPdf(DOCUMENT_ID);
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      });
    rmSync(file, { force: true });
  });

  it('deletes a document', async () => {
    await pact
      .addInteraction()
      .given(...states.pending)
      .uponReceiving('a request to delete a document awaiting signature')
      .withRequest('DELETE', documentPath(), (builder) => builder.headers(apiKey))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).deleteDocument(DOCUMENT_ID)).resolves.toBeUndefined();
      });
  });
});

describe('SignWell contract: webhooks', () => {
  it('registers a webhook', async () => {
    await pact
      .addInteraction()
      .given(...states.key)
      .uponReceiving('a request to register a webhook')
      .withRequest('POST', '/api/v1/hooks', (builder) => builder.headers({ ...apiKey, 'Content-Type': 'application/json' }).jsonBody({ callback_url: like(CALLBACK_URL) }))
      .willRespondWith(201, (builder) => builder.jsonBody({ id: like('9b2e6f0a-1c3d-4e5f-8a7b-6c5d4e3f2a1b'), callback_url: like(CALLBACK_URL) }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).createWebhook(CALLBACK_URL)).resolves.toEqual({ id: '9b2e6f0a-1c3d-4e5f-8a7b-6c5d4e3f2a1b', callback_url: CALLBACK_URL });
      });
  });

  it('lists the webhooks', async () => {
    await pact
      .addInteraction()
      .given(...states.hook)
      .uponReceiving('a request for the registered webhooks')
      .withRequest('GET', '/api/v1/hooks', (builder) => builder.headers(apiKey))
      .willRespondWith(200, (builder) =>
        builder.jsonBody(eachLike({ id: fromProviderState('${webhookId}', '9b2e6f0a-1c3d-4e5f-8a7b-6c5d4e3f2a1b'), callback_url: like(CALLBACK_URL) })),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).ensureWebhook(CALLBACK_URL)).resolves.toEqual({ id: '9b2e6f0a-1c3d-4e5f-8a7b-6c5d4e3f2a1b', callback_url: CALLBACK_URL });
      });
  });
});

/**
 * The real SignWell adapter (@portal/signwell) against the sandbox, configured as `npm start`
 * configures it: create an embedded document, a person signs on the signing page, the webhook
 * arrives and verifies, the document reads Completed and its PDF downloads. Also a decline, and
 * faults turning into SigningUnavailableError after the adapter's retries.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { SigningRejectedError, SigningUnavailableError } from '@portal/core';
import { SignwellSigning, signwellConfigFromEnv, verifySignwellEvent } from '@portal/signwell';
import { readPdf } from '@portal/pdf/pdf-read.ts';
import { samplePdfBase64, startTestSandbox, startWebhookReceiver, submitSigningPage, type TestSandbox, type WebhookReceiver } from './testing.ts';

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
let signing: SignwellSigning;

beforeAll(async () => {
  sandbox = await startTestSandbox({ signwellWebhookRetryDelaysMs: [50] });
  receiver = await startWebhookReceiver();
  const env = signwellConfigFromEnv({ PROVIDER_SANDBOX_URL: sandbox.url });
  expect(env.sandbox).toBe(true);
  signing = new SignwellSigning({ baseUrl: env.baseUrl, apiKey: env.apiKey, testMode: env.testMode, retryBaseDelayMs: 5 });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

beforeEach(async () => {
  await sandbox.sandbox.reset();
  receiver.received.length = 0;
});

const input = {
  name: 'Notice of Privacy Practices',
  pdfBase64: samplePdfBase64('We protect your health information. This notice describes how it may be used.'),
  signer: { name: 'Jordan Reyes', email: 'jordan.reyes@example.com' },
  metadata: { enrollmentId: 'enr-42', kind: 'privacy_notice' },
};

describe('the SignWell adapter against the sandbox', () => {
  it('creates, is signed, verifies the webhook, reads Completed and downloads the PDF', async () => {
    const hook = await signing.ensureWebhook(receiver.url);
    expect(await signing.ensureWebhook(receiver.url)).toEqual(hook);

    const created = await signing.createEmbeddedDocument(input);
    expect(created).toEqual({ documentId: expect.any(String), embeddedSigningUrl: expect.stringContaining(`/signwell/sign/${created.documentId}/1?token=`), status: 'Pending' });
    expect(await signing.getDocument(created.documentId)).toMatchObject({ completed: false, declined: false, metadata: input.metadata });
    await expect(signing.completedPdf(created.documentId)).rejects.toBeInstanceOf(SigningRejectedError);

    const answer = await submitSigningPage(created.embeddedSigningUrl, { fullName: 'Jordan Reyes' });
    expect(answer.status).toBe(200);

    const received = await receiver.waitFor(4);
    const completed = received.find((delivery) => delivery.body.event.type === 'document_completed');
    expect(verifySignwellEvent(completed?.body, hook.id)).toEqual(
      E.right({ type: 'document_completed', time: completed?.body.event.time, hash: completed?.body.event.hash, documentId: created.documentId }),
    );
    expect(verifySignwellEvent(completed?.body, 'some-other-hook')).toEqual(E.left('bad-hash'));

    expect(await signing.getDocument(created.documentId)).toMatchObject({ status: 'Completed', completed: true, name: 'Notice of Privacy Practices' });
    const pdf = await signing.completedPdf(created.documentId);
    const checked = readPdf(pdf);
    expect(checked.title).toBe('Notice of Privacy Practices');
    expect(checked.pages[1]?.lines.map((line) => line.text)).toContain('Jordan Reyes');
    expect(checked.text).toContain('Audit Trail');
    expect(checked.text).toContain('We protect your health information.');
  });

  it('reads a declined document; deletes; an unknown id reads null', async () => {
    const created = await signing.createEmbeddedDocument(input);
    await submitSigningPage(created.embeddedSigningUrl, { action: 'decline', declineReason: 'I need to ask my doctor first' });
    expect(await signing.getDocument(created.documentId)).toMatchObject({ status: 'Declined', declined: true, completed: false, declineMessage: 'I need to ask my doctor first' });
    await signing.deleteDocument(created.documentId);
    expect(await signing.getDocument(created.documentId)).toBeNull();
    await expect(signing.deleteDocument(created.documentId)).resolves.toBeUndefined();
  });

  it('passes on the 422 of a bad request without the values', async () => {
    const error = (await signing.createEmbeddedDocument({ ...input, signer: { name: 'X', email: 'not-an-email' } }).catch((e: unknown) => e)) as SigningRejectedError;
    expect(error).toBeInstanceOf(SigningRejectedError);
    expect(error.status).toBe(422);
    expect(error.fields).toEqual(['recipients']);
    expect(error.message).not.toContain('not-an-email');
  });

  it('retries reads through injected 503s and gives up with SigningUnavailableError', async () => {
    const created = await signing.createEmbeddedDocument(input);
    const fault = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'GET ^/signwell/api/v1/documents/', errorRate: 1 }),
    });
    expect(fault.status).toBe(201);
    const error = (await signing.getDocument(created.documentId).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(SigningUnavailableError);
    expect(error.message).toBe('signwell GET /documents/{id} answered 503 after 3 attempts');
  });

  it('is unavailable with a key the sandbox refuses', async () => {
    const wrongKey = new SignwellSigning({ baseUrl: `${sandbox.url}/signwell/api/v1`, apiKey: 'wrong', testMode: true });
    await expect(wrongKey.getDocument('x')).rejects.toThrow('answered 401: the API key was refused');
  });
});

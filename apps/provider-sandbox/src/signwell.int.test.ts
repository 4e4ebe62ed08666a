/**
 * The SignWell look-alike over HTTP: the API's shapes and errors, the signing page flow as a
 * person's browser drives it (form post), webhook delivery with a valid hash to a local receiver
 * (and its bounded retries), the completed PDF, faults and reset.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SIGNWELL_API_KEY } from './seed/providers.ts';
import { readPdf } from '@portal/pdf/pdf-read.ts';
import {
  embeddedDocumentBody,
  inboxMessages,
  samplePdfBase64,
  signwellCall,
  startTestSandbox,
  startWebhookReceiver,
  submitSigningPage,
  type TestSandbox,
  type WebhookReceiver,
} from './testing.ts';

let sandbox: TestSandbox;
let receiver: WebhookReceiver;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  sandbox = await startTestSandbox({ signwellWebhookRetryDelaysMs: [50, 100], signwellWebhookTimeoutMs: 1000 });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

beforeEach(async () => {
  await sandbox.sandbox.reset();
  receiver.received.length = 0;
  receiver.answers = [];
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await signwellCall(sandbox.url, 'POST', '/documents', embeddedDocumentBody(overrides));
  expect(response.status).toBe(201);
  return response.body as { id: string; status: string; recipients: { id: string; embedded_signing_url: string; status: string }[] };
};

const registerHook = async (url = receiver.url): Promise<string> => {
  const response = await signwellCall(sandbox.url, 'POST', '/hooks', { callback_url: url });
  expect(response.status).toBe(201);
  return (response.body as { id: string }).id;
};

const deliveries = async (documentId?: string) => {
  const response = await fetch(`${sandbox.url}/_sandbox/signwell/events${documentId === undefined ? '' : `?document_id=${documentId}`}`);
  return ((await response.json()) as { events: { type: string; status: string; attempts: number; last_status: number | null }[] }).events;
};

const waitForDeliveries = async (predicate: (events: Awaited<ReturnType<typeof deliveries>>) => boolean): Promise<Awaited<ReturnType<typeof deliveries>>> => {
  for (let i = 0; i < 100; i += 1) {
    const events = await deliveries();
    if (predicate(events)) return events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`deliveries never matched: ${JSON.stringify(await deliveries())}`);
};

const hmac = (key: string, type: string, time: number): string => createHmac('sha256', key).update(`${type}@${time}`).digest('hex');

describe('SignWell API: keys and validation', () => {
  it('refuses a missing or wrong X-Api-Key with SignWell’s 401', async () => {
    for (const key of ['', 'wrong-key']) {
      const response = await signwellCall(sandbox.url, 'GET', '/hooks', undefined, key);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        message: 'Missing or invalid authorization key',
        meta: { error: 'api_key_unauthorized_error', message: 'Not valid authorization token', messages: ['Not valid authorization token'] },
      });
    }
    expect(SIGNWELL_API_KEY).toBe('sandbox-signwell-key');
  });

  it('answers 422 {errors} for missing files and recipients, per field', async () => {
    const response = await signwellCall(sandbox.url, 'POST', '/documents', { name: 'x', with_signature_page: true });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { files: ["can't be blank"], recipients: ["can't be blank"] } });
  });

  it("places fields as SignWell's API reference says: pixels on the page, sizes kept, a field on a page the file lacks not created", async () => {
    // https://developers.signwell.com/reference/create-a-document — fields[].x/y/width/height "in
    // pixels", coordinates "specific to the page where fields are located"; "If the page does not
    // exist within the file then the field won't be created." (decision 0054)
    const created = await signwellCall(
      sandbox.url,
      'POST',
      '/documents',
      embeddedDocumentBody({
        with_signature_page: false,
        fields: [
          [
            { type: 'signature', page: 1, x: 72, y: 560.5, width: 228, height: 34, recipient_id: '1' },
            { type: 'date', page: 1, x: 320, y: 574, width: 120, height: 20, recipient_id: '1', lock_sign_date: true },
            { type: 'initials', page: 3, x: 72, y: 72, recipient_id: '1' },
          ],
        ],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.files).toEqual([{ name: expect.any(String), pages_number: 1 }]);
    expect(created.body.fields).toEqual([
      [
        { api_id: 'Signature_1', type: 'signature', page: 1, x: 72, y: 560.5, width: 228, height: 34, recipient_id: '1', required: true, value: null },
        { api_id: 'Date_1', type: 'date', page: 1, x: 320, y: 574, width: 120, height: 20, lock_sign_date: true, recipient_id: '1', required: true, value: null },
      ],
    ]);
    const sizeless = await signwellCall(sandbox.url, 'POST', '/documents', embeddedDocumentBody({ with_signature_page: false, fields: [[{ type: 'signature', page: 1, x: 1, y: 1, width: -5, recipient_id: '1' }]] }));
    expect(sizeless.status).toBe(422);
    expect(sizeless.body.errors.fields.file_1.field_1).toEqual({ width: ['must be a positive number'] });
  });

  it('names nested problems as SignWell does', async () => {
    const response = await signwellCall(
      sandbox.url,
      'POST',
      '/documents',
      embeddedDocumentBody({
        files: [{ name: 'a.pdf', file_base64: samplePdfBase64(), file_url: 'https://x.example/a.pdf' }, { name: 'b.exe', file_url: 'nope' }],
        recipients: [{ id: '1', email: 'not-an-email' }, { id: '1', email: 'b@example.com' }],
        fields: [[{ type: 'signature', page: 1, x: 10, y: 10, recipient_id: '9' }]],
        metadata: { ok: 'yes', ['k'.repeat(45)]: 'v' },
        redirect_url: 'javascript:alert(1)',
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      files: {
        file_1: { file_data: ['Only one of file_url or file_base64 should be present, not both'] },
        file_2: { name: ['The file extension is invalid.'], file_url: ['is not a valid URL'] },
      },
      recipients: { recipient_1: { email: ['format is invalid.'] }, duplicated_ids: 'These ids are duplicated: 1.' },
      fields: { invalid_ids: 'These recipient ids are not present in the recipients array: [9]' },
      metadata: [`Check the following keys: [${'k'.repeat(45)}], length needs to be less than 40 characters`],
      redirect_url: ['is not a valid URL'],
    });
  });

  it('needs a field unless with_signature_page (or draft/text_tags); refuses unknown keys with 400', async () => {
    const noFields = await signwellCall(sandbox.url, 'POST', '/documents', embeddedDocumentBody({ with_signature_page: false }));
    expect(noFields.status).toBe(422);
    expect(Object.keys(noFields.body.errors)).toEqual(['fields']);
    const withFields = await signwellCall(
      sandbox.url,
      'POST',
      '/documents',
      embeddedDocumentBody({
        with_signature_page: false,
        fields: [[{ type: 'signature', page: 1, x: 72, y: 600, recipient_id: '1' }, { type: 'date', page: 1, x: 300, y: 600, recipient_id: '1' }]],
      }),
    );
    expect(withFields.status).toBe(201);
    expect(withFields.body.fields).toEqual([
      [
        { api_id: 'Signature_1', type: 'signature', page: 1, x: 72, y: 600, recipient_id: '1', required: true, value: null },
        { api_id: 'Date_1', type: 'date', page: 1, x: 300, y: 600, recipient_id: '1', required: true, value: null },
      ],
    ]);
    const unknown = await signwellCall(sandbox.url, 'POST', '/documents', embeddedDocumentBody({ signer: 'x' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ errors: { message: 'The request contains invalid key values.', invalid_keys: ['signer'] } });
    const malformed = await fetch(`${sandbox.url}/signwell/api/v1/documents`, {
      method: 'POST',
      headers: { 'X-Api-Key': SIGNWELL_API_KEY, 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { meta: { error: string } }).meta.error).toBe('bad_request');
  });

  it('takes files far larger than the app-wide 1 MB JSON limit', async () => {
    const padding = `${'Lorem ipsum dolor sit amet. '.repeat(100_000)}`;
    const response = await signwellCall(sandbox.url, 'POST', '/documents', embeddedDocumentBody({ files: [{ name: 'big.pdf', file_base64: samplePdfBase64(padding.slice(0, 3_000_000)) }] }));
    expect(response.status).toBe(201);
  });
});

describe('SignWell API: documents', () => {
  it('creates an embedded document and answers in DocumentResponse shape', async () => {
    const document = await create();
    expect(document).toMatchObject({
      id: expect.stringMatching(UUID),
      name: 'Membership Agreement',
      status: 'Pending',
      test_mode: true,
      embedded_signing: true,
      metadata: { enrollmentId: 'enr-123', kind: 'membership_agreement' },
      files: [{ name: 'membership-agreement.pdf', pages_number: 1 }],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      decline_message: null,
      recipients: [
        {
          id: '1',
          name: 'Margaret Sullivan',
          email: 'margaret.sullivan@example.com',
          status: 'created',
          send_email: false,
          embedded_signing_url: expect.stringMatching(new RegExp(`^${sandbox.url}/signwell/sign/${document.id}/1\\?token=[\\w-]{32}$`)),
        },
      ],
    });
    const read = await signwellCall(sandbox.url, 'GET', `/documents/${document.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(document);
  });

  it('answers 404 in SignWell’s shape for an unknown document', async () => {
    const response = await signwellCall(sandbox.url, 'GET', '/documents/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      message: 'Not found',
      meta: { error: 'record_not_found', message: "Couldn't find the document requested", messages: ["Couldn't find the document requested"] },
    });
  });

  it('deletes a document (204), after which it and its signing link are gone', async () => {
    const document = await create();
    expect((await signwellCall(sandbox.url, 'DELETE', `/documents/${document.id}`)).status).toBe(204);
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${document.id}`)).status).toBe(404);
    expect((await signwellCall(sandbox.url, 'DELETE', `/documents/${document.id}`)).status).toBe(404);
    const page = await fetch(document.recipients[0]?.embedded_signing_url as string);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This signing link is not valid');
  });

  it('emails the signing link (to the inbox) when signing is not embedded', async () => {
    const document = await create({ embedded_signing: false });
    expect(document.recipients[0]).toMatchObject({ embedded_signing_url: null });
    const [mail] = await inboxMessages(sandbox.url, 'margaret.sullivan@example.com');
    expect(mail?.subject).toBe('Please complete Membership Agreement');
    expect(mail?.text).toContain(`/signwell/sign/${document.id}/1?token=`);
  });
});

describe('the signing page', () => {
  it('shows the document, its text and the form; frameable, escaped, mobile-ready', async () => {
    const document = await create({ name: 'Agreement <script>alert(1)</script>' });
    const page = await fetch(document.recipients[0]?.embedded_signing_url as string);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    const html = await page.text();
    expect(html).toContain('Agreement &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('The member agrees to the terms of membership.');
    expect(html).toContain('<label class="field" for="full_name">Type your full name</label>');
    expect(html).toMatch(/<button type="submit" class="primary" name="action" value="sign">Sign Document<\/button>/);
    expect(html).toMatch(/value="decline" formnovalidate>Decline<\/button>/);
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${document.id}`)).body).toMatchObject({ status: 'Viewed', recipients: [{ status: 'viewed' }] });
  });

  it('keeps the embed’s options: no header, no Decline', async () => {
    const document = await create();
    const html = await (await fetch(`${document.recipients[0]?.embedded_signing_url as string}&header=0&decline=0`)).text();
    expect(html).not.toContain('class="wordmark"');
    expect(html).not.toContain('>Decline</button>');
    expect(html).toContain('?header=0&#38;decline=0"');
  });

  it('asks again, with errors tied to the fields, when the name or the agreements are missing', async () => {
    const document = await create();
    const answer = await submitSigningPage(document.recipients[0]?.embedded_signing_url as string, { fullName: '', agree: false });
    expect(answer.status).toBe(422);
    expect(answer.html).toContain('role="alert"');
    expect(answer.html).toContain('Type your full name to sign.');
    expect(answer.html).toContain('id="full_name" name="full_name" autocomplete="name" required maxlength="255" spellcheck="false" value="" aria-invalid="true"');
    expect(answer.html).toContain('Agree to sign electronically.');
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${document.id}`)).body.status).toBe('Viewed');
  });

  it('signs: the document is Completed, the page tells its parent, a hook gets a valid hash', async () => {
    const hookId = await registerHook();
    const document = await create();
    const answer = await submitSigningPage(document.recipients[0]?.embedded_signing_url as string, { fullName: 'Margaret A. Sullivan' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(answer.html).toContain('Document signed');
    const message = /<script type="application\/json" id="signwell-message">([^<]+)<\/script>/.exec(answer.html)?.[1];
    expect(JSON.parse(message ?? '{}')).toEqual({ message: { type: 'signwell', event: 'completed', documentId: document.id }, redirectUrl: null });
    expect(answer.html).toContain("window.parent.postMessage(data.message, '*')");

    const read = await signwellCall(sandbox.url, 'GET', `/documents/${document.id}`);
    expect(read.body).toMatchObject({ status: 'Completed', recipients: [{ id: '1', status: 'signed' }] });

    const received = await receiver.waitFor(4);
    expect(received.map((delivery) => delivery.body.event.type)).toEqual(['document_created', 'document_viewed', 'document_signed', 'document_completed']);
    const completed = received[3]?.body as { event: { type: string; time: number; hash: string }; data: { object: { id: string; status: string; metadata: unknown } } };
    expect(completed.event.hash).toBe(hmac(hookId, 'document_completed', completed.event.time));
    expect(Math.abs(completed.event.time - Date.now() / 1000)).toBeLessThan(60);
    expect(completed.data.object).toMatchObject({ id: document.id, status: 'Completed', metadata: { enrollmentId: 'enr-123', kind: 'membership_agreement' } });
    expect(received[3]?.headers['content-type']).toBe('application/json');

    // Once signed, the link shows the outcome again (and tells the parent again).
    const again = await fetch(document.recipients[0]?.embedded_signing_url as string);
    expect(await again.text()).toContain('"event":"completed"');
    const late = await submitSigningPage(document.recipients[0]?.embedded_signing_url as string).catch((error: Error) => error);
    expect(late).toBeInstanceOf(Error);
  });

  it('declines: the document is Declined with the reason, and the parent and hooks hear of it', async () => {
    await registerHook();
    const document = await create({ decline_redirect_url: 'https://portal.example/enroll/declined' });
    const answer = await submitSigningPage(document.recipients[0]?.embedded_signing_url as string, { action: 'decline', fullName: '', agree: false, declineReason: 'Not today' });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('You declined to sign');
    expect(answer.html).toContain('"event":"declined"');
    expect(answer.html).toContain('"redirectUrl":"https://portal.example/enroll/declined"');
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${document.id}`)).body).toMatchObject({ status: 'Declined', decline_message: 'Not today' });
    const received = await receiver.waitFor(3);
    expect(received.map((delivery) => delivery.body.event.type)).toContain('document_declined');
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${document.id}/completed_pdf?url_only=false`)).status).toBe(404);
  });

  it('refuses a wrong token', async () => {
    const document = await create();
    const page = await fetch(`${sandbox.url}/signwell/sign/${document.id}/1?token=wrong`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('"event":"error"');
  });
});

describe('the completed PDF', () => {
  const signed = async (): Promise<string> => {
    const document = await create();
    const answer = await submitSigningPage(document.recipients[0]?.embedded_signing_url as string, { fullName: 'Margaret Sullivan' });
    expect(answer.status).toBe(200);
    return document.id;
  };

  it('is a parseable PDF with the document name, the typed signature, the signing time and an audit page', async () => {
    const id = await signed();
    const response = await fetch(`${sandbox.url}/signwell/api/v1/documents/${id}/completed_pdf?url_only=false&audit_page=true&file_format=pdf`, {
      headers: { 'X-Api-Key': SIGNWELL_API_KEY },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Membership_Agreement.pdf"');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const checked = readPdf(pdf);
    expect(checked.title).toBe('Membership Agreement');
    expect(checked.pageCount).toBe(3);
    expect(checked.pages[0]?.lines.map((line) => line.text)).toContain('Membership Agreement');
    // The typed signature, on a line of its own on the signature page.
    expect(checked.pages[1]?.lines.map((line) => line.text)).toContain('Margaret Sullivan');
    expect(checked.pages[2]?.lines.map((line) => line.text)).toContain('Audit Trail');
    expect(checked.text).toContain('The member agrees to the terms of membership.');
    const year = new Date().getUTCFullYear();
    expect(checked.text).toMatch(new RegExp(`Date signed: [A-Z][a-z]+ \\d{1,2}, ${year} \\d{1,2}:\\d\\d:\\d\\d [AP]M UTC`));
    expect(checked.text).toContain(`Document ID ${id}`);
  });

  it('leaves the audit page out when asked; gives a signed link with url_only=true', async () => {
    const id = await signed();
    const plain = await fetch(`${sandbox.url}/signwell/api/v1/documents/${id}/completed_pdf?audit_page=false`, { headers: { 'X-Api-Key': SIGNWELL_API_KEY } });
    const plainPdf = readPdf(Buffer.from(await plain.arrayBuffer()));
    expect(plainPdf.pageCount).toBe(2);
    expect(plainPdf.text).not.toContain('Audit Trail');
    const link = await signwellCall(sandbox.url, 'GET', `/documents/${id}/completed_pdf?url_only=true`);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ file_url: expect.stringMatching(new RegExp(`^${sandbox.url}/signwell/files/${id}/completed\\.pdf\\?token=`)) });
    const file = await fetch(link.body.file_url as string);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(readPdf(Buffer.from(await file.arrayBuffer())).text).toContain('Audit Trail');
    expect((await fetch((link.body.file_url as string).replace(/token=[^&]+/, 'token=nope'))).status).toBe(404);
  });

  it('is 404 while the document is not completed; zip is refused', async () => {
    const document = await create();
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${document.id}/completed_pdf`)).status).toBe(404);
    const id = await signed();
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${id}/completed_pdf?file_format=zip`)).status).toBe(422);
  });
});

describe('webhooks', () => {
  it('registers, lists and deletes hooks; refuses a callback that is not a URL', async () => {
    expect((await signwellCall(sandbox.url, 'POST', '/hooks', { callback_url: 'not a url' })).body).toEqual({ errors: { callback_url: ['is not a valid URL'] } });
    const id = await registerHook();
    expect((await signwellCall(sandbox.url, 'GET', '/hooks')).body).toEqual([{ id, callback_url: receiver.url }]);
    expect((await signwellCall(sandbox.url, 'DELETE', `/hooks/${id}`)).status).toBe(204);
    expect((await signwellCall(sandbox.url, 'DELETE', `/hooks/${id}`)).status).toBe(404);
    expect((await signwellCall(sandbox.url, 'GET', '/hooks')).body).toEqual([]);
  });

  it('retries a failing delivery and logs it; gives up after the last retry', async () => {
    await registerHook();
    await registerHook('http://127.0.0.1:9/unreachable');
    receiver.answers = [500, 503];
    const document = await create({ embedded_signing: true });
    const events = await waitForDeliveries((list) => list.length === 2 && list.every((event) => event.status !== 'pending'));
    expect(events.map(({ type, status, attempts }) => ({ type, status, attempts }))).toEqual([
      { type: 'document_created', status: 'delivered', attempts: 3 },
      { type: 'document_created', status: 'failed', attempts: 3 },
    ]);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.body.data.object.id).toBe(document.id);
  });
});

describe('sandbox controls', () => {
  it('applies faults to the SignWell routes', async () => {
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'GET ^/signwell/api/v1/documents/', errorRate: 1 }),
    });
    const response = await signwellCall(sandbox.url, 'GET', '/documents/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(503);
  });

  it('reset forgets documents, hooks and deliveries', async () => {
    await registerHook();
    const document = await create();
    await sandbox.sandbox.reset();
    expect((await signwellCall(sandbox.url, 'GET', `/documents/${document.id}`)).status).toBe(404);
    expect((await signwellCall(sandbox.url, 'GET', '/hooks')).body).toEqual([]);
    expect(await deliveries()).toEqual([]);
    const index = (await (await fetch(`${sandbox.url}/_sandbox`)).json()) as { signwell: { apiKey: string } };
    expect(index.signwell.apiKey).toBe(SIGNWELL_API_KEY);
  });

  it('serves the embedded.js look-alike', async () => {
    const response = await fetch(`${sandbox.url}/signwell/assets/embedded.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const source = await response.text();
    expect(source).toContain('window.SignWellEmbed = SignWellEmbed');
    expect(source).toContain("data.type !== 'signwell'");
  });
});

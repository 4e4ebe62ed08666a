/**
 * Chart filing end to end: the real persistence (submission row + graphile-worker job in one
 * transaction), the worker with the real SignWell and athenahealth adapters, against the provider
 * sandbox on a real PostgreSQL. Documents are signed on the sandbox's signing page first.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { PostgresDocumentFiling, type StoredDocumentSubmission } from '@portal/persistence';
import { SignwellSigning, signwellConfigFromEnv } from '@portal/signwell';
import { PATIENT_IDS } from '../../provider-sandbox/src/seed/patients.ts';
import { samplePdfBase64, submitSigningPage } from '../../provider-sandbox/src/testing.ts';
import { startTestPortal, type TestPortal } from '../../../tools/src/testing/portal.ts';
import { submissionMarker } from './file-signed-document.task.ts';

let portal: TestPortal;
let filing: PostgresDocumentFiling;
let signing: SignwellSigning;

const UPLOAD_ROUTE = 'POST ^/v1/\\d+/patients/\\d+/documents/admin$';

beforeAll(async () => {
  portal = await startTestPortal({
    // athena's per-attempt timeout short, so a held upload costs a second, not eight.
    env: { ATHENA_TIMEOUT_MS: '1000' },
    sandbox: { faultHoldMs: 2_000 },
    worker: { concurrency: 4, pollIntervalMs: 100, filing: { maxAttempts: 8, retryDelaysMs: [50, 100, 200, 400] } },
  });
  filing = new PostgresDocumentFiling(portal.db.knex);
  const { baseUrl, apiKey, testMode } = signwellConfigFromEnv({ PROVIDER_SANDBOX_URL: portal.sandbox.url });
  signing = new SignwellSigning({ baseUrl, apiKey, testMode, retryBaseDelayMs: 5 });
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

beforeEach(async () => {
  await fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
});

const setFault = async (fault: Record<string, unknown>): Promise<void> => {
  const response = await fetch(`${portal.sandbox.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(201);
};

/** A document signed on the sandbox's signing page: its SignWell id and completed PDF. */
const signedDocument = async (text: string): Promise<{ documentId: string; pdf: Buffer }> => {
  const created = await signing.createEmbeddedDocument({
    name: 'Membership Agreement',
    pdfBase64: samplePdfBase64(text),
    signer: { name: 'Jordan Reyes', email: 'jordan.reyes@example.com' },
    metadata: { kind: 'membership_agreement' },
  });
  const answer = await submitSigningPage(created.embeddedSigningUrl, { fullName: 'Jordan Reyes' });
  expect(answer.status).toBe(200);
  return { documentId: created.documentId, pdf: await signing.completedPdf(created.documentId) };
};

const newEnrollment = async (patientId: number): Promise<string> => {
  const [row] = (await portal.db.knex('enrollments').insert({ athenaPatientId: String(patientId), department: '1' }).returning('id')) as { id: string }[];
  return row!.id;
};

const submit = (enrollmentId: string, patientId: number, document: { documentId: string; pdf: Buffer }) =>
  filing.submit({
    enrollmentId,
    patientId: String(patientId),
    departmentId: '1',
    documentType: 'membership_agreement',
    signwellDocumentId: document.documentId,
    pdf: document.pdf,
    fileName: 'membership-agreement.pdf',
  });

/** Waits until every submission has left `processing`. */
const settled = async (ids: readonly string[], timeoutMs = 90_000): Promise<StoredDocumentSubmission[]> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await Promise.all(ids.map((id) => filing.findById(id)));
    if (rows.every((row) => row !== null && row.status !== 'processing')) return rows as StoredDocumentSubmission[];
    if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(rows.map((row) => [row?.id, row?.status, row?.uploadAttempts]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

interface SandboxDocument {
  adminid: number | string;
  patientid: string;
  internalnote: string | null;
  documentsubclass: string;
}

const chartDocuments = async (patientId?: number): Promise<SandboxDocument[]> => {
  const response = await fetch(`${portal.sandbox.url}/_sandbox/documents${patientId === undefined ? '' : `?patientid=${patientId}`}`);
  return ((await response.json()) as { documents: SandboxDocument[] }).documents;
};

const filedFor = (documents: readonly SandboxDocument[], submissionId: string): SandboxDocument[] =>
  documents.filter((document) => new RegExp(`${submissionMarker(submissionId)}(?!\\d)`).test(document.internalnote ?? ''));

describe('chart filing of signed documents', () => {
  it('files a document submitted twice at once (and again later) exactly once', async () => {
    const patientId = PATIENT_IDS.jordan;
    const enrollmentId = await newEnrollment(patientId);
    const document = await signedDocument('Membership Agreement. Submitted twice.');

    const [first, second] = await Promise.all([submit(enrollmentId, patientId, document), submit(enrollmentId, patientId, document)]);
    expect(second!.id).toBe(first!.id);
    const [done] = await settled([first!.id]);
    expect(done).toMatchObject({ status: 'uploaded', uploadAttempts: 1, lastAttemptError: null, athenaDocumentId: expect.stringMatching(/^\d+$/) });

    const later = await submit(enrollmentId, patientId, document);
    expect(later).toMatchObject({ id: first!.id, status: 'uploaded' });
    // Give a (wrongly) queued second job time to run.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const filed = filedFor(await chartDocuments(patientId), first!.id);
    expect(filed).toHaveLength(1);
    expect(String(filed[0]!.adminid)).toBe(done!.athenaDocumentId);
    expect(filed[0]!.documentsubclass).toBe('ADMIN_CONSENT');
    expect(filed[0]!.internalnote).toBe(`Membership Agreement, signed in the member portal (${submissionMarker(first!.id)})`);
    // One row and one job ever.
    expect(await portal.db.knex('document_submissions').where({ enrollmentId }).count({ n: '*' })).toEqual([{ n: '1' }]);
    const jobs = (await portal.db.knex.raw("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'file_signed_document' and key = ?", [
      `file_signed_document:${first!.id}`,
    ])).rows as { n: number }[];
    expect(jobs).toEqual([{ n: 0 }]); // done jobs are deleted; none waiting
    // The content stored in the chart is the signed PDF itself.
    const content = await fetch(`${portal.sandbox.url}/_sandbox/documents/${done!.athenaDocumentId}/content`);
    expect(Buffer.from(await content.arrayBuffer()).equals(document.pdf)).toBe(true);
  }, 60_000);

  it('files each document exactly once while uploads fail 30% and time out (after writing) 10%', async () => {
    const patients = [PATIENT_IDS.margaret, PATIENT_IDS.tyler, PATIENT_IDS.carol];
    const documents = await Promise.all(Array.from({ length: 10 }, (_, index) => signedDocument(`Membership Agreement number ${index}.`)));
    const enrollments = await Promise.all(documents.map((_, index) => newEnrollment(patients[index % patients.length]!)));
    await setFault({ route: UPLOAD_ROUTE, errorRate: 0.3, timeoutRate: 0.1, timeoutAfterWrite: true });

    const started = performance.now();
    const submissions = await Promise.all(documents.map((document, index) => submit(enrollments[index]!, patients[index % patients.length]!, document)));
    const rows = await settled(submissions.map((submission) => submission.id));
    const elapsedMs = Math.round(performance.now() - started);

    const chart = await chartDocuments();
    for (const row of rows) {
      expect(filedFor(chart, row.id)).toHaveLength(row.status === 'uploaded' ? 1 : 0);
      if (row.status === 'uploaded') expect(String(filedFor(chart, row.id)[0]!.adminid)).toBe(row.athenaDocumentId);
    }
    expect(rows.filter((row) => row.status === 'uploaded')).toHaveLength(rows.length);
    const attempts = rows.map((row) => row.uploadAttempts);
    const foundByMarker = portal.logs().filter((line) => line.includes('"event":"found_by_marker"')).length;
    console.log(
      `fault test: ${rows.length} documents filed in ${elapsedMs} ms; attempts per document ${JSON.stringify(attempts)} ` +
        `(total ${attempts.reduce((sum, n) => sum + n, 0)}, max ${Math.max(...attempts)}); found by marker after a lost answer: ${foundByMarker}`,
    );
    for (const row of rows) {
      if (row.lastAttemptError !== null) expect(row.lastAttemptError).toMatch(/^HealthRecordUnavailableError (\d{3}|timeout|network)$/);
    }
  }, 120_000);

  it('finds an upload whose answer was lost after athena filed it, and does not file it again', async () => {
    const patientId = PATIENT_IDS.paul;
    const enrollmentId = await newEnrollment(patientId);
    const document = await signedDocument('Membership Agreement. Answer lost.');
    // Every upload is written, then never answered: the adapter times out (ATHENA_TIMEOUT_MS).
    await setFault({ route: UPLOAD_ROUTE, timeoutRate: 1, timeoutAfterWrite: true });

    const submission = await submit(enrollmentId, patientId, document);
    const [row] = await settled([submission.id]);
    const filed = filedFor(await chartDocuments(patientId), submission.id);
    expect(filed).toHaveLength(1);
    expect(row).toMatchObject({ status: 'uploaded', athenaDocumentId: String(filed[0]!.adminid), uploadAttempts: 2, lastAttemptError: 'HealthRecordUnavailableError timeout' });
  }, 60_000);

  it('fails an upload that always fails, without PHI, and shows it to staff', async () => {
    const patientId = PATIENT_IDS.emma;
    const enrollmentId = await newEnrollment(patientId);
    const document = await signedDocument('Membership Agreement. Never filed.');
    await setFault({ route: UPLOAD_ROUTE, errorRate: 1 });

    const submission = await submit(enrollmentId, patientId, document);
    const [row] = await settled([submission.id]);
    expect(row).toMatchObject({ status: 'failed', uploadAttempts: 8, lastAttemptError: 'HealthRecordUnavailableError 503', athenaDocumentId: null });
    expect(filedFor(await chartDocuments(patientId), submission.id)).toHaveLength(0);

    // Staff sign in (emailed code) and list the failed submissions.
    const email = 'records.clerk@mdri-primarycare.example';
    await portal.db.knex('staff_emails').insert({ email, name: 'Records Clerk' }).onConflict('email').ignore();
    const human = (await (
      await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }) })
    ).json()) as { token: string };
    const sent = await fetch(`${portal.url}/api/staff/send-otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: portal.url },
      body: JSON.stringify({ email, 'cf-turnstile-response': human.token }),
    });
    const { sessionToken } = (await sent.json()) as { sessionToken: string };
    let code: string | undefined;
    for (let tries = 0; tries < 50 && code === undefined; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const messages = (await (await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[];
      code = messages[0]?.code ?? undefined;
    }
    const verified = await fetch(`${portal.url}/api/staff/verify-otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: portal.url },
      body: JSON.stringify({ sessionToken, otpCode: code }),
    });
    expect(verified.status).toBe(200);

    expect((await fetch(`${portal.url}/api/staff/document-submissions?status=failed`)).status).toBe(401);
    const bearer = { Authorization: `Bearer ${sessionToken}` };
    expect((await fetch(`${portal.url}/api/staff/document-submissions?status=sideways`, { headers: bearer })).status).toBe(400);
    const listed = await fetch(`${portal.url}/api/staff/document-submissions?status=failed`, { headers: bearer });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as Record<string, unknown>[];
    const mine = body.find((entry) => entry.id === submission.id);
    expect(mine).toEqual({
      id: submission.id,
      enrollmentId,
      patientId: String(patientId),
      documentType: 'membership_agreement',
      status: 'failed',
      uploadAttempts: 8,
      lastAttemptError: 'HealthRecordUnavailableError 503',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const audit = await portal.db.knex('audit_logs').where({ eventType: 'staff_document_submissions' }).first();
    expect(audit).toMatchObject({ action: 'list', userId: email, hipaaRelevant: true, statusCode: 200, endpoint: '/api/staff/document-submissions' });
  }, 60_000);
});

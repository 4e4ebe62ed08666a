/**
 * The worker's metrics port and the runbook's "document to file by hand" procedure, on a real
 * PostgreSQL with the provider sandbox: athenahealth refuses every upload, the filing ends
 * `failed`, the worker's metrics show it (and athenahealth's 5xx), then the runbook's own SQL
 * (read from docs/runbook.md) queues the retry and the document is filed.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresDocumentFiling } from '@portal/persistence';
import { SignwellSigning, signwellConfigFromEnv } from '@portal/signwell';
import { PATIENT_IDS } from '../../provider-sandbox/src/seed/patients.ts';
import { samplePdfBase64, submitSigningPage } from '../../provider-sandbox/src/testing.ts';
import { startTestPortal, type TestPortal } from '../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal({
    env: { ATHENA_TIMEOUT_MS: '1000' },
    worker: { pollIntervalMs: 100, metricsPort: 0, filing: { retryDelaysMs: [20] } },
  });
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

const scrape = async (): Promise<string> => {
  const url = portal.worker?.metricsUrl;
  if (!url) throw new Error('the worker has no metrics port');
  return (await fetch(url)).text();
};

const sample = (text: string, series: string): number | null => {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

const until = async <A>(read: () => Promise<A>, done: (value: A) => boolean): Promise<A> => {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const statusOf = async (id: string): Promise<{ status: string; uploadAttempts: number; athenaDocumentId: string | null }> =>
  (await portal.db.knex('document_submissions').where({ id: Number(id) }).first('status', 'uploadAttempts', 'athenaDocumentId')) as {
    status: string;
    uploadAttempts: number;
    athenaDocumentId: string | null;
  };

/** The runbook's retry block, with the submission's id filled in. */
const runbookRetrySql = (id: string): string[] => {
  const runbook = readFileSync(new URL('../../../docs/runbook.md', import.meta.url), 'utf8');
  const section = runbook.slice(runbook.indexOf('**Retry it through the worker**'));
  const block = /```sql\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('no SQL block under "Retry it through the worker" in docs/runbook.md');
  return block
    .replaceAll('<id>', id)
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
};

describe('the worker, a filing that fails, and the runbook', () => {
  it('shows the failed filing and the provider errors on its metrics port, and the runbook retry files it', async () => {
    expect(portal.worker?.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);

    // A signed document, as the enrollment leaves it.
    const { baseUrl, apiKey, testMode } = signwellConfigFromEnv({ PROVIDER_SANDBOX_URL: portal.sandbox.url });
    const signing = new SignwellSigning({ baseUrl, apiKey, testMode, retryBaseDelayMs: 5 });
    const created = await signing.createEmbeddedDocument({
      name: 'Membership Agreement',
      pdfBase64: samplePdfBase64('Membership agreement for the runbook test'),
      signer: { name: 'Jordan Reyes', email: 'jordan.reyes@example.com' },
      metadata: { kind: 'membership_agreement' },
    });
    expect((await submitSigningPage(created.embeddedSigningUrl, { fullName: 'Jordan Reyes' })).status).toBe(200);
    const pdf = await signing.completedPdf(created.documentId);

    // athenahealth refuses every upload.
    const fault = await fetch(`${portal.sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'POST ^/v1/\\d+/patients/\\d+/documents/admin$', errorRate: 1 }),
    });
    expect(fault.status).toBe(201);

    const [enrollment] = (await portal.db.knex('enrollments').insert({ athenaPatientId: String(PATIENT_IDS.margaret), department: '1' }).returning('id')) as { id: string }[];
    const submission = await new PostgresDocumentFiling(portal.db.knex).submit({
      enrollmentId: enrollment!.id,
      patientId: String(PATIENT_IDS.margaret),
      departmentId: '1',
      documentType: 'membership_agreement',
      signwellDocumentId: created.documentId,
      pdf,
      fileName: 'membership-agreement.pdf',
    });

    expect((await until(() => statusOf(submission.id), (row) => row.status !== 'processing')).status).toBe('failed');
    const failed = await until(scrape, (text) => sample(text, 'portal_documents_to_file_by_hand') === 1);
    expect(sample(failed, 'portal_documents_to_file_by_hand_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(failed, 'portal_provider_call_failures_total{provider="athena",reason="5xx"}')).toBeGreaterThanOrEqual(1);
    expect(failed).toMatch(/portal_provider_call_duration_seconds_count\{provider="signwell",outcome="ok"\} [1-9]/);
    expect(sample(failed, 'portal_worker_jobs_total{task="file_signed_document",outcome="success"}')).toBe(1);
    expect(sample(failed, 'portal_job_queue_up')).toBe(1);
    expect(failed).toContain('process_resident_memory_bytes');

    // athenahealth is back: the runbook's SQL, as the owner, queues the retry.
    await fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    for (const statement of runbookRetrySql(submission.id)) await portal.db.knex.raw(statement);

    const filed = await until(() => statusOf(submission.id), (row) => row.status !== 'processing');
    expect(filed.status).toBe('uploaded');
    expect(filed.athenaDocumentId).toMatch(/^\d+$/);
    // Filed once, with the portal's marker (the retry looked for it first).
    const { documents } = (await (await fetch(`${portal.sandbox.url}/_sandbox/documents?patientid=${PATIENT_IDS.margaret}`)).json()) as { documents: Array<{ internalnote: string }> };
    expect(documents.map((document) => document.internalnote)).toEqual([expect.stringContaining(`portal-submission:${submission.id}`)]);
    const after = await until(scrape, (text) => sample(text, 'portal_documents_to_file_by_hand') === 0);
    expect(sample(after, 'portal_worker_jobs_total{task="file_signed_document",outcome="success"}')).toBe(2);
  }, 60_000);
});

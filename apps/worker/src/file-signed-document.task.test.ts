import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { HealthRecordRejectedError, HealthRecordUnavailableError, SigningRejectedError, SigningUnavailableError } from '@portal/core';
import type { AdminDocumentInput, ChartAdminDocument, ChartDocuments, DocumentSubmission } from '@portal/core';
import {
  describeError,
  fileSignedDocument,
  internalNoteFor,
  noteHasMarker,
  type FilingEvent,
  type FilingStore,
} from './file-signed-document.task.ts';

const PDF = Buffer.from('%PDF-1.4 signed membership agreement');
const HASH = createHash('sha256').update(PDF).digest('hex');
const payload = { submissionId: '7', signwellDocumentId: 'sw-1', departmentId: '1' };

class MemoryStore implements FilingStore {
  row: DocumentSubmission;
  constructor(overrides: Partial<DocumentSubmission> = {}) {
    this.row = {
      id: '7',
      enrollmentId: 'enr-1',
      patientId: '1001',
      documentType: 'membership_agreement',
      contentHash: HASH,
      fileName: 'membership-agreement.pdf',
      status: 'processing',
      athenaDocumentId: null,
      uploadAttempts: 0,
      lastAttemptError: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      ...overrides,
    };
  }
  async findById(id: string) {
    return id === this.row.id ? this.row : null;
  }
  async beginAttempt() {
    this.row = { ...this.row, uploadAttempts: this.row.uploadAttempts + 1 };
    return this.row.uploadAttempts;
  }
  async recordAttemptError(_id: string, error: string) {
    this.row = { ...this.row, lastAttemptError: error };
  }
  async markUploaded(_id: string, athenaDocumentId: string) {
    this.row = { ...this.row, status: 'uploaded', athenaDocumentId };
  }
  async markFailed(_id: string, error: string) {
    this.row = { ...this.row, status: 'failed', lastAttemptError: error };
  }
}

type UploadBehaviour = 'ok' | 'error' | 'timeout-after-write' | 'timeout' | 'reject';

/** A chart whose uploads follow a script; a "timeout after write" files the document and then throws. */
class ScriptedChart implements ChartDocuments {
  readonly documents: ChartAdminDocument[] = [];
  uploads = 0;
  lists = 0;
  listFailures = 0;
  readonly script: UploadBehaviour[];
  constructor(script: UploadBehaviour[]) {
    this.script = script;
  }
  async fileAdminDocument(input: AdminDocumentInput) {
    const behaviour = this.script[this.uploads] ?? this.script.at(-1) ?? 'ok';
    this.uploads += 1;
    const write = () => {
      const adminId = String(500 + this.documents.length);
      this.documents.push({ adminId, documentSubclass: input.documentSubclass, internalNote: input.internalNote, createdAt: null });
      return adminId;
    };
    if (behaviour === 'ok') return { adminId: write() };
    if (behaviour === 'timeout-after-write') {
      write();
      throw new HealthRecordUnavailableError('athena POST /v1/{practiceid}/patients/{patientid}/documents/admin timed out after 500 ms');
    }
    if (behaviour === 'timeout') throw new HealthRecordUnavailableError('athena POST /v1/{practiceid}/patients/{patientid}/documents/admin timed out after 500 ms');
    if (behaviour === 'reject') throw new HealthRecordRejectedError('athena POST /v1/{practiceid}/patients/{patientid}/documents/admin answered 400');
    throw new HealthRecordUnavailableError('athena POST /v1/{practiceid}/patients/{patientid}/documents/admin answered 503');
  }
  async listAdminDocuments() {
    this.lists += 1;
    if (this.listFailures > 0) {
      this.listFailures -= 1;
      throw new HealthRecordUnavailableError('athena GET /v1/{practiceid}/patients/{patientid}/documents/admin answered 503 after 3 attempts');
    }
    return [...this.documents];
  }
}

const signingOf = (pdf: Buffer | Error) => ({
  fetches: 0,
  async completedPdf() {
    this.fetches += 1;
    if (pdf instanceof Error) throw pdf;
    return pdf;
  },
});

const setup = (script: UploadBehaviour[], store = new MemoryStore(), pdf: Buffer | Error = PDF) => {
  const chart = new ScriptedChart(script);
  const signing = signingOf(pdf);
  const waits: number[] = [];
  const events: FilingEvent[] = [];
  const run = () =>
    fileSignedDocument(payload, {
      store,
      chart,
      signing,
      settings: { maxAttempts: 6, retryDelaysMs: [500, 1_000, 2_000, 4_000, 8_000] },
      sleep: async (ms) => {
        waits.push(ms);
      },
      log: (event) => events.push(event),
    });
  return { store, chart, signing, waits, events, run };
};

describe('fileSignedDocument', () => {
  it('files once on the first try, with the subclass, the marker and the title in the note', async () => {
    const { store, chart, signing, waits, run } = setup(['ok']);
    expect(await run()).toEqual({ outcome: 'uploaded', athenaDocumentId: '500', attempts: 1, foundByMarker: false });
    expect(store.row).toMatchObject({ status: 'uploaded', athenaDocumentId: '500', uploadAttempts: 1, lastAttemptError: null });
    expect(chart.documents).toEqual([
      { adminId: '500', documentSubclass: 'ADMIN_CONSENT', internalNote: 'Membership Agreement, signed in the member portal (portal-submission:7)', createdAt: null },
    ]);
    // Nothing could have landed before the first upload: no chart read, no wait.
    expect(chart.lists).toBe(0);
    expect(signing.fetches).toBe(1);
    expect(waits).toEqual([]);
  });

  it('retries 503s with the backoff, looking for the marker before each retry', async () => {
    const { store, chart, signing, waits, run } = setup(['error', 'error', 'ok']);
    expect(await run()).toMatchObject({ outcome: 'uploaded', attempts: 3, foundByMarker: false });
    expect(chart.uploads).toBe(3);
    expect(chart.lists).toBe(2);
    expect(chart.documents).toHaveLength(1);
    expect(waits).toEqual([500, 1_000]);
    expect(signing.fetches).toBe(1);
    expect(store.row).toMatchObject({ status: 'uploaded', uploadAttempts: 3, lastAttemptError: 'HealthRecordUnavailableError 503' });
  });

  it('does not upload again when a timed-out upload was filed after all', async () => {
    const { store, chart, run } = setup(['timeout-after-write', 'ok']);
    expect(await run()).toEqual({ outcome: 'uploaded', athenaDocumentId: '500', attempts: 2, foundByMarker: true });
    expect(chart.uploads).toBe(1);
    expect(chart.documents).toHaveLength(1);
    expect(store.row).toMatchObject({ status: 'uploaded', athenaDocumentId: '500', uploadAttempts: 2, lastAttemptError: 'HealthRecordUnavailableError timeout' });
  });

  it('after a crash (attempts already made) looks in the chart before the first upload of this run', async () => {
    const store = new MemoryStore({ uploadAttempts: 1 });
    const { chart, run } = setup(['ok'], store);
    chart.documents.push({ adminId: '900', documentSubclass: 'ADMIN_CONSENT', internalNote: internalNoteFor(store.row), createdAt: null });
    expect(await run()).toEqual({ outcome: 'uploaded', athenaDocumentId: '900', attempts: 2, foundByMarker: true });
    expect(chart.uploads).toBe(0);

    const fresh = new MemoryStore({ uploadAttempts: 2 });
    const other = setup(['ok'], fresh);
    // Another submission's marker (id 70) is not ours (id 7).
    other.chart.documents.push({ adminId: '901', documentSubclass: 'ADMIN_CONSENT', internalNote: 'x (portal-submission:70)', createdAt: null });
    expect(await other.run()).toMatchObject({ outcome: 'uploaded', athenaDocumentId: '501', attempts: 3, foundByMarker: false });
    expect(other.chart.lists).toBe(1);
    expect(other.waits).toEqual([]);
  });

  it('fails after the last attempt with a PHI-free error, having waited 0.5, 1, 2, 4 and 8 s', async () => {
    const { store, chart, waits, events, run } = setup(['error']);
    expect(await run()).toEqual({ outcome: 'failed', error: 'HealthRecordUnavailableError 503', attempts: 6 });
    expect(chart.uploads).toBe(6);
    expect(chart.documents).toHaveLength(0);
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000]);
    expect(store.row).toMatchObject({ status: 'failed', uploadAttempts: 6, lastAttemptError: 'HealthRecordUnavailableError 503' });
    expect(events.filter((event) => event.event === 'attempt_failed')).toHaveLength(6);
    expect(JSON.stringify(events)).not.toMatch(/1001|membership-agreement/);
  });

  it('finds a last upload that timed out after writing instead of failing it', async () => {
    const { store, chart, run } = setup(['error', 'error', 'error', 'error', 'error', 'timeout-after-write']);
    expect(await run()).toMatchObject({ outcome: 'uploaded', athenaDocumentId: '500', attempts: 6, foundByMarker: true });
    expect(chart.documents).toHaveLength(1);
    expect(store.row.status).toBe('uploaded');
  });

  it('counts an unreadable chart as a failed attempt and never uploads blind', async () => {
    const { store, chart, run } = setup(['timeout', 'ok']);
    chart.listFailures = 1;
    expect(await run()).toMatchObject({ outcome: 'uploaded', attempts: 3, foundByMarker: false });
    expect(chart.uploads).toBe(2);
    expect(store.row.uploadAttempts).toBe(3);
  });

  it('fails at once on a refusal (4xx), and on a PDF that is not the one submitted', async () => {
    const rejected = setup(['reject']);
    expect(await rejected.run()).toEqual({ outcome: 'failed', error: 'HealthRecordRejectedError 400', attempts: 1 });
    expect(rejected.waits).toEqual([]);

    const mismatch = setup(['ok'], new MemoryStore(), Buffer.from('%PDF-1.4 something else'));
    expect(await mismatch.run()).toEqual({ outcome: 'failed', error: 'content_mismatch', attempts: 1 });
    expect(mismatch.chart.uploads).toBe(0);
    expect(mismatch.store.row).toMatchObject({ status: 'failed', lastAttemptError: 'content_mismatch' });

    const gone = setup(['ok'], new MemoryStore(), new SigningRejectedError('signwell GET /documents/{id}/completed_pdf answered 404', 404));
    expect(await gone.run()).toMatchObject({ outcome: 'failed', error: 'SigningRejectedError 404' });
  });

  it('retries SignWell being down like any other attempt', async () => {
    const { store, chart, run } = setup(['ok'], new MemoryStore(), new SigningUnavailableError('signwell GET /documents/{id}/completed_pdf answered 503 after 3 attempts'));
    expect(await run()).toMatchObject({ outcome: 'failed', error: 'SigningUnavailableError 503', attempts: 6 });
    expect(chart.uploads).toBe(0);
    expect(store.row.status).toBe('failed');
  });

  it('skips a submission that is unknown, uploaded or failed', async () => {
    expect(await setup(['ok'], new MemoryStore({ id: '8' })).run()).toEqual({ outcome: 'skipped', reason: 'not_found' });
    const done = setup(['ok'], new MemoryStore({ status: 'uploaded', athenaDocumentId: '1' }));
    expect(await done.run()).toEqual({ outcome: 'skipped', reason: 'already_uploaded' });
    expect(done.chart.uploads + done.chart.lists + done.signing.fetches).toBe(0);
    expect(await setup(['ok'], new MemoryStore({ status: 'failed' })).run()).toEqual({ outcome: 'skipped', reason: 'already_failed' });
  });

  it('gives up at once when a crash left no attempts, but still looks in the chart first', async () => {
    const store = new MemoryStore({ uploadAttempts: 6, lastAttemptError: 'HealthRecordUnavailableError timeout' });
    const { chart, run } = setup(['ok'], store);
    expect(await run()).toEqual({ outcome: 'failed', error: 'HealthRecordUnavailableError timeout', attempts: 6 });
    expect(chart.lists).toBe(1);
    expect(chart.uploads).toBe(0);
  });
});

describe('describeError and the marker', () => {
  it('names the class and status, never the message', () => {
    expect(describeError(new HealthRecordUnavailableError('athena POST /x answered 502 after 1 attempt'))).toBe('HealthRecordUnavailableError 502');
    expect(describeError(new SigningRejectedError('nope: jane@example.com', 422))).toBe('SigningRejectedError 422');
    expect(describeError(new HealthRecordUnavailableError('athena POST /x failed (network error)'))).toBe('HealthRecordUnavailableError network');
    expect(describeError(new TypeError('Cannot read jane@example.com'))).toBe('TypeError');
    expect(describeError('a string')).toBe('Error');
  });

  it('matches the exact submission id', () => {
    expect(noteHasMarker('Membership Agreement (portal-submission:7)', '7')).toBe(true);
    expect(noteHasMarker('(portal-submission:70)', '7')).toBe(false);
    expect(noteHasMarker('(portal-submission:17)', '7')).toBe(false);
    expect(noteHasMarker(null, '7')).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { migrateJobQueue } from '../job-queue.ts';
import { PostgresDocumentFiling, pdfContentHash } from './document-filing.repository.ts';

let db: TestDatabase;
let repo: PostgresDocumentFiling;
beforeAll(async () => {
  db = await createTestDatabase();
  repo = new PostgresDocumentFiling(db.knex);
});
afterAll(async () => {
  await db.drop();
});

const enrollment = async (): Promise<string> => {
  const [row] = (await db.knex('enrollments').insert({ athenaPatientId: '5101', department: '1' }).returning('id')) as { id: string }[];
  return row!.id;
};

const input = (enrollmentId: string, text: string) => ({
  enrollmentId,
  patientId: '5101',
  departmentId: '1',
  documentType: 'membership_agreement' as const,
  signwellDocumentId: `sw-${text}`,
  pdf: Buffer.from(`%PDF-1.4 ${text}`),
  fileName: 'membership-agreement.pdf',
});

const jobs = async () =>
  (
    await db.knex.raw(
      `select j.key, j.payload, j.max_attempts, q.queue_name
         from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
         left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
        where t.identifier = 'file_signed_document' order by j.id`,
    )
  ).rows as {
    key: string;
    payload: unknown;
    max_attempts: number;
    queue_name: string | null;
  }[];

describe('PostgresDocumentFiling', () => {
  it('writes no row when the job cannot be queued (one transaction)', async () => {
    // graphile-worker's schema does not exist yet, so add_job fails: the insert is rolled back.
    const enrollmentId = await enrollment();
    await expect(repo.submit(input(enrollmentId, 'no-queue'))).rejects.toThrow(/graphile_worker/);
    expect(await db.knex('document_submissions').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('records a submission with its job, once per patient, type and content', async () => {
    await Promise.all([migrateJobQueue(db.knex, db.url), migrateJobQueue(db.knex, db.url)]);
    const enrollmentId = await enrollment();
    const [first, second] = await Promise.all([repo.submit(input(enrollmentId, 'a')), repo.submit(input(enrollmentId, 'a'))]);
    expect(second).toEqual(first);
    expect(first).toMatchObject({
      enrollmentId,
      patientId: '5101',
      documentType: 'membership_agreement',
      contentHash: pdfContentHash(Buffer.from('%PDF-1.4 a')),
      status: 'processing',
      uploadAttempts: 0,
      athenaDocumentId: null,
      lastAttemptError: null,
      signwellDocumentId: 'sw-a',
      departmentId: '1',
    });
    expect(await jobs()).toEqual([
      {
        key: `file_signed_document:${first!.id}`,
        payload: { submissionId: first!.id, signwellDocumentId: 'sw-a', departmentId: '1' },
        max_attempts: 5,
        queue_name: `file_signed_document:${first!.id}`,
      },
    ]);
    const other = await repo.submit(input(enrollmentId, 'b'));
    expect(other.id).not.toBe(first!.id);
    expect(await jobs()).toHaveLength(2);
    expect((await repo.latest(enrollmentId, 'membership_agreement'))?.id).toBe(other.id);
    expect(await repo.latest(enrollmentId, 'privacy_practices')).toBeNull();
  });

  it('counts attempts, records errors and lists failures newest first', async () => {
    const enrollmentId = await enrollment();
    const one = await repo.submit(input(enrollmentId, 'c'));
    const two = await repo.submit(input(enrollmentId, 'd'));
    expect(await repo.beginAttempt(one.id)).toBe(1);
    expect(await repo.beginAttempt(one.id)).toBe(2);
    await repo.recordAttemptError(one.id, 'HealthRecordUnavailableError 503');
    await repo.markFailed(one.id, 'HealthRecordUnavailableError 503');
    await repo.markFailed(two.id, 'content_mismatch');
    expect((await repo.failed(10)).map((row) => [row.id, row.uploadAttempts, row.lastAttemptError])).toEqual([
      [two.id, 0, 'content_mismatch'],
      [one.id, 2, 'HealthRecordUnavailableError 503'],
    ]);
    const three = await repo.submit(input(enrollmentId, 'e'));
    await repo.markUploaded(three.id, '40001');
    // An uploaded submission is never turned into a failed one.
    await repo.markFailed(three.id, 'late');
    expect(await repo.findById(three.id)).toMatchObject({ status: 'uploaded', athenaDocumentId: '40001', lastAttemptError: null });
    expect(await repo.findById('not-a-number')).toBeNull();
  });
});

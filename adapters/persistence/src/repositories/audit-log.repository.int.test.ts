import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { PostgresHealth } from './database-health.repository.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('AuditLogRepository', () => {
  it('appends entries and reads them newest first, filtered by event type', async () => {
    const log = new AuditLogRepository(db.knex);
    await log.record({ eventType: 'auth', action: 'sign_in', userId: 'p-1', hipaaRelevant: true, metadata: { outcome: 'ok' } });
    await log.record({ eventType: 'phi_read', action: 'read_enrollment', enrollmentId: 'e-1', statusCode: 200, hipaaRelevant: true });
    await log.record({ eventType: 'auth', action: 'sign_out', userId: 'p-1' });
    const auth = await log.recent({ eventType: 'auth', limit: 10 });
    expect(auth.map((entry) => entry.action)).toEqual(['sign_out', 'sign_in']);
    expect(auth[1]).toMatchObject({ hipaaRelevant: true, metadata: { outcome: 'ok' }, severity: 'info', source: 'member-portal' });
    const all = await log.recent({ limit: 2 });
    expect(all).toHaveLength(2);
    expect(all[0]?.timestamp).toBeInstanceOf(Date);
  });
});

describe('PostgresHealth', () => {
  it('answers true when the database answers', async () => {
    expect(await new PostgresHealth(db.knex).ping(1_000)).toBe(true);
  });
});

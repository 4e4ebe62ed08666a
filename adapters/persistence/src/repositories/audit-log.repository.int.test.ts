import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { PostgresAuditLog } from './audit-log.repository.ts';
import { PostgresHealth } from './database-health.repository.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('PostgresAuditLog', () => {
  it('appends entries and reads them newest first, filtered by event type', async () => {
    const log = new PostgresAuditLog(db.knex);
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

describe('PostgresAuditLog group commit', () => {
  it('stores every one of 200 concurrent entries, each call resolving after its row is in, in far fewer inserts', async () => {
    const log = new PostgresAuditLog(db.knex);
    const inserts: string[] = [];
    const count = (query: { sql: string }) => {
      if (/^insert into "?audit_logs"?/i.test(query.sql)) inserts.push(query.sql);
    };
    db.knex.on('query', count);
    try {
      await Promise.all(
        Array.from({ length: 200 }, async (_, index) => {
          await log.record({ eventType: 'phi_read', action: `batch_${index}`, hipaaRelevant: true });
          // Resolved: the row is there for anyone to read.
          expect(await db.knex('audit_logs').where({ action: `batch_${index}` }).count('* as n').first()).toEqual({ n: '1' });
        }),
      );
    } finally {
      db.knex.off('query', count);
    }
    expect(Number((await db.knex('audit_logs').where('action', 'like', 'batch_%').count('* as n').first())?.n)).toBe(200);
    expect(inserts.length).toBeGreaterThan(0);
    expect(inserts.length).toBeLessThan(20);
  });

  it('a row PostgreSQL refuses fails its own call only, not the others of its batch', async () => {
    const log = new PostgresAuditLog(db.knex);
    const results = await Promise.allSettled([
      log.record({ eventType: 'phi_read', action: 'good_before' }),
      log.record({ eventType: 'phi_read', action: 'good_a' }),
      // jsonb cannot hold NUL: this insert is refused.
      log.record({ eventType: 'phi_read', action: 'bad', metadata: { note: 'a\u0000b' } }),
      log.record({ eventType: 'phi_read', action: 'good_b' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await db.knex('audit_logs').whereIn('action', ['good_before', 'good_a', 'good_b', 'bad']).pluck('action')).toEqual(expect.arrayContaining(['good_before', 'good_a', 'good_b']));
    expect(await db.knex('audit_logs').where({ action: 'bad' })).toEqual([]);
  });
});

describe('PostgresAuditLog commits', () => {
  /** The statements a record makes, with what each answered. */
  const statements = async (log: PostgresAuditLog, action: string) => {
    const seen: Array<{ sql: string; rows: unknown }> = [];
    const listen = (response: { rows?: unknown }, query: { sql: string }) => seen.push({ sql: query.sql, rows: response?.rows });
    db.knex.on('query-response', listen);
    try {
      await log.record({ eventType: 'phi_read', action, statusCode: 200, hipaaRelevant: true, metadata: { reason: 'x' } });
    } finally {
      db.knex.off('query-response', listen);
    }
    return seen;
  };

  it("without the WAL flush by default: one statement whose own transaction commits with synchronous_commit off, and it ends there", async () => {
    const seen = await statements(new PostgresAuditLog(db.knex), 'async_commit');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.rows).toEqual([{ commitMode: 'off' }]);
    const row = await db.knex('audit_logs').where({ action: 'async_commit' }).first();
    expect(row).toMatchObject({ eventType: 'phi_read', statusCode: 200, hipaaRelevant: true, metadata: { reason: 'x' }, severity: 'info', source: 'member-portal' });
    expect(row.timestamp).toBeInstanceOf(Date);
    // Every pooled connection is back to the server's setting.
    const shown = await Promise.all(Array.from({ length: 4 }, () => db.knex.raw('SHOW synchronous_commit')));
    expect(shown.map((result: { rows: Array<{ synchronous_commit: string }> }) => result.rows[0]!.synchronous_commit)).toEqual(['on', 'on', 'on', 'on']);
  });

  it('with synchronousCommit (AUDIT_SYNCHRONOUS_COMMIT=on): a plain insert under the server\'s setting', async () => {
    const seen = await statements(new PostgresAuditLog(db.knex, { synchronousCommit: true }), 'sync_commit');
    expect(seen.map((query) => query.sql).join('\n')).not.toContain('synchronous_commit');
    expect(await db.knex('audit_logs').where({ action: 'sync_commit' }).count('* as n').first()).toEqual({ n: '1' });
  });
});

describe('PostgresHealth', () => {
  it('answers true when the database answers', async () => {
    expect(await new PostgresHealth(db.knex).ping(1_000)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { CachingPatientSessionRepository, type PatientSession, type PersonProfile } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { createKnex } from '../knex.ts';
import { PostgresPatientSessions } from './patient-session.repository.ts';
import { SessionChangeFeed } from './session-cache.ts';

const person = { patientId: '1', firstName: 'Ada', lastName: 'Lee', email: null, phone: null, dateOfBirth: null, departmentId: '1' } as unknown as PersonProfile;
const session = (id: string): PatientSession => ({
  id,
  fhirUser: 'Patient/1',
  person,
  actingPatientId: '1',
  acting: person,
  linkedPatients: [],
  linksCheckedAt: new Date(),
  data: {},
  createdAt: new Date(),
  lastSeenAt: new Date(),
  absoluteExpiresAt: new Date(Date.now() + 3_600_000),
  revokedAt: null,
});

/** The real repository, counting the reads that reach PostgreSQL. */
class CountedReads extends PostgresPatientSessions {
  reads = 0;
  override find(id: string): Promise<PatientSession | null> {
    this.reads += 1;
    return super.find(id);
  }
}

/** One API instance's view: its own pool, its own listening connection, its own cache. */
const instance = async (url: string) => {
  const knex = createKnex({ url, poolMax: 2 });
  const feed = new SessionChangeFeed({ listenUrl: url, knex, heartbeatMs: 200 });
  await feed.start();
  const database = new CountedReads(knex);
  const sessions = new CachingPatientSessionRepository(database, feed, { ttlMs: 60_000 });
  return { knex, feed, sessions, reads: () => database.reads, close: async () => (await feed.close(), await knex.destroy()) };
};

const eventually = async (check: () => Promise<boolean> | boolean, ms = 3_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

let db: TestDatabase;
let a: Awaited<ReturnType<typeof instance>>;
let b: Awaited<ReturnType<typeof instance>>;
beforeAll(async () => {
  db = await createTestDatabase();
  a = await instance(db.url);
  b = await instance(db.url);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.drop();
});

describe('the session cache across two API instances on one PostgreSQL', () => {
  it('is live once its heartbeat came back, and answers a repeated read from memory', async () => {
    expect(a.feed.live).toBe(true);
    await a.sessions.create(session('s-memory'));
    const before = a.reads();
    await a.sessions.find('s-memory');
    await a.sessions.find('s-memory');
    await a.sessions.find('s-memory');
    expect(a.reads() - before).toBe(1);
  });

  it('sees a sign-out made through the other instance as soon as its notification arrives', async () => {
    await a.sessions.create(session('s-revoke'));
    expect((await a.sessions.find('s-revoke'))?.revokedAt).toBeNull();
    await b.sessions.revoke('s-revoke', new Date());
    await eventually(async () => (await a.sessions.find('s-revoke'))?.revokedAt != null, 1_000);
  });

  it('sees a change written by hand in SQL (a DBA ending every session), not only the repository\'s', async () => {
    await a.sessions.create(session('s-dba'));
    await a.sessions.find('s-dba');
    await db.knex('auth_sessions').where({ id: 's-dba' }).update({ revokedAt: new Date() });
    await eventually(async () => (await a.sessions.find('s-dba'))?.revokedAt != null, 1_000);
  });

  it('reads the database while its listening connection is gone, and uses memory again once it is back', async () => {
    await a.sessions.create(session('s-lost'));
    await a.sessions.find('s-lost');
    const killer: Knex = db.knex;
    await killer.raw("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'portal-session-changes' AND datname = current_database()");
    await eventually(() => !a.feed.live && !b.feed.live);
    // Meanwhile, a change nobody announced to this instance: it must still be seen.
    await db.knex('auth_sessions').where({ id: 's-lost' }).update({ data: JSON.stringify({ practiceLocation: 'changed' }) });
    expect((await a.sessions.find('s-lost'))?.data).toEqual({ practiceLocation: 'changed' });
    await eventually(() => a.feed.live && b.feed.live, 5_000);
    const before = a.reads();
    await a.sessions.find('s-lost');
    await a.sessions.find('s-lost');
    expect(a.reads() - before).toBe(1);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { PatientSession, PersonProfile } from '../domain/patient-session.ts';
import type { PatientSessionRepository } from '../ports/session.repository.port.ts';
import { CachingPatientSessionRepository } from './session-cache.use-case.ts';

const person = { patientId: '1', firstName: 'Ada', lastName: 'Lee' } as unknown as PersonProfile;
const session = (id: string, revokedAt: Date | null = null): PatientSession => ({
  id,
  fhirUser: 'Patient/1',
  person,
  actingPatientId: '1',
  acting: person,
  linkedPatients: [],
  linksCheckedAt: new Date(0),
  data: {},
  createdAt: new Date(0),
  lastSeenAt: new Date(0),
  absoluteExpiresAt: new Date(10 ** 13),
  revokedAt,
});

/** The database's side: rows, and how many reads reached it. */
const store = () => {
  const rows = new Map<string, PatientSession>();
  let reads = 0;
  let pause: Promise<void> | null = null;
  const inner: PatientSessionRepository = {
    create: async (row) => void rows.set(row.id, row),
    find: async (id) => {
      reads += 1;
      const row = rows.get(id) ?? null;
      if (pause) await pause;
      return row;
    },
    touch: async (id, at) => void rows.set(id, { ...rows.get(id)!, lastSeenAt: at }),
    saveData: async (id, data) => void rows.set(id, { ...rows.get(id)!, data }),
    saveLinks: async () => {},
    saveProfiles: async () => {},
    revoke: async (id, at) => void rows.set(id, { ...rows.get(id)!, revokedAt: at }),
  };
  return { rows, inner, reads: () => reads, pauseReads: (until: Promise<void>) => (pause = until) };
};

/** A change feed under the test's control. */
const feed = (live = true) => {
  let listener: (id: string | null) => void = () => {};
  return {
    live,
    onChange: (fn: (id: string | null) => void) => ((listener = fn), () => {}),
    announce: (id: string | null) => listener(id),
  };
};

describe('CachingPatientSessionRepository', () => {
  it('answers a second read from memory, and reads again once the row changed anywhere (a notification)', async () => {
    const db = store();
    const changes = feed();
    const cache = new CachingPatientSessionRepository(db.inner, changes);
    await cache.create(session('s1'));
    expect((await cache.find('s1'))?.revokedAt).toBeNull();
    expect((await cache.find('s1'))?.revokedAt).toBeNull();
    expect(db.reads()).toBe(1);

    // Another instance revokes it: the row changes underneath, the notification arrives.
    db.rows.set('s1', session('s1', new Date(5)));
    changes.announce('s1');
    expect((await cache.find('s1'))?.revokedAt).toEqual(new Date(5));
    expect(db.reads()).toBe(2);
  });

  it('drops the row on its own writes before they return, even if no notification ever comes', async () => {
    const db = store();
    const cache = new CachingPatientSessionRepository(db.inner, feed());
    await cache.create(session('s1'));
    await cache.find('s1');
    await cache.revoke('s1', new Date(7));
    expect((await cache.find('s1'))?.revokedAt).toEqual(new Date(7));
    await cache.saveData('s1', { practiceLocation: 'x' } as never);
    expect((await cache.find('s1'))?.data).toEqual({ practiceLocation: 'x' });
  });

  it('never uses memory while the feed is not live', async () => {
    const db = store();
    const cache = new CachingPatientSessionRepository(db.inner, feed(false));
    await cache.create(session('s1'));
    await cache.find('s1');
    await cache.find('s1');
    expect(db.reads()).toBe(2);
  });

  it('forgets everything when the feed says all may have changed (it was lost and is back)', async () => {
    const db = store();
    const changes = feed();
    const cache = new CachingPatientSessionRepository(db.inner, changes);
    await cache.create(session('s1'));
    await cache.find('s1');
    changes.announce(null);
    await cache.find('s1');
    expect(db.reads()).toBe(2);
  });

  it('does not keep a row read while a change happened (it may be the state from before)', async () => {
    const db = store();
    const changes = feed();
    const cache = new CachingPatientSessionRepository(db.inner, changes);
    await cache.create(session('s1'));
    let release = () => {};
    db.pauseReads(new Promise<void>((resolve) => (release = resolve)));
    const slow = cache.find('s1'); // read the row before the revoke…
    await new Promise((resolve) => setImmediate(resolve));
    db.rows.set('s1', session('s1', new Date(9)));
    changes.announce('s1'); // …the revoke's notification arrives while the read is out
    release();
    expect((await slow)?.revokedAt).toBeNull();
    db.pauseReads(Promise.resolve());
    expect((await cache.find('s1'))?.revokedAt).toEqual(new Date(9));
  });

  it('keeps no entry for an unknown token, and none beyond its time to live or its size bound', async () => {
    let now = 0;
    const db = store();
    const cache = new CachingPatientSessionRepository(db.inner, feed(), { ttlMs: 2_000, maxEntries: 2, now: () => now });
    expect(await cache.find('guess')).toBeNull();
    expect(await cache.find('guess')).toBeNull();
    expect(db.reads()).toBe(2);

    for (const id of ['a', 'b', 'c']) await cache.create(session(id));
    await cache.find('a');
    await cache.find('b');
    await cache.find('c'); // 'a' is the oldest: dropped
    const before = db.reads();
    await cache.find('b');
    await cache.find('c');
    expect(db.reads()).toBe(before);
    await cache.find('a');
    expect(db.reads()).toBe(before + 1);

    now = 2_001;
    await cache.find('c');
    expect(db.reads()).toBe(before + 2);
  });
});

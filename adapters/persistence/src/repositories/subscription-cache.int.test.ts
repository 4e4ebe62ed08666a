/** subscription_cache and membership_changes against PostgreSQL (issue 23: a writer drops what it makes wrong). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MembershipStatus } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { PostgresSubscriptionCache } from './subscription-cache.repository.ts';

let db: TestDatabase;
let cache: PostgresSubscriptionCache;
beforeAll(async () => {
  db = await createTestDatabase();
  cache = new PostgresSubscriptionCache(db.knex);
});
afterAll(async () => {
  await db.drop();
});

const status = (member: boolean) =>
  ({ hasActiveSubscription: member, subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [] } }) as unknown as MembershipStatus;
const T0 = new Date('2026-11-28T15:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const entry = (key: string, patientId: string, personId: string | null, customerIds: string[], cachedAt: Date) => ({ key, patientId, personId, customerIds, status: status(false), cachedAt });

describe('PostgresSubscriptionCache', () => {
  it('drops the entries of a patient (acting or signed in) or of a customer, and no others', async () => {
    await cache.write(entry('p:601|person:601', '601', '601', [], at(0)));
    await cache.write(entry('p:602|person:650', '602', '650', [], at(0)));
    await cache.write(entry('p:603|person:603', '603', '603', ['cus_603'], at(0)));
    await cache.write(entry('p:604|person:604', '604', '604', ['cus_604'], at(0)));
    expect(await cache.forget({ patientIds: ['601', '650'], customerIds: ['cus_603'] }, at(1))).toBe(3);
    const keys = (await db.knex('subscription_cache').select('cacheKey')).map((row: { cacheKey: string }) => row.cacheKey);
    expect(keys).toEqual(['p:604|person:604']);
  });

  it('does not store a status read at or before a change about its patient, person or customer; stores one read after', async () => {
    await cache.forget({ patientIds: ['611'], customerIds: ['cus_612'] }, at(10));
    expect(await cache.write(entry('a', '611', '611', [], at(9)))).toBe(false);
    expect(await cache.write(entry('b', '699', '611', [], at(10)))).toBe(false);
    expect(await cache.write(entry('c', '612', '612', ['cus_612'], at(5)))).toBe(false);
    expect(await cache.write(entry('a', '611', '611', [], at(11)))).toBe(true);
    expect(await cache.read('a')).toMatchObject({ cachedAt: at(11) });
    expect(await cache.read('b')).toBeNull();
    // A later change is kept even when an older one is recorded after it (two servers, in any order).
    await cache.forget({ patientIds: ['611'], customerIds: [] }, at(30));
    await cache.forget({ patientIds: ['611'], customerIds: [] }, at(20));
    expect(await cache.write(entry('a', '611', '611', [], at(25)))).toBe(false);
  });

  it('keeps one row per key when twenty visits store at once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => cache.write(entry('same', '621', '621', [], at(100 + index)))));
    expect(results.every(Boolean)).toBe(true);
    expect(await db.knex('subscription_cache').where({ cacheKey: 'same' }).count<{ count: string }[]>('* as count')).toEqual([{ count: '1' }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { PostgresEnrollments } from './enrollment.repository.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const at = new Date('2026-06-15T16:00:00Z');

describe('PostgresEnrollments', () => {
  it('creates an enrollment with a generated id and reads it back', async () => {
    const repo = new PostgresEnrollments(db.knex);
    const created = await repo.create({ status: 'pending', membershipTier: '70_biannual', department: '2', athenaPatientId: '5101', createdAt: at });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({ status: 'pending', membershipTier: '70_biannual', department: '2', athenaPatientId: '5101', isGuardianSigning: false, stripeSubscriptionId: null });
    expect(created.createdAt.toISOString()).toBe(at.toISOString());
    expect(await repo.findById(created.id)).toEqual(created);
    expect(await repo.findById('00000000-0000-0000-0000-000000000000')).toBeNull();
  });

  it('moves a status only where the status machine allows, and finds the active one', async () => {
    const repo = new PostgresEnrollments(db.knex);
    const created = await repo.create({ status: 'pending', membershipTier: '120_annual', department: '1', athenaPatientId: '7001', createdAt: at });
    expect(await repo.findActiveForPatient('7001')).toBeNull();
    const illegal = await repo.updateStatus(created.id, 'active', at);
    expect(E.isLeft(illegal) && illegal.left.code).toBe('ENROLLMENT.ILLEGAL_TRANSITION');
    expect((await repo.findById(created.id))?.status).toBe('pending');
    const later = new Date(at.getTime() + 60_000);
    for (const to of ['signed', 'payment_pending', 'active'] as const) {
      const moved = await repo.updateStatus(created.id, to, later);
      expect(E.isRight(moved) && moved.right.status).toBe(to);
    }
    const active = await repo.findActiveForPatient('7001');
    expect(active?.id).toBe(created.id);
    expect(active?.updatedAt.toISOString()).toBe(later.toISOString());
    const missing = await repo.updateStatus('00000000-0000-0000-0000-000000000000', 'signed', at);
    expect(E.isLeft(missing) && missing.left.code).toBe('ENROLLMENT.NOT_FOUND');
  });

  it('lets only one of two racing changes through', async () => {
    const repo = new PostgresEnrollments(db.knex);
    const created = await repo.create({ status: 'pending', membershipTier: '120_annual', department: '1', athenaPatientId: '7002', createdAt: at });
    const results = await Promise.all([repo.updateStatus(created.id, 'declined', at), repo.updateStatus(created.id, 'signed', at)]);
    expect(results.filter(E.isRight)).toHaveLength(1);
  });
});

/**
 * Test seeding: a patient with an active membership, as a paid enrollment leaves it (the enrollment
 * flow itself is tested in enrollment-flow.ts and the payment suites; booking tests start after it).
 */
import * as E from 'fp-ts/lib/Either.js';
import type { Knex } from 'knex';
import { PostgresEnrollments } from '@portal/persistence';
import type { TierCode } from '@portal/core';

export const activeMembership = async (
  knex: Knex,
  patientId: number | string,
  options: { readonly guestHash?: string | null; readonly department?: string; readonly tier?: TierCode } = {},
): Promise<string> => {
  const repository = new PostgresEnrollments(knex);
  const now = new Date();
  const enrollment = await repository.create({
    status: 'pending',
    membershipTier: options.tier ?? '120_annual',
    department: options.department ?? '1',
    athenaPatientId: String(patientId),
    guestHash: options.guestHash ?? null,
    createdAt: now,
  });
  await repository.setPayment(enrollment.id, { membershipStartDate: now, membershipEndDate: new Date(now.getTime() + 365 * 24 * 3600 * 1000) }, now);
  for (const status of ['signed', 'payment_pending', 'active'] as const) {
    const moved = await repository.updateStatus(enrollment.id, status, now);
    if (E.isLeft(moved)) throw new Error(`activeMembership: ${moved.left.message}`);
  }
  return enrollment.id;
};

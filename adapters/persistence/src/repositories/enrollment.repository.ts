/**
 * Enrollments in PostgreSQL through the Objection model. No business rules here beyond the one
 * the port asks for: a status change is checked against the status machine with the row locked
 * (SELECT ... FOR UPDATE) inside a transaction.
 */
import * as E from 'fp-ts/lib/Either.js';
import type { Knex } from 'knex';
import {
  domainError,
  isEnrollmentStatus,
  isTierCode,
  transition,
  type Enrollment,
  type EnrollmentNotFoundError,
  type EnrollmentRepository,
  type ChartDocumentType,
  type EnrollmentPaymentUpdate,
  type EnrollmentStatus,
  type IllegalTransitionError,
  type NewEnrollment,
} from '@portal/core';
import { EnrollmentModel } from '../models/index.ts';

interface EnrollmentRow {
  id: string;
  status: string;
  membershipTier: string;
  patientStatus: string | null;
  department: string | null;
  isGuardianSigning: boolean;
  athenaPatientId: string | null;
  guestHash: string | null;
  signwellDocumentId: string | null;
  privacyPracticesDocumentId: string | null;
  signerName: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripePaymentId: string | null;
  stripeReceiptUrl: string | null;
  billingEmail: string | null;
  membershipStartDate: Date | null;
  membershipEndDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = [
  'id',
  'status',
  'membershipTier',
  'patientStatus',
  'department',
  'isGuardianSigning',
  'athenaPatientId',
  'guestHash',
  'signwellDocumentId',
  'privacyPracticesDocumentId',
  'signerName',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'stripePaymentId',
  'stripeReceiptUrl',
  'billingEmail',
  'membershipStartDate',
  'membershipEndDate',
  'createdAt',
  'updatedAt',
] as const;

const toEnrollment = (row: EnrollmentRow): Enrollment => {
  if (!isEnrollmentStatus(row.status)) throw new Error(`enrollment ${row.id}: unknown status`);
  if (!isTierCode(row.membershipTier)) throw new Error(`enrollment ${row.id}: unknown tier`);
  return {
    id: row.id,
    status: row.status,
    membershipTier: row.membershipTier,
    patientStatus: row.patientStatus,
    department: row.department,
    isGuardianSigning: row.isGuardianSigning,
    athenaPatientId: row.athenaPatientId,
    guestHash: row.guestHash,
    signwellDocumentId: row.signwellDocumentId,
    privacyPracticesDocumentId: row.privacyPracticesDocumentId,
    signerName: row.signerName,
    stripeCustomerId: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
    stripePaymentId: row.stripePaymentId,
    stripeReceiptUrl: row.stripeReceiptUrl,
    billingEmail: row.billingEmail,
    membershipStartDate: row.membershipStartDate,
    membershipEndDate: row.membershipEndDate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
};

export class PostgresEnrollments implements EnrollmentRepository {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  #query(trx?: Knex.Transaction) {
    return EnrollmentModel.query(trx ?? this.#knex);
  }

  async create(enrollment: NewEnrollment): Promise<Enrollment> {
    const row = (await this.#query()
      .insert({
        status: enrollment.status,
        membershipTier: enrollment.membershipTier,
        department: enrollment.department,
        athenaPatientId: enrollment.athenaPatientId,
        patientStatus: enrollment.patientStatus ?? null,
        isGuardianSigning: enrollment.isGuardianSigning ?? false,
        guestHash: enrollment.guestHash ?? null,
        signerName: enrollment.signerName ?? null,
        createdAt: enrollment.createdAt,
        updatedAt: enrollment.createdAt,
      })
      .returning([...COLUMNS])) as unknown as EnrollmentRow;
    return toEnrollment(row);
  }

  async findById(id: string): Promise<Enrollment | null> {
    const row = (await this.#query().findById(id).select([...COLUMNS])) as unknown as EnrollmentRow | undefined;
    return row ? toEnrollment(row) : null;
  }

  async findActiveForPatient(athenaPatientId: string): Promise<Enrollment | null> {
    const row = (await this.#query()
      .where({ athenaPatientId, status: 'active' })
      .orderBy('createdAt', 'desc')
      .select([...COLUMNS])
      .first()) as unknown as EnrollmentRow | undefined;
    return row ? toEnrollment(row) : null;
  }

  async findActiveForGuest(guestHash: string): Promise<readonly Enrollment[]> {
    const rows = (await this.#query().where({ guestHash, status: 'active' }).orderBy('createdAt', 'desc').select([...COLUMNS])) as unknown as EnrollmentRow[];
    return rows.map(toEnrollment);
  }

  async findBySigningDocument(documentId: string): Promise<Enrollment | null> {
    const row = (await this.#query()
      .where('signwellDocumentId', documentId)
      .orWhere('privacyPracticesDocumentId', documentId)
      .select([...COLUMNS])
      .first()) as unknown as EnrollmentRow | undefined;
    return row ? toEnrollment(row) : null;
  }

  async setSigningDocument(id: string, type: ChartDocumentType, documentId: string, at: Date): Promise<Enrollment> {
    const column = type === 'membership_agreement' ? 'signwellDocumentId' : 'privacyPracticesDocumentId';
    const row = (await this.#query()
      .findById(id)
      .patch({ [column]: documentId, updatedAt: at } as never)
      .returning([...COLUMNS])) as unknown as EnrollmentRow | undefined;
    if (!row) throw new Error('Enrollment not found');
    return toEnrollment(row);
  }

  async setPayment(id: string, update: EnrollmentPaymentUpdate, at: Date): Promise<Enrollment> {
    const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
    const row = (await this.#query()
      .findById(id)
      .patch({ ...changes, updatedAt: at } as never)
      .returning([...COLUMNS])) as unknown as EnrollmentRow | undefined;
    if (!row) throw new Error('Enrollment not found');
    return toEnrollment(row);
  }

  async findBySubscription(subscriptionId: string): Promise<Enrollment | null> {
    const row = (await this.#query().where({ stripeSubscriptionId: subscriptionId }).orderBy('createdAt', 'desc').select([...COLUMNS]).first()) as unknown as
      | EnrollmentRow
      | undefined;
    return row ? toEnrollment(row) : null;
  }

  async findToReconcile(before: Date, now: Date, limit: number): Promise<readonly Enrollment[]> {
    const rows = (await this.#query()
      .whereNotNull('stripeSubscriptionId')
      .where((where) => {
        where
          .where((pending) => pending.where({ status: 'payment_pending' }).where('updatedAt', '<', before))
          .orWhere((ended) => ended.whereIn('status', ['active', 'past_due']).where('membershipEndDate', '<', now));
      })
      .orderBy('updatedAt')
      .limit(limit)
      .select([...COLUMNS])) as unknown as EnrollmentRow[];
    return rows.map(toEnrollment);
  }

  async findWithCustomer(owner: { readonly athenaPatientIds: readonly string[]; readonly guestHash: string | null }): Promise<Enrollment | null> {
    const query = this.#query()
      .whereNotNull('stripeCustomerId')
      .where((where) => {
        where.whereIn('athenaPatientId', [...owner.athenaPatientIds]);
        if (owner.guestHash !== null) where.orWhere({ guestHash: owner.guestHash });
      })
      .orderBy('createdAt', 'desc')
      .select([...COLUMNS])
      .first();
    const row = (await query) as unknown as EnrollmentRow | undefined;
    return row ? toEnrollment(row) : null;
  }

  /** Holders waiting in this process, per enrollment: one queue each, so waiters hold no connection. */
  readonly #queues = new Map<string, Promise<unknown>>();

  /**
   * One holder at a time per enrollment: first in this process (a promise queue, so twenty
   * waiting calls do not each hold a pooled connection and starve the work itself), then across
   * processes with a transaction-scoped advisory lock held until `work` settles. The work itself
   * does not run in the transaction.
   */
  async withLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(id) ?? Promise.resolve();
    const run = previous.then(() =>
      this.#knex.transaction(async (trx) => {
        await trx.raw("select pg_advisory_xact_lock(hashtextextended('enrollment:' || ?, 0))", [id]);
        return work();
      }),
    );
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(id, settled);
    void settled.then(() => {
      if (this.#queues.get(id) === settled) this.#queues.delete(id);
    });
    return run;
  }

  async updateStatus(
    id: string,
    to: EnrollmentStatus,
    at: Date,
  ): Promise<E.Either<IllegalTransitionError | EnrollmentNotFoundError, Enrollment>> {
    return this.#knex.transaction(async (trx) => {
      const current = (await this.#query(trx).findById(id).forUpdate().select([...COLUMNS])) as unknown as EnrollmentRow | undefined;
      if (!current) return E.left(domainError('ENROLLMENT.NOT_FOUND', 'Enrollment not found'));
      const next = transition(toEnrollment(current).status, to);
      if (E.isLeft(next)) return next;
      const updated = (await this.#query(trx)
        .findById(id)
        .patch({ status: next.right, updatedAt: at } as never)
        .returning([...COLUMNS])) as unknown as EnrollmentRow;
      return E.right(toEnrollment(updated));
    });
  }
}

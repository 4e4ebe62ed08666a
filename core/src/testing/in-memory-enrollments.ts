/** An EnrollmentRepository in memory for tests, with the same status-machine guard as the real one. */
import * as E from 'fp-ts/lib/Either.js';
import { domainError } from '../domain/domain-error.ts';
import { transition, type EnrollmentStatus, type IllegalTransitionError } from '../domain/enrollment.ts';
import type { ChartDocumentType } from '../ports/document-filing.port.ts';
import type { EnrollmentPaymentUpdate } from '../ports/enrollment.repository.port.ts';
import type { Enrollment, EnrollmentNotFoundError, EnrollmentRepository, NewEnrollment } from '../ports/enrollment.repository.port.ts';
import { SequentialIds } from './sequential-ids.ts';

export class InMemoryEnrollments implements EnrollmentRepository {
  readonly rows = new Map<string, Enrollment>();
  readonly #ids = new SequentialIds('enrollment-');

  async create(enrollment: NewEnrollment): Promise<Enrollment> {
    const row: Enrollment = {
      id: this.#ids.newId(),
      status: enrollment.status,
      membershipTier: enrollment.membershipTier,
      patientStatus: enrollment.patientStatus ?? null,
      department: enrollment.department,
      isGuardianSigning: enrollment.isGuardianSigning ?? false,
      athenaPatientId: enrollment.athenaPatientId,
      guestHash: enrollment.guestHash ?? null,
      signwellDocumentId: null,
      privacyPracticesDocumentId: null,
      signerName: enrollment.signerName ?? null,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      stripePaymentId: null,
      stripeReceiptUrl: null,
      billingEmail: null,
      membershipStartDate: null,
      membershipEndDate: null,
      createdAt: enrollment.createdAt,
      updatedAt: enrollment.createdAt,
    };
    this.rows.set(row.id, row);
    return row;
  }

  async findById(id: string): Promise<Enrollment | null> {
    return this.rows.get(id) ?? null;
  }

  async findActiveForPatient(athenaPatientId: string): Promise<Enrollment | null> {
    return [...this.rows.values()].find((row) => row.athenaPatientId === athenaPatientId && row.status === 'active') ?? null;
  }

  async findActiveForGuest(guestHash: string): Promise<readonly Enrollment[]> {
    return [...this.rows.values()].filter((row) => row.guestHash === guestHash && row.status === 'active');
  }

  async findBySigningDocument(documentId: string): Promise<Enrollment | null> {
    return [...this.rows.values()].find((row) => row.signwellDocumentId === documentId || row.privacyPracticesDocumentId === documentId) ?? null;
  }

  async setSigningDocument(id: string, type: ChartDocumentType, documentId: string, at: Date): Promise<Enrollment> {
    const row = this.rows.get(id);
    if (!row) throw new Error('Enrollment not found');
    const updated: Enrollment =
      type === 'membership_agreement'
        ? { ...row, signwellDocumentId: documentId, updatedAt: at }
        : { ...row, privacyPracticesDocumentId: documentId, updatedAt: at };
    this.rows.set(id, updated);
    return updated;
  }

  async setPayment(id: string, update: EnrollmentPaymentUpdate, at: Date): Promise<Enrollment> {
    const row = this.rows.get(id);
    if (!row) throw new Error('Enrollment not found');
    const defined = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
    const updated: Enrollment = { ...row, ...defined, updatedAt: at };
    this.rows.set(id, updated);
    return updated;
  }

  async findBySubscription(subscriptionId: string): Promise<Enrollment | null> {
    return [...this.rows.values()].find((row) => row.stripeSubscriptionId === subscriptionId) ?? null;
  }

  async findToReconcile(before: Date, now: Date, limit: number): Promise<readonly Enrollment[]> {
    return [...this.rows.values()]
      .filter(
        (row) =>
          row.stripeSubscriptionId !== null &&
          ((row.status === 'payment_pending' && row.updatedAt < before) ||
            ((row.status === 'active' || row.status === 'past_due') && row.membershipEndDate !== null && row.membershipEndDate < now)),
      )
      .slice(0, limit);
  }

  async findWithCustomer(owner: { readonly athenaPatientIds: readonly string[]; readonly guestHash: string | null }): Promise<Enrollment | null> {
    const rows = [...this.rows.values()].filter(
      (row) =>
        row.stripeCustomerId !== null &&
        ((row.athenaPatientId !== null && owner.athenaPatientIds.includes(row.athenaPatientId)) || (owner.guestHash !== null && row.guestHash === owner.guestHash)),
    );
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? null;
  }

  readonly #locks = new Map<string, Promise<unknown>>();

  /** One holder per id at a time, like the advisory lock of the real repository. */
  async withLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(id) ?? Promise.resolve();
    const run = previous.then(work, work);
    this.#locks.set(id, run.catch(() => undefined));
    return run;
  }

  async updateStatus(id: string, to: EnrollmentStatus, at: Date): Promise<E.Either<IllegalTransitionError | EnrollmentNotFoundError, Enrollment>> {
    const row = this.rows.get(id);
    if (!row) return E.left(domainError('ENROLLMENT.NOT_FOUND', 'Enrollment not found'));
    const next = transition(row.status, to);
    if (E.isLeft(next)) return next;
    const updated: Enrollment = { ...row, status: next.right, updatedAt: at };
    this.rows.set(id, updated);
    return E.right(updated);
  }
}

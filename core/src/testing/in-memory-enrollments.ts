/** An EnrollmentRepository in memory for tests, with the same status-machine guard as the real one. */
import * as E from 'fp-ts/lib/Either.js';
import { domainError } from '../domain/domain-error.ts';
import { transition, type EnrollmentStatus, type IllegalTransitionError } from '../domain/enrollment.ts';
import type { ChartDocumentType } from '../ports/document-filing.port.ts';
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

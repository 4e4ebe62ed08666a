/**
 * The staff portal's storage: rows of `staff_audit_trail` (append-only: the application role may
 * only insert and read it), and whether patients declined here for financial hardship.
 */
import type { Knex } from 'knex';
import type {
  EnrollmentStatus,
  StaffAuditEntry,
  StaffAuditTrail,
  StaffDocumentFiling,
  StaffEnrollmentRecord,
  StaffPatientHistory,
  StaffPatientRecords,
  StaffReportRecords,
  StaffReportRow,
  TierCode,
} from '@portal/core';

export class PostgresStaffAuditTrail implements StaffAuditTrail {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async record(entry: StaffAuditEntry): Promise<void> {
    await this.#knex('staff_audit_trail').insert({
      staffEmail: entry.staffEmail,
      action: entry.action,
      athenaPatientId: entry.athenaPatientId,
      stripeSubscriptionId: entry.stripeSubscriptionId ?? null,
      stripeCustomerId: entry.stripeCustomerId ?? null,
      membershipTier: entry.membershipTier ?? null,
      paymentMethod: entry.paymentMethod ?? null,
      practiceLocation: entry.practiceLocation ?? null,
      metadata: entry.metadata ?? null,
    });
  }

  async createdSubscription(stripeSubscriptionId: string): Promise<boolean> {
    const row = await this.#knex('staff_audit_trail').where({ action: 'create_subscription', stripeSubscriptionId }).first('id');
    return row !== undefined;
  }
}

export class PostgresStaffPatientHistory implements StaffPatientHistory, StaffReportRecords, StaffPatientRecords {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async declinedForHardship(athenaPatientIds: readonly string[]): Promise<ReadonlySet<string>> {
    if (athenaPatientIds.length === 0) return new Set();
    const rows = (await this.#knex('enrollments')
      .distinct('athenaPatientId')
      .whereIn('athenaPatientId', [...athenaPatientIds])
      .andWhere({ membershipTier: 'decline_hardship', status: 'declined' })) as Array<{ athenaPatientId: string }>;
    return new Set(rows.map((row) => row.athenaPatientId));
  }

  /** The practice report's rows: counts only, so neither patient ids nor names are read. */
  async reportRows(since: Date): Promise<readonly StaffReportRow[]> {
    const rows = (await this.#knex('enrollments')
      .select('status', 'membershipTier', 'department', 'stripeSubscriptionId', 'membershipStartDate', 'createdAt', 'updatedAt')
      .whereIn('status', ['active', 'past_due'])
      .orWhere('createdAt', '>=', since)
      .orWhere('updatedAt', '>=', since)
      .orWhere('membershipStartDate', '>=', since)) as Array<{
      status: EnrollmentStatus;
      membershipTier: TierCode;
      department: string | null;
      stripeSubscriptionId: string | null;
      membershipStartDate: Date | null;
      createdAt: Date;
      updatedAt: Date;
    }>;
    return rows.map((row) => ({
      status: row.status,
      membershipTier: row.membershipTier,
      department: row.department,
      hasSubscription: row.stripeSubscriptionId !== null,
      membershipStartDate: row.membershipStartDate,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
  }

  async enrollmentsOf(athenaPatientId: string): Promise<readonly StaffEnrollmentRecord[]> {
    return (await this.#knex('enrollments')
      .select('id', 'status', 'membershipTier', 'department', 'stripeSubscriptionId', 'membershipStartDate', 'membershipEndDate', 'createdAt', 'updatedAt')
      .where({ athenaPatientId })
      .orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(200)) as StaffEnrollmentRecord[];
  }

  async filingsOf(athenaPatientId: string): Promise<readonly StaffDocumentFiling[]> {
    const rows = (await this.#knex('document_submissions')
      .select('enrollmentId', 'documentType', 'status', 'uploadAttempts', 'lastAttemptError', 'updatedAt')
      .where({ patientId: athenaPatientId })
      .orderBy([{ column: 'updatedAt', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(200)) as StaffDocumentFiling[];
    return rows.map((row) => ({ ...row, enrollmentId: String(row.enrollmentId) }));
  }
}

/**
 * Objection models, one per table. They hold no business logic: repositories use them and
 * map rows to the shapes the core ports speak. Columns keep the spec's camelCase names.
 */
import { Model } from 'objection';

export class EnrollmentModel extends Model {
  static override tableName = 'enrollments';
  static override relationMappings = () => ({
    documentSubmissions: {
      relation: Model.HasManyRelation,
      modelClass: DocumentSubmissionModel,
      join: { from: 'enrollments.id', to: 'document_submissions.enrollmentId' },
    },
  });
}

export class ProviderCacheModel extends Model {
  static override tableName = 'provider_cache';
}

export class SubscriptionCacheModel extends Model {
  static override tableName = 'subscription_cache';
}

export class InsurancePackageCacheModel extends Model {
  static override tableName = 'insurance_package_cache';
}

export class DocumentSubmissionModel extends Model {
  static override tableName = 'document_submissions';
}

export class AppointmentModel extends Model {
  static override tableName = 'appointments';
}

export class AuditLogModel extends Model {
  static override tableName = 'audit_logs';
}

export class StaffEmailModel extends Model {
  static override tableName = 'staff_emails';
}

export class StaffSessionModel extends Model {
  static override tableName = 'staff_sessions';
}

export class StaffAuditTrailModel extends Model {
  static override tableName = 'staff_audit_trail';
}

/**
 * Objection models, one per table. They hold no business logic: repositories use them and
 * map rows to the shapes the core ports speak. Columns keep the spec's camelCase names.
 */
import { Model } from 'objection';

/** A jsonb column: written as a JSON string, read back parsed. */
type Json = string | object;

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
  declare departmentId: string;
  /** jsonb, written as a JSON string. */
  declare providers: Json;
  declare cachedAt: Date;
}

/** Provider-login sessions; `id` is the SHA-256 of the cookie's token. jsonb columns are written as JSON strings. */
export class AuthSessionModel extends Model {
  static override tableName = 'auth_sessions';
  declare id: string;
  declare fhirUser: string | null;
  declare personPatientId: string | null;
  declare actingPatientId: string;
  declare person: Json;
  declare acting: Json;
  declare linkedPatients: Json;
  declare linksCheckedAt: Date;
  declare data: Json;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare absoluteExpiresAt: Date;
  declare revokedAt: Date | null;
}

export class PendingAuthorizationModel extends Model {
  static override tableName = 'pending_authorizations';
  static override idColumn = 'stateHash';
}

export class DocumentSubmissionModel extends Model {
  static override tableName = 'document_submissions';
}

export class AuditLogModel extends Model {
  static override tableName = 'audit_logs';
}

export class StaffEmailModel extends Model {
  static override tableName = 'staff_emails';
  declare email: string;
}

export class StaffSessionModel extends Model {
  static override tableName = 'staff_sessions';
  declare id: number;
  declare email: string;
  /** SHA-256 of the bearer token. */
  declare sessionToken: string;
  /** Keyed hash of the emailed code. */
  declare otpCode: string | null;
  declare otpExpiry: Date | null;
  declare otpAttempts: number;
  declare verified: boolean;
  declare createdAt: Date;
  declare expiresAt: Date;
  declare lastSeenAt: Date | null;
}

export class VerificationCodeModel extends Model {
  static override tableName = 'verification_codes';
  /** bigserial: pg answers it as a string. */
  declare id: string;
  declare purpose: string;
  declare subjectHash: string;
  declare codeHash: string;
  declare attempts: number;
  declare createdAt: Date;
  declare expiresAt: Date;
  declare consumedAt: Date | null;
}

export class CardEventModel extends Model {
  static override tableName = 'card_events';
  declare id: string;
  declare type: string;
  declare objectId: string | null;
}

export class AppointmentModel extends Model {
  static override tableName = 'appointments';
  declare id: number;
  declare department: string | null;
  declare athenaPatientId: string;
  declare providerId: string | null;
  declare appointmentDate: string | null;
  declare appointmentTime: string | null;
  declare athenaAppointmentId: string | null;
  declare appointmentTypeId: string | null;
  declare appointmentType: string | null;
  declare status: string;
  declare bookedAt: Date | null;
  declare startsAt: Date | null;
  declare guestHash: string | null;
  declare calendarUid: string | null;
  declare calendarSequence: number;
  declare createdAt: Date;
  declare updatedAt: Date | null;
}

export class UpcomingAppointmentsCacheModel extends Model {
  static override tableName = 'upcoming_appointments_cache';
  static override idColumn = 'patientId';
  declare patientId: string;
  declare appointments: Json;
  declare cachedAt: Date;
}

/** Service identifiers of the composition root. Core classes stay free of Inversify. */
import type { Knex } from 'knex';
import type { AuditLog, DatabaseHealth, EnrollmentRepository, HealthRecord, HealthRecordCustomFields, PatientLogin, ProviderCache } from '@portal/core';
import type { Cards, ChartDocuments, DocumentFiling, PatientRegistration, Signing } from '@portal/core';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';

const token = <T>(name: string) => Symbol.for(`portal.${name}`) as symbol & { readonly __type?: T };

export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Knex: token<Knex>('Knex'),
  Clock: token<{ now(): Date }>('Clock'),
  AuditLog: token<AuditLog>('AuditLog'),
  DatabaseHealth: token<DatabaseHealth>('DatabaseHealth'),
  AthenaConfig: token<unknown>('AthenaConfig'),
  AthenaHttp: token<unknown>('AthenaHttp'),
  HealthRecord: token<HealthRecord>('HealthRecord'),
  PatientLogin: token<PatientLogin>('PatientLogin'),
  ProviderCache: token<ProviderCache>('ProviderCache'),
  PatientAuthService: token<PatientAuthService>('PatientAuthService'),
  TokenSigner: token<unknown>('TokenSigner'),
  Mailer: token<unknown>('Mailer'),
  PhoneAuth: token<unknown>('PhoneAuth'),
  HumanCheck: token<unknown>('HumanCheck'),
  RateLimits: token<unknown>('RateLimits'),
  EmailCodes: token<unknown>('EmailCodes'),
  GuestVerification: token<unknown>('GuestVerification'),
  StaffAuth: token<unknown>('StaffAuth'),
  EnrollmentRepository: token<EnrollmentRepository>('EnrollmentRepository'),
  EnrollmentHealthRecord: token<HealthRecord & HealthRecordCustomFields & PatientRegistration & ChartDocuments>('EnrollmentHealthRecord'),
  DocumentFiling: token<DocumentFiling>('DocumentFiling'),
  Signing: token<Signing>('Signing'),
  Cards: token<Cards>('Cards'),
} as const;

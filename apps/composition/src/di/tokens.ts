/**
 * Service identifiers of the shared composition root (the API and the worker). Core classes stay
 * free of Inversify. The API adds its own (sessions, verification) in apps/api/src/di/tokens.ts.
 */
import type { Knex } from 'knex';
import type { AuditLog, DatabaseHealth, EnrollmentRepository, HealthRecord, HealthRecordCustomFields, PatientLogin, ProviderCache, SubscriptionCache } from '@portal/core';
import type { PatientLanguages, StaffAuditTrail, StaffPatientHistory } from '@portal/core';
import type { ReminderLedger, AppointmentRepository, CardEventLedger, Cards, ChartDocuments, DocumentFiling, Mailer, PatientRegistration, Scheduling, Signing, UpcomingAppointmentsCache, Waitlist } from '@portal/core';
import type { PostgresOperationsProbe } from '@portal/persistence';
import type { ProviderObserver } from '@portal/http-support';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';

/** A token is `Symbol.for('portal.<name>')`: the same symbol wherever it is made. */
export const token = <T>(name: string) => Symbol.for(`portal.${name}`) as symbol & { readonly __type?: T };

export const SHARED_TOKENS = {
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
  Mailer: token<Mailer>('Mailer'),
  EnrollmentRepository: token<EnrollmentRepository>('EnrollmentRepository'),
  EnrollmentHealthRecord: token<HealthRecord & HealthRecordCustomFields & PatientRegistration & ChartDocuments>('EnrollmentHealthRecord'),
  DocumentFiling: token<DocumentFiling>('DocumentFiling'),
  Signing: token<Signing>('Signing'),
  Cards: token<Cards>('Cards'),
  CardEventLedger: token<CardEventLedger>('CardEventLedger'),
  Scheduling: token<Scheduling>('Scheduling'),
  Appointments: token<AppointmentRepository>('Appointments'),
  UpcomingAppointments: token<UpcomingAppointmentsCache>('UpcomingAppointments'),
  ReminderLedger: token<ReminderLedger>('ReminderLedger'),
  Waitlist: token<Waitlist>('Waitlist'),
  SubscriptionCache: token<SubscriptionCache>('SubscriptionCache'),
  StaffAuditTrail: token<StaffAuditTrail>('StaffAuditTrail'),
  StaffPatientHistory: token<StaffPatientHistory>('StaffPatientHistory'),
  /** Each patient's chosen language (issue 26): the API writes it, the worker's reminders and offers read it. */
  PatientLanguages: token<PatientLanguages>('PatientLanguages'),
  /** Queue, webhook and filing state for readiness and metrics (decision 0038). */
  OperationsProbe: token<PostgresOperationsProbe>('OperationsProbe'),
  /** Optional: hears every provider call (an app binds it to its metrics; unbound, nothing listens). */
  ProviderObserver: token<ProviderObserver>('ProviderObserver'),
} as const;

/** Process-wide infrastructure: settings, logging, the database, the clock and outgoing mail. */
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import { PostgresAuditLog, PostgresAppointments, PostgresCardEventLedger, PostgresHealth, PostgresReminderLedger, PostgresSubscriptionCache, PostgresUpcomingAppointmentsCache, PostgresWaitlist, createKnex } from '@portal/persistence';
import { PostgresOperationsProbe, PostgresPatientLanguages, PostgresStaffAuditTrail, PostgresStaffPatientHistory } from '@portal/persistence';
import type { ProviderObserver } from '@portal/http-support';
import { observedCalls } from '../provider-observer.ts';
import { SmtpMailer } from '@portal/mail';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { SHARED_TOKENS as TOKENS } from './tokens.ts';

export const infrastructureModule = (config: AppConfig, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(config);
    bind(TOKENS.Logger).toConstantValue(logger);
    bind(TOKENS.Knex)
      .toDynamicValue(() => createKnex({ url: config.databaseUrl }))
      .inSingletonScope();
    bind(TOKENS.Clock).toConstantValue({ now: () => new Date() });
    // Mail (codes, notices) needs only settings: the worker's container has it too.
    bind(TOKENS.Mailer)
      .toDynamicValue((context) =>
        observedCalls('mail', new SmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from }), ['send'], context.get<ProviderObserver>(TOKENS.ProviderObserver, { optional: true })),
      )
      .inSingletonScope();
    bind(TOKENS.AuditLog)
      .toDynamicValue((context) => new PostgresAuditLog(context.get<Knex>(TOKENS.Knex), { synchronousCommit: config.auditSynchronousCommit }))
      .inSingletonScope();
    bind(TOKENS.CardEventLedger)
      .toDynamicValue((context) => new PostgresCardEventLedger(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.Appointments)
      .toDynamicValue((context) => new PostgresAppointments(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.UpcomingAppointments)
      .toDynamicValue((context) => new PostgresUpcomingAppointmentsCache(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.ReminderLedger)
      .toDynamicValue((context) => new PostgresReminderLedger(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.Waitlist)
      .toDynamicValue((context) => new PostgresWaitlist(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.SubscriptionCache)
      .toDynamicValue((context) => new PostgresSubscriptionCache(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.StaffAuditTrail)
      .toDynamicValue((context) => new PostgresStaffAuditTrail(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.StaffPatientHistory)
      .toDynamicValue((context) => new PostgresStaffPatientHistory(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.PatientLanguages)
      .toDynamicValue((context) => new PostgresPatientLanguages(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.OperationsProbe)
      .toDynamicValue((context) => new PostgresOperationsProbe(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.DatabaseHealth)
      .toDynamicValue((context) => new PostgresHealth(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
  });

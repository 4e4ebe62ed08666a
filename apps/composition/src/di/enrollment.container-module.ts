/** Enrollment: the enrollments repository, the health record's writes and e-signing (SignWell or the sandbox). */
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import type { AthenaHealthRecord } from '@portal/athena';
import { PostgresEnrollments } from '@portal/persistence';
import { SignwellSigning, signwellConfigFromEnv } from '@portal/signwell';
import type { AppConfig } from '../config.ts';
import type { ProviderObserver } from '@portal/http-support';
import type { Logger } from '../logger.ts';
import { SHARED_TOKENS as TOKENS } from './tokens.ts';

export const enrollmentModule = (env: NodeJS.ProcessEnv = process.env) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.EnrollmentRepository)
      .toDynamicValue((context) => new PostgresEnrollments(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    // The same adapter as HealthRecord, seen through the ports with writes (custom fields,
    // registration, chart documents).
    bind(TOKENS.EnrollmentHealthRecord)
      .toDynamicValue((context) => context.get<AthenaHealthRecord>(TOKENS.HealthRecord))
      .inSingletonScope();
    bind(TOKENS.Signing)
      .toDynamicValue((context) => {
        const config = context.get<AppConfig>(TOKENS.Config);
        const logger = context.get<Logger>(TOKENS.Logger);
        const observe = context.get<ProviderObserver>(TOKENS.ProviderObserver, { optional: true });
        const { baseUrl, apiKey, testMode, timeoutMs } = signwellConfigFromEnv({ ...env, PROVIDER_SANDBOX_URL: config.providerSandboxUrl });
        return new SignwellSigning({
          baseUrl,
          apiKey,
          testMode,
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
          onRequest: (event) => {
            logger.debug({ signwell: event }, 'signwell request');
            observe?.({ provider: 'signwell', operation: `${event.method} ${event.path}`, status: event.status, failure: event.failure, durationMs: event.durationMs });
          },
        });
      })
      .inSingletonScope();
  });

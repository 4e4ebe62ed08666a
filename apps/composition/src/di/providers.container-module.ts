/** The health record and its patient login: athenahealth (or the provider sandbox) behind core's ports. */
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import { AthenaHealthRecord, AthenaHttpClient, AthenaPatientLogin, athenaConfigFromEnv, type AthenaConfig } from '@portal/athena';
import { PostgresProviderCache } from '@portal/persistence';
import type { ProviderObserver } from '@portal/http-support';
import type { Logger } from '../logger.ts';
import { SHARED_TOKENS as TOKENS } from './tokens.ts';

export const providersModule = (env: NodeJS.ProcessEnv) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.AthenaConfig)
      .toDynamicValue((context) => {
        const logger = context.get<Logger>(TOKENS.Logger);
        const observe = context.get<ProviderObserver>(TOKENS.ProviderObserver, { optional: true });
        const { sandbox: _sandbox, ...settings } = athenaConfigFromEnv(env);
        const timeoutMs = Number(env.ATHENA_TIMEOUT_MS);
        return {
          ...settings,
          ...(timeoutMs > 0 ? { timeoutMs } : {}),
          // Method, path template, status and timing only: never a query or a body.
          onRequest: (event) => {
            logger.debug({ athena: event }, 'athena request');
            observe?.({ provider: 'athena', operation: `${event.method} ${event.path}`, status: event.status, failure: event.failure, durationMs: event.durationMs });
          },
        } satisfies AthenaConfig;
      })
      .inSingletonScope();
    bind(TOKENS.AthenaHttp)
      .toDynamicValue((context) => new AthenaHttpClient(context.get<AthenaConfig>(TOKENS.AthenaConfig)))
      .inSingletonScope();
    bind(TOKENS.HealthRecord)
      .toDynamicValue((context) => new AthenaHealthRecord(context.get<AthenaConfig>(TOKENS.AthenaConfig), context.get<AthenaHttpClient>(TOKENS.AthenaHttp)))
      .inSingletonScope();
    // The schedule is the same athenahealth client, seen through core's Scheduling port.
    bind(TOKENS.Scheduling).toDynamicValue((context) => context.get<AthenaHealthRecord>(TOKENS.HealthRecord));
    bind(TOKENS.PatientLogin)
      .toDynamicValue((context) => new AthenaPatientLogin(context.get<AthenaConfig>(TOKENS.AthenaConfig), context.get<AthenaHttpClient>(TOKENS.AthenaHttp)))
      .inSingletonScope();
    bind(TOKENS.ProviderCache)
      .toDynamicValue((context) => new PostgresProviderCache(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
  });

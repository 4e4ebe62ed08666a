/** Provider login and the health record: athenahealth (or the provider sandbox) behind core's ports. */
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import { AthenaHealthRecord, AthenaHttpClient, AthenaPatientLogin, athenaConfigFromEnv, type AthenaConfig } from '@portal/athena';
import type { HealthRecord, PatientLogin } from '@portal/core';
import { KnexPatientSessionRepository, KnexPendingAuthorizationRepository, KnexProviderCache } from '@portal/persistence';
import { PatientAuthService } from '../auth/patient-auth.service.ts';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { TOKENS } from './tokens.ts';

export const authModule = (config: AppConfig, env: NodeJS.ProcessEnv) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.AthenaConfig)
      .toDynamicValue((context) => {
        const logger = context.get<Logger>(TOKENS.Logger);
        const { sandbox: _sandbox, ...settings } = athenaConfigFromEnv(env);
        const timeoutMs = Number(env.ATHENA_TIMEOUT_MS);
        return {
          ...settings,
          ...(timeoutMs > 0 ? { timeoutMs } : {}),
          // Method, path template, status and timing only: never a query or a body.
          onRequest: (event) => logger.debug({ athena: event }, 'athena request'),
        } satisfies AthenaConfig;
      })
      .inSingletonScope();
    bind(TOKENS.AthenaHttp)
      .toDynamicValue((context) => new AthenaHttpClient(context.get<AthenaConfig>(TOKENS.AthenaConfig)))
      .inSingletonScope();
    bind(TOKENS.HealthRecord)
      .toDynamicValue((context) => new AthenaHealthRecord(context.get<AthenaConfig>(TOKENS.AthenaConfig), context.get<AthenaHttpClient>(TOKENS.AthenaHttp)))
      .inSingletonScope();
    bind(TOKENS.PatientLogin)
      .toDynamicValue((context) => new AthenaPatientLogin(context.get<AthenaConfig>(TOKENS.AthenaConfig), context.get<AthenaHttpClient>(TOKENS.AthenaHttp)))
      .inSingletonScope();
    bind(TOKENS.ProviderCache)
      .toDynamicValue((context) => new KnexProviderCache(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    bind(TOKENS.PatientAuthService)
      .toDynamicValue(
        (context) =>
          new PatientAuthService({
            login: context.get<PatientLogin>(TOKENS.PatientLogin),
            healthRecord: context.get<HealthRecord>(TOKENS.HealthRecord),
            sessions: new KnexPatientSessionRepository(context.get<Knex>(TOKENS.Knex)),
            pending: new KnexPendingAuthorizationRepository(context.get<Knex>(TOKENS.Knex)),
            now: () => new Date(),
            redirectUri: `${config.publicOrigin}/api/auth/callback`,
          }),
      )
      .inSingletonScope();
  });

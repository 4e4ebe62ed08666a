/** Provider login on the API: the patient sessions on top of the health record's login (bound in @portal/composition), and the auth routes' deps. */
import { ContainerModule } from 'inversify';
import { CachingPatientSessionRepository, type Clock, type HealthRecord, type PatientLogin } from '@portal/core';
import type { AppConfig } from '@portal/composition';
import { PostgresPatientSessions, PostgresPendingAuthorizations, SessionChangeFeed, type Database } from '@portal/persistence';
import { PatientAuthService } from '../auth/patient-auth.service.ts';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

export const authModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    // Sessions are read from a short in-process cache kept true by change notifications (decision 0033); server.ts starts the feed.
    bind(TOKENS.SessionChanges)
      .toDynamicValue((context) => new SessionChangeFeed({ listenUrl: config.databaseDirectUrl, knex: context.get<Database>(TOKENS.Knex) }))
      .inSingletonScope();
    bind(TOKENS.PatientAuthService)
      .toDynamicValue(
        (context) => {
          const clock = context.get<Clock>(TOKENS.Clock);
          return new PatientAuthService({
            login: context.get<PatientLogin>(TOKENS.PatientLogin),
            healthRecord: context.get<HealthRecord>(TOKENS.HealthRecord),
            sessions: new CachingPatientSessionRepository(new PostgresPatientSessions(context.get<Database>(TOKENS.Knex)), context.get<SessionChangeFeed>(TOKENS.SessionChanges)),
            pending: new PostgresPendingAuthorizations(context.get<Database>(TOKENS.Knex)),
            now: () => clock.now(),
            redirectUri: `${config.publicOrigin}/api/auth/callback`,
          });
        },
      )
      .inSingletonScope();
    bindBuilt(bind, TOKENS.AuthRouterDeps, (context) => ({
      service: resolve(context, TOKENS.PatientAuthService),
      audit: resolve(context, TOKENS.RequestAudit),
      cookies: resolve(context, TOKENS.CookieNames),
      https: resolve(context, TOKENS.Https),
    }));
  });

/** Provider login on the API: the patient sessions on top of the health record's login (bound in @portal/composition). */
import { ContainerModule } from 'inversify';
import type { HealthRecord, PatientLogin } from '@portal/core';
import type { AppConfig } from '@portal/composition';
import { KnexPatientSessionRepository, KnexPendingAuthorizationRepository, type Database } from '@portal/persistence';
import { PatientAuthService } from '../auth/patient-auth.service.ts';
import { TOKENS } from './tokens.ts';

export const authModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.PatientAuthService)
      .toDynamicValue(
        (context) =>
          new PatientAuthService({
            login: context.get<PatientLogin>(TOKENS.PatientLogin),
            healthRecord: context.get<HealthRecord>(TOKENS.HealthRecord),
            sessions: new KnexPatientSessionRepository(context.get<Database>(TOKENS.Knex)),
            pending: new KnexPendingAuthorizationRepository(context.get<Database>(TOKENS.Knex)),
            now: () => new Date(),
            redirectUri: `${config.publicOrigin}/api/auth/callback`,
          }),
      )
      .inSingletonScope();
  });

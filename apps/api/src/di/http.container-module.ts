/**
 * The HTTP pieces every area's router shares: whether the origin is https, the cookie names, the
 * request audit; and the deps of the app's own middleware and routes (caller gate, health, client errors).
 */
import { ContainerModule } from 'inversify';
import type { AttemptLimiter, AuditLog, Clock, DatabaseHealth, GuestVerification, StaffSignIn } from '@portal/core';
import type { AppConfig, Logger } from '@portal/composition';
import { cookieNames } from '../auth/cookies.ts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requestAudit } from '../http/audit.ts';
import type { JobQueueProbe, healthRouter } from '../http/health.router.ts';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

export const httpModule = () =>
  new ContainerModule(({ bind }) => {
    bindBuilt(bind, TOKENS.Https, (context) => context.get<AppConfig>(TOKENS.Config).publicOrigin.startsWith('https:'));
    bindBuilt(bind, TOKENS.CookieNames, (context) => cookieNames(resolve(context, TOKENS.Https)));
    bindBuilt(bind, TOKENS.RequestAudit, (context) => requestAudit(context.get<AuditLog>(TOKENS.AuditLog)));
    // Who may call a route, checked before its body is read (route-access.ts).
    bindBuilt(bind, TOKENS.CallerGateDeps, (context) => {
      const clock = context.get<Clock>(TOKENS.Clock);
      return {
        service: context.get<PatientAuthService>(TOKENS.PatientAuthService),
        guests: context.get<GuestVerification>(TOKENS.GuestVerification),
        staff: context.get<StaffSignIn>(TOKENS.StaffSignIn),
        now: () => clock.now(),
      };
    });
    bindBuilt(bind, TOKENS.HealthRouterArgs, (context): Parameters<typeof healthRouter> => [
      context.get<DatabaseHealth>(TOKENS.DatabaseHealth),
      context.get<AppConfig>(TOKENS.Config).version,
      context.get<JobQueueProbe>(TOKENS.OperationsProbe),
    ]);
    bindBuilt(bind, TOKENS.ClientErrorsRouterDeps, (context) => ({
      logger: context.get<Logger>(TOKENS.Logger),
      limits: context.get<AttemptLimiter>(TOKENS.AttemptLimiter),
    }));
  });

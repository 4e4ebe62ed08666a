/** The dashboard: membership status (through the subscription cache), the members-only nurse line, and the patient's language (PUT /api/me/language). */
import { ContainerModule } from 'inversify';
import type { AppConfig } from '@portal/composition';
import type { Cards, Clock, EnrollmentRepository, GuestVerification, PatientLanguages, SubscriptionCache } from '@portal/core';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

export const dashboardModule = () =>
  new ContainerModule(({ bind }) => {
    const membershipDeps = (context: { get<T>(id: symbol): T }) => ({
      service: context.get<PatientAuthService>(TOKENS.PatientAuthService),
      guests: context.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: context.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      cards: context.get<Cards>(TOKENS.Cards),
      clock: context.get<Clock>(TOKENS.Clock),
      subscriptionCache: context.get<SubscriptionCache>(TOKENS.SubscriptionCache),
      audit: resolve(context, TOKENS.RequestAudit),
    });
    bindBuilt(bind, TOKENS.DashboardRouterDeps, (context) => membershipDeps(context));
    bindBuilt(bind, TOKENS.NurseLineRouterDeps, (context) => {
      const config = context.get<AppConfig>(TOKENS.Config);
      return { ...membershipDeps(context), practice: () => config.practice };
    });
    bindBuilt(bind, TOKENS.LanguageRouterDeps, (context) => ({
      service: context.get<PatientAuthService>(TOKENS.PatientAuthService),
      guests: context.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: context.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      languages: context.get<PatientLanguages>(TOKENS.PatientLanguages),
      clock: context.get<Clock>(TOKENS.Clock),
      audit: resolve(context, TOKENS.RequestAudit),
    }));
  });

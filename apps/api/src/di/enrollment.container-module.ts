/** The API's side of enrollment: the enrollments router's deps (the adapters are @portal/composition's enrollmentModule). */
import { ContainerModule } from 'inversify';
import type { AttemptLimiter, Clock, DocumentFiling, EnrollmentRepository, GuestVerification, HealthRecord, HealthRecordCustomFields, PatientRegistration, Signing } from '@portal/core';
import { renderConsentPdf } from '@portal/pdf';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

export const enrollmentModule = () =>
  new ContainerModule(({ bind }) => {
    bindBuilt(bind, TOKENS.EnrollmentsRouterDeps, (context) => ({
      service: context.get<PatientAuthService>(TOKENS.PatientAuthService),
      guests: context.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: context.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      healthRecord: context.get<HealthRecord & HealthRecordCustomFields & PatientRegistration>(TOKENS.EnrollmentHealthRecord),
      signing: context.get<Signing>(TOKENS.Signing),
      filing: context.get<DocumentFiling>(TOKENS.DocumentFiling),
      renderPdf: (document) => renderConsentPdf(document),
      clock: context.get<Clock>(TOKENS.Clock),
      audit: resolve(context, TOKENS.RequestAudit),
      limiter: context.get<AttemptLimiter>(TOKENS.AttemptLimiter),
    }));
  });

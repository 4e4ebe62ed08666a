/**
 * The API's side of payments: the payments router's deps (Stripe itself is @portal/composition's
 * paymentsModule; the payment services, built as the worker builds them, are bound in container.ts).
 */
import { ContainerModule } from 'inversify';
import type { AppConfig, Logger } from '@portal/composition';
import type { Clock, EnrollmentRepository, GuestVerification } from '@portal/core';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { staffPayInvoice } from '../http/staff-portal.router.ts';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

export const paymentsModule = () =>
  new ContainerModule(({ bind }) => {
    bindBuilt(bind, TOKENS.PaymentsRouterDeps, (context) => ({
      service: context.get<PatientAuthService>(TOKENS.PatientAuthService),
      guests: context.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: context.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      clock: context.get<Clock>(TOKENS.Clock),
      audit: resolve(context, TOKENS.RequestAudit),
      payments: resolve(context, TOKENS.PaymentServices),
      logger: context.get<Logger>(TOKENS.Logger),
      publicOrigin: context.get<AppConfig>(TOKENS.Config).publicOrigin,
      // POST /api/stripe/pay-invoice with a staff bearer token is the staff portal's.
      staffPayInvoice: staffPayInvoice(resolve(context, TOKENS.StaffPortalRouterDeps)),
    }));
  });

/** Booking: its ports (shared by the patients' appointment routes and the staff override), the appointments and providers routes. */
import { ContainerModule } from 'inversify';
import type { AppointmentRepository, Clock, EnrollmentRepository, GuestVerification, HealthRecord, Mailer, PatientLanguages, ProviderCache, Scheduling, SignedTokens, UpcomingAppointmentsCache, Waitlist } from '@portal/core';
import { icalendarFiles } from '@portal/mail';
import type { AppConfig, Logger } from '@portal/composition';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

export const bookingModule = () =>
  new ContainerModule(({ bind }) => {
    bindBuilt(bind, TOKENS.BookingDeps, (context) => ({
      scheduling: context.get<Scheduling>(TOKENS.Scheduling),
      appointments: context.get<AppointmentRepository>(TOKENS.Appointments),
      upcoming: context.get<UpcomingAppointmentsCache>(TOKENS.UpcomingAppointments),
      clock: context.get<Clock>(TOKENS.Clock),
    }));
    bindBuilt(bind, TOKENS.AppointmentsRouterDeps, (context) => ({
      service: context.get<PatientAuthService>(TOKENS.PatientAuthService),
      guests: context.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: context.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      healthRecord: context.get<HealthRecord>(TOKENS.HealthRecord),
      providerCache: context.get<ProviderCache>(TOKENS.ProviderCache),
      clock: context.get<Clock>(TOKENS.Clock),
      audit: resolve(context, TOKENS.RequestAudit),
      mailer: context.get<Mailer>(TOKENS.Mailer),
      calendars: icalendarFiles,
      logger: context.get<Logger>(TOKENS.Logger),
      booking: resolve(context, TOKENS.BookingDeps),
      waitlist: context.get<Waitlist>(TOKENS.Waitlist),
      tokens: context.get<SignedTokens>(TOKENS.SignedTokens),
      publicOrigin: context.get<AppConfig>(TOKENS.Config).publicOrigin,
      languages: context.get<PatientLanguages>(TOKENS.PatientLanguages),
    }));
    bindBuilt(bind, TOKENS.ProvidersRouterDeps, (context) => {
      const clock = context.get<Clock>(TOKENS.Clock);
      return {
        healthRecord: context.get<HealthRecord>(TOKENS.HealthRecord),
        cache: context.get<ProviderCache>(TOKENS.ProviderCache),
        now: () => clock.now(),
      };
    });
  });

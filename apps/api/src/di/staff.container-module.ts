/** The staff areas: sign-in, the portal (patients, payments), records and reports, appointment overrides, document submissions. */
import { ContainerModule } from 'inversify';
import type { AttemptLimiter, Cards, Clock, DocumentFiling, EmailCodes, HealthRecord, HumanCheck, Mailer, PatientLanguages, StaffAuditTrail, StaffPatientHistory, StaffPatientRecords, StaffReportRecords, StaffSignIn, Waitlist } from '@portal/core';
import type { Logger } from '@portal/composition';
import { TOKENS, bindBuilt, resolve } from './tokens.ts';

export const staffModule = () =>
  new ContainerModule(({ bind }) => {
    const nowOf = (context: { get<T>(id: symbol): T }) => {
      const clock = context.get<Clock>(TOKENS.Clock);
      return (): Date => clock.now();
    };
    bindBuilt(bind, TOKENS.StaffRouterDeps, (context) => {
      const emailCodes = context.get<EmailCodes>(TOKENS.EmailCodes);
      return {
        staff: context.get<StaffSignIn>(TOKENS.StaffSignIn),
        limits: context.get<AttemptLimiter>(TOKENS.AttemptLimiter),
        logger: context.get<Logger>(TOKENS.Logger),
        audit: resolve(context, TOKENS.RequestAudit),
        humanCheck: context.get<HumanCheck>(TOKENS.HumanCheck),
        keys: {
          address: (email) => emailCodes.subjectHash('staff_email', email),
          addressOnDevice: (email, device) => emailCodes.deviceSubjectHash('staff_email', email, device),
          device: (device) => emailCodes.deviceKey(device),
        },
        https: resolve(context, TOKENS.Https),
        now: nowOf(context),
      };
    });
    bindBuilt(bind, TOKENS.StaffPortalRouterDeps, (context) => ({
      staff: context.get<StaffSignIn>(TOKENS.StaffSignIn),
      healthRecord: context.get<HealthRecord>(TOKENS.HealthRecord),
      history: context.get<StaffPatientHistory>(TOKENS.StaffPatientHistory),
      trail: context.get<StaffAuditTrail>(TOKENS.StaffAuditTrail),
      payments: resolve(context, TOKENS.PaymentServices),
      audit: resolve(context, TOKENS.RequestAudit),
      now: nowOf(context),
      languages: context.get<PatientLanguages>(TOKENS.PatientLanguages),
    }));
    bindBuilt(bind, TOKENS.StaffRecordsRouterDeps, (context) => ({
      staff: context.get<StaffSignIn>(TOKENS.StaffSignIn),
      trail: context.get<StaffAuditTrail>(TOKENS.StaffAuditTrail),
      audit: resolve(context, TOKENS.RequestAudit),
      // The same PostgreSQL adapter as the history, seen through the records' and reports' ports.
      records: context.get<StaffPatientHistory & StaffReportRecords>(TOKENS.StaffPatientHistory),
      patientRecords: context.get<StaffPatientHistory & StaffPatientRecords>(TOKENS.StaffPatientHistory),
      cards: context.get<Cards>(TOKENS.Cards),
      booking: resolve(context, TOKENS.BookingDeps),
      now: nowOf(context),
    }));
    bindBuilt(bind, TOKENS.StaffAppointmentsRouterDeps, (context) => ({
      staff: context.get<StaffSignIn>(TOKENS.StaffSignIn),
      trail: context.get<StaffAuditTrail>(TOKENS.StaffAuditTrail),
      audit: resolve(context, TOKENS.RequestAudit),
      booking: resolve(context, TOKENS.BookingDeps),
      healthRecord: context.get<HealthRecord>(TOKENS.HealthRecord),
      mailer: context.get<Mailer>(TOKENS.Mailer),
      waitlist: context.get<Waitlist>(TOKENS.Waitlist),
      logger: context.get<Logger>(TOKENS.Logger),
      now: nowOf(context),
      languages: context.get<PatientLanguages>(TOKENS.PatientLanguages),
    }));
    bindBuilt(bind, TOKENS.DocumentSubmissionsRouterDeps, (context) => ({
      staff: context.get<StaffSignIn>(TOKENS.StaffSignIn),
      filing: context.get<DocumentFiling>(TOKENS.DocumentFiling),
      audit: resolve(context, TOKENS.RequestAudit),
      now: nowOf(context),
    }));
  });

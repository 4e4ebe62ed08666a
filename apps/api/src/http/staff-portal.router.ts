/**
 * The staff portal's work (booking-dashboard-staff §2 'Staff portal', §3, §4 'Staff flow', §5, §7,
 * §8; issue 14): patient search, patient details with eligibility warnings, subscription
 * creation, and the staff version of POST /api/stripe/pay-invoice (bearer). Every route needs the
 * staff bearer session (401 otherwise) and every action writes one `staff_audit_trail` row (who,
 * what, which patient) and one `audit_logs` row; neither holds names, birth dates or addresses.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import {
  createStaffSubscription,
  payStaffInvoice,
  searchPatientsForStaff,
  viewPatientForStaff,
  type HealthRecord,
  type HealthRecordPatient,
  type PatientLanguages,
  type StaffAuditEntry,
  type StaffAuditTrail,
  type StaffPatientHistory,
  type StaffSignIn,
  type StaffSubscriptionError,
} from '@portal/core';
import type { PaymentServices } from '@portal/composition';
import {
  StaffCreateSubscriptionRequest,
  StaffPatientDetailsRequest,
  StaffPatientSearchRequest,
  STAFF_PAY_INVOICE_MISSING_MESSAGE,
  StaffPayInvoiceRequest,
} from '@portal/contracts';
import type { RequestAudit } from './audit.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { statusOf } from './error-status.ts';
import { requireStaff } from './staff.router.ts';

export interface StaffPortalRouterDeps {
  readonly staff: StaffSignIn;
  readonly healthRecord: Pick<HealthRecord, 'searchPatients' | 'getPatient'>;
  readonly history: StaffPatientHistory;
  readonly trail: StaffAuditTrail;
  readonly payments: PaymentServices;
  readonly audit: RequestAudit;
  readonly now: () => Date;
  /** The patients' chosen languages (issue 26): the details name the patient's, staff answer in it. */
  readonly languages?: Pick<PatientLanguages, 'languageOf'>;
}

/** The staff patient record of §3, as the health record spells its fields. */
export const staffPatientRecord = (patient: HealthRecordPatient) => ({
  patientid: patient.patientId,
  firstname: patient.firstName,
  lastname: patient.lastName,
  dob: patient.dateOfBirth,
  email: patient.email,
  address1: patient.address1,
  address2: patient.address2,
  city: patient.city,
  state: patient.state,
  zip: patient.zip,
  primarydepartmentid: patient.primaryDepartmentId,
  primaryproviderid: patient.primaryProviderId,
  customfields: patient.customFields.map((field) => ({
    customfieldid: field.customFieldId,
    optionname: field.value ?? '',
    customfieldvalue: field.value ?? '',
    optionid: field.optionId ?? '',
  })),
});

export const FAILED_TO_CREATE_SUBSCRIPTION = 'Failed to create subscription';

const refusal = (error: StaffSubscriptionError): HttpError =>
  new HttpError(statusOf(error.code), {
    error: error.title ?? FAILED_TO_CREATE_SUBSCRIPTION,
    message: error.message,
    ...(error.code === 'STAFF.DUPLICATE_SUBSCRIPTION' ? { existingSubscription: error.existingSubscription } : {}),
  });

/**
 * POST /api/stripe/pay-invoice with the staff bearer: the invoice of a subscription an enrollment
 * of ours owns (staff may pay for any patient). The payments router hands bearer requests here.
 */
export const staffPayInvoice =
  (deps: StaffPortalRouterDeps) =>
  async (ctx: Context): Promise<void> => {
    const session = await requireStaff(ctx, deps.staff, deps.now());
    const request = decodeOrThrow(StaffPayInvoiceRequest, ctx.request.body);
    // Staff pay only what staff created: a patient's own checkout is not theirs to charge, and is
    // answered exactly like a subscription that does not exist.
    const notFound = () => new HttpError(404, { error: 'Payment Failed', message: STAFF_PAY_INVOICE_MISSING_MESSAGE });
    if (!(await deps.trail.createdSubscription(request.subscriptionId))) throw notFound();
    const result = await payStaffInvoice(deps.payments, request);
    if (E.isLeft(result)) {
      if (result.left.code === 'ENROLLMENT.NOT_FOUND') throw notFound();
      throw new HttpError(400, { error: 'Payment Failed', message: result.left.message });
    }
    const { outcome, enrollment } = result.right;
    const status = outcome.kind === 'declined' ? 402 : 200;
    await deps.trail.record({
      staffEmail: session.email,
      action: 'pay_invoice',
      athenaPatientId: enrollment.athenaPatientId ?? '',
      stripeSubscriptionId: request.subscriptionId,
      stripeCustomerId: enrollment.stripeCustomerId,
      membershipTier: enrollment.membershipTier,
      paymentMethod: 'card',
      practiceLocation: enrollment.department,
      metadata: { outcome: outcome.kind, invoiceId: request.invoiceId },
    });
    await deps.audit(ctx, {
      eventType: 'staff_payment',
      action: 'staff_pay_invoice',
      userId: session.email,
      enrollmentId: enrollment.id,
      paymentId: request.invoiceId,
      statusCode: status,
      metadata: { outcome: outcome.kind },
    });
    if (outcome.kind === 'paid') ctx.body = { success: true };
    else if (outcome.kind === 'confirm_payment') ctx.body = { action: 'confirm_payment', clientSecret: outcome.clientSecret };
    else {
      ctx.status = 402;
      ctx.body = { error: outcome.message, code: outcome.code, declineCode: outcome.declineCode };
    }
  };

export const staffPortalRouter = (deps: StaffPortalRouterDeps): Router => {
  const { staff, trail, audit, now } = deps;
  const router = new Router();
  const record = (entry: StaffAuditEntry) => trail.record(entry);

  router.post('/api/staff/patient-search', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const search = decodeOrThrow(StaffPatientSearchRequest, ctx.request.body);
    const patients = await searchPatientsForStaff(deps, search);
    const ids = patients.map((patient) => patient.patientId);
    await record({ staffEmail: session.email, action: 'patient_search', athenaPatientId: ids.join(','), metadata: { count: ids.length } });
    await audit(ctx, { eventType: 'staff_patient', action: 'patient_search', userId: session.email, statusCode: 200, metadata: { count: ids.length, patientIds: ids } });
    ctx.body = { patients: patients.map(staffPatientRecord) };
  });

  router.post('/api/staff/patient-details', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const { patientId } = decodeOrThrow(StaffPatientDetailsRequest, ctx.request.body);
    const view = await viewPatientForStaff(deps, patientId, now());
    const warnings = view?.warnings.map((warning) => warning.code) ?? [];
    await record({ staffEmail: session.email, action: 'patient_view', athenaPatientId: patientId, metadata: { found: view !== null, warnings } });
    await audit(ctx, { eventType: 'staff_patient', action: 'patient_view', userId: session.email, statusCode: view ? 200 : 404, metadata: { patientId, warnings } });
    if (!view) throw new HttpError(404, { error: 'Patient not found' });
    // The patient's language in the portal (issue 26), null when none is known or it cannot be read now.
    const preferredLanguage = deps.languages ? await deps.languages.languageOf(patientId).catch(() => null) : null;
    ctx.body = { patient: { ...staffPatientRecord(view.patient), preferredLanguage }, warnings: view.warnings };
  });

  router.post('/api/staff/create-subscription', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const request = decodeOrThrow(StaffCreateSubscriptionRequest, ctx.request.body);
    const result = await createStaffSubscription(
      { ...deps.payments, patients: deps.healthRecord },
      {
        patientId: request.patientId,
        membershipTier: request.membershipTier,
        billingEmail: request.email,
        address: {
          line1: request.address.line1,
          line2: request.address.line2 ?? null,
          city: request.address.city,
          state: request.address.state,
          postalCode: request.address.postalCode,
        },
        paymentMethod: request.paymentMethod,
        patientName: request.patientName,
        department: request.department,
      },
    );
    const base = {
      staffEmail: session.email,
      athenaPatientId: request.patientId,
      membershipTier: request.membershipTier,
      paymentMethod: request.paymentMethod,
      practiceLocation: request.department,
    };
    if (E.isLeft(result)) {
      const error = result.left;
      const existing = error.code === 'STAFF.DUPLICATE_SUBSCRIPTION' ? error.existingSubscription.subscriptionId : null;
      await record({ ...base, action: 'create_subscription_refused', stripeSubscriptionId: existing, metadata: { reason: error.code } });
      await audit(ctx, {
        eventType: 'staff_subscription',
        action: 'staff_create_subscription_refused',
        userId: session.email,
        statusCode: statusOf(error.code),
        metadata: { patientId: request.patientId, reason: error.code },
      });
      throw refusal(error);
    }
    const created = result.right;
    await record({
      ...base,
      action: 'create_subscription',
      stripeSubscriptionId: created.subscriptionId,
      stripeCustomerId: created.customerId,
      metadata: { enrollmentId: created.enrollmentId, repeat: created.reused },
    });
    await audit(ctx, {
      eventType: 'staff_subscription',
      action: 'staff_create_subscription',
      userId: session.email,
      enrollmentId: created.enrollmentId,
      statusCode: 200,
      metadata: { patientId: request.patientId, paymentMethod: request.paymentMethod, repeat: created.reused },
    });
    ctx.body = { subscriptionId: created.subscriptionId, clientSecret: created.clientSecret, intentType: created.intentType, invoiceId: created.invoiceId };
  });

  return router;
};

/**
 * Payments (spec enrollment-and-payment §4 'Payment flow', 'Payment return'; §7; issue 6):
 * create-subscription, pay-invoice, payment, reactivate-subscription, complete, customer-check,
 * portal-session and the Stripe webhook.
 *
 * The enrollment follows Stripe: `payment` and every webhook end in core's
 * `reconcileSubscription` (the webhook through `receiveCardEvent`, once per event), which reads Stripe's current state. A webhook is acknowledged only
 * after its effect is committed; one that cannot be applied answers 500 so Stripe sends it again.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import {
  displayName,
  invoiceNumber,
  payEnrollmentInvoice,
  reactivateMembership,
  receiveCardEvent,
  recordPayment,
  startSubscription,
  type Enrollment,
  type Payer,
  type PaymentError,
} from '@portal/core';
import { PayInvoiceRequest, ReactivateSubscriptionRequest, RecordPaymentRequest } from '@portal/contracts';
import type { Logger, PaymentServices } from '@portal/composition';
import type { RequestAudit } from './audit.ts';
import { ownedEnrollment, identify, owns, type EnrollmentAccessDeps, type Requester, ENROLLMENT_NOT_FOUND } from './enrollment-access.ts';
import { enrollmentRecord } from './enrollments.router.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { statusOf } from './error-status.ts';

export interface PaymentsRouterDeps extends EnrollmentAccessDeps {
  readonly payments: PaymentServices;
  readonly logger: Logger;
  readonly publicOrigin: string;
  readonly audit: RequestAudit;
  /** POST /api/stripe/pay-invoice sent with a staff bearer token (staff-portal.router.ts). */
  readonly staffPayInvoice?: (ctx: Context) => Promise<void>;
}

const paymentRefusal = (error: PaymentError): HttpError =>
  new HttpError(statusOf(error.code), {
    error: error.title ?? 'Payment Error',
    message: error.message,
    ...('renewalDate' in error ? { existingSubscription: { status: 'active', renewalDate: error.renewalDate, message: error.message, subscriptionId: '' } } : {}),
  });

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** The request body exactly as sent (the signature covers these bytes). */
const rawBody = async (ctx: Context): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_WEBHOOK_BYTES) throw new HttpError(413, { error: 'Request body too large' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

export const paymentsRouter = (deps: PaymentsRouterDeps): Router => {
  const { enrollments, clock, audit, logger } = deps;
  const { cards } = deps.payments;
  const router = new Router();
  const owned = ownedEnrollment(deps);

  const paymentDeps = deps.payments;

  const payerFor = (requester: Requester, enrollment: Enrollment, billingEmail: string | null): Payer => {
    if (requester.kind === 'session') {
      const person = requester.session.person;
      const email = person.email ?? billingEmail;
      if (!email) throw new HttpError(422, { error: 'Email Required', message: 'An email address is required for billing. Please add a billing email.' });
      return { email, name: displayName(person), billingEmail, patientId: person.patientId };
    }
    // Guests are not offered the billing email override (spec §6).
    return { email: requester.email, name: enrollment.signerName ?? requester.email, billingEmail: null };
  };

  router.post('/api/enrollments/:id/create-subscription', async (ctx) => {
    const { enrollment, requester } = await owned(ctx, String(ctx.params.id ?? ''));
    const billingEmail = requester.kind === 'session' ? (requester.session.data.billingEmail ?? null) : null;
    const result = await startSubscription(paymentDeps, { enrollmentId: enrollment.id, payer: payerFor(requester, enrollment, billingEmail) });
    if (E.isLeft(result)) {
      if (result.left.code === 'ENROLLMENT.NOT_FOUND') throw ENROLLMENT_NOT_FOUND();
      await audit(ctx, { eventType: 'payment', action: 'create_subscription_refused', enrollmentId: enrollment.id, statusCode: statusOf(result.left.code), metadata: { reason: result.left.code } });
      throw paymentRefusal(result.left);
    }
    const start = result.right;
    await audit(ctx, { eventType: 'payment', action: 'create_subscription', enrollmentId: enrollment.id, statusCode: 200, metadata: { kind: start.kind } });
    if (start.kind === 'requires_confirmation') {
      ctx.body = { requiresConfirmation: true, message: start.message, subscriptionId: start.subscriptionId, subscriptionData: { renewalDate: start.renewalDate } };
      return;
    }
    ctx.body = {
      clientSecret: start.clientSecret ?? '',
      intentType: start.intentType ?? 'payment',
      invoiceId: start.invoiceId ?? '',
      subscriptionId: start.subscriptionId,
      ...(start.paid ? { message: 'Already paid' } : {}),
    };
  });

  router.post('/api/stripe/pay-invoice', async (ctx) => {
    if (deps.staffPayInvoice && ctx.get('Authorization') !== '') return deps.staffPayInvoice(ctx);
    const request = decodeOrThrow(PayInvoiceRequest, ctx.request.body);
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    const enrollment = await enrollments.findBySubscription(request.subscriptionId);
    if (!enrollment || !owns(requester, enrollment)) throw ENROLLMENT_NOT_FOUND();
    const result = await payEnrollmentInvoice(paymentDeps, { enrollment, invoiceId: request.invoiceId, subscriptionId: request.subscriptionId, paymentMethodId: request.paymentMethodId });
    if (E.isLeft(result)) throw paymentRefusal(result.left);
    const outcome = result.right;
    await audit(ctx, { eventType: 'payment', action: 'pay_invoice', enrollmentId: enrollment.id, paymentId: request.invoiceId, statusCode: outcome.kind === 'declined' ? 402 : 200, metadata: { outcome: outcome.kind } });
    if (outcome.kind === 'paid') ctx.body = { success: true };
    else if (outcome.kind === 'confirm_payment') ctx.body = { action: 'confirm_payment', clientSecret: outcome.clientSecret };
    else {
      ctx.status = 402;
      ctx.body = { error: outcome.message, code: outcome.code, declineCode: outcome.declineCode };
    }
  });

  router.post('/api/enrollments/:id/payment', async (ctx) => {
    const { enrollment, requester } = await owned(ctx, String(ctx.params.id ?? ''));
    const request = decodeOrThrow(RecordPaymentRequest, ctx.request.body ?? {});
    const billingEmail = requester.kind === 'session' ? (request.billingEmail ?? null) : null;
    const result = await recordPayment(paymentDeps, { enrollment, billingEmail });
    if (E.isLeft(result)) {
      await audit(ctx, { eventType: 'payment', action: 'record_payment_refused', enrollmentId: enrollment.id, statusCode: statusOf(result.left.code) });
      throw paymentRefusal(result.left);
    }
    await audit(ctx, { eventType: 'payment', action: 'record_payment', enrollmentId: enrollment.id, paymentId: result.right.stripePaymentId, statusCode: 200 });
    ctx.body = { success: true, status: result.right.status, receiptUrl: result.right.stripeReceiptUrl };
  });

  router.post('/api/enrollments/:id/reactivate-subscription', async (ctx) => {
    const { enrollment } = await owned(ctx, String(ctx.params.id ?? ''));
    decodeOrThrow(ReactivateSubscriptionRequest, ctx.request.body);
    const result = await reactivateMembership(paymentDeps, { enrollment });
    if (E.isLeft(result)) throw paymentRefusal(result.left);
    await audit(ctx, { eventType: 'payment', action: 'reactivate_subscription', enrollmentId: enrollment.id, statusCode: 200 });
    ctx.body = { message: 'Auto-renewal is back on. Your membership will renew as before.' };
  });

  router.get('/api/enrollments/:id/complete', async (ctx) => {
    const { enrollment } = await owned(ctx, String(ctx.params.id ?? ''));
    ctx.body = { enrollment: { ...enrollmentRecord(enrollment), receiptUrl: enrollment.stripeReceiptUrl }, invoiceNumber: invoiceNumber(enrollment.id) };
    await audit(ctx, { eventType: 'phi_read', action: 'read_enrollment_complete', enrollmentId: enrollment.id });
  });

  const customerOf = async (ctx: Context): Promise<string | null> => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    const owner =
      requester.kind === 'session'
        ? { athenaPatientIds: [requester.session.actingPatientId], guestHash: null }
        : { athenaPatientIds: [], guestHash: requester.guestHash };
    return (await enrollments.findWithCustomer(owner))?.stripeCustomerId ?? null;
  };

  router.get('/api/stripe/customer-check', async (ctx) => {
    ctx.body = { hasCustomer: (await customerOf(ctx)) !== null };
    await audit(ctx, { eventType: 'payment', action: 'customer_check' });
  });

  router.post('/api/stripe/portal-session', async (ctx) => {
    const customerId = await customerOf(ctx);
    if (!customerId) {
      ctx.status = 404;
      ctx.body = { success: false, message: 'No billing account was found for this membership.' };
      return;
    }
    const { url } = await cards.createPortalSession(customerId, `${deps.publicOrigin}/billing/return`);
    await audit(ctx, { eventType: 'payment', action: 'open_billing_portal', statusCode: 200 });
    ctx.body = { success: true, portalUrl: url };
  });

  router.post(STRIPE_WEBHOOK_PATH, async (ctx) => {
    const raw = await rawBody(ctx);
    const verified = cards.verifyWebhook(raw, ctx.get('Stripe-Signature') || undefined, clock.now());
    if (!verified.ok) {
      logger.warn({ reason: verified.reason }, 'stripe webhook refused');
      ctx.status = 400;
      ctx.body = { error: 'Invalid webhook signature' };
      return;
    }
    const { event } = verified;
    const { duplicate, reconciled } = await receiveCardEvent(paymentDeps, event);
    ctx.body = { received: true };
    // Stripe's events move enrollments (and 'Paid Up' in the health record): each one is in the trail.
    await audit(ctx, {
      eventType: 'payment',
      action: 'stripe_event',
      enrollmentId: reconciled?.enrollment.id ?? null,
      metadata: { type: event.type, eventId: event.id, duplicate, changed: reconciled?.changed ?? false },
    });
  });

  return router;
};

/**
 * Staff create a membership subscription for a patient (booking-dashboard-staff §4 'Staff flow',
 * §5, §7 create-subscription, §8 'Duplicate subscription'), through the patient path's own
 * payment use case (startSubscription): the same customer per patient, the same conflict rules
 * (classifyExistingSubscriptions), the same idempotency keys.
 *
 * Under a lock per patient (one holder across processes):
 * 1. the patient must exist in the health record;
 * 2. the customer's subscriptions are classified first: a live one (or a discrepancy, or one set
 *    to cancel) answers the conflict with `existingSubscription`, before anything is stored;
 * 3. the patient's newest enrollment with a customer is reused when it is waiting for a card
 *    payment for the same tier (a repeated click: startSubscription answers the same
 *    subscription under the same key); otherwise a new enrollment is made, waiting for payment.
 * Card → the first invoice's client secret (Stripe.js collects the card; pay-invoice pays it).
 * Manual payment → an emailed invoice (collection send_invoice): the subscription is active at
 * once, and the enrollment becomes active when Stripe says the invoice is paid.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { TIERS, type TierCode } from '../domain/tier.ts';
import { classifyExistingSubscriptions, type ExistingSubscriptionSummary } from '../policies/subscription-conflict.policy.ts';
import type { BillingAddress, BillingSubscription } from '../ports/cards.port.ts';
import type { Enrollment } from '../ports/enrollment.repository.port.ts';
import type { HealthRecord } from '../ports/health-record.port.ts';
import {
  payEnrollmentInvoice,
  reconcileSubscription,
  startSubscription,
  type PayInvoiceOutcome,
  type PaymentDeps,
  type PaymentError,
} from './membership-payment.use-case.ts';

export const STAFF_PAYMENT_CARD = 'card';
export const STAFF_PAYMENT_MANUAL = 'manual_payment';
export type StaffPaymentMethod = typeof STAFF_PAYMENT_CARD | typeof STAFF_PAYMENT_MANUAL;

export const DUPLICATE_SUBSCRIPTION_TITLE = 'Duplicate Subscription Detected';
export const STAFF_PATIENT_NOT_FOUND = 'Patient not found';
export const STAFF_TIER_NOT_PAID = 'Staff can only create subscriptions for paid membership tiers';

export interface StaffSubscriptionInput {
  readonly patientId: string;
  readonly membershipTier: TierCode;
  readonly billingEmail: string;
  readonly address: BillingAddress;
  readonly paymentMethod: StaffPaymentMethod;
  readonly patientName: string;
  readonly department: string;
}

export type StaffSubscriptionError =
  | DomainError<'STAFF.PATIENT_NOT_FOUND'>
  | DomainError<'STAFF.TIER_NOT_PAID'>
  | DomainError<'PAYMENT.NOT_READY' | 'PAYMENT.MISMATCH' | 'PAYMENT.NOT_PAID' | 'PAYMENT.NOTHING_TO_REACTIVATE' | 'ENROLLMENT.NOT_FOUND'>
  | (DomainError<'STAFF.DUPLICATE_SUBSCRIPTION'> & { readonly existingSubscription: ExistingSubscriptionSummary });

export interface StaffSubscriptionCreated {
  readonly enrollmentId: string;
  readonly customerId: string | null;
  readonly subscriptionId: string;
  /** Card: the secret Stripe.js confirms with; manual payment: null. */
  readonly clientSecret: string | null;
  readonly intentType: 'setup' | 'payment' | null;
  readonly invoiceId: string | null;
  /** Whether this answer made a new enrollment (false: a repeat answered the same subscription). */
  readonly reused: boolean;
}

export interface StaffSubscriptionDeps extends PaymentDeps {
  readonly patients: Pick<HealthRecord, 'getPatient'>;
}

const duplicate = (existingSubscription: ExistingSubscriptionSummary, message: string): StaffSubscriptionError => ({
  code: 'STAFF.DUPLICATE_SUBSCRIPTION',
  title: DUPLICATE_SUBSCRIPTION_TITLE,
  message,
  existingSubscription,
});

const asExisting = (subscription: BillingSubscription) => ({
  id: subscription.id,
  status: subscription.status,
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
  priceTier: subscription.tier,
});

/** A staff answer for a payment-use-case refusal: conflicts become the duplicate answer. */
const fromPaymentError = (error: PaymentError | DomainError<'ENROLLMENT.NOT_FOUND'>, subscriptions: readonly BillingSubscription[]): StaffSubscriptionError => {
  if (error.code === 'SUBSCRIPTION.EXISTING_ACTIVE' || error.code === 'SUBSCRIPTION.DATA_DISCREPANCY') {
    const live = subscriptions.find((subscription) => subscription.status === 'active' || subscription.status === 'trialing') ?? subscriptions[0];
    return duplicate(
      { status: live?.status ?? 'active', renewalDate: 'renewalDate' in error ? error.renewalDate : null, message: error.message, subscriptionId: live?.id ?? '' },
      error.message,
    );
  }
  return error as StaffSubscriptionError;
};

export const createStaffSubscription = async (
  deps: StaffSubscriptionDeps,
  input: StaffSubscriptionInput,
): Promise<E.Either<StaffSubscriptionError, StaffSubscriptionCreated>> => {
  if (!TIERS[input.membershipTier].paid) return E.left(domainError('STAFF.TIER_NOT_PAID', STAFF_TIER_NOT_PAID));
  return deps.enrollments.withLock(`staff-patient:${input.patientId}`, async () => {
    const patient = await deps.patients.getPatient(input.patientId);
    if (!patient) return E.left(domainError('STAFF.PATIENT_NOT_FOUND', STAFF_PATIENT_NOT_FOUND));
    const now = deps.clock.now();

    const previous = await deps.enrollments.findWithCustomer({ athenaPatientIds: [input.patientId], guestHash: null });
    const subscriptions = previous?.stripeCustomerId ? await deps.cards.listSubscriptions(previous.stripeCustomerId) : [];
    const decision = classifyExistingSubscriptions(subscriptions.map(asExisting), now);
    if (decision.kind === 'conflict') return E.left(duplicate(decision.existingSubscription, decision.message));
    if (decision.kind === 'offer_reactivation') {
      return E.left(duplicate({ status: 'active', renewalDate: decision.renewalDate, message: decision.message, subscriptionId: decision.subscriptionId }, decision.message));
    }

    const pendingCard =
      previous !== null &&
      input.paymentMethod === STAFF_PAYMENT_CARD &&
      previous.status === 'payment_pending' &&
      previous.membershipTier === input.membershipTier &&
      subscriptions.some((subscription) => subscription.id === previous.stripeSubscriptionId && subscription.status === 'incomplete');
    const enrollment: Enrollment = pendingCard
      ? previous
      : await deps.enrollments.create({
          status: 'payment_pending',
          membershipTier: input.membershipTier,
          department: input.department,
          athenaPatientId: input.patientId,
          patientStatus: 'existing',
          isGuardianSigning: false,
          signerName: input.patientName,
          createdAt: now,
        });

    const started = await startSubscription(deps, {
      enrollmentId: enrollment.id,
      payer: { email: input.billingEmail, name: input.patientName, billingEmail: input.billingEmail, address: input.address },
      ...(input.paymentMethod === STAFF_PAYMENT_MANUAL ? { collection: 'send_invoice' as const } : {}),
    });
    if (E.isLeft(started)) return E.left(fromPaymentError(started.left, subscriptions));
    const start = started.right;
    if (start.kind === 'requires_confirmation') {
      return E.left(duplicate({ status: 'active', renewalDate: start.renewalDate, message: start.message, subscriptionId: start.subscriptionId }, start.message));
    }
    const stored = await deps.enrollments.findById(enrollment.id);
    return E.right({
      enrollmentId: enrollment.id,
      customerId: stored?.stripeCustomerId ?? null,
      subscriptionId: start.subscriptionId,
      clientSecret: input.paymentMethod === STAFF_PAYMENT_MANUAL ? null : start.clientSecret,
      intentType: input.paymentMethod === STAFF_PAYMENT_MANUAL ? null : start.intentType,
      invoiceId: start.invoiceId,
      reused: pendingCard,
    });
  });
};

/**
 * Staff pay-invoice: the invoice of a subscription an enrollment of ours owns, paid with the card
 * Stripe.js collected. When paid, the enrollment is reconciled at once (as the webhook would).
 */
export const payStaffInvoice = async (
  deps: PaymentDeps,
  input: { readonly invoiceId: string; readonly subscriptionId: string; readonly paymentMethodId: string },
): Promise<E.Either<PaymentError | DomainError<'ENROLLMENT.NOT_FOUND'>, { readonly outcome: PayInvoiceOutcome; readonly enrollment: Enrollment }>> => {
  const enrollment = await deps.enrollments.findBySubscription(input.subscriptionId);
  if (!enrollment) return E.left(domainError('ENROLLMENT.NOT_FOUND', 'Enrollment not found'));
  const paid = await payEnrollmentInvoice(deps, { enrollment, ...input });
  if (E.isLeft(paid)) return paid;
  if (paid.right.kind === 'paid') await reconcileSubscription(deps, input.subscriptionId);
  return E.right({ outcome: paid.right, enrollment });
};

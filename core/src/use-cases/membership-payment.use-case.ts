/**
 * Paying for a membership (spec enrollment-and-payment §4 'Payment flow', 'Payment return'; §7
 * create-subscription, pay-invoice, payment, reactivate-subscription; issue 6). The caller has
 * checked that the requester owns the enrollment.
 *
 * The record follows Stripe, never the browser: a payment is recorded only when Stripe says the
 * subscription's invoice is paid. `reconcileSubscription` reads Stripe's current state and moves
 * the enrollment to match; the payment call, every webhook and the reconciler job all end there,
 * so events in any order, repeated, or a server that died between the charge and the record,
 * all converge on the same state.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { DEFAULT_LOCALE, type Locale } from '../domain/locale.ts';
import { PAST_DUE_EMAILS } from '../domain/notice-texts.ts';
import type { EnrollmentStatus } from '../domain/enrollment.ts';
import { TIERS } from '../domain/tier.ts';
import { classifyExistingSubscriptions, type SubscriptionConflictDecision } from '../policies/subscription-conflict.policy.ts';
import type { BillingAddress, BillingCustomer, MembershipInvoice, Cards, BillingSubscription, SubscriptionCollection } from '../ports/cards.port.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { Enrollment, EnrollmentRepository } from '../ports/enrollment.repository.port.ts';
import {
  PAID_UP_CUSTOM_FIELD_ID,
  PAID_UP_YES_OPTION_ID,
  type HealthRecordCustomFields,
} from '../ports/health-record.port.ts';
import type { Mailer } from '../ports/mailer.port.ts';
import type { SubscriptionCache } from '../ports/subscription-cache.port.ts';
import { forgetMembership } from './membership-status-cache.use-case.ts';

export const PAID_UP_NO_OPTION_ID = '2102';

export const PAYMENT_NOT_READY_TITLE = 'Payment Not Available';
export const PAYMENT_NOT_READY_MESSAGE = 'Please sign the membership documents before paying.';
export const MISSING_CHARGE_INFO_MESSAGE = 'Missing payment/invoice/subscription info to complete charge.';
export const NOT_PAID_TITLE = 'Payment failed';
export const NOT_PAID_MESSAGE = 'Payment failed - Please try again';
export const CARD_DECLINED_FALLBACK = 'Your card was declined. Please try a different card.';

export type PaymentError =
  | DomainError<'PAYMENT.NOT_READY'>
  | DomainError<'PAYMENT.MISMATCH'>
  | DomainError<'PAYMENT.NOT_PAID'>
  | DomainError<'PAYMENT.NOTHING_TO_REACTIVATE'>
  | (DomainError<'SUBSCRIPTION.EXISTING_ACTIVE' | 'SUBSCRIPTION.DATA_DISCREPANCY'> & { readonly renewalDate: string | null });

export interface PaymentDeps {
  readonly enrollments: EnrollmentRepository;
  readonly cards: Cards;
  readonly healthRecord: HealthRecordCustomFields;
  readonly clock: Clock;
  /** The kept membership statuses: every change below drops the ones it makes wrong (forgetMembership). */
  readonly subscriptionCache: SubscriptionCache;
}

/** Where the membership's money comes from: the signer's verified email, or the billing email. */
export interface Payer {
  readonly email: string;
  readonly name: string;
  readonly billingEmail: string | null;
  /**
   * The payer's own health-record patient when known (a signed-in person, a caregiver paying for a
   * dependent): their own dashboard lists customers found by their email, so it changes too.
   */
  readonly patientId?: string | null;
  /** Staff enter a billing address for a new customer. */
  readonly address?: BillingAddress;
}

export type SubscriptionStart =
  | {
      readonly kind: 'setup';
      readonly clientSecret: string | null;
      readonly intentType: 'payment' | 'setup' | null;
      readonly invoiceId: string | null;
      readonly subscriptionId: string;
      /** Already paid (a repeat after success): go to the confirmation. */
      readonly paid: boolean;
    }
  | { readonly kind: 'requires_confirmation'; readonly subscriptionId: string; readonly renewalDate: string; readonly message: string };

/** Statuses from which the payment step may start (or start again). */
const PAYABLE: readonly EnrollmentStatus[] = ['signed', 'privacy_signed', 'payment_pending'];

const readyToPay = (enrollment: Enrollment): boolean => {
  if (!TIERS[enrollment.membershipTier].paid || !PAYABLE.includes(enrollment.status)) return false;
  // A new patient signs the privacy notice before paying.
  return !(enrollment.patientStatus === 'new' && enrollment.status === 'signed');
};

const notReady = () => E.left(domainError('PAYMENT.NOT_READY', PAYMENT_NOT_READY_MESSAGE, PAYMENT_NOT_READY_TITLE));

const conflictError = (decision: Extract<SubscriptionConflictDecision, { kind: 'conflict' }>): PaymentError => ({
  code: decision.code,
  title: decision.error,
  message: decision.message,
  renewalDate: 'existingSubscription' in decision && decision.existingSubscription ? decision.existingSubscription.renewalDate : null,
});

/**
 * The patient's card customer: the one our enrollments of this patient already use, else a new
 * one (keyed by the patient, so a retry makes one). Customers are per patient, not per email: a
 * caregiver paying for two dependents has two memberships, each on its own customer.
 */
const findOrCreateCustomer = async (deps: PaymentDeps, enrollment: Enrollment, payer: Payer): Promise<BillingCustomer> => {
  const owner = enrollment.athenaPatientId ?? `guest-${enrollment.guestHash ?? enrollment.id}`;
  const known = enrollment.athenaPatientId ? await deps.enrollments.findWithCustomer({ athenaPatientIds: [enrollment.athenaPatientId], guestHash: null }) : null;
  const existing = known?.stripeCustomerId ? await deps.cards.getCustomer(known.stripeCustomerId) : null;
  if (existing) return existing;
  const email = payer.billingEmail ?? payer.email;
  return deps.cards.createCustomer(
    { email, name: payer.name, metadata: { athenaPatientId: enrollment.athenaPatientId ?? '', enrollmentId: enrollment.id }, ...(payer.address ? { address: payer.address } : {}) },
    `customer:${owner}`,
  );
};

/**
 * create-subscription: under the enrollment's lock, find or create the customer, classify the
 * customer's subscriptions (core rule), and create ours with a key derived from the enrollment
 * and tier — a repeat or twenty concurrent calls answer the same subscription.
 */
export const startSubscription = async (
  deps: PaymentDeps,
  input: {
    readonly enrollmentId: string;
    readonly payer: Payer;
    /** Staff's manual payment: an emailed invoice instead of the card (the patient path never sets it). */
    readonly collection?: SubscriptionCollection;
  },
): Promise<E.Either<PaymentError | DomainError<'ENROLLMENT.NOT_FOUND'>, SubscriptionStart>> =>
  deps.enrollments.withLock(input.enrollmentId, async () => {
    const enrollment = await deps.enrollments.findById(input.enrollmentId);
    if (!enrollment) return E.left(domainError('ENROLLMENT.NOT_FOUND', 'Enrollment not found'));
    if (enrollment.status === 'active') {
      return E.right({ kind: 'setup', clientSecret: null, intentType: null, invoiceId: null, subscriptionId: enrollment.stripeSubscriptionId ?? '', paid: true });
    }
    if (!readyToPay(enrollment)) return notReady();
    const now = deps.clock.now();

    const customer = await findOrCreateCustomer(deps, enrollment, input.payer);
    const others = (await deps.cards.listSubscriptions(customer.id)).filter((subscription) => subscription.id !== enrollment.stripeSubscriptionId);
    const decision = classifyExistingSubscriptions(
      others.map((subscription) => ({
        id: subscription.id,
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
        priceTier: subscription.tier,
      })),
      now,
    );
    if (decision.kind === 'conflict') return E.left(conflictError(decision));
    if (decision.kind === 'offer_reactivation') {
      await deps.enrollments.setPayment(enrollment.id, { stripeCustomerId: customer.id }, now);
      await forgetMembership(deps, { patientIds: [enrollment.athenaPatientId, input.payer.patientId], customerIds: [customer.id] });
      return E.right({ kind: 'requires_confirmation', subscriptionId: decision.subscriptionId, renewalDate: decision.renewalDate, message: decision.message });
    }

    const invoiced = input.collection === 'send_invoice';
    const setup = await deps.cards.createSubscription(
      {
        customerId: customer.id,
        tier: enrollment.membershipTier,
        metadata: { enrollmentId: enrollment.id, athenaPatientId: enrollment.athenaPatientId ?? '' },
        ...(invoiced ? { collection: 'send_invoice' as const } : {}),
      },
      `subscription:${enrollment.id}:${enrollment.membershipTier}${invoiced ? ':invoice' : ''}`,
    );
    await deps.enrollments.setPayment(
      enrollment.id,
      { stripeCustomerId: customer.id, stripeSubscriptionId: setup.subscription.id, ...(input.payer.billingEmail ? { billingEmail: input.payer.billingEmail } : {}) },
      now,
    );
    if (enrollment.status !== 'payment_pending') await deps.enrollments.updateStatus(enrollment.id, 'payment_pending', now);
    // A first customer, a new subscription (staff's invoiced one is active at once).
    await forgetMembership(deps, { patientIds: [enrollment.athenaPatientId, input.payer.patientId], customerIds: [customer.id] });
    const invoice = setup.invoiceId ? await deps.cards.getInvoice(setup.invoiceId) : null;
    return E.right({
      kind: 'setup',
      clientSecret: setup.clientSecret,
      intentType: setup.intentType,
      invoiceId: setup.invoiceId,
      subscriptionId: setup.subscription.id,
      paid: invoice?.status === 'paid',
    });
  });

export type PayInvoiceOutcome =
  | { readonly kind: 'paid' }
  | { readonly kind: 'confirm_payment'; readonly clientSecret: string }
  | { readonly kind: 'declined'; readonly message: string; readonly code: string | null; readonly declineCode: string | null };

/**
 * pay-invoice: the invoice must be the latest of this enrollment's subscription. The card is made
 * the invoice customer's first (attachCard: Stripe refuses to pay an invoice with anyone else's).
 */
export const payEnrollmentInvoice = async (
  deps: PaymentDeps,
  input: { readonly enrollment: Enrollment; readonly invoiceId: string; readonly subscriptionId: string; readonly paymentMethodId: string },
): Promise<E.Either<PaymentError, PayInvoiceOutcome>> => {
  const { enrollment } = input;
  if (!enrollment.stripeSubscriptionId || enrollment.stripeSubscriptionId !== input.subscriptionId) {
    return E.left(domainError('PAYMENT.MISMATCH', MISSING_CHARGE_INFO_MESSAGE, NOT_PAID_TITLE));
  }
  const invoice = await deps.cards.getInvoice(input.invoiceId);
  if (!invoice || invoice.subscriptionId !== input.subscriptionId) {
    return E.left(domainError('PAYMENT.MISMATCH', MISSING_CHARGE_INFO_MESSAGE, NOT_PAID_TITLE));
  }
  if (invoice.status === 'paid') return E.right({ kind: 'paid' });
  // Stripe pays an invoice only with a card of its customer; the browser's new card has none yet.
  const attached = await deps.cards.attachCard(input.paymentMethodId, invoice.customerId, `attach:${invoice.customerId}:${input.paymentMethodId}`);
  if (attached.kind === 'declined') {
    return E.right({ kind: 'declined', message: attached.message || CARD_DECLINED_FALLBACK, code: attached.code, declineCode: attached.declineCode });
  }
  const card = attached.paymentMethodId;
  const result = await deps.cards.payInvoice(input.invoiceId, card, `pay:${input.invoiceId}:${card}`);
  if (result.kind === 'paid') return E.right({ kind: 'paid' });
  if (result.kind === 'requires_action') return E.right({ kind: 'confirm_payment', clientSecret: result.clientSecret });
  return E.right({ kind: 'declined', message: result.message || CARD_DECLINED_FALLBACK, code: result.code, declineCode: result.declineCode });
};

export interface ReconcileResult {
  readonly enrollment: Enrollment;
  readonly subscription: BillingSubscription | null;
  readonly changed: boolean;
}

const setPaidUp = async (deps: PaymentDeps, enrollment: Enrollment, paid: boolean): Promise<void> => {
  if (!enrollment.athenaPatientId) return;
  await deps.healthRecord.updateCustomFields(enrollment.athenaPatientId, enrollment.department ?? '1', [
    { customFieldId: PAID_UP_CUSTOM_FIELD_ID, optionId: paid ? PAID_UP_YES_OPTION_ID : PAID_UP_NO_OPTION_ID },
  ]);
};

const paidInvoice = async (deps: PaymentDeps, subscription: BillingSubscription): Promise<MembershipInvoice | null> => {
  if (!subscription.latestInvoiceId) return null;
  const invoice = await deps.cards.getInvoice(subscription.latestInvoiceId);
  return invoice?.status === 'paid' ? invoice : null;
};

/**
 * Moves the enrollment to match Stripe. Idempotent: a second call with nothing new changes
 * nothing. The health record's 'Paid Up' field follows the membership (written before our row
 * changes, so a failure there leaves the row to be mended by the next call).
 */
export const reconcileSubscription = async (
  deps: PaymentDeps & { readonly notifyPastDue?: (enrollment: Enrollment, invoiceId: string) => Promise<void> },
  subscriptionId: string,
): Promise<ReconcileResult | null> => {
  const found = await deps.enrollments.findBySubscription(subscriptionId);
  if (!found) return null;
  const result = await moveEnrollmentToStripe(deps, found, subscriptionId);
  if (result.changed) {
    await forgetMembership(deps, {
      patientIds: [result.enrollment.athenaPatientId],
      customerIds: [result.enrollment.stripeCustomerId, result.subscription?.customerId],
    });
  }
  return result;
};

const moveEnrollmentToStripe = (
  deps: PaymentDeps & { readonly notifyPastDue?: (enrollment: Enrollment, invoiceId: string) => Promise<void> },
  found: Enrollment,
  subscriptionId: string,
): Promise<ReconcileResult> =>
  deps.enrollments.withLock(found.id, async () => {
    const enrollment = (await deps.enrollments.findById(found.id)) ?? found;
    const subscription = await deps.cards.getSubscription(subscriptionId);
    if (!subscription) return { enrollment, subscription, changed: false };
    const now = deps.clock.now();
    const status = enrollment.status;

    if ((subscription.status === 'active' || subscription.status === 'trialing') && (status === 'payment_pending' || status === 'past_due' || status === 'active')) {
      const invoice = await paidInvoice(deps, subscription);
      if (!invoice) return { enrollment, subscription, changed: false };
      const start = status === 'active' ? enrollment.membershipStartDate : (invoice.periodStart ?? subscription.currentPeriodStart ?? invoice.paidAt ?? now);
      const end = subscription.currentPeriodEnd ?? invoice.periodEnd;
      const sameEnd = enrollment.membershipEndDate?.getTime() === end?.getTime();
      if (status === 'active' && sameEnd) return { enrollment, subscription, changed: false };
      if (status !== 'active') await setPaidUp(deps, enrollment, true);
      const receipt = await deps.cards.receiptUrl(invoice.id).catch(() => null);
      await deps.enrollments.setPayment(
        enrollment.id,
        { stripePaymentId: invoice.id, stripeReceiptUrl: receipt ?? enrollment.stripeReceiptUrl, membershipStartDate: start, membershipEndDate: end ?? null },
        now,
      );
      if (status !== 'active') await deps.enrollments.updateStatus(enrollment.id, 'active', now);
      return { enrollment: (await deps.enrollments.findById(enrollment.id)) ?? enrollment, subscription, changed: true };
    }

    if ((subscription.status === 'past_due' || subscription.status === 'unpaid') && status === 'active') {
      await deps.enrollments.updateStatus(enrollment.id, 'past_due', now);
      if (subscription.latestInvoiceId) await deps.notifyPastDue?.(enrollment, subscription.latestInvoiceId);
      return { enrollment: (await deps.enrollments.findById(enrollment.id)) ?? enrollment, subscription, changed: true };
    }

    if (subscription.status === 'canceled' && (status === 'active' || status === 'past_due' || status === 'payment_pending')) {
      if (status !== 'payment_pending') await setPaidUp(deps, enrollment, false);
      await deps.enrollments.updateStatus(enrollment.id, 'cancelled', now);
      return { enrollment: (await deps.enrollments.findById(enrollment.id)) ?? enrollment, subscription, changed: true };
    }
    return { enrollment, subscription, changed: false };
  });

/**
 * payment (record): asks Stripe, never the browser. Paid → the enrollment is active (once);
 * not paid yet → 'Payment failed - Please try again' and nothing changes.
 */
export const recordPayment = async (
  deps: PaymentDeps,
  input: { readonly enrollment: Enrollment; readonly billingEmail?: string | null },
): Promise<E.Either<PaymentError, Enrollment>> => {
  const { enrollment } = input;
  if (enrollment.status === 'active') return E.right(enrollment);
  if (!enrollment.stripeSubscriptionId) return E.left(domainError('PAYMENT.NOT_PAID', MISSING_CHARGE_INFO_MESSAGE, NOT_PAID_TITLE));
  const billingEmail = input.billingEmail?.trim().toLowerCase();
  if (billingEmail && billingEmail !== enrollment.billingEmail) {
    // The billing email chosen on the payment card: Stripe's receipts and notices go there.
    if (enrollment.stripeCustomerId) await deps.cards.updateCustomerEmail(enrollment.stripeCustomerId, billingEmail, `billing-email:${enrollment.id}:${billingEmail}`);
    await deps.enrollments.setPayment(enrollment.id, { billingEmail }, deps.clock.now());
  }
  const result = await reconcileSubscription(deps, enrollment.stripeSubscriptionId);
  if (result?.enrollment.status === 'active') return E.right(result.enrollment);
  return E.left(domainError('PAYMENT.NOT_PAID', NOT_PAID_MESSAGE, NOT_PAID_TITLE));
};

/** reactivate-subscription: the customer's subscription that is set to cancel renews again. */
export const reactivateMembership = async (
  deps: PaymentDeps,
  input: { readonly enrollment: Enrollment },
): Promise<E.Either<PaymentError, BillingSubscription>> => {
  const { enrollment } = input;
  if (!enrollment.stripeCustomerId) return E.left(domainError('PAYMENT.NOTHING_TO_REACTIVATE', 'There is no subscription to reactivate.', 'Reactivation Failed'));
  const subscriptions = await deps.cards.listSubscriptions(enrollment.stripeCustomerId);
  const decision = classifyExistingSubscriptions(
    subscriptions.map((s) => ({ id: s.id, status: s.status, cancelAtPeriodEnd: s.cancelAtPeriodEnd, currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null, priceTier: s.tier })),
    deps.clock.now(),
  );
  if (decision.kind !== 'offer_reactivation') {
    return E.left(domainError('PAYMENT.NOTHING_TO_REACTIVATE', 'There is no subscription set to cancel.', 'Reactivation Failed'));
  }
  const reactivated = await deps.cards.reactivateSubscription(decision.subscriptionId, `reactivate:${enrollment.id}:${decision.subscriptionId}`);
  await forgetMembership(deps, { patientIds: [enrollment.athenaPatientId], customerIds: [enrollment.stripeCustomerId] });
  return E.right(reactivated);
};

/** The past-due notice: a link to the billing portal, nothing about health; in the payer's language (English by default). */
export const pastDueEmail = (to: string, portalUrl: string, locale: Locale = DEFAULT_LOCALE): Parameters<Mailer['send']>[0] => ({
  to,
  ...PAST_DUE_EMAILS[locale]({ portalUrl }),
});

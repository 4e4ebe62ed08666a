/**
 * Card payment, subscriptions and billing (enrollment-and-payment §3, §5 "Payment", §7;
 * booking-dashboard-staff §3, §5, §7). Amounts are integer cents; instants are ISO 8601 strings.
 */
import * as t from 'io-ts';
import { optionalEmailAddress, emailChecks, optionalStripeId, stripeId } from './fields.ts';
import { EnrollmentStatusCodec } from './enrollment.codecs.ts';
import { TEXT_LIMITS, flag, form, literalTrue, literalUnion, nullable, optionalText, when } from './validation.ts';
import type { FormType } from './validation.ts';

export const PAY_INVOICE_MISSING_MESSAGE = 'Missing payment/invoice/subscription info to complete charge.';
export const STAFF_PAY_INVOICE_MISSING_MESSAGE = 'Missing payment information to complete charge';

export const INVALID_INVOICE_ID_MESSAGE = 'Invalid invoice ID';
export const INVALID_PAYMENT_METHOD_MESSAGE = 'Invalid payment method. Please enter your card again.';
export const INVALID_SUBSCRIPTION_ID_MESSAGE = 'Invalid subscription ID';

/** Stripe's ids, checked for their prefix before Stripe is called: in_…, pm_… (or a card_/src_ source), sub_…. */
const payInvoiceProps = (message: string) => ({
  invoiceId: stripeId(['in'], message, INVALID_INVOICE_ID_MESSAGE),
  paymentMethodId: stripeId(['pm', 'card', 'src'], message, INVALID_PAYMENT_METHOD_MESSAGE),
  subscriptionId: stripeId(['sub'], message, INVALID_SUBSCRIPTION_ID_MESSAGE),
});

/** POST /api/stripe/pay-invoice (patient checkout). */
export const PayInvoiceRequest = form('PayInvoiceRequest', payInvoiceProps(PAY_INVOICE_MISSING_MESSAGE));
export type PayInvoiceRequest = t.TypeOf<typeof PayInvoiceRequest>;

/** POST /api/stripe/pay-invoice sent by the staff portal (with its bearer token). */
export const StaffPayInvoiceRequest = form('StaffPayInvoiceRequest', payInvoiceProps(STAFF_PAY_INVOICE_MISSING_MESSAGE));
export type StaffPayInvoiceRequest = t.TypeOf<typeof StaffPayInvoiceRequest>;

/**
 * POST /api/enrollments/{id}/payment: records the payment. Empty on the return screen; an
 * optional billing email (provider-login users); a secondary, unused variant sends paymentMethodId.
 */
export const RecordPaymentRequest = form('RecordPaymentRequest', {
  billingEmail: optionalEmailAddress('Invalid billing email address'),
  paymentMethodId: optionalStripeId(['pm', 'card', 'src'], INVALID_PAYMENT_METHOD_MESSAGE),
});
export type RecordPaymentRequest = t.TypeOf<typeof RecordPaymentRequest>;

/** POST /api/enrollments/{id}/reactivate-subscription. */
export const ReactivateSubscriptionRequest = form('ReactivateSubscriptionRequest', {
  confirmed: literalTrue('Confirmation is required'),
});
export type ReactivateSubscriptionRequest = t.TypeOf<typeof ReactivateSubscriptionRequest>;

const billingEmailFormProps = {
  useDifferentBillingEmail: flag(false, 'Different billing email must be true or false'),
  billingEmail: optionalText({ maxLength: TEXT_LIMITS.email }),
};

/** The payment card's optional billing email: when the box is checked the email is required. */
export const BillingEmailForm = form('BillingEmailForm', billingEmailFormProps, {
  rules: [
    when<FormType<typeof billingEmailFormProps>>((v) => v.useDifferentBillingEmail === true, {
      field: 'billingEmail',
      required: 'Billing email is required',
      checks: emailChecks('Invalid billing email address'),
    }),
  ],
  finalize: (value) => (value.useDifferentBillingEmail ? value : { useDifferentBillingEmail: false }),
});
export type BillingEmailForm = t.TypeOf<typeof BillingEmailForm>;

// ---------------------------------------------------------------------------------------------
// Answers

export const IntentType = literalUnion(['payment', 'setup'], 'IntentType');
export type IntentType = t.TypeOf<typeof IntentType>;

/** A client secret to confirm in the browser: a payment intent, or a setup intent when nothing is due now. */
export const SubscriptionSetupReady = t.intersection(
  [
    t.type({ clientSecret: t.string, intentType: IntentType, invoiceId: t.string, subscriptionId: t.string }),
    t.partial({ message: t.string }),
  ],
  'SubscriptionSetupReady',
);
export type SubscriptionSetupReady = t.TypeOf<typeof SubscriptionSetupReady>;

/** An existing subscription set to end: offer to turn auto-renewal back on ('Existing Subscription Found'). */
export const SubscriptionSetupExisting = t.intersection(
  [
    t.type({
      requiresConfirmation: t.literal(true),
      message: t.string,
      subscriptionData: t.type({ renewalDate: t.string }),
    }),
    t.partial({ subscriptionId: t.string }),
  ],
  'SubscriptionSetupExisting',
);
export type SubscriptionSetupExisting = t.TypeOf<typeof SubscriptionSetupExisting>;

/** A failure the client shows as a toast. */
export const SubscriptionSetupError = t.intersection(
  [t.type({ error: t.string }), t.partial({ message: t.string })],
  'SubscriptionSetupError',
);
export type SubscriptionSetupError = t.TypeOf<typeof SubscriptionSetupError>;

/** POST /api/enrollments/{id}/create-subscription: the subscription setup response. */
export const SubscriptionSetupResponse = t.union(
  [SubscriptionSetupReady, SubscriptionSetupExisting, SubscriptionSetupError],
  'SubscriptionSetupResponse',
);
export type SubscriptionSetupResponse = t.TypeOf<typeof SubscriptionSetupResponse>;

/** The summary of an existing subscription in a 409 (booking-dashboard-staff §3 "Conflict response"). */
export const ExistingSubscriptionSummary = t.type(
  { status: t.string, renewalDate: nullable(t.string), message: t.string, subscriptionId: t.string },
  'ExistingSubscriptionSummary',
);
export type ExistingSubscriptionSummary = t.TypeOf<typeof ExistingSubscriptionSummary>;

/**
 * The 409 body of subscription creation (patient and staff): `error` is 'Existing Active
 * Subscription' or 'Subscription Data Discrepancy'; staff show 'Duplicate Subscription Detected'.
 */
export const ConflictResponse = t.intersection(
  [
    t.type({ existingSubscription: ExistingSubscriptionSummary }),
    t.partial({ error: t.string, message: t.string, subscriptionIds: t.array(t.string) }),
  ],
  'ConflictResponse',
);
export type ConflictResponse = t.TypeOf<typeof ConflictResponse>;

/** POST /api/stripe/pay-invoice: the bank asks for authentication. */
export const PayInvoiceConfirm = t.type(
  { action: t.literal('confirm_payment'), clientSecret: t.string },
  'PayInvoiceConfirm',
);
/** POST /api/stripe/pay-invoice: paid without further action. */
export const PayInvoicePaid = t.type({ success: t.literal(true) }, 'PayInvoicePaid');
export const PayInvoiceResponse = t.union([PayInvoiceConfirm, PayInvoicePaid, SubscriptionSetupError], 'PayInvoiceResponse');
export type PayInvoiceResponse = t.TypeOf<typeof PayInvoiceResponse>;

/** POST /api/enrollments/{id}/payment. */
export const RecordPaymentResponse = t.intersection(
  [t.type({ success: t.boolean }), t.partial({ status: EnrollmentStatusCodec, receiptUrl: nullable(t.string), message: t.string })],
  'RecordPaymentResponse',
);
export type RecordPaymentResponse = t.TypeOf<typeof RecordPaymentResponse>;

/** POST /api/enrollments/{id}/reactivate-subscription. */
export const ReactivateSubscriptionResponse = t.type({ message: t.string }, 'ReactivateSubscriptionResponse');
export type ReactivateSubscriptionResponse = t.TypeOf<typeof ReactivateSubscriptionResponse>;

/** POST /api/stripe/portal-session. */
export const PortalSessionResponse = t.intersection(
  [t.type({ success: t.boolean }), t.partial({ portalUrl: t.string, message: t.string })],
  'PortalSessionResponse',
);
export type PortalSessionResponse = t.TypeOf<typeof PortalSessionResponse>;

/** GET /api/stripe/customer-check. */
export const CustomerCheckResponse = t.type({ hasCustomer: t.boolean }, 'CustomerCheckResponse');
export type CustomerCheckResponse = t.TypeOf<typeof CustomerCheckResponse>;

/** A card-provider subscription as the dashboard shows it. `status` is the provider's ('canceled'). */
export const Subscription = t.type(
  {
    id: t.string,
    productName: t.string,
    nickname: nullable(t.string),
    memberName: nullable(t.string),
    /** Cents. */
    amount: t.number,
    interval: t.string,
    status: t.string,
    /** ISO 8601. */
    currentPeriodEnd: nullable(t.string),
    cancelAtPeriodEnd: t.boolean,
    customer: t.type({ email: nullable(t.string) }),
  },
  'Subscription',
);
export type Subscription = t.TypeOf<typeof Subscription>;

/**
 * What subscriptionSummary says, as facts (issue 26, decision 0057; core's MembershipSummaryFacts):
 * a screen in Spanish says it from its catalog. `membership` is 'active', 'past_due' or 'none',
 * `tier` a tier code, `periodEnd` 'YYYY-MM-DD' on the practice's calendar. Strings, not closed
 * lists, so a value added later does not fail an older screen's decoding: a screen that does not
 * know a value shows the English.
 */
export const SubscriptionSummaryFacts = t.type(
  {
    membership: t.string,
    tier: nullable(t.string),
    tierName: nullable(t.string),
    viaCaregiver: t.boolean,
    periodEnd: nullable(t.string),
    cancelAtPeriodEnd: t.boolean,
    otherSubscriptions: t.number,
    managedByCaregiver: t.number,
  },
  'SubscriptionSummaryFacts',
);
export type SubscriptionSummaryFacts = t.TypeOf<typeof SubscriptionSummaryFacts>;

/**
 * GET /api/dashboard/subscription-status and POST .../refresh: the membership status. The
 * enrollment flow reads only hasActiveSubscription and subscriptionSummary. The summary and messages are English (the specs' words);
 * summaryFacts and the message codes ('enrolled_in_tier' | 'enrolled' | 'past_due' | 'not_enrolled';
 * 'booking_available' | 'requires_membership') say the same for other languages. They are optional:
 * a status kept from before they existed has none (the screen then shows the English).
 */
export const SubscriptionStatusResponse = t.intersection(
  [
    t.type({
      hasActiveSubscription: t.boolean,
      subscriptionSummary: t.string,
      tier1Matches: t.number,
      tier1Others: t.number,
      tier2Matches: t.number,
      subscriptions: t.type({
        tier1PatientMatches: t.array(Subscription),
        tier1Others: t.array(Subscription),
        tier2Matches: t.array(Subscription),
      }),
      enrollmentMessage: t.string,
      appointmentMessage: t.string,
      managedSubscriptionsEnabled: t.boolean,
      enrollMemberEnabled: t.boolean,
      bookAppointmentEnabled: t.boolean,
    }),
    t.partial({
      summaryFacts: SubscriptionSummaryFacts,
      enrollmentMessageCode: t.string,
      appointmentMessageCode: t.string,
    }),
  ],
  'SubscriptionStatusResponse',
);
export type SubscriptionStatusResponse = t.TypeOf<typeof SubscriptionStatusResponse>;

/** The checkout memo kept in session storage across the card provider's redirect. */
export const CheckoutMemo = t.intersection(
  [t.type({ enrollmentId: t.string, subscriptionId: t.string, invoiceId: t.string }), t.partial({ intentType: IntentType })],
  'CheckoutMemo',
);
export type CheckoutMemo = t.TypeOf<typeof CheckoutMemo>;

/**
 * Card payments (Stripe, API version basil) as the use cases need them. The adapter
 * (adapters/stripe) uses the `stripe` SDK; in sandbox mode the SDK's host/port/protocol point at
 * the provider sandbox, which keeps real state. Amounts are integer cents.
 *
 * Every call that creates something takes an idempotency key derived from our own ids, so a
 * retry (or twenty concurrent calls) creates one object. Errors: CardsUnavailableError (5xx,
 * timeouts, after the adapter's retries of reads) or CardsRejectedError (Stripe refused: 4xx).
 * A card decline is not an error: it is a `declined` result.
 */
import type { TierCode } from '../domain/tier.ts';

export interface CardCustomer {
  readonly id: string;
  readonly email: string | null;
  readonly name: string | null;
  readonly metadata: Readonly<Record<string, string>>;
}

/** Stripe's subscription statuses, spelled as Stripe spells them. */
export type CardSubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface CardSubscription {
  readonly id: string;
  readonly customerId: string;
  readonly status: CardSubscriptionStatus;
  /** The tier of its price (the price's lookup_key is the tier code); null for a price we do not sell. */
  readonly tier: TierCode | null;
  readonly cancelAtPeriodEnd: boolean;
  /** basil: from items.data[0].current_period_*. */
  readonly currentPeriodStart: Date | null;
  readonly currentPeriodEnd: Date | null;
  readonly latestInvoiceId: string | null;
  readonly metadata: Readonly<Record<string, string>>;
}

/** What the browser needs to collect the card (spec §3 'Subscription setup response'). */
export interface SubscriptionSetup {
  readonly subscription: CardSubscription;
  /** latest_invoice.confirmation_secret (payment) or pending_setup_intent (setup); null when nothing is due and no setup is pending. */
  readonly clientSecret: string | null;
  readonly intentType: 'payment' | 'setup' | null;
  readonly invoiceId: string | null;
}

export type CardInvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface CardInvoice {
  readonly id: string;
  readonly customerId: string;
  readonly status: CardInvoiceStatus;
  /** basil: parent.subscription_details.subscription. */
  readonly subscriptionId: string | null;
  readonly amountDueCents: number;
  readonly amountPaidCents: number;
  /** When the invoice was paid (status_transitions.paid_at). */
  readonly paidAt: Date | null;
  /** The period the invoice's line covers (the membership period it pays for). */
  readonly periodStart: Date | null;
  readonly periodEnd: Date | null;
  readonly hostedInvoiceUrl: string | null;
}

export type PayInvoiceResult =
  | { readonly kind: 'paid'; readonly invoice: CardInvoice }
  /** 3-D Secure: the browser confirms the payment with this secret (handleNextAction / confirmCardPayment). */
  | { readonly kind: 'requires_action'; readonly clientSecret: string; readonly invoice: CardInvoice }
  | { readonly kind: 'declined'; readonly message: string; readonly code: string | null; readonly declineCode: string | null };

/** A card made in the browser, attached to a customer (or declined when Stripe checks it). */
export type AttachCardResult =
  /** The card as it is now the customer's (Stripe's test ids such as `pm_card_visa` come back as a new id). */
  | { readonly kind: 'attached'; readonly paymentMethodId: string }
  | { readonly kind: 'declined'; readonly message: string; readonly code: string | null; readonly declineCode: string | null };

/** How a subscription's invoices are paid: the saved card, or an emailed invoice (manual payment). */
export type SubscriptionCollection = 'charge_automatically' | 'send_invoice';

/** Days an emailed (manual payment) invoice is due in. */
export const INVOICE_DAYS_UNTIL_DUE = 30;

/** A billing address as Stripe keeps it on the customer (state 2 characters, ZIP up to 10). */
export interface CardAddress {
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
}

export interface NewCardCustomer {
  readonly email: string;
  readonly name: string;
  /** The billing address staff enter (the patient path leaves it to Stripe's billing portal). */
  readonly address?: CardAddress;
  /** Our ids only (e.g. athenaPatientId), never PHI beyond what Stripe must hold. */
  readonly metadata: Readonly<Record<string, string>>;
}

/** A verified webhook event (signature and tolerance checked by the adapter). */
export interface CardEvent {
  readonly id: string;
  readonly type: string;
  readonly created: Date;
  /** The subscription the event is about (a subscription event's own id, an invoice's subscription), if any. */
  readonly subscriptionId: string | null;
  /** data.object as Stripe sent it; the use case reads what it needs through the port's getters. */
  readonly object: { readonly id: string; readonly object: string } & Readonly<Record<string, unknown>>;
}

export type WebhookRejection = 'missing_signature' | 'bad_signature' | 'stale_timestamp' | 'malformed';

export interface Cards {
  /** Stripe's email filter is exact (case-sensitive): pass the address as it was stored. Null when none. */
  findCustomerByEmail(email: string): Promise<CardCustomer | null>;
  getCustomer(customerId: string): Promise<CardCustomer | null>;
  createCustomer(customer: NewCardCustomer, idempotencyKey: string): Promise<CardCustomer>;
  /** Where Stripe sends the customer's receipts and notices from now on (the billing email). */
  updateCustomerEmail(customerId: string, email: string, idempotencyKey: string): Promise<CardCustomer>;
  /** Every subscription of the customer, whatever its status (canceled included). */
  listSubscriptions(customerId: string): Promise<readonly CardSubscription[]>;
  getSubscription(subscriptionId: string): Promise<CardSubscription | null>;
  /**
   * default_incomplete, save the card on the subscription, expand the client secrets. With
   * `collection: 'send_invoice'` (staff's manual payment) Stripe emails the invoice instead, due in
   * INVOICE_DAYS_UNTIL_DUE days, and the subscription is active at once; no client secret.
   */
  createSubscription(
    input: {
      readonly customerId: string;
      readonly tier: TierCode;
      readonly metadata: Readonly<Record<string, string>>;
      readonly collection?: SubscriptionCollection;
    },
    idempotencyKey: string,
  ): Promise<SubscriptionSetup>;
  /** cancel_at_period_end=false: a subscription set to cancel renews again. */
  reactivateSubscription(subscriptionId: string, idempotencyKey: string): Promise<CardSubscription>;
  getInvoice(invoiceId: string): Promise<CardInvoice | null>;
  /**
   * Makes the card the customer's (POST /v1/payment_methods/{id}/attach). Stripe pays an invoice
   * only with a PaymentMethod of the invoice's customer, and a card Stripe.js creates belongs to
   * nobody (docs/decisions/0051). Attaching a card already the customer's changes nothing. A card
   * Stripe declines on its check is a `declined` result, not an error.
   */
  attachCard(paymentMethodId: string, customerId: string, idempotencyKey: string): Promise<AttachCardResult>;
  /**
   * Pays an open invoice with a card of the invoice's customer (attachCard first). Give each attempt its own key (e.g. include the payment
   * method id): Stripe answers a key it has seen with the first answer, a decline included.
   */
  payInvoice(invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<PayInvoiceResult>;
  /** The receipt of the invoice's payment (invoice_payments → payment_intent → latest_charge.receipt_url). */
  receiptUrl(invoiceId: string): Promise<string | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ readonly url: string }>;
  /** Checks Stripe-Signature over the raw body (HMAC-SHA256, tolerance 300 s at `now`). */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): { readonly ok: true; readonly event: CardEvent } | { readonly ok: false; readonly reason: WebhookRejection };
}

export class CardsUnavailableError extends Error {
  override readonly name = 'CardsUnavailableError';
}

/** Stripe refused the request (4xx other than a card decline). The message holds no PHI. */
export class CardsRejectedError extends Error {
  override readonly name = 'CardsRejectedError';
  readonly status: number;
  readonly code: string | null;
  constructor(message: string, status: number, code: string | null = null, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.code = code;
  }
}

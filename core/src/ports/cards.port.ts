/**
 * Card payments for memberships, as the use cases need them: a billing customer per payer, the
 * membership's subscription and its current period, the invoice of each membership period, paying
 * that invoice with a card, and the card provider's verified notices. How a provider spells these
 * (its objects, field paths, API version, SDK calls) is the adapter's business, not the core's.
 * Amounts are integer cents.
 *
 * Every call that creates something takes an idempotency key derived from our own ids, so a
 * retry (or twenty concurrent calls) creates one object. Errors: CardsUnavailableError (5xx,
 * timeouts, after the adapter's retries of reads) or CardsRejectedError (the provider refused:
 * 4xx). A card decline is not an error: it is a `declined` result.
 */
import type { TierCode } from '../domain/tier.ts';

/** Who pays for a membership, as the card provider knows them (receipts and notices go to `email`). */
export interface BillingCustomer {
  readonly id: string;
  readonly email: string | null;
  readonly name: string | null;
  /** Our own ids kept on the customer (e.g. the patient's id in the health record). */
  readonly metadata: Readonly<Record<string, string>>;
}

/**
 * Where a membership subscription stands. These words are also what the browser receives and
 * shows (contracts' `Subscription.status`, `existingSubscription.status`; the display labels of
 * policies/subscription-status.policy.ts), so the adapter maps the provider's states onto them:
 * - incomplete: waiting for its first payment; incomplete_expired: that payment never came;
 * - trialing: in a free period before the first charge; active: paid up;
 * - past_due: a renewal payment failed and is being retried; unpaid: the retries gave up;
 * - paused: billing is paused; canceled: ended.
 */
export type BillingSubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

/** A membership subscription: its tier, its state and the period it is paid for. */
export interface BillingSubscription {
  readonly id: string;
  readonly customerId: string;
  readonly status: BillingSubscriptionStatus;
  /** The tier it bills for; null for a price we do not sell. */
  readonly tier: TierCode | null;
  /** Set to end when the current period ends instead of renewing. */
  readonly cancelAtPeriodEnd: boolean;
  /** The membership period now billed (null when the provider names none). */
  readonly currentPeriodStart: Date | null;
  readonly currentPeriodEnd: Date | null;
  /** The invoice of its newest period. */
  readonly latestInvoiceId: string | null;
  readonly metadata: Readonly<Record<string, string>>;
}

/** What the browser needs to collect the card (spec §3 'Subscription setup response'). */
export interface SubscriptionSetup {
  readonly subscription: BillingSubscription;
  /**
   * The secret with which the browser collects the card: for paying the first invoice now
   * (`payment`) or for saving the card for later charges (`setup`, nothing due yet); null when
   * nothing is due and no card is to be saved.
   */
  readonly clientSecret: string | null;
  readonly intentType: 'payment' | 'setup' | null;
  readonly invoiceId: string | null;
}

/**
 * Where an invoice stands: draft (not issued yet), open (issued, waiting for payment), paid,
 * void (cancelled, nothing to pay) or uncollectible (written off).
 */
export type MembershipInvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

/** The invoice of one membership period. */
export interface MembershipInvoice {
  readonly id: string;
  readonly customerId: string;
  readonly status: MembershipInvoiceStatus;
  /** The subscription it bills a period of; null for an invoice of no subscription. */
  readonly subscriptionId: string | null;
  readonly amountDueCents: number;
  readonly amountPaidCents: number;
  /** When the invoice was paid. */
  readonly paidAt: Date | null;
  /** The period the invoice covers (the membership period it pays for). */
  readonly periodStart: Date | null;
  readonly periodEnd: Date | null;
  /** The provider's page where the member can see and pay the invoice. */
  readonly hostedInvoiceUrl: string | null;
}

export type PayInvoiceResult =
  | { readonly kind: 'paid'; readonly invoice: MembershipInvoice }
  /** The card's bank asks the cardholder to confirm the payment (3-D Secure): the browser does so with this secret. */
  | { readonly kind: 'requires_action'; readonly clientSecret: string; readonly invoice: MembershipInvoice }
  | { readonly kind: 'declined'; readonly message: string; readonly code: string | null; readonly declineCode: string | null };

/** A card made in the browser, made the customer's (or declined when the provider checks it). */
export type AttachCardResult =
  /** The card as it is now the customer's (its id may differ from the one the browser sent). */
  | { readonly kind: 'attached'; readonly paymentMethodId: string }
  | { readonly kind: 'declined'; readonly message: string; readonly code: string | null; readonly declineCode: string | null };

/**
 * How a subscription's invoices are paid: charged to the saved card (`charge_automatically`), or
 * emailed to the payer to pay by hand (`send_invoice`, staff's manual payment).
 */
export type SubscriptionCollection = 'charge_automatically' | 'send_invoice';

/** Days an emailed (manual payment) invoice is due in. */
export const INVOICE_DAYS_UNTIL_DUE = 30;

/** A US billing address (state 2 characters, ZIP up to 10). */
export interface BillingAddress {
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
}

export interface NewBillingCustomer {
  readonly email: string;
  readonly name: string;
  /** The billing address staff enter (patients keep theirs in the provider's billing portal). */
  readonly address?: BillingAddress;
  /** Our own ids only (e.g. the patient's id in the health record), never PHI beyond what billing needs. */
  readonly metadata: Readonly<Record<string, string>>;
}

/** A verified notice from the card provider (its signature and age checked by the adapter). */
export interface CardEvent {
  readonly id: string;
  readonly type: string;
  readonly created: Date;
  /** The subscription the notice is about (a subscription's own id, an invoice's subscription), if any. */
  readonly subscriptionId: string | null;
  /** The object the notice is about, as the provider sent it: its id and kind, and whatever else it holds. */
  readonly object: { readonly id: string; readonly object: string } & Readonly<Record<string, unknown>>;
}

export type WebhookRejection = 'missing_signature' | 'bad_signature' | 'stale_timestamp' | 'malformed';

export interface Cards {
  /** The customer with exactly this email (case matters: pass the address as it was stored). Null when none. */
  findCustomerByEmail(email: string): Promise<BillingCustomer | null>;
  getCustomer(customerId: string): Promise<BillingCustomer | null>;
  createCustomer(customer: NewBillingCustomer, idempotencyKey: string): Promise<BillingCustomer>;
  /** Where the customer's receipts and notices go from now on (the billing email). */
  updateCustomerEmail(customerId: string, email: string, idempotencyKey: string): Promise<BillingCustomer>;
  /** Every subscription of the customer, whatever its status (canceled included). */
  listSubscriptions(customerId: string): Promise<readonly BillingSubscription[]>;
  getSubscription(subscriptionId: string): Promise<BillingSubscription | null>;
  /**
   * A subscription to the tier that waits for its first payment, with the secret the browser
   * collects the card with; the card is kept for the renewals. With `collection: 'send_invoice'`
   * (staff's manual payment) the invoice is emailed instead, due in INVOICE_DAYS_UNTIL_DUE days,
   * and the subscription is active at once; no client secret.
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
  /** Renews again at the period's end: a subscription set to cancel then stays. */
  reactivateSubscription(subscriptionId: string, idempotencyKey: string): Promise<BillingSubscription>;
  getInvoice(invoiceId: string): Promise<MembershipInvoice | null>;
  /**
   * Makes the card the customer's: an invoice is paid only with a card of its customer, and a card
   * made in the browser belongs to nobody yet (docs/decisions/0051). Attaching a card already the
   * customer's changes nothing. A card declined on the provider's check is a `declined` result,
   * not an error.
   */
  attachCard(paymentMethodId: string, customerId: string, idempotencyKey: string): Promise<AttachCardResult>;
  /**
   * Pays an open invoice with a card of the invoice's customer (attachCard first). Give each
   * attempt its own key (e.g. include the payment method id): a key already used answers the
   * first answer again, a decline included.
   */
  payInvoice(invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<PayInvoiceResult>;
  /** The receipt of the invoice's payment, null when there is none. */
  receiptUrl(invoiceId: string): Promise<string | null>;
  /** A billing portal page where the customer manages their card and subscriptions, returning to `returnUrl`. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ readonly url: string }>;
  /** Checks a notice's signature over the raw body and its age at `now`. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): { readonly ok: true; readonly event: CardEvent } | { readonly ok: false; readonly reason: WebhookRejection };
}

export class CardsUnavailableError extends Error {
  override readonly name = 'CardsUnavailableError';
}

/** The card provider refused the request (4xx other than a card decline). The message holds no PHI. */
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

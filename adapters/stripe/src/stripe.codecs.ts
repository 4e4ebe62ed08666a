/**
 * io-ts codecs for the parts of Stripe's answers (API version 2025-08-27.basil) the adapter reads.
 * They state only what the adapter relies on; everything else Stripe sends is ignored. Fields
 * Stripe may expand are `string | {id, …}`. basil moved a few fields (INTEGRATIONS §3):
 * subscription periods live on its items, an invoice's subscription on
 * `parent.subscription_details.subscription`, and an invoice's PaymentIntent is reached through
 * `/v1/invoice_payments` (or `confirmation_secret` for its client secret).
 */
import * as t from 'io-ts';

/** A value Stripe may leave out or send as null. */
const maybe = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

const Metadata = t.record(t.string, t.string);
/** Unix seconds. */
const Timestamp = t.number;

/** An id, or the expanded object (of which we need only the id). */
export const Ref = t.union([t.string, t.type({ id: t.string })]);
export type Ref = t.TypeOf<typeof Ref>;
export const refId = (ref: Ref | null | undefined): string | null => (ref === null || ref === undefined ? null : typeof ref === 'string' ? ref : ref.id);

export const StripeCustomer = t.type({
  id: t.string,
  email: maybe(t.string),
  name: maybe(t.string),
  metadata: maybe(Metadata),
  deleted: maybe(t.boolean),
});
export type StripeCustomer = t.TypeOf<typeof StripeCustomer>;

export const StripeList = <C extends t.Mixed>(item: C) => t.type({ data: t.array(item), has_more: maybe(t.boolean) });

export const StripePrice = t.type({ id: t.string, lookup_key: maybe(t.string), active: maybe(t.boolean) });
export type StripePrice = t.TypeOf<typeof StripePrice>;

export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
const SubscriptionStatus = t.keyof(Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, null])) as Record<(typeof SUBSCRIPTION_STATUSES)[number], null>);

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
const InvoiceStatus = t.keyof(Object.fromEntries(INVOICE_STATUSES.map((status) => [status, null])) as Record<(typeof INVOICE_STATUSES)[number], null>);

/** basil: `{client_secret, type: "payment_intent"}` when money is due now. */
export const ConfirmationSecret = t.type({ client_secret: t.string, type: maybe(t.string) });

export const StripeInvoice = t.type({
  id: t.string,
  customer: Ref,
  /** Null only for a draft being created; we read it as draft. */
  status: maybe(InvoiceStatus),
  parent: maybe(t.type({ subscription_details: maybe(t.type({ subscription: maybe(Ref) })) })),
  amount_due: t.number,
  amount_paid: t.number,
  status_transitions: maybe(t.type({ paid_at: maybe(Timestamp) })),
  lines: maybe(t.type({ data: t.array(t.type({ period: maybe(t.type({ start: Timestamp, end: Timestamp })) })) })),
  hosted_invoice_url: maybe(t.string),
  /** Present only when expanded (`latest_invoice.confirmation_secret`). */
  confirmation_secret: maybe(ConfirmationSecret),
});
export type StripeInvoice = t.TypeOf<typeof StripeInvoice>;

export const StripeSetupIntentRef = t.union([t.string, t.type({ id: t.string, client_secret: maybe(t.string), status: maybe(t.string) })]);

export const StripeSubscription = t.type({
  id: t.string,
  customer: Ref,
  status: SubscriptionStatus,
  cancel_at_period_end: maybe(t.boolean),
  metadata: maybe(Metadata),
  items: t.type({
    data: t.array(
      t.type({
        price: maybe(t.type({ id: t.string, lookup_key: maybe(t.string) })),
        current_period_start: maybe(Timestamp),
        current_period_end: maybe(Timestamp),
      }),
    ),
  }),
  /** An id, or the invoice when expanded. */
  latest_invoice: maybe(t.union([t.string, StripeInvoice])),
  pending_setup_intent: maybe(StripeSetupIntentRef),
});
export type StripeSubscription = t.TypeOf<typeof StripeSubscription>;

export const StripeCharge = t.type({ id: t.string, receipt_url: maybe(t.string) });

export const StripePaymentIntent = t.type({
  id: t.string,
  status: t.string,
  client_secret: maybe(t.string),
  latest_charge: maybe(t.union([t.string, StripeCharge])),
  last_payment_error: maybe(t.type({ message: maybe(t.string), code: maybe(t.string), decline_code: maybe(t.string) })),
});
export type StripePaymentIntent = t.TypeOf<typeof StripePaymentIntent>;

export const StripeInvoicePayment = t.type({
  id: t.string,
  status: maybe(t.string),
  payment: maybe(t.type({ type: maybe(t.string), payment_intent: maybe(t.union([t.string, StripePaymentIntent])) })),
});

/** A PaymentMethod: its id and whose it is (`customer`, null for a card just made by Stripe.js). */
export const StripePaymentMethod = t.type({ id: t.string, customer: maybe(Ref) });

export const StripePortalSession = t.type({ id: t.string, url: t.string });

/** A webhook event as Stripe signs and sends it. */
export const StripeEventPayload = t.type({
  id: t.string,
  type: t.string,
  created: t.number,
  data: t.type({ object: t.intersection([t.type({ id: t.string, object: t.string }), t.UnknownRecord]) }),
});

/**
 * What the Stripe stand-in does, inside one transaction (`Tx`): customers, payment methods and the
 * test cards, subscriptions created `default_incomplete` with their first invoice and PaymentIntent,
 * confirming intents (success, declines, 3-D Secure), paying invoices, the clock's renewals and
 * cancellations, and the events each change emits (logged here, delivered after the commit).
 */
import { createHash } from 'node:crypto';
import { behaviourOf, brandOf, DECLINE_MESSAGES, decodeBehaviour, encodeBehaviour, luhnValid, testPaymentMethodCard, type CardBehaviour } from './cards.ts';
import { INCOMPLETE_EXPIRES_AFTER_SECONDS, type CatalogTier } from './constants.ts';
import { cardErrorBody, invalidRequest, missingParam, noSuchObject, StripeError } from './errors.ts';
import type { FormObject } from './form.ts';
import { eventObject, integer, listObject, mergeMetadata, objectParam, planObject, priceObject, text } from './objects.ts';
import { column, list, load, newId, randomToken, save, type StripeObject, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

type Obj = StripeObject;
const rec = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// ---- events ------------------------------------------------------------------------------------

/** Logs an event (a snapshot of `object`) for delivery after the commit. */
export const emit = async (tx: Tx, type: string, object: Obj, previous?: Record<string, unknown>): Promise<void> => {
  const id = newId('evt');
  const event = eventObject({
    id,
    type,
    created: Math.floor(tx.realNow().getTime() / 1000),
    object: structuredClone(object),
    previous: previous !== undefined && Object.keys(previous).length > 0 ? previous : undefined,
    request: tx.request,
    pendingWebhooks: tx.endpoint === null ? 0 : 1,
  });
  const [row] = (await tx.db
    .table(TABLES.stripeEvents, tx.trx)
    .insert({
      id,
      type,
      object_id: object.id,
      event: JSON.stringify(event),
      endpoint_url: tx.endpoint,
      status: tx.endpoint === null ? 'no_endpoint' : 'pending',
      attempts: 0,
      created_at: tx.realNow(),
    })
    .returning('seq')) as { seq: string }[];
  if (tx.endpoint !== null && row !== undefined) tx.events.push(String(row.seq));
};

/** The fields of `before` that differ in `after` (Stripe's previous_attributes), top level only. */
const changed = (before: Obj, after: Obj, keys: readonly string[]): Record<string, unknown> => {
  const previous: Record<string, unknown> = {};
  for (const key of keys) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  return previous;
};

const SUBSCRIPTION_KEYS = ['status', 'cancel_at_period_end', 'cancel_at', 'canceled_at', 'ended_at', 'default_payment_method', 'latest_invoice', 'metadata', 'items', 'pending_setup_intent'];

const saveSubscriptionWithEvent = async (tx: Tx, before: Obj, after: Obj): Promise<Obj> => {
  await save(tx, after);
  const previous = changed(before, after, SUBSCRIPTION_KEYS);
  if (Object.keys(previous).length > 0) await emit(tx, 'customer.subscription.updated', after, previous);
  return after;
};

// ---- lookups -----------------------------------------------------------------------------------

export const mustLoad = async (tx: Tx, id: string | null, kind: string, param = 'id', forUpdate = false): Promise<Obj> => {
  if (id === null || id === '') throw missingParam(param);
  if (kind === 'payment_method') {
    // Test mode: `pm_card_visa` and the like stand for a fresh PaymentMethod of that test card.
    const number = testPaymentMethodCard(id);
    if (number !== null) return createTestPaymentMethod(tx, number);
  }
  const object = await load(tx, id, forUpdate);
  if (object === null || (kind !== 'any' && object.object !== kind)) throw noSuchObject(kind === 'any' ? 'object' : kind, id, param);
  return object;
};

// ---- customers ---------------------------------------------------------------------------------

/** `id`: the sandbox's own setups (e.g. a contract's provider state) may choose it; the API never does. */
export const createCustomer = async (tx: Tx, params: FormObject, id: string = newId('cus')): Promise<Obj> => {
  const email = text(params, 'email');
  if (email !== null && email.length > 512) throw invalidRequest('Invalid email address', 'email');
  const address = objectParam(params, 'address');
  const customer: Obj = {
    id,
    object: 'customer',
    address:
      address === null
        ? null
        : Object.fromEntries(['city', 'country', 'line1', 'line2', 'postal_code', 'state'].map((key) => [key, text(address, key)])),
    balance: 0,
    created: tx.now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: text(params, 'description'),
    discount: null,
    email,
    invoice_prefix: randomToken(8).toUpperCase().replace(/[^A-Z0-9]/g, 'X'),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: mergeMetadata({}, params),
    name: text(params, 'name'),
    next_invoice_sequence: 1,
    phone: text(params, 'phone'),
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  return save(tx, customer);
};

export const updateCustomer = async (tx: Tx, id: string, params: FormObject): Promise<Obj> => {
  const before = await mustLoad(tx, id, 'customer', 'id', true);
  const after: Obj = { ...before, metadata: mergeMetadata(rec(before['metadata']) as Record<string, string>, params) };
  for (const key of ['email', 'name', 'phone', 'description']) {
    const value = text(params, key);
    if (value !== null) after[key] = value === '' ? null : value;
  }
  const settings = objectParam(params, 'invoice_settings');
  if (settings !== null && typeof settings['default_payment_method'] === 'string') {
    const pm = await mustLoad(tx, settings['default_payment_method'], 'payment_method', 'invoice_settings[default_payment_method]');
    if (pm['customer'] !== id) throw invalidRequest(`The payment method ${pm.id} is not attached to this customer.`, 'invoice_settings[default_payment_method]');
    after['invoice_settings'] = { ...rec(before['invoice_settings']), default_payment_method: pm.id };
  }
  return save(tx, after);
};

/** `email:'x'`, `name:'x'`, `metadata['k']:'v'`, joined with AND. */
export const parseCustomerQuery = (query: string): { field: string; key?: string; value: string }[] => {
  const clauses = query.split(/\s+AND\s+/i);
  return clauses.map((clause) => {
    const match = /^\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*:\s*(['"])(.*)\3\s*$/.exec(clause);
    if (match === null) throw invalidRequest(`Invalid search query: ${query}`, 'query');
    const field = (match[1] as string).startsWith('metadata') ? 'metadata' : (match[1] as string);
    return { field, ...(match[2] === undefined ? {} : { key: match[2] }), value: match[4] as string };
  });
};

// ---- payment methods ---------------------------------------------------------------------------

const paymentMethodFrom = (tx: Tx, card: FormObject, billing: FormObject | null): { pm: Obj; behaviour: CardBehaviour } => {
  const number = (text(card, 'number') ?? '').replace(/[\s-]/g, '');
  if (number === '') throw missingParam('card[number]');
  if (!luhnValid(number)) {
    throw new StripeError(402, cardErrorBody({ code: 'incorrect_number', declineCode: null, message: DECLINE_MESSAGES['incorrect_number'] as string, param: 'number' }).error as never);
  }
  const month = integer(card, 'exp_month');
  const year = integer(card, 'exp_year');
  if (month === null) throw missingParam('card[exp_month]');
  if (year === null) throw missingParam('card[exp_year]');
  if (month < 1 || month > 12) throw new StripeError(402, cardErrorBody({ code: 'invalid_expiry_month', declineCode: null, message: "Your card's expiration month is invalid.", param: 'exp_month' }).error as never);
  const fullYear = year < 100 ? 2000 + year : year;
  const today = new Date(tx.now * 1000);
  if (fullYear < today.getUTCFullYear() || (fullYear === today.getUTCFullYear() && month < today.getUTCMonth() + 1) || fullYear > today.getUTCFullYear() + 50) {
    throw new StripeError(402, cardErrorBody({ code: 'invalid_expiry_year', declineCode: null, message: "Your card's expiration year is invalid.", param: 'exp_year' }).error as never);
  }
  const brand = brandOf(number);
  const address = rec(billing?.['address']);
  const pm: Obj = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: str(address['city']),
        country: str(address['country']),
        line1: str(address['line1']),
        line2: str(address['line2']),
        postal_code: str(address['postal_code']),
        state: str(address['state']),
      },
      email: str(billing?.['email']),
      name: str(billing?.['name']),
      phone: str(billing?.['phone']),
      tax_id: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: text(card, 'cvc') === null ? null : 'unchecked' },
      country: 'US',
      display_brand: brand,
      exp_month: month,
      exp_year: fullYear,
      fingerprint: createHash('sha256').update(`sandbox-card:${number}`).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: tx.now,
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  return { pm, behaviour: behaviourOf(number) };
};

/** `id`: the sandbox's own setups (a contract's provider state) may choose it; the API never does. */
export const createPaymentMethod = async (tx: Tx, params: FormObject, id?: string): Promise<Obj> => {
  const type = text(params, 'type');
  if (type === null) throw missingParam('type');
  if (type !== 'card') throw invalidRequest(`The sandbox supports payment methods of type card only, not '${type}'.`, 'type');
  const card = objectParam(params, 'card');
  if (card === null) throw missingParam('card');
  const { pm, behaviour } = paymentMethodFrom(tx, card, objectParam(params, 'billing_details'));
  pm['metadata'] = mergeMetadata({}, params);
  if (id !== undefined) pm.id = id;
  return save(tx, pm, { behaviour: encodeBehaviour(behaviour) });
};

/** A PaymentMethod of a test card, as Stripe makes one for a test id such as `pm_card_visa`. */
const createTestPaymentMethod = async (tx: Tx, number: string): Promise<Obj> => {
  const year = new Date(tx.now * 1000).getUTCFullYear() + 1;
  const { pm, behaviour } = paymentMethodFrom(tx, { number, exp_month: '12', exp_year: String(year), cvc: '123' }, null);
  return save(tx, pm, { behaviour: encodeBehaviour(behaviour) });
};

/** `payment_method=pm_…` or `payment_method_data[type]=card&payment_method_data[card][number]=…`. */
const paymentMethodParam = async (tx: Tx, params: FormObject): Promise<Obj | null> => {
  const id = text(params, 'payment_method');
  if (id !== null && id !== '') return mustLoad(tx, id, 'payment_method', 'payment_method');
  const data = objectParam(params, 'payment_method_data');
  if (data === null) return null;
  return createPaymentMethod(tx, data);
};

const behaviourFor = async (tx: Tx, pm: Obj): Promise<CardBehaviour> => decodeBehaviour(str(await column(tx, pm.id, 'behaviour')));

/**
 * Paying an invoice with a PaymentMethod that is not its customer's: 400 invalid_request_error on
 * `payment_method`. The rule is Stripe's reference for POST /v1/invoices/{id}/pay
 * (https://docs.stripe.com/api/invoices/pay, `payment_method`; stripe-node's
 * types/InvoicesResource.d.ts says the same). The message follows the one Stripe gives for the
 * same rule on a SetupIntent (quoted in github.com/laravel/cashier-stripe/issues/720); Stripe's
 * `code` for it is unconfirmed (U), so none is sent and the adapter reads none.
 */
export const notTheInvoiceCustomers = (pm: Obj, customerId: string): StripeError => {
  const owner = str(pm['customer']);
  return invalidRequest(
    owner === null
      ? `The payment method supplied (${pm.id}) does not belong to a Customer, but you supplied Customer ${customerId}. Please attach the payment method to this Customer before using it with an Invoice.`
      : `The payment method supplied (${pm.id}) belongs to a different Customer than the one associated with this Invoice (${customerId}).`,
    'payment_method',
  );
};

/**
 * POST /v1/payment_methods/{id}/attach: a card Stripe declines on its check is not attached (402
 * card_error, stored for the idempotency key like any 402); 4000 0000 0000 0341 attaches and fails
 * only when charged (Stripe's testing page: "Attaching this card to a Customer object succeeds,
 * but attempts to charge the customer fail"). A card of another customer → 400.
 */
export const attachFromApi = async (tx: Tx, pmId: string, params: FormObject): Promise<{ status: number; body: unknown }> => {
  const customer = await mustLoad(tx, text(params, 'customer'), 'customer', 'customer');
  // The path's PaymentMethod is named by its parameter, `payment_method` (the path template of
  // Stripe's reference: /v1/payment_methods/{payment_method}/attach; the exact param is U).
  const pm = await mustLoad(tx, pmId, 'payment_method', 'payment_method', true);
  if (pm['customer'] === null || pm['customer'] === undefined) {
    const behaviour = await behaviourFor(tx, pm);
    if (behaviour.kind === 'decline') {
      return { status: 402, body: cardErrorBody({ code: behaviour.code, declineCode: behaviour.declineCode, message: behaviour.message, extra: { payment_method: pm } }) };
    }
  }
  return { status: 200, body: await attachPaymentMethod(tx, pm, customer.id) };
};

export const attachPaymentMethod = async (tx: Tx, pm: Obj, customerId: string): Promise<Obj> => {
  if (pm['customer'] === customerId) return pm;
  if (pm['customer'] !== null && pm['customer'] !== undefined) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method', 'payment_method_unexpected_state');
  }
  return save(tx, { ...pm, customer: customerId });
};

// ---- catalog -----------------------------------------------------------------------------------

/**
 * A price for a tier (for the sandbox's own setups; the API sells the seeded catalog): like
 * POST /v1/prices with `transfer_lookup_key=true`, the tier's lookup key moves to it from the price
 * that had it, since a lookup key names one price.
 */
export const createCatalogPrice = async (tx: Tx, tier: CatalogTier): Promise<Obj> => {
  const holders = await list(tx, TABLES.stripePrices, (query) => query.where({ lookup_key: tier.lookupKey }).whereNot({ id: tier.priceId }));
  for (const holder of holders) await save(tx, { ...holder, lookup_key: null });
  return save(tx, priceObject(tier, tx.now));
};

const addMonthsUtc = (unix: number, months: number): number => {
  const date = new Date(unix * 1000);
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return Math.floor(target.getTime() / 1000);
};

const intervalMonths = (price: Obj): number => {
  const recurring = rec(price['recurring']);
  const count = Number(recurring['interval_count'] ?? 1);
  switch (recurring['interval']) {
    case 'year':
      return 12 * count;
    case 'month':
      return count;
    default:
      return count; // week/day prices are not sold here.
  }
};

/** The end of the period that starts at `start` for a subscription anchored at `anchor`. */
const periodEnd = (anchor: number, start: number, price: Obj): number => {
  const months = intervalMonths(price);
  for (let k = 1; k < 1200; k += 1) {
    const end = addMonthsUtc(anchor, months * k);
    if (end > start) return end;
  }
  return addMonthsUtc(start, months);
};

// ---- intents and charges -----------------------------------------------------------------------

const clientSecret = (id: string): string => `${id}_secret_${randomToken(24)}`;

const newPaymentIntent = (tx: Tx, fields: { amount: number; customer: string; description: string; metadata?: Record<string, string> }): Obj => {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecret(id),
    confirmation_method: 'automatic',
    created: tx.now,
    currency: 'usd',
    customer: fields.customer,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: 'off_session',
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
};

const newSetupIntent = (tx: Tx, customer: string, metadata: Record<string, string> = {}): Obj => {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecret(id),
    created: tx.now,
    customer,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  };
};

const challengeUrl = (tx: Tx, intent: Obj): string =>
  `${tx.base}/stripe/3ds/${encodeURIComponent(intent.id)}?client_secret=${encodeURIComponent(String(intent['client_secret']))}`;

const createCharge = async (tx: Tx, pi: Obj, pm: Obj): Promise<Obj> => {
  const id = newId('ch');
  const token = randomToken(32);
  const card = rec(pm['card']);
  const customer = str(pi['customer']) === null ? null : await load(tx, String(pi['customer']));
  const charge: Obj = {
    id,
    object: 'charge',
    amount: pi['amount'],
    amount_captured: pi['amount'],
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: pm['billing_details'],
    calculated_statement_descriptor: 'MEMBER PORTAL SANDBOX',
    captured: true,
    created: tx.now,
    currency: pi['currency'],
    customer: pi['customer'],
    description: pi['description'],
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      card: {
        amount_authorized: pi['amount'],
        authorization_code: null,
        brand: card['brand'],
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
        country: card['country'],
        exp_month: card['exp_month'],
        exp_year: card['exp_year'],
        funding: card['funding'],
        installments: null,
        last4: card['last4'],
        mandate: null,
        network: card['brand'],
        network_transaction_id: null,
        regulated_status: 'unregulated',
        three_d_secure: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: customer === null ? null : (customer['email'] ?? null),
    receipt_number: null,
    receipt_url: `${tx.base}/stripe/receipts/${id}/${token}`,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
  return save(tx, charge, { receipt_token: token });
};

const invoiceOfIntent = async (tx: Tx, pi: Obj): Promise<Obj | null> => {
  const invoiceId = str(await column(tx, pi.id, 'invoice'));
  return invoiceId === null ? null : load(tx, invoiceId, true);
};

/** The invoice is paid: its payment, the subscription (active, default card), the events. */
const markInvoicePaid = async (tx: Tx, invoiceBefore: Obj, pi: Obj, pm: Obj | null): Promise<Obj> => {
  const invoice: Obj = {
    ...invoiceBefore,
    amount_paid: invoiceBefore['amount_due'],
    amount_remaining: 0,
    attempted: true,
    attempt_count: Number(invoiceBefore['attempt_count'] ?? 0) + (pi['status'] === 'succeeded' ? 1 : 0),
    next_payment_attempt: null,
    status: 'paid',
    status_transitions: { ...rec(invoiceBefore['status_transitions']), paid_at: tx.now },
  };
  await save(tx, invoice);
  const payments = await list(tx, TABLES.stripeInvoicePayments, (query) => query.where({ invoice: invoice.id, payment_intent: pi.id }));
  for (const payment of payments) {
    await save(tx, { ...payment, amount_paid: pi['amount'], status: 'paid', status_transitions: { ...rec(payment['status_transitions']), paid_at: tx.now } });
  }
  await emit(tx, 'invoice.paid', invoice);
  await emit(tx, 'invoice.payment_succeeded', invoice);
  const subscriptionId = str(rec(rec(invoice['parent'])['subscription_details'])['subscription']);
  if (subscriptionId !== null) {
    const before = await load(tx, subscriptionId, true);
    if (before !== null && before['status'] !== 'canceled' && before['status'] !== 'incomplete_expired') {
      const after: Obj = { ...before };
      if (['incomplete', 'past_due', 'unpaid'].includes(String(before['status']))) after['status'] = 'active';
      const saveDefault = rec(before['payment_settings'])['save_default_payment_method'] === 'on_subscription';
      if (pm !== null && (saveDefault || before['default_payment_method'] === null)) after['default_payment_method'] = pm.id;
      await saveSubscriptionWithEvent(tx, before, after);
    }
  }
  return invoice;
};

const succeedPayment = async (tx: Tx, before: Obj, pm: Obj): Promise<Obj> => {
  const charge = await createCharge(tx, before, pm);
  const pi: Obj = {
    ...before,
    amount_received: before['amount'],
    last_payment_error: null,
    latest_charge: charge.id,
    next_action: null,
    payment_method: pm.id,
    status: 'succeeded',
  };
  await save(tx, pi);
  if (pi['setup_future_usage'] !== null && typeof pi['customer'] === 'string') await attachPaymentMethod(tx, pm, pi['customer']);
  await emit(tx, 'payment_intent.succeeded', pi);
  const invoice = await invoiceOfIntent(tx, pi);
  if (invoice !== null && invoice['status'] === 'open') await markInvoicePaid(tx, invoice, pi, (await load(tx, pm.id)) ?? pm);
  return pi;
};

interface Decline {
  readonly code: string;
  readonly declineCode: string | null;
  readonly message: string;
}

const declineOf = (behaviour: CardBehaviour): Decline | null => {
  if (behaviour.kind === 'decline') return behaviour;
  if (behaviour.kind === 'charge_fails') return { code: 'card_declined', declineCode: 'generic_decline', message: DECLINE_MESSAGES['generic_decline'] as string };
  return null;
};

/** The invoice's payment failed (a decline, or authentication needed off session). */
const invoicePaymentFailed = async (tx: Tx, invoiceBefore: Obj, actionRequired: boolean): Promise<Obj> => {
  const invoice: Obj = { ...invoiceBefore, attempted: true, attempt_count: Number(invoiceBefore['attempt_count'] ?? 0) + 1 };
  await save(tx, invoice);
  await emit(tx, 'invoice.payment_failed', invoice);
  if (actionRequired) await emit(tx, 'invoice.payment_action_required', invoice);
  const subscriptionId = str(rec(rec(invoice['parent'])['subscription_details'])['subscription']);
  if (subscriptionId !== null) {
    const before = await load(tx, subscriptionId, true);
    // A renewal that fails makes the subscription past_due; a first invoice leaves it incomplete.
    if (before !== null && (before['status'] === 'active' || before['status'] === 'trialing')) {
      await saveSubscriptionWithEvent(tx, before, { ...before, status: 'past_due' });
    }
  }
  return invoice;
};

export type PaymentOutcome =
  | { readonly kind: 'succeeded'; readonly intent: Obj }
  | { readonly kind: 'requires_action'; readonly intent: Obj }
  | { readonly kind: 'declined'; readonly intent: Obj; readonly decline: Decline; readonly pm: Obj };

/** Confirms a PaymentIntent with a payment method: charges it, asks for 3-D Secure, or records the decline. */
export const attemptPayment = async (
  tx: Tx,
  before: Obj,
  pm: Obj,
  options: { readonly offSession: boolean; readonly returnUrl: string | null },
): Promise<PaymentOutcome> => {
  const behaviour = await behaviourFor(tx, pm);
  const decline = declineOf(behaviour);
  if (decline !== null) {
    const intent: Obj = {
      ...before,
      last_payment_error: {
        ...cardErrorBody({ code: decline.code, declineCode: decline.declineCode, message: decline.message }).error,
        payment_method: pm,
      },
      next_action: null,
      payment_method: null,
      status: 'requires_payment_method',
    };
    await save(tx, intent);
    const invoice = await invoiceOfIntent(tx, intent);
    if (invoice !== null && invoice['status'] === 'open') await invoicePaymentFailed(tx, invoice, false);
    return { kind: 'declined', intent, decline, pm };
  }
  const needsAction =
    behaviour.kind === 'three_d_secure' &&
    (!options.offSession || behaviour.offSession === 'requires_action' || pm['customer'] === null || pm['customer'] === undefined);
  if (needsAction) {
    const intent: Obj = {
      ...before,
      last_payment_error: options.offSession
        ? {
            ...cardErrorBody({ code: 'authentication_required', declineCode: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' }).error,
            payment_method: pm,
          }
        : null,
      next_action: { redirect_to_url: { return_url: options.returnUrl, url: '' }, type: 'redirect_to_url' },
      payment_method: pm.id,
      status: 'requires_action',
    };
    rec(intent['next_action'])['redirect_to_url'] = { return_url: options.returnUrl, url: challengeUrl(tx, intent) };
    await save(tx, intent);
    const invoice = await invoiceOfIntent(tx, intent);
    if (invoice !== null && invoice['status'] === 'open') {
      if (options.offSession) await invoicePaymentFailed(tx, invoice, true);
      else await emit(tx, 'invoice.payment_action_required', invoice);
    }
    return { kind: 'requires_action', intent };
  }
  return { kind: 'succeeded', intent: await succeedPayment(tx, before, pm) };
};

const intentSecretOk = (intent: Obj, given: string | null): boolean => given !== null && given === intent['client_secret'];

/** POST /v1/payment_intents/{id}/confirm (Stripe.js with the publishable key, or the server). */
export const confirmPaymentIntent = async (tx: Tx, id: string, params: FormObject, publishable: boolean): Promise<{ status: number; body: unknown }> => {
  const before = await mustLoad(tx, id, 'payment_intent', 'intent', true);
  if (publishable && !intentSecretOk(before, text(params, 'client_secret'))) throw noSuchObject('payment_intent', id, 'intent');
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(before['status']))) {
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot confirm this PaymentIntent because it has a status of ${String(before['status'])}.`,
      payment_intent: before,
    });
  }
  const pm = (await paymentMethodParam(tx, params)) ?? (str(before['payment_method']) === null ? null : await load(tx, String(before['payment_method'])));
  if (pm === null) throw invalidRequest('You cannot confirm this PaymentIntent because it’s missing a payment method.', 'payment_method', 'payment_intent_unexpected_state');
  const outcome = await attemptPayment(tx, before, pm, { offSession: text(params, 'off_session') === 'true', returnUrl: text(params, 'return_url') });
  if (outcome.kind === 'declined') {
    return {
      status: 402,
      body: cardErrorBody({
        code: outcome.decline.code,
        declineCode: outcome.decline.declineCode,
        message: outcome.decline.message,
        extra: { payment_intent: outcome.intent, payment_method: outcome.pm },
      }),
    };
  }
  return { status: 200, body: outcome.intent };
};

// ---- setup intents -----------------------------------------------------------------------------

const succeedSetup = async (tx: Tx, before: Obj, pmBefore: Obj): Promise<Obj> => {
  const customerId = str(before['customer']);
  const pm = customerId === null ? pmBefore : await attachPaymentMethod(tx, pmBefore, customerId);
  const setup: Obj = { ...before, last_setup_error: null, next_action: null, payment_method: pm.id, status: 'succeeded' };
  await save(tx, setup);
  await emit(tx, 'setup_intent.succeeded', setup);
  const subscriptionId = str(await column(tx, setup.id, 'subscription'));
  const purpose = rec(setup['metadata'])['sandbox_purpose'];
  if (subscriptionId !== null) {
    const sub = await load(tx, subscriptionId, true);
    if (sub !== null && !['canceled', 'incomplete_expired'].includes(String(sub['status']))) {
      await saveSubscriptionWithEvent(tx, sub, { ...sub, default_payment_method: pm.id, pending_setup_intent: null });
    }
  }
  if (purpose === 'billing_portal' && customerId !== null) await makeDefaultCard(tx, customerId, pm);
  return setup;
};

/** The customer's default card, and every live subscription's; past-due invoices are retried with it. */
export const makeDefaultCard = async (tx: Tx, customerId: string, pm: Obj): Promise<void> => {
  const customer = await mustLoad(tx, customerId, 'customer', 'customer', true);
  await save(tx, { ...customer, invoice_settings: { ...rec(customer['invoice_settings']), default_payment_method: pm.id } });
  const subs = await list(tx, TABLES.stripeSubscriptions, (query) => query.where({ customer: customerId }).whereNotIn('status', ['canceled', 'incomplete_expired']));
  for (const sub of subs) {
    if (sub['default_payment_method'] !== pm.id) await saveSubscriptionWithEvent(tx, sub, { ...sub, default_payment_method: pm.id });
    if (sub['status'] === 'past_due' && typeof sub['latest_invoice'] === 'string') {
      const invoice = await load(tx, sub['latest_invoice'], true);
      if (invoice !== null && invoice['status'] === 'open') await chargeInvoice(tx, invoice, pm, true, null);
    }
  }
};

export const confirmSetupIntent = async (tx: Tx, id: string, params: FormObject, publishable: boolean): Promise<{ status: number; body: unknown }> => {
  const before = await mustLoad(tx, id, 'setup_intent', 'intent', true);
  if (publishable && !intentSecretOk(before, text(params, 'client_secret'))) throw noSuchObject('setup_intent', id, 'intent');
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(before['status']))) {
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'setup_intent_unexpected_state',
      message: `You cannot confirm this SetupIntent because it has a status of ${String(before['status'])}.`,
      setup_intent: before,
    });
  }
  const pm = (await paymentMethodParam(tx, params)) ?? (str(before['payment_method']) === null ? null : await load(tx, String(before['payment_method'])));
  if (pm === null) throw invalidRequest('You cannot confirm this SetupIntent because it’s missing a payment method.', 'payment_method', 'setup_intent_unexpected_state');
  const outcome = await attemptSetup(tx, before, pm, text(params, 'return_url'));
  if (outcome.kind === 'declined') {
    return {
      status: 402,
      body: cardErrorBody({ code: outcome.decline.code, declineCode: outcome.decline.declineCode, message: outcome.decline.message, extra: { setup_intent: outcome.intent, payment_method: pm } }),
    };
  }
  return { status: 200, body: outcome.intent };
};

export const attemptSetup = async (tx: Tx, before: Obj, pm: Obj, returnUrl: string | null): Promise<PaymentOutcome> => {
  const behaviour = await behaviourFor(tx, pm);
  // 0341 attaches: only charges fail.
  const decline = behaviour.kind === 'decline' ? behaviour : null;
  if (decline !== null) {
    const intent: Obj = {
      ...before,
      last_setup_error: { ...cardErrorBody({ code: decline.code, declineCode: decline.declineCode, message: decline.message }).error, payment_method: pm },
      payment_method: null,
      status: 'requires_payment_method',
    };
    await save(tx, intent);
    await emit(tx, 'setup_intent.setup_failed', intent);
    return { kind: 'declined', intent, decline, pm };
  }
  if (behaviour.kind === 'three_d_secure') {
    const intent: Obj = { ...before, payment_method: pm.id, status: 'requires_action' };
    intent['next_action'] = { redirect_to_url: { return_url: returnUrl, url: challengeUrl(tx, intent) }, type: 'redirect_to_url' };
    await save(tx, intent);
    return { kind: 'requires_action', intent };
  }
  return { kind: 'succeeded', intent: await succeedSetup(tx, before, pm) };
};

/** The 3-D Secure page's answer for a payment or setup intent waiting on it. */
export const finishAuthentication = async (tx: Tx, id: string, secret: string, success: boolean): Promise<{ intent: Obj; returnUrl: string | null }> => {
  const before = await load(tx, id, true);
  if (before === null || (before.object !== 'payment_intent' && before.object !== 'setup_intent') || before['client_secret'] !== secret) {
    throw noSuchObject('intent', id, 'intent');
  }
  const returnUrl = str(rec(rec(before['next_action'])['redirect_to_url'])['return_url']);
  if (before['status'] !== 'requires_action') return { intent: before, returnUrl };
  const pm = await mustLoad(tx, str(before['payment_method']), 'payment_method', 'payment_method');
  if (success) {
    if (before.object === 'payment_intent') {
      // Authenticated once: later off-session charges of a 3155/3220 card go through.
      const attached = typeof before['customer'] === 'string' ? await attachPaymentMethod(tx, pm, before['customer']) : pm;
      return { intent: await succeedPayment(tx, before, attached), returnUrl };
    }
    return { intent: await succeedSetup(tx, before, pm), returnUrl };
  }
  const failure = {
    code: before.object === 'payment_intent' ? 'payment_intent_authentication_failure' : 'setup_intent_authentication_failure',
    doc_url: 'https://docs.stripe.com/error-codes/payment-intent-authentication-failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    payment_method: pm,
    type: 'invalid_request_error',
  };
  const intent: Obj = {
    ...before,
    ...(before.object === 'payment_intent' ? { last_payment_error: failure } : { last_setup_error: failure }),
    next_action: null,
    payment_method: null,
    status: 'requires_payment_method',
  };
  await save(tx, intent);
  if (before.object === 'payment_intent') {
    await emit(tx, 'payment_intent.payment_failed', intent);
    const invoice = await invoiceOfIntent(tx, intent);
    if (invoice !== null && invoice['status'] === 'open') await invoicePaymentFailed(tx, invoice, false);
  } else {
    await emit(tx, 'setup_intent.setup_failed', intent);
  }
  return { intent, returnUrl };
};

// ---- invoices ----------------------------------------------------------------------------------

const nextInvoiceNumber = async (tx: Tx, customerId: string): Promise<string> => {
  const customer = await mustLoad(tx, customerId, 'customer', 'customer', true);
  const row = (await tx.db.table(TABLES.stripeCustomers, tx.trx).where({ id: customerId }).first('next_invoice_sequence')) as { next_invoice_sequence: number };
  const sequence = row.next_invoice_sequence;
  await tx.db.table(TABLES.stripeCustomers, tx.trx).where({ id: customerId }).update({ next_invoice_sequence: sequence + 1 });
  await save(tx, { ...customer, next_invoice_sequence: sequence + 1 });
  return `${String(customer['invoice_prefix'])}-${String(sequence).padStart(4, '0')}`;
};

/** A finalized invoice for one period of the subscription, with its PaymentIntent when money is due. */
const createSubscriptionInvoice = async (
  tx: Tx,
  sub: Obj,
  price: Obj,
  period: { start: number; end: number },
  reason: 'subscription_create' | 'subscription_cycle',
  amount: number,
  /** Invoice period_start: for a renewal, the start of the period that just ended. */
  previousStart: number = period.start,
  id: string = newId('in'),
): Promise<{ invoice: Obj; pi: Obj | null }> => {
  const customer = await mustLoad(tx, String(sub['customer']), 'customer', 'customer');
  const token = randomToken(24);
  const item = (rec(sub['items'])['data'] as Obj[])[0] as Obj;
  const invoice: Obj = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Member Portal Sandbox',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: amount > 0,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: sub['collection_method'] === 'send_invoice' ? 'send_invoice' : 'charge_automatically',
    created: tx.now,
    currency: 'usd',
    custom_fields: null,
    customer: customer.id,
    customer_address: customer['address'] ?? null,
    customer_email: customer['email'],
    customer_name: customer['name'],
    customer_phone: customer['phone'],
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: sub['collection_method'] === 'send_invoice' ? tx.now + Number(sub['days_until_due'] ?? 0) * 86_400 : null,
    effective_at: tx.now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${tx.base}/stripe/invoices/${id}/${token}`,
    invoice_pdf: null,
    issuer: { type: 'self' },
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: 'usd',
          description: `1 × ${String((await load(tx, String(price['product'])))?.['name'] ?? 'Membership')} (at $${(Number(price['unit_amount']) / 100).toFixed(2)} / ${intervalLabel(price)})`,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            invoice_item_details: null,
            subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: sub.id, subscription_item: item.id },
            type: 'subscription_item_details',
          },
          period: { end: period.end, start: period.start },
          pretax_credit_amounts: [],
          pricing: { price_details: { price: price.id, product: price['product'] }, type: 'price_details', unit_amount_decimal: String(price['unit_amount']) },
          quantity: 1,
          subscription: sub.id,
          taxes: [],
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    last_finalization_error: null,
    latest_revision: null,
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: await nextInvoiceNumber(tx, customer.id),
    on_behalf_of: null,
    parent: { quote_details: null, subscription_details: { metadata: sub['metadata'], subscription: sub.id }, type: 'subscription_details' },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: period.start,
    period_start: previousStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: amount > 0 ? 'open' : 'paid',
    status_transitions: { finalized_at: tx.now, marked_uncollectible_at: null, paid_at: amount > 0 ? null : tx.now, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: tx.now,
  };
  await save(tx, invoice);
  if (amount === 0) return { invoice, pi: null };
  const pi = newPaymentIntent(tx, { amount, customer: customer.id, description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update' });
  await save(tx, pi, { invoice: id });
  await save(tx, {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: amount,
    created: tx.now,
    currency: 'usd',
    invoice: id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: pi.id, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  });
  return { invoice, pi };
};

const intervalLabel = (price: Obj): string => {
  const recurring = rec(price['recurring']);
  const count = Number(recurring['interval_count'] ?? 1);
  return count === 1 ? String(recurring['interval']) : `every ${count} ${String(recurring['interval'])}s`;
};

/** The open invoice's PaymentIntent (the default invoice payment). */
const intentOfInvoice = async (tx: Tx, invoice: Obj): Promise<Obj | null> => {
  const [payment] = await list(tx, TABLES.stripeInvoicePayments, (query) => query.where({ invoice: invoice.id }));
  const piId = str(rec(payment?.['payment'])['payment_intent']);
  return piId === null ? null : load(tx, piId, true);
};

export const confirmationSecretOf = async (tx: Tx, invoice: Obj): Promise<unknown> => {
  if (invoice['status'] !== 'open') return null;
  const pi = await intentOfInvoice(tx, invoice);
  return pi === null ? null : { client_secret: pi['client_secret'], type: 'payment_intent' };
};

export type ChargeResult =
  | { readonly kind: 'paid'; readonly invoice: Obj }
  | { readonly kind: 'requires_action'; readonly intent: Obj }
  | { readonly kind: 'declined'; readonly intent: Obj; readonly decline: Decline; readonly pm: Obj };

/** Charges an open invoice with `pm` (the clock's renewals and POST /v1/invoices/{id}/pay). */
export const chargeInvoice = async (tx: Tx, invoice: Obj, pm: Obj, offSession: boolean, returnUrl: string | null): Promise<ChargeResult> => {
  const pi = await intentOfInvoice(tx, invoice);
  if (pi === null) throw invalidRequest('This invoice has nothing to pay.', 'invoice');
  if (pi['status'] === 'succeeded') return { kind: 'paid', invoice: (await load(tx, invoice.id)) ?? invoice };
  const outcome = await attemptPayment(tx, pi, pm, { offSession, returnUrl });
  if (outcome.kind === 'succeeded') return { kind: 'paid', invoice: (await load(tx, invoice.id)) ?? invoice };
  return outcome;
};

export const payInvoice = async (tx: Tx, id: string, params: FormObject): Promise<{ status: number; body: unknown }> => {
  const invoice = await mustLoad(tx, id, 'invoice', 'invoice', true);
  if (invoice['status'] === 'paid') {
    throw new StripeError(400, { type: 'invalid_request_error', code: 'invoice_already_paid', message: 'Invoice is already paid', param: 'invoice' });
  }
  if (invoice['status'] !== 'open') {
    throw invalidRequest(`You can only pay an open invoice. This invoice is ${String(invoice['status'])}.`, 'invoice', 'invoice_not_editable');
  }
  const pmId = text(params, 'payment_method');
  let pm: Obj | null = null;
  if (pmId !== null && pmId !== '') {
    pm = await mustLoad(tx, pmId, 'payment_method', 'payment_method');
    // Stripe's reference for POST /v1/invoices/{id}/pay: the payment_method "must be the ID of a
    // PaymentMethod belonging to the customer associated with the invoice". Nothing is attached
    // here (a card made by Stripe.js has no customer until it is attached or a confirm saves it).
    if (pm['customer'] !== invoice['customer']) throw notTheInvoiceCustomers(pm, String(invoice['customer']));
  } else {
    const subId = str(rec(rec(invoice['parent'])['subscription_details'])['subscription']);
    const sub = subId === null ? null : await load(tx, subId);
    const customer = await load(tx, String(invoice['customer']));
    const fallback = str(sub?.['default_payment_method']) ?? str(rec(customer?.['invoice_settings'])['default_payment_method']);
    if (fallback === null) throw invalidRequest('There is no default payment method to pay this invoice with; pass payment_method.', 'payment_method', 'invoice_no_payment_method_types');
    pm = await mustLoad(tx, fallback, 'payment_method', 'payment_method');
  }
  const result = await chargeInvoice(tx, invoice, pm, text(params, 'off_session') === 'true', null);
  if (result.kind === 'paid') return { status: 200, body: result.invoice };
  if (result.kind === 'requires_action') {
    // Stripe documents two answers to paying an invoice whose card needs 3-D Secure: the card error
    // authentication_required carrying the payment intent, and invoice_payment_intent_requires_action,
    // which need not carry it (the intent is then read from the invoice's payments). The sandbox gives
    // the second for the 3-D Secure 2 test card ending 3220, the first for the others.
    if (str(rec(pm['card'])['last4']) === '3220') {
      return {
        status: 402,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'invoice_payment_intent_requires_action',
            doc_url: 'https://docs.stripe.com/error-codes/invoice-payment-intent-requires-action',
            message: 'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.',
          },
        },
      };
    }
    return {
      status: 402,
      body: cardErrorBody({
        code: 'authentication_required',
        declineCode: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        extra: { payment_intent: result.intent, payment_method: pm },
      }),
    };
  }
  return {
    status: 402,
    body: cardErrorBody({ code: result.decline.code, declineCode: result.decline.declineCode, message: result.decline.message, extra: { payment_intent: result.intent, payment_method: result.pm } }),
  };
};

// ---- subscriptions -----------------------------------------------------------------------------

/** `ids`: the sandbox's own setups (e.g. a contract's provider state) may choose the new subscription's and first invoice's ids. */
export const createSubscription = async (tx: Tx, params: FormObject, ids: { readonly subscription?: string; readonly invoice?: string } = {}): Promise<Obj> => {
  const customer = await mustLoad(tx, text(params, 'customer'), 'customer', 'customer');
  const items = params['items'];
  const first = Array.isArray(items) ? items[0] : typeof items === 'object' && items !== null ? Object.values(items)[0] : undefined;
  if (first === undefined) throw missingParam('items');
  if (typeof first !== 'object' || Array.isArray(first)) throw invalidRequest('Invalid items', 'items');
  if ((Array.isArray(items) ? items.length : Object.keys(items as object).length) > 1) throw invalidRequest('The sandbox sells one price per subscription.', 'items[1]');
  const priceId = text(first, 'price');
  if (priceId === null) throw missingParam('items[0][price]');
  const price = await mustLoad(tx, priceId, 'price', 'items[0][price]');
  const behaviour = text(params, 'payment_behavior') ?? 'allow_incomplete';
  if (!['default_incomplete', 'allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete'].includes(behaviour)) {
    throw invalidRequest(`Invalid payment_behavior: ${behaviour}`, 'payment_behavior');
  }
  const settings = objectParam(params, 'payment_settings');
  const saveDefault = settings === null ? 'off' : (text(settings, 'save_default_payment_method') ?? 'off');
  const trialDays = integer(params, 'trial_period_days');
  const defaultPmId = text(params, 'default_payment_method');
  const defaultPm = defaultPmId === null || defaultPmId === '' ? null : await mustLoad(tx, defaultPmId, 'payment_method', 'default_payment_method');
  // send_invoice (staff's manual payment): Stripe emails the invoice, due in days_until_due days,
  // and the subscription is active at once (it does not wait for the first payment).
  const collection = text(params, 'collection_method') ?? 'charge_automatically';
  if (collection !== 'charge_automatically' && collection !== 'send_invoice') throw invalidRequest(`Invalid collection_method: ${collection}`, 'collection_method');
  const daysUntilDue = integer(params, 'days_until_due');
  if (collection === 'send_invoice' && (daysUntilDue === null || daysUntilDue < 0)) throw missingParam('days_until_due');
  if (collection !== 'send_invoice' && daysUntilDue !== null) throw invalidRequest('days_until_due is only allowed with collection_method=send_invoice', 'days_until_due');
  const start = tx.now;
  const trialEnd = trialDays !== null && trialDays > 0 ? start + trialDays * 86_400 : null;
  const end = trialEnd ?? periodEnd(start, start, price);
  const id = ids.subscription ?? newId('sub');
  const item: Obj = {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    plan: planObject(price),
    price,
    quantity: 1,
    subscription: id,
    tax_rates: [],
  };
  let sub: Obj = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: end === trialEnd ? trialEnd : start,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: collection,
    created: start,
    currency: 'usd',
    customer: customer.id,
    days_until_due: collection === 'send_invoice' ? daysUntilDue : null,
    default_payment_method: defaultPm?.id ?? null,
    default_source: null,
    default_tax_rates: [],
    description: text(params, 'description'),
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: saveDefault },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: trialEnd !== null ? 'trialing' : collection === 'send_invoice' ? 'active' : 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd === null ? null : start,
  };
  await save(tx, sub);
  const { invoice, pi } = await createSubscriptionInvoice(tx, sub, price, { start, end }, 'subscription_create', trialEnd === null ? Number(price['unit_amount']) : 0, start, ids.invoice);
  sub = { ...sub, latest_invoice: invoice.id };
  if (pi === null) {
    // Nothing due now: the card is collected with a SetupIntent (basil: pending_setup_intent).
    const setup = newSetupIntent(tx, customer.id);
    await save(tx, setup, { subscription: id });
    sub['pending_setup_intent'] = setup.id;
  }
  await save(tx, sub);
  await emit(tx, 'customer.subscription.created', sub);
  if (pi !== null && defaultPm !== null && behaviour !== 'default_incomplete' && collection !== 'send_invoice') {
    await chargeInvoice(tx, invoice, defaultPm, true, null);
    sub = (await load(tx, id)) ?? sub;
  }
  return sub;
};

export const updateSubscription = async (tx: Tx, id: string, params: FormObject): Promise<Obj> => {
  const before = await mustLoad(tx, id, 'subscription', 'id', true);
  if (before['status'] === 'canceled' || before['status'] === 'incomplete_expired') {
    const keys = Object.keys(params).filter((key) => !['metadata', 'cancellation_details', 'expand'].includes(key));
    if (keys.length > 0) throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', keys[0]);
  }
  const after: Obj = { ...before, metadata: mergeMetadata(rec(before['metadata']) as Record<string, string>, params) };
  const cancel = text(params, 'cancel_at_period_end');
  if (cancel !== null) {
    if (cancel !== 'true' && cancel !== 'false') throw invalidRequest(`Invalid boolean: ${cancel}`, 'cancel_at_period_end');
    after['cancel_at_period_end'] = cancel === 'true';
    const item = (rec(before['items'])['data'] as Obj[])[0] as Obj;
    after['cancel_at'] = cancel === 'true' ? item['current_period_end'] : null;
    after['cancellation_details'] = { comment: null, feedback: null, reason: cancel === 'true' ? 'cancellation_requested' : null };
  }
  const pmId = text(params, 'default_payment_method');
  if (pmId !== null) {
    if (pmId === '') after['default_payment_method'] = null;
    else {
      const pm = await mustLoad(tx, pmId, 'payment_method', 'default_payment_method');
      if (pm['customer'] !== before['customer']) throw invalidRequest(`The payment method ${pm.id} is not attached to this subscription's customer.`, 'default_payment_method');
      after['default_payment_method'] = pm.id;
    }
  }
  const details = objectParam(params, 'cancellation_details');
  if (details !== null) after['cancellation_details'] = { ...rec(after['cancellation_details']), comment: text(details, 'comment'), feedback: text(details, 'feedback') };
  return saveSubscriptionWithEvent(tx, before, after);
};

const endSubscription = async (tx: Tx, before: Obj, at: number, reason: string): Promise<Obj> => {
  const after: Obj = {
    ...before,
    canceled_at: before['canceled_at'] ?? at,
    ended_at: at,
    status: 'canceled',
    cancellation_details: { ...rec(before['cancellation_details']), reason },
  };
  await save(tx, after);
  // Its open invoice can no longer be paid.
  const open = await list(tx, TABLES.stripeInvoices, (query) => query.where({ subscription: before.id, status: 'open' }));
  for (const invoice of open) await voidInvoice(tx, invoice);
  await emit(tx, 'customer.subscription.deleted', after, changed(before, after, ['status', 'canceled_at', 'ended_at']));
  return after;
};

const voidInvoice = async (tx: Tx, invoice: Obj): Promise<void> => {
  await save(tx, { ...invoice, amount_remaining: 0, status: 'void', status_transitions: { ...rec(invoice['status_transitions']), voided_at: tx.now } });
  const pi = await intentOfInvoice(tx, invoice);
  if (pi !== null && pi['status'] !== 'succeeded') await save(tx, { ...pi, canceled_at: tx.now, cancellation_reason: 'void_invoice', next_action: null, status: 'canceled' });
};

export const cancelSubscription = async (tx: Tx, id: string): Promise<Obj> => {
  const before = await mustLoad(tx, id, 'subscription', 'id', true);
  if (before['status'] === 'canceled' || before['status'] === 'incomplete_expired') {
    throw invalidRequest(`No such subscription: '${id}'; it has already been canceled.`, 'id', 'resource_missing');
  }
  return endSubscription(tx, before, tx.now, 'cancellation_requested');
};

// ---- the clock ---------------------------------------------------------------------------------

export interface ClockReport {
  readonly renewed: string[];
  readonly pastDue: string[];
  readonly canceled: string[];
  readonly expired: string[];
}

/** What happens when the Stripe clock reaches `tx.now`: renewals, cancellations at period end, incomplete_expired. */
export const runClock = async (tx: Tx): Promise<ClockReport> => {
  const report: ClockReport = { renewed: [], pastDue: [], canceled: [], expired: [] };
  const expiring = await list(tx, TABLES.stripeSubscriptions, (query) =>
    query.where({ status: 'incomplete' }).andWhere('created', '<=', tx.now - INCOMPLETE_EXPIRES_AFTER_SECONDS),
  );
  for (const before of expiring) {
    const after: Obj = { ...before, ended_at: tx.now, status: 'incomplete_expired' };
    await save(tx, after);
    const open = await list(tx, TABLES.stripeInvoices, (query) => query.where({ subscription: before.id, status: 'open' }));
    for (const invoice of open) await voidInvoice(tx, invoice);
    await emit(tx, 'customer.subscription.updated', after, changed(before, after, ['status', 'ended_at']));
    report.expired.push(before.id);
  }
  for (let guard = 0; guard < 500; guard += 1) {
    const [due] = (await tx.db
      .table(TABLES.stripeSubscriptions, tx.trx)
      .whereIn('status', ['active', 'trialing'])
      .andWhere('current_period_end', '<=', tx.now)
      .orderBy([{ column: 'current_period_end' }, { column: 'seq' }])
      .limit(1)
      .forUpdate()
      .select('object')) as { object: Obj }[];
    if (due === undefined) break;
    const before = due.object;
    const item = (rec(before['items'])['data'] as Obj[])[0] as Obj;
    const end = Number(item['current_period_end']);
    if (before['cancel_at_period_end'] === true) {
      await endSubscription(tx, { ...before, canceled_at: before['canceled_at'] ?? end }, end, 'cancellation_requested');
      report.canceled.push(before.id);
      continue;
    }
    const price = (await load(tx, String(rec(item['price'])['id']))) ?? (item['price'] as Obj);
    const nextEnd = periodEnd(Number(before['billing_cycle_anchor']), end, price);
    const nextItem: Obj = { ...item, current_period_start: end, current_period_end: nextEnd };
    const renewed: Obj = {
      ...before,
      items: { ...rec(before['items']), data: [nextItem] },
      status: before['status'] === 'trialing' ? 'active' : before['status'],
    };
    const { invoice } = await createSubscriptionInvoice(
      tx,
      renewed,
      price,
      { start: end, end: nextEnd },
      'subscription_cycle',
      Number(price['unit_amount']),
      Number(item['current_period_start']),
    );
    const after: Obj = { ...renewed, latest_invoice: invoice.id };
    await saveSubscriptionWithEvent(tx, before, after);
    if (before['collection_method'] === 'send_invoice') {
      // Emailed, not charged: the invoice waits for the customer until its due date.
      report.renewed.push(before.id);
      continue;
    }
    const customer = await load(tx, String(before['customer']));
    const pmId = str(after['default_payment_method']) ?? str(rec(customer?.['invoice_settings'])['default_payment_method']);
    const pm = pmId === null ? null : await load(tx, pmId);
    if (pm === null) {
      await invoicePaymentFailed(tx, invoice, false);
      report.pastDue.push(before.id);
      continue;
    }
    const result = await chargeInvoice(tx, invoice, pm, true, null);
    if (result.kind === 'paid') report.renewed.push(before.id);
    else report.pastDue.push(before.id);
  }
  return report;
};

export const subscriptionOfInvoice = (invoice: Obj): string | null => str(rec(rec(invoice['parent'])['subscription_details'])['subscription']);

export const listResponse = (data: readonly unknown[], url: string, hasMore = false): Record<string, unknown> => listObject(data, url, hasMore);

export const newPortalSession = async (tx: Tx, params: FormObject): Promise<Obj> => {
  const customer = await mustLoad(tx, text(params, 'customer'), 'customer', 'customer');
  const returnUrl = text(params, 'return_url');
  if (returnUrl !== null && !/^https?:\/\//.test(returnUrl)) throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
  const token = randomToken(32);
  const session: Obj = {
    id: newId('bps'),
    object: 'billing_portal.session',
    configuration: text(params, 'configuration') ?? 'bpc_sandbox_default',
    created: tx.now,
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: text(params, 'locale'),
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${tx.base}/stripe/billing/p/session/${token}`,
  };
  return save(tx, session, { token });
};

/** Portal 'Update card': a SetupIntent confirmed with the new card, which becomes the default. */
export const portalUpdateCard = async (tx: Tx, customerId: string, card: FormObject): Promise<{ ok: true } | { ok: false; message: string }> => {
  let pm: Obj;
  try {
    pm = await createPaymentMethod(tx, { type: 'card', card });
  } catch (error) {
    if (error instanceof StripeError) return { ok: false, message: String(error.body.error['message']) };
    throw error;
  }
  const setup = newSetupIntent(tx, customerId, { sandbox_purpose: 'billing_portal' });
  await save(tx, setup);
  const behaviour = await behaviourFor(tx, pm);
  // The portal authenticates 3-D Secure cards inline (no separate challenge in the sandbox).
  if (behaviour.kind === 'three_d_secure') {
    await succeedSetup(tx, setup, pm);
    return { ok: true };
  }
  const outcome = await attemptSetup(tx, setup, pm, null);
  return outcome.kind === 'declined' ? { ok: false, message: outcome.decline.message } : { ok: true };
};

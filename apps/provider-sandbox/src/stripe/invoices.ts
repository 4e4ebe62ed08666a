/** Invoices: a subscription's period invoice with its PaymentIntent, charging and paying an open invoice. */
import { type Obj, rec, str } from './billing-values.ts';
import { cardErrorBody, invalidRequest, StripeError } from './errors.ts';
import type { FormObject } from './form.ts';
import { newPaymentIntent } from './intent-objects.ts';
import { mustLoad } from './lookups.ts';
import { text } from './objects.ts';
import { notTheInvoiceCustomers } from './payment-methods.ts';
import { attemptPayment, type Decline } from './payments.ts';
import { list, load, newId, randomToken, save, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

const nextInvoiceNumber = async (tx: Tx, customerId: string): Promise<string> => {
  const customer = await mustLoad(tx, customerId, 'customer', 'customer', true);
  const row = (await tx.db.table(TABLES.stripeCustomers, tx.trx).where({ id: customerId }).first('next_invoice_sequence')) as { next_invoice_sequence: number };
  const sequence = row.next_invoice_sequence;
  await tx.db.table(TABLES.stripeCustomers, tx.trx).where({ id: customerId }).update({ next_invoice_sequence: sequence + 1 });
  await save(tx, { ...customer, next_invoice_sequence: sequence + 1 });
  return `${String(customer['invoice_prefix'])}-${String(sequence).padStart(4, '0')}`;
};

/** A finalized invoice for one period of the subscription, with its PaymentIntent when money is due. */
export const createSubscriptionInvoice = async (
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
export const intentOfInvoice = async (tx: Tx, invoice: Obj): Promise<Obj | null> => {
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

export const subscriptionOfInvoice = (invoice: Obj): string | null => str(rec(rec(invoice['parent'])['subscription_details'])['subscription']);

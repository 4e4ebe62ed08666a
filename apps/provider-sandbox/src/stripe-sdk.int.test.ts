/**
 * The real stripe-node SDK (the one adapters/stripe uses) pointed at the sandbox with
 * host/port/protocol: what it sends must be understood, and what the sandbox answers must parse
 * into the SDK's objects and error classes. Webhooks are checked with the SDK's own constructEvent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { STRIPE_API_VERSION, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './stripe/constants.ts';
import { startStripeWebhookReceiver, startTestSandbox, type StripeWebhookReceiver, type TestSandbox } from './testing.ts';

let sandbox: TestSandbox;
let receiver: StripeWebhookReceiver;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startStripeWebhookReceiver();
  sandbox = await startTestSandbox({ stripeWebhookUrl: receiver.url, stripeWebhookRetryDelaysMs: [50], stripeWebhookTimeoutMs: 1000 });
  const url = new URL(sandbox.url);
  stripe = new Stripe(STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

beforeEach(async () => {
  await sandbox.sandbox.reset();
  receiver.received.length = 0;
});

const card = (number: string) => stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } } as Stripe.PaymentMethodCreateParams);

describe('stripe-node against the sandbox', () => {
  it('customer, subscription, decline, a second card on the same invoice, receipt, portal, webhooks', async () => {
    const customer = await stripe.customers.create({ email: 'sdk@example.com', name: 'Sdk Member', metadata: { athenaPatientId: '5101' } }, { idempotencyKey: 'cus-sdk-1' });
    const again = await stripe.customers.create({ email: 'sdk@example.com', name: 'Sdk Member', metadata: { athenaPatientId: '5101' } }, { idempotencyKey: 'cus-sdk-1' });
    expect(again.id).toBe(customer.id);
    const found = await stripe.customers.search({ query: "email:'sdk@example.com'" });
    expect(found.data.map((c) => c.id)).toEqual([customer.id]);
    expect((await stripe.customers.list({ email: 'sdk@example.com' })).data).toHaveLength(1);

    const prices = await stripe.prices.list({ lookup_keys: ['70_biannual'], expand: ['data.product'] });
    const price = prices.data[0] as Stripe.Price;
    expect((price.product as Stripe.Product).object).toBe('product');

    const sub = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { enrollmentId: 'enr-sdk' },
        expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      },
      { idempotencyKey: 'sub-enr-sdk-70_biannual' },
    );
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.confirmation_secret?.type).toBe('payment_intent');
    expect(sub.items.data[0]?.current_period_end).toBeGreaterThan(sub.items.data[0]?.current_period_start ?? Infinity);

    // A card must be the invoice's customer's before it pays the invoice (docs.stripe.com/api/invoices/pay).
    const declined = await card('4000000000000341');
    const unattached = await stripe.invoices.pay(invoice.id as string, { payment_method: declined.id }).catch((error: unknown) => error);
    expect(unattached).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((unattached as Stripe.errors.StripeInvalidRequestError).param).toBe('payment_method');
    await stripe.paymentMethods.attach(declined.id, { customer: customer.id });
    const failure = await stripe.invoices.pay(invoice.id as string, { payment_method: declined.id }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((failure as Stripe.errors.StripeCardError).decline_code).toBe('generic_decline');
    expect((failure as Stripe.errors.StripeCardError).statusCode).toBe(402);

    const good = await card('4242424242424242');
    await stripe.paymentMethods.attach(good.id, { customer: customer.id });
    const paid = await stripe.invoices.pay(invoice.id as string, { payment_method: good.id });
    expect(paid.status).toBe('paid');
    expect(paid.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(paid.status_transitions.paid_at).toEqual(expect.any(Number));

    const payments = await stripe.invoicePayments.list({ invoice: invoice.id as string, expand: ['data.payment.payment_intent'] });
    const intent = payments.data[0]?.payment.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('succeeded');
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge.receipt_url).toContain('/stripe/receipts/');

    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active).toMatchObject({ status: 'active', default_payment_method: good.id });
    const listed = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(listed.data.map((s) => s.id)).toEqual([sub.id]);
    const canceling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling.cancel_at_period_end).toBe(true);

    const session = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/billing/return' });
    expect(session.url).toContain('/stripe/billing/p/session/');

    const missing = await stripe.customers.retrieve('cus_nope').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((missing as Stripe.errors.StripeInvalidRequestError).statusCode).toBe(404);

    const mismatch = await stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'cus-sdk-1' }).catch((error: unknown) => error);
    expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    const received = await receiver.waitForEvent('invoice.paid', invoice.id as string);
    const event = stripe.webhooks.constructEvent(received.raw, received.signature, STRIPE_WEBHOOK_SECRET);
    expect(event.type).toBe('invoice.paid');
    expect((event.data.object as Stripe.Invoice).id).toBe(invoice.id);
    expect(() => stripe.webhooks.constructEvent(received.raw.replace('"paid"', '"open"'), received.signature, STRIPE_WEBHOOK_SECRET)).toThrow();
  });

  it('server-side confirm of a 3DS card answers requires_action with a redirect_to_url', async () => {
    const customer = await stripe.customers.create({ email: 'sdk3ds@example.com' });
    const price = (await stripe.prices.list({ lookup_keys: ['120_annual'] })).data[0] as Stripe.Price;
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'] });
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret as string;
    const pm = await card('4000002760003184');
    const intent = await stripe.paymentIntents.confirm(secret.split('_secret_')[0] as string, { payment_method: pm.id, return_url: 'http://localhost:3000/pay/return' });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('redirect_to_url');
    expect(intent.next_action?.redirect_to_url?.url).toContain(`/stripe/3ds/${intent.id}`);
  });
});

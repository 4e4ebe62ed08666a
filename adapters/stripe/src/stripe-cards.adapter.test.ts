import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { CardsRejectedError, CardsUnavailableError } from '@portal/core';
import { StripeCards, stripeIdempotencyKey, type StripeCardsConfig } from './stripe-cards.adapter.ts';
import { FakeFetch, json, stripeError } from './testing/fake-fetch.ts';
import { T0, YEAR, customer, invoice, invoicePayment, list, paymentIntent, price, subscription } from './testing/fixtures.ts';

const setup = (configure: (fake: FakeFetch) => void, config: Partial<StripeCardsConfig> = {}) => {
  const fake = new FakeFetch();
  configure(fake);
  const cards = new StripeCards({
    secretKey: 'sk_test_unit',
    webhookSecret: 'whsec_unit',
    apiBase: 'http://sandbox.test:4010',
    retries: 0,
    httpClient: Stripe.createFetchHttpClient(fake.fetch),
    ...config,
  });
  return { fake, cards };
};

const pairs = (form: URLSearchParams) => [...form.entries()];

describe('StripeCards: the wire', () => {
  it('talks to the configured host with the secret key and the pinned basil version', async () => {
    const { fake, cards } = setup((f) => f.on('GET', /^\/v1\/customers\/cus_123$/, json(customer())));
    await cards.getCustomer('cus_123');
    const [request] = fake.requests;
    expect(request?.url.origin).toBe('http://sandbox.test:4010');
    expect(request?.headers.get('authorization')).toBe('Bearer sk_test_unit');
    expect(request?.headers.get('stripe-version')).toBe('2025-08-27.basil');
  });
});

describe('StripeCards: customers', () => {
  it('finds a customer by email with the list (not the eventually consistent search)', async () => {
    const { fake, cards } = setup((f) => f.on('GET', /^\/v1\/customers$/, json(list([customer({ id: 'cus_gone', deleted: true }), customer()]))));
    await expect(cards.findCustomerByEmail('pat@example.com')).resolves.toEqual({ id: 'cus_123', email: 'pat@example.com', name: 'Pat Member', metadata: { athenaPatientId: '4242' } });
    expect(fake.requests[0]?.url.searchParams.get('email')).toBe('pat@example.com');
  });

  it('answers null when no customer has the email', async () => {
    const { cards } = setup((f) => f.on('GET', /^\/v1\/customers$/, json(list([]))));
    await expect(cards.findCustomerByEmail('nobody@example.com')).resolves.toBeNull();
  });

  it('gets a customer; null for an unknown or deleted one', async () => {
    const { cards } = setup((f) =>
      f
        .on('GET', /^\/v1\/customers\/cus_123$/, json(customer({ name: null, metadata: {} })))
        .on('GET', /^\/v1\/customers\/cus_deleted$/, json({ id: 'cus_deleted', object: 'customer', deleted: true }))
        .on('GET', /^\/v1\/customers\/cus_none$/, stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: 'No such customer: cus_none' })),
    );
    await expect(cards.getCustomer('cus_123')).resolves.toEqual({ id: 'cus_123', email: 'pat@example.com', name: null, metadata: {} });
    await expect(cards.getCustomer('cus_deleted')).resolves.toBeNull();
    await expect(cards.getCustomer('cus_none')).resolves.toBeNull();
  });

  it('creates a customer with its idempotency key', async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/customers$/, json(customer())));
    await expect(cards.createCustomer({ email: 'pat@example.com', name: 'Pat Member', metadata: { athenaPatientId: '4242' } }, 'customer:enr-1')).resolves.toMatchObject({ id: 'cus_123' });
    const [request] = fake.requests;
    expect(request?.headers.get('idempotency-key')).toBe('customer:enr-1');
    expect(pairs(request!.form)).toEqual([
      ['email', 'pat@example.com'],
      ['name', 'Pat Member'],
      ['metadata[athenaPatientId]', '4242'],
    ]);
  });

  it("changes the customer's email (the billing email) with its idempotency key", async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/customers\/cus_123$/, json(customer({ email: 'billing@example.com' }))));
    await expect(cards.updateCustomerEmail('cus_123', 'billing@example.com', 'billing-email:enr-1')).resolves.toMatchObject({ id: 'cus_123', email: 'billing@example.com' });
    const [request] = fake.requests;
    expect(request?.headers.get('idempotency-key')).toBe('billing-email:enr-1');
    expect(pairs(request!.form)).toEqual([['email', 'billing@example.com']]);
  });
});

describe('StripeCards: subscriptions', () => {
  it('creates a default_incomplete subscription for the tier price, with the expands: a payment is due', async () => {
    const { fake, cards } = setup((f) =>
      f
        .on('GET', /^\/v1\/prices$/, json(list([price('120_annual'), price('70_biannual'), price('not_a_tier')])))
        .on('POST', /^\/v1\/subscriptions$/, json(subscription({ latest_invoice: invoice({ confirmation_secret: { client_secret: 'pi_123_secret_abc', type: 'payment_intent' } }) }))),
    );
    const result = await cards.createSubscription({ customerId: 'cus_123', tier: '120_annual', metadata: { enrollmentId: 'enr-1' } }, 'subscription:enr-1:120_annual');
    expect(result).toEqual({
      subscription: {
        id: 'sub_123',
        customerId: 'cus_123',
        status: 'incomplete',
        tier: '120_annual',
        cancelAtPeriodEnd: false,
        currentPeriodStart: new Date(T0 * 1000),
        currentPeriodEnd: new Date((T0 + YEAR) * 1000),
        latestInvoiceId: 'in_123',
        metadata: { enrollmentId: 'enr-1' },
      },
      clientSecret: 'pi_123_secret_abc',
      intentType: 'payment',
      invoiceId: 'in_123',
    });
    const prices = fake.to('GET', /^\/v1\/prices$/)[0]!;
    expect(prices.url.searchParams.getAll('lookup_keys[0]')).toEqual(['120_annual']);
    expect([...prices.url.searchParams.keys()].filter((key) => key.startsWith('lookup_keys['))).toHaveLength(4);
    const create = fake.to('POST', /^\/v1\/subscriptions$/)[0]!;
    expect(create.headers.get('idempotency-key')).toBe('subscription:enr-1:120_annual');
    expect(pairs(create.form)).toEqual([
      ['customer', 'cus_123'],
      ['items[0][price]', 'price_120_annual'],
      ['payment_behavior', 'default_incomplete'],
      ['payment_settings[save_default_payment_method]', 'on_subscription'],
      ['metadata[enrollmentId]', 'enr-1'],
      ['expand[0]', 'latest_invoice.confirmation_secret'],
      ['expand[1]', 'pending_setup_intent'],
    ]);
  });

  it('answers the setup intent when nothing is due now', async () => {
    const { cards } = setup((f) =>
      f
        .on('GET', /^\/v1\/prices$/, json(list([price('70_biannual')])))
        .on('POST', /^\/v1\/subscriptions$/, json(subscription({ status: 'trialing', latest_invoice: invoice({ amount_due: 0, status: 'paid', confirmation_secret: null }), pending_setup_intent: { id: 'seti_1', client_secret: 'seti_1_secret_x', status: 'requires_payment_method' } }))),
    );
    const result = await cards.createSubscription({ customerId: 'cus_123', tier: '70_biannual', metadata: {} }, 'k');
    expect(result).toMatchObject({ clientSecret: 'seti_1_secret_x', intentType: 'setup', invoiceId: 'in_123' });
  });

  it('answers no secret when neither is there', async () => {
    const { cards } = setup((f) => f.on('GET', /^\/v1\/prices$/, json(list([price('120_annual')]))).on('POST', /^\/v1\/subscriptions$/, json(subscription({ status: 'active', latest_invoice: invoice({ status: 'paid' }) }))));
    await expect(cards.createSubscription({ customerId: 'cus_123', tier: '120_annual', metadata: {} }, 'k')).resolves.toMatchObject({ clientSecret: null, intentType: null });
  });

  it('remembers the prices: one lookup for many subscriptions, again after the cache time', async () => {
    let now = 0;
    const { fake, cards } = setup(
      (f) => f.on('GET', /^\/v1\/prices$/, json(list([price('120_annual'), price('500_concierge_annual')]))).on('POST', /^\/v1\/subscriptions$/, json(subscription())),
      { nowMs: () => now, priceCacheMs: 1000 },
    );
    await Promise.all([
      cards.createSubscription({ customerId: 'cus_1', tier: '120_annual', metadata: {} }, 'a'),
      cards.createSubscription({ customerId: 'cus_2', tier: '500_concierge_annual', metadata: {} }, 'b'),
    ]);
    await cards.createSubscription({ customerId: 'cus_3', tier: '120_annual', metadata: {} }, 'c');
    expect(fake.to('GET', /^\/v1\/prices$/)).toHaveLength(1);
    expect(fake.to('POST', /^\/v1\/subscriptions$/).map((request) => request.form.get('items[0][price]'))).toEqual(['price_120_annual', 'price_500_concierge_annual', 'price_120_annual']);
    now = 1001;
    await cards.createSubscription({ customerId: 'cus_4', tier: '120_annual', metadata: {} }, 'd');
    expect(fake.to('GET', /^\/v1\/prices$/)).toHaveLength(2);
  });

  it('refuses a tier without a price, without creating anything', async () => {
    const { fake, cards } = setup((f) => f.on('GET', /^\/v1\/prices$/, json(list([]))));
    await expect(cards.createSubscription({ customerId: 'cus_1', tier: '300_concierge_biannual', metadata: {} }, 'k')).rejects.toBeInstanceOf(CardsRejectedError);
    expect(fake.to('POST', /^\/v1\/subscriptions$/)).toHaveLength(0);
  });

  it('gets a subscription (basil periods from its item); null when unknown; tier null for a foreign price', async () => {
    const { cards } = setup((f) =>
      f
        .on('GET', /^\/v1\/subscriptions\/sub_123$/, json(subscription({ status: 'active', cancel_at_period_end: true, items: { data: [{ price: price('legacy_plan'), current_period_start: T0, current_period_end: T0 + YEAR }] } })))
        .on('GET', /^\/v1\/subscriptions\/sub_none$/, stripeError(404, { type: 'invalid_request_error', code: 'resource_missing' })),
    );
    await expect(cards.getSubscription('sub_123')).resolves.toMatchObject({ status: 'active', cancelAtPeriodEnd: true, tier: null, currentPeriodEnd: new Date((T0 + YEAR) * 1000) });
    await expect(cards.getSubscription('sub_none')).resolves.toBeNull();
  });

  it('lists every subscription of the customer, canceled included, page by page', async () => {
    const { fake, cards } = setup((f) =>
      f.on('GET', /^\/v1\/subscriptions$/, json(list([subscription({ id: 'sub_a', status: 'canceled' }), subscription({ id: 'sub_b', status: 'active' })], true)), json(list([subscription({ id: 'sub_c', status: 'past_due' })]))),
    );
    const subscriptions = await cards.listSubscriptions('cus_123');
    expect(subscriptions.map((s) => [s.id, s.status])).toEqual([
      ['sub_a', 'canceled'],
      ['sub_b', 'active'],
      ['sub_c', 'past_due'],
    ]);
    const [first, second] = fake.requests;
    expect(first?.url.searchParams.get('status')).toBe('all');
    expect(first?.url.searchParams.get('customer')).toBe('cus_123');
    expect(second?.url.searchParams.get('starting_after')).toBe('sub_b');
  });

  it('reactivates: cancel_at_period_end=false with its key', async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/subscriptions\/sub_123$/, json(subscription({ status: 'active' }))));
    await expect(cards.reactivateSubscription('sub_123', 'reactivate:sub_123')).resolves.toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
    expect(fake.requests[0]?.body).toBe('cancel_at_period_end=false');
    expect(fake.requests[0]?.headers.get('idempotency-key')).toBe('reactivate:sub_123');
  });
});

describe('StripeCards: invoices and payment', () => {
  it('gets an invoice with the basil parent and the line period', async () => {
    const { cards } = setup((f) => f.on('GET', /^\/v1\/invoices\/in_123$/, json(invoice({ status: 'paid', amount_paid: 12000, status_transitions: { paid_at: T0 + 60 } }))));
    await expect(cards.getInvoice('in_123')).resolves.toEqual({
      id: 'in_123',
      customerId: 'cus_123',
      status: 'paid',
      subscriptionId: 'sub_123',
      amountDueCents: 12000,
      amountPaidCents: 12000,
      paidAt: new Date((T0 + 60) * 1000),
      periodStart: new Date(T0 * 1000),
      periodEnd: new Date((T0 + YEAR) * 1000),
      hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_abc',
    });
  });

  it('pays an invoice', async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/invoices\/in_123\/pay$/, json(invoice({ status: 'paid', amount_paid: 12000 }))));
    await expect(cards.payInvoice('in_123', 'pm_card', 'pay:in_123:pm_card')).resolves.toMatchObject({ kind: 'paid', invoice: { status: 'paid', amountPaidCents: 12000 } });
    expect(fake.requests[0]?.body).toBe('payment_method=pm_card');
    expect(fake.requests[0]?.headers.get('idempotency-key')).toBe('pay:in_123:pm_card');
  });

  it('attaches the card to the customer with its key and answers the id Stripe gives back', async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/payment_methods\/pm_card_visa\/attach$/, json({ id: 'pm_1New', object: 'payment_method', customer: 'cus_123' })));
    await expect(cards.attachCard('pm_card_visa', 'cus_123', 'attach:cus_123:pm_card_visa')).resolves.toEqual({ kind: 'attached', paymentMethodId: 'pm_1New' });
    expect(fake.requests[0]?.body).toBe('customer=cus_123');
    expect(fake.requests[0]?.headers.get('idempotency-key')).toBe('attach:cus_123:pm_card_visa');
  });

  it('a card Stripe declines on attach is a decline; a card of another customer is a rejection', async () => {
    const { cards } = setup((f) =>
      f
        .on('POST', /^\/v1\/payment_methods\/pm_bad\/attach$/, stripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }))
        .on('POST', /^\/v1\/payment_methods\/pm_theirs\/attach$/, stripeError(400, { type: 'invalid_request_error', code: 'payment_method_unexpected_state', param: 'payment_method', message: 'The payment method you provided has already been attached to a customer.' })),
    );
    await expect(cards.attachCard('pm_bad', 'cus_123', 'k1')).resolves.toEqual({ kind: 'declined', message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' });
    await expect(cards.attachCard('pm_theirs', 'cus_123', 'k2')).rejects.toBeInstanceOf(CardsRejectedError);
  });

  it('maps a 402 card_error to a decline with its code and decline code', async () => {
    const { cards } = setup((f) =>
      f.on('POST', /^\/v1\/invoices\/in_123\/pay$/, stripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' })),
    );
    await expect(cards.payInvoice('in_123', 'pm_card', 'k')).resolves.toEqual({ kind: 'declined', message: 'Your card has insufficient funds.', code: 'card_declined', declineCode: 'insufficient_funds' });
  });

  it('maps authentication_required with a payment intent in requires_action to 3-D Secure', async () => {
    const { cards } = setup((f) =>
      f
        .on(
          'POST',
          /^\/v1\/invoices\/in_123\/pay$/,
          stripeError(402, {
            type: 'card_error',
            code: 'authentication_required',
            message: 'This payment requires additional user action before it can be completed successfully.',
            payment_intent: paymentIntent({ status: 'requires_action', client_secret: 'pi_3ds_secret', latest_charge: null }),
          }),
        )
        .on('GET', /^\/v1\/invoices\/in_123$/, json(invoice())),
    );
    await expect(cards.payInvoice('in_123', 'pm_3ds', 'k')).resolves.toMatchObject({ kind: 'requires_action', clientSecret: 'pi_3ds_secret', invoice: { id: 'in_123', status: 'open' } });
  });

  it('finds the action through invoice_payments when the error carries no payment intent', async () => {
    const { fake, cards } = setup((f) =>
      f
        .on('POST', /^\/v1\/invoices\/in_123\/pay$/, stripeError(402, { type: 'card_error', code: 'authentication_required', message: 'Authentication required.' }))
        .on('GET', /^\/v1\/invoice_payments$/, json(list([invoicePayment(paymentIntent({ status: 'requires_action', client_secret: 'pi_3ds_secret' }), { status: 'open' })])))
        .on('GET', /^\/v1\/invoices\/in_123$/, json(invoice())),
    );
    await expect(cards.payInvoice('in_123', 'pm_3ds', 'k')).resolves.toMatchObject({ kind: 'requires_action', clientSecret: 'pi_3ds_secret' });
    const lookup = fake.to('GET', /^\/v1\/invoice_payments$/)[0]!;
    expect(lookup.url.searchParams.get('invoice')).toBe('in_123');
    expect(lookup.url.searchParams.get('expand[0]')).toBe('data.payment.payment_intent');
  });

  it('maps an open invoice whose payment intent requires action (no error) to 3-D Secure', async () => {
    const { cards } = setup((f) =>
      f
        .on('POST', /^\/v1\/invoices\/in_123\/pay$/, json(invoice({ status: 'open' })))
        .on('GET', /^\/v1\/invoice_payments$/, json(list([invoicePayment(paymentIntent({ status: 'requires_action', client_secret: 'pi_3ds_secret' }), { status: 'open' })]))),
    );
    await expect(cards.payInvoice('in_123', 'pm_3ds', 'k')).resolves.toMatchObject({ kind: 'requires_action', clientSecret: 'pi_3ds_secret', invoice: { status: 'open' } });
  });

  it('authentication_required without anything to act on is a decline', async () => {
    const { cards } = setup((f) =>
      f.on('POST', /^\/v1\/invoices\/in_123\/pay$/, stripeError(402, { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Authentication required.' })).on('GET', /^\/v1\/invoice_payments$/, json(list([]))),
    );
    await expect(cards.payInvoice('in_123', 'pm', 'k')).resolves.toEqual({ kind: 'declined', message: 'Authentication required.', code: 'authentication_required', declineCode: 'authentication_required' });
  });

  it('a 400 on pay (e.g. no way to pay the invoice) is a rejection, without Stripe’s message', async () => {
    const { cards } = setup((f) =>
      f.on('POST', /^\/v1\/invoices\/in_123\/pay$/, stripeError(400, { type: 'invalid_request_error', code: 'invoice_no_payment_method_types', message: 'Invoice in_123 for pat@example.com ...' })),
    );
    const error = await cards.payInvoice('in_123', 'pm', 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardsRejectedError);
    expect(error).toMatchObject({ status: 400, code: 'invoice_no_payment_method_types' });
    expect((error as Error).message).toBe('stripe POST /v1/invoices/{id}/pay answered 400 (invalid_request_error, invoice_no_payment_method_types)');
  });

  it.each([
    ['a card error', 'card_error'],
    ['an invalid request error', 'invalid_request_error'],
  ])('invoice_payment_intent_requires_action as %s, without the payment intent: 3-D Secure, read from the invoice payment', async (_name, type) => {
    const { cards } = setup((f) =>
      f
        .on('POST', /^\/v1\/invoices\/in_123\/pay$/, stripeError(402, { type, code: 'invoice_payment_intent_requires_action', message: 'This payment requires additional user action before it can be completed successfully.' }))
        .on('GET', /^\/v1\/invoice_payments$/, json(list([invoicePayment(paymentIntent({ status: 'requires_action', client_secret: 'pi_3ds2_secret' }), { status: 'open' })])))
        .on('GET', /^\/v1\/invoices\/in_123$/, json(invoice())),
    );
    await expect(cards.payInvoice('in_123', 'pm_3ds2', 'k')).resolves.toMatchObject({ kind: 'requires_action', clientSecret: 'pi_3ds2_secret', invoice: { id: 'in_123' } });
  });

  it('invoice_payment_intent_requires_action with no intent waiting is a rejection, not a decline', async () => {
    const { cards } = setup((f) =>
      f
        .on('POST', /^\/v1\/invoices\/in_123\/pay$/, stripeError(402, { type: 'invalid_request_error', code: 'invoice_payment_intent_requires_action', message: 'Requires action.' }))
        .on('GET', /^\/v1\/invoice_payments$/, json(list([]))),
    );
    await expect(cards.payInvoice('in_123', 'pm', 'k')).rejects.toMatchObject({ status: 402, code: 'invoice_payment_intent_requires_action' });
  });

  it('finds the receipt: invoice_payments → payment intent → latest charge', async () => {
    const { fake, cards } = setup((f) =>
      f
        .on('GET', /^\/v1\/invoice_payments$/, json(list([invoicePayment(paymentIntent({ latest_charge: 'ch_123' }))])))
        .on('GET', /^\/v1\/charges\/ch_123$/, json({ id: 'ch_123', object: 'charge', receipt_url: 'https://pay.stripe.com/receipts/x' })),
    );
    await expect(cards.receiptUrl('in_123')).resolves.toBe('https://pay.stripe.com/receipts/x');
    expect(fake.requests.map((r) => r.url.pathname)).toEqual(['/v1/invoice_payments', '/v1/charges/ch_123']);
  });

  it('reads an expanded charge without another call; null when nothing was paid', async () => {
    const expanded = setup((f) => f.on('GET', /^\/v1\/invoice_payments$/, json(list([invoicePayment(paymentIntent({ latest_charge: { id: 'ch_1', receipt_url: 'https://pay.stripe.com/receipts/y' } }))]))));
    await expect(expanded.cards.receiptUrl('in_123')).resolves.toBe('https://pay.stripe.com/receipts/y');
    expect(expanded.fake.requests).toHaveLength(1);
    const none = setup((f) => f.on('GET', /^\/v1\/invoice_payments$/, json(list([]))));
    await expect(none.cards.receiptUrl('in_123')).resolves.toBeNull();
  });

  it('creates a billing portal session, never retried', async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/billing_portal\/sessions$/, stripeError(500, { type: 'api_error' }), json({ id: 'bps_1', url: 'https://billing.stripe.com/p/session/x' })), { retries: 2 });
    await expect(cards.createPortalSession('cus_123', 'https://portal.example/billing/return')).rejects.toBeInstanceOf(CardsUnavailableError);
    expect(fake.requests).toHaveLength(1);
    await expect(cards.createPortalSession('cus_123', 'https://portal.example/billing/return')).resolves.toEqual({ url: 'https://billing.stripe.com/p/session/x' });
    expect(pairs(fake.requests[1]!.form)).toEqual([
      ['customer', 'cus_123'],
      ['return_url', 'https://portal.example/billing/return'],
    ]);
  });
});

describe('StripeCards: failures', () => {
  it('retries reads on 5xx, then answers', async () => {
    const { fake, cards } = setup((f) => f.on('GET', /^\/v1\/invoices\/in_123$/, stripeError(503, { type: 'api_error' }), json(invoice())), { retries: 1 });
    await expect(cards.getInvoice('in_123')).resolves.toMatchObject({ id: 'in_123' });
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up after its retries: unavailable', async () => {
    const { fake, cards } = setup((f) => f.on('GET', /^\/v1\/invoices\/in_123$/, 'network-error'), { retries: 1 });
    const error = await cards.getInvoice('in_123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardsUnavailableError);
    expect((error as Error).message).toBe('stripe GET /v1/invoices/{id} failed (network error)');
    expect(fake.requests).toHaveLength(2);
  });

  it('a timeout is unavailable', async () => {
    const { cards } = setup((f) => f.on('GET', /^\/v1\/subscriptions\/sub_1$/, 'hang'), { timeoutMs: 50 });
    const error = await cards.getSubscription('sub_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardsUnavailableError);
    expect((error as Error).message).toBe('stripe GET /v1/subscriptions/{id} timed out');
  });

  it('a 429 and a refused key are unavailable; other 4xx are rejections', async () => {
    const { cards } = setup((f) =>
      f
        .on('GET', /^\/v1\/customers$/, stripeError(429, { type: 'invalid_request_error', code: 'rate_limit' }))
        .on('GET', /^\/v1\/customers\/cus_1$/, stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' }))
        .on('POST', /^\/v1\/customers$/, stripeError(400, { type: 'invalid_request_error', code: 'email_invalid', param: 'email', message: 'Invalid email address: pat@' })),
    );
    await expect(cards.findCustomerByEmail('pat@example.com')).rejects.toBeInstanceOf(CardsUnavailableError);
    await expect(cards.getCustomer('cus_1')).rejects.toThrow('stripe GET /v1/customers/{id} answered 401: the API key was refused');
    const error = await cards.createCustomer({ email: 'pat@', name: 'Pat', metadata: {} }, 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardsRejectedError);
    expect((error as Error).message).toBe('stripe POST /v1/customers answered 400 (invalid_request_error, email_invalid, param email)');
    expect((error as Error).message).not.toContain('pat@');
  });

  it('never retries a keyless create, retries a keyed one with the same key', async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/customers$/, stripeError(500, { type: 'api_error' }), json(customer())), { retries: 1 });
    await expect(cards.createCustomer({ email: 'pat@example.com', name: 'Pat', metadata: {} }, 'customer:enr-1')).resolves.toMatchObject({ id: 'cus_123' });
    expect(fake.requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['customer:enr-1', 'customer:enr-1']);
  });

  it('an idempotency conflict is a rejection', async () => {
    const { cards } = setup((f) => f.on('POST', /^\/v1\/customers$/, stripeError(400, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' })));
    await expect(cards.createCustomer({ email: 'a@example.com', name: 'A', metadata: {} }, 'k')).rejects.toMatchObject({ name: 'CardsRejectedError', status: 400 });
  });

  it('a 2xx it cannot read is unavailable, naming the field and not the values', async () => {
    const { cards } = setup((f) => f.on('GET', /^\/v1\/subscriptions\/sub_1$/, json(subscription({ status: 'bogus', customer: 42 }))));
    const error = await cards.getSubscription('sub_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardsUnavailableError);
    expect((error as Error).message).toMatch(/^stripe GET \/v1\/subscriptions\/\{id\} answered with an unexpected shape at (customer, status|status, customer)/);
  });

  it('refuses an empty idempotency key before calling', async () => {
    const { fake, cards } = setup(() => undefined);
    await expect(cards.createCustomer({ email: 'a@example.com', name: 'A', metadata: {} }, '')).rejects.toThrow(TypeError);
    expect(fake.requests).toHaveLength(0);
  });

  it('sends a key longer than Stripe takes (255) as its head and hash: the same key the same way, never over 255', async () => {
    const { fake, cards } = setup((f) => f.on('POST', /^\/v1\/subscriptions\/sub_1$/, json(subscription({ status: 'active' })), json(subscription({ status: 'active' })), json(subscription({ status: 'active' }))));
    const long = `billing-email:${'e'.repeat(36)}:${'a'.repeat(300)}@example.com`;
    await cards.reactivateSubscription('sub_1', long);
    await cards.reactivateSubscription('sub_1', long);
    await cards.reactivateSubscription('sub_1', `${long}x`);
    const [first, second, third] = fake.requests.map((request) => request.headers.get('idempotency-key') ?? '');
    expect(first!.length).toBeLessThanOrEqual(255);
    expect(first).toMatch(/^billing-email:e+:a+:sha256:[0-9a-f]{64}$/);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    expect(stripeIdempotencyKey('reactivate:sub_1')).toBe('reactivate:sub_1');
    expect(stripeIdempotencyKey('k'.repeat(255))).toBe('k'.repeat(255));
  });
});

describe('StripeCards: the call observer (metrics)', () => {
  it('hears each call with its path template, the status and the time; a connection failure without a status', async () => {
    const heard: unknown[] = [];
    const { cards } = setup(
      (f) =>
        f
          .on('GET', /^\/v1\/customers\/cus_123$/, json(customer()))
          .on('GET', /^\/v1\/customers\/cus_none$/, stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: 'No such customer' }))
          .on('GET', /^\/v1\/customers\/cus_down$/, 'network-error'),
      { onCall: (call) => heard.push(call) },
    );
    await cards.getCustomer('cus_123');
    await cards.getCustomer('cus_none');
    await expect(cards.getCustomer('cus_down')).rejects.toBeInstanceOf(CardsUnavailableError);
    expect(heard).toEqual([
      { provider: 'stripe', operation: 'GET /v1/customers/{id}', status: 200, failure: null, durationMs: expect.any(Number) },
      { provider: 'stripe', operation: 'GET /v1/customers/{id}', status: 404, failure: null, durationMs: expect.any(Number) },
      { provider: 'stripe', operation: 'GET /v1/customers/{id}', status: null, failure: 'network', durationMs: expect.any(Number) },
    ]);
    expect(JSON.stringify(heard)).not.toContain('cus_');
  });
});

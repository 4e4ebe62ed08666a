/**
 * The Stripe look-alike over HTTP, called as stripe-node and Stripe.js call it (form bodies with
 * bracket nesting, Bearer keys): keys and errors, the catalog, customers, a subscription from
 * `incomplete` to `active` with the card confirmed in the browser, declines and a second card on
 * the same invoice, 3-D Secure complete and fail with the redirect parameters, idempotency keys
 * (replay, mismatch, twenty concurrent creates), and signed webhooks with retries.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { STRIPE_PUBLISHABLE_KEY } from './stripe/constants.ts';
import { startStripeWebhookReceiver, startTestSandbox, stripeCall, verifyStripeSignature, type StripeWebhookReceiver, type TestSandbox } from './testing.ts';

let sandbox: TestSandbox;
let receiver: StripeWebhookReceiver;

beforeAll(async () => {
  receiver = await startStripeWebhookReceiver();
  sandbox = await startTestSandbox({ stripeWebhookUrl: receiver.url, stripeWebhookRetryDelaysMs: [50, 100], stripeWebhookTimeoutMs: 1000 });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

beforeEach(async () => {
  await sandbox.sandbox.reset();
  receiver.received.length = 0;
  receiver.answers = [];
});

const RETURN_URL = 'http://localhost:3000/pay/return?enrollment=enr-1';

const customer = async (email = 'margaret.sullivan@example.com') => {
  const response = await stripeCall(sandbox.url, 'POST', '/v1/customers', { email, name: 'Margaret Sullivan', phone: '+14015550101', metadata: { athenaPatientId: '5101' } });
  expect(response.status).toBe(200);
  return response.body as { id: string; email: string };
};

const subscribe = async (customerId: string, tier = '120_annual', idempotencyKey?: string, extra: Record<string, unknown> = {}) => {
  const prices = await stripeCall(sandbox.url, 'GET', '/v1/prices', { lookup_keys: [tier] });
  const price = prices.body.data[0].id as string;
  return stripeCall(
    sandbox.url,
    'POST',
    '/v1/subscriptions',
    {
      customer: customerId,
      items: [{ price }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { enrollmentId: 'enr-1', tier },
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      ...extra,
    },
    idempotencyKey === undefined ? {} : { idempotencyKey },
  );
};

/** What the look-alike Stripe.js sends for confirmPayment with a card element. */
const confirmCard = (clientSecret: string, number: string, returnUrl: string | null = RETURN_URL) => {
  const intent = clientSecret.split('_secret_')[0] as string;
  return stripeCall(
    sandbox.url,
    'POST',
    `/v1/payment_intents/${intent}/confirm`,
    {
      client_secret: clientSecret,
      payment_method_data: { type: 'card', card: { number, exp_month: '12', exp_year: '2034', cvc: '123' } },
      ...(returnUrl === null ? {} : { return_url: returnUrl }),
      key: STRIPE_PUBLISHABLE_KEY,
    },
    { key: null },
  );
};

const startIncomplete = async () => {
  const cus = await customer();
  const created = await subscribe(cus.id);
  expect(created.status).toBe(200);
  return { customer: cus, subscription: created.body, invoice: created.body.latest_invoice, secret: created.body.latest_invoice.confirmation_secret.client_secret as string };
};

describe('Stripe: keys, versions, errors', () => {
  it('refuses a missing or wrong key with 401 invalid_request_error', async () => {
    const none = await stripeCall(sandbox.url, 'GET', '/v1/customers', {}, { key: null });
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('did not provide an API key') });
    const wrong = await stripeCall(sandbox.url, 'GET', '/v1/customers', {}, { key: 'sk_test_wrong_key_123456' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toContain('Invalid API Key provided');
  });

  it('keeps the publishable key to the browser calls', async () => {
    const response = await stripeCall(sandbox.url, 'GET', '/v1/customers', {}, { key: STRIPE_PUBLISHABLE_KEY });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toContain('publishable API key');
  });

  it('echoes Stripe-Version, gives a Request-Id, and answers unknown routes and objects in Stripe’s shape', async () => {
    const response = await stripeCall(sandbox.url, 'GET', '/v1/customers/cus_missing', {}, { stripeVersion: '2025-08-27.basil' });
    expect(response.status).toBe(404);
    expect(response.headers.get('stripe-version')).toBe('2025-08-27.basil');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: "No such customer: 'cus_missing'" });
    const unknown = await stripeCall(sandbox.url, 'GET', '/v1/customers/cus_x/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('Unrecognized request URL');
  });

  it('leaves athenahealth’s /v1/{practiceid} routes to athenahealth', async () => {
    const response = await fetch(`${sandbox.url}/v1/29391/departments`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Developer Inactive' });
  });
});

describe('Stripe: catalog and customers', () => {
  it('finds the four tiers by lookup key with their products expanded', async () => {
    const response = await stripeCall(sandbox.url, 'GET', '/v1/prices', {
      lookup_keys: ['120_annual', '70_biannual', '300_concierge_biannual', '500_concierge_annual'],
      expand: ['data.product'],
    });
    expect(response.status).toBe(200);
    const byKey = Object.fromEntries((response.body.data as any[]).map((price) => [price.lookup_key, price]));
    expect(byKey['120_annual']).toMatchObject({ object: 'price', unit_amount: 12000, currency: 'usd', recurring: { interval: 'year', interval_count: 1 }, product: { object: 'product' } });
    expect(byKey['70_biannual']).toMatchObject({ unit_amount: 7000, recurring: { interval: 'month', interval_count: 6 } });
    expect(byKey['300_concierge_biannual']).toMatchObject({ unit_amount: 30000, recurring: { interval: 'month', interval_count: 6 } });
    expect(byKey['500_concierge_annual']).toMatchObject({ unit_amount: 50000, recurring: { interval: 'year', interval_count: 1 } });
  });

  it('creates, reads, lists by email and searches customers', async () => {
    const created = await customer('Grace@Example.com');
    expect(created).toMatchObject({ object: 'customer', email: 'Grace@Example.com', name: 'Margaret Sullivan', phone: '+14015550101', metadata: { athenaPatientId: '5101' } });
    expect(created.id).toMatch(/^cus_/);
    expect((await stripeCall(sandbox.url, 'GET', `/v1/customers/${created.id}`)).body.id).toBe(created.id);
    const listed = await stripeCall(sandbox.url, 'GET', '/v1/customers', { email: 'Grace@Example.com' });
    expect(listed.body).toMatchObject({ object: 'list', has_more: false });
    expect(listed.body.data.map((c: any) => c.id)).toEqual([created.id]);
    const searched = await stripeCall(sandbox.url, 'GET', '/v1/customers/search', { query: "email:'grace@example.com'" });
    expect(searched.body).toMatchObject({ object: 'search_result' });
    expect(searched.body.data.map((c: any) => c.id)).toEqual([created.id]);
    const bad = await stripeCall(sandbox.url, 'GET', '/v1/customers/search', { query: 'email grace' });
    expect(bad.status).toBe(400);
  });
});

describe('Stripe: a subscription paid in the browser', () => {
  it('starts incomplete with an open invoice and a confirmation secret (basil shapes)', async () => {
    const { subscription, invoice, customer: cus } = await startIncomplete();
    expect(subscription).toMatchObject({ object: 'subscription', status: 'incomplete', customer: cus.id, pending_setup_intent: null, metadata: { enrollmentId: 'enr-1' } });
    expect(subscription.items.data[0]).toMatchObject({ object: 'subscription_item', price: { lookup_key: '120_annual' } });
    expect(subscription.items.data[0].current_period_end - subscription.items.data[0].current_period_start).toBeGreaterThanOrEqual(365 * 86400);
    expect(subscription).not.toHaveProperty('current_period_end');
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'open',
      amount_due: 12000,
      amount_paid: 0,
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      confirmation_secret: { type: 'payment_intent', client_secret: expect.stringMatching(/^pi_.+_secret_/) },
      status_transitions: { paid_at: null },
    });
    expect(invoice).not.toHaveProperty('payment_intent');
    expect(invoice.lines.data[0].period).toEqual({ start: subscription.items.data[0].current_period_start, end: subscription.items.data[0].current_period_end });
    const expandPi = await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`, { expand: ['payment_intent'] });
    expect(expandPi.status).toBe(400);
  });

  it('4242: the payment succeeds, the invoice is paid, the subscription active with the card saved, signed webhooks arrive', async () => {
    const { subscription, invoice, secret } = await startIncomplete();
    const confirmed = await confirmCard(secret, '4242424242424242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 12000, amount_received: 12000, latest_charge: expect.stringMatching(/^ch_/) });

    const paid = await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`);
    expect(paid.body).toMatchObject({ status: 'paid', amount_paid: 12000, amount_remaining: 0, status_transitions: { paid_at: expect.any(Number) } });
    expect(paid.body.number).toMatch(/^[A-Z0-9]{8}-0001$/);
    const sub = await stripeCall(sandbox.url, 'GET', `/v1/subscriptions/${subscription.id}`, { expand: ['default_payment_method', 'latest_invoice'] });
    expect(sub.body).toMatchObject({ status: 'active', default_payment_method: { object: 'payment_method', card: { brand: 'visa', last4: '4242' } }, latest_invoice: { status: 'paid' } });

    const payments = await stripeCall(sandbox.url, 'GET', '/v1/invoice_payments', { invoice: invoice.id, expand: ['data.payment.payment_intent'] });
    expect(payments.body.data).toHaveLength(1);
    const pi = payments.body.data[0].payment.payment_intent;
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'succeeded' });
    const charge = await stripeCall(sandbox.url, 'GET', `/v1/payment_intents/${pi.id}`, { expand: ['latest_charge'] });
    const receiptUrl = charge.body.latest_charge.receipt_url as string;
    expect(receiptUrl.startsWith(sandbox.url)).toBe(true);
    const receipt = await fetch(receiptUrl);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('$120.00');
    const hosted = await fetch(paid.body.hosted_invoice_url as string);
    expect(hosted.status).toBe(200);

    const invoicePaid = await receiver.waitForEvent('invoice.paid', invoice.id);
    expect(verifyStripeSignature(invoicePaid.raw, invoicePaid.signature)).toBe(true);
    expect(verifyStripeSignature(`${invoicePaid.raw} `, invoicePaid.signature)).toBe(false);
    expect(invoicePaid.event).toMatchObject({
      object: 'event',
      api_version: '2025-08-27.basil',
      livemode: false,
      data: { object: { id: invoice.id, status: 'paid' } },
      request: { id: expect.stringMatching(/^req_/), idempotency_key: null },
    });
    expect(invoicePaid.event.id).toMatch(/^evt_/);
    const updated = await receiver.waitForEvent('customer.subscription.updated', subscription.id);
    expect(updated.event.data).toMatchObject({ object: { status: 'active' }, previous_attributes: { status: 'incomplete' } });
    await receiver.waitForEvent('payment_intent.succeeded');
    await receiver.waitForEvent('customer.subscription.created', subscription.id);
    // The client may re-fetch the intent with the publishable key and the secret.
    const retrieved = await stripeCall(sandbox.url, 'GET', `/v1/payment_intents/${pi.id}`, { client_secret: secret }, { key: STRIPE_PUBLISHABLE_KEY });
    expect(retrieved.body.status).toBe('succeeded');
    const withoutSecret = await stripeCall(sandbox.url, 'GET', `/v1/payment_intents/${pi.id}`, {}, { key: STRIPE_PUBLISHABLE_KEY });
    expect(withoutSecret.status).toBe(404);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000009987', 'card_declined', 'lost_card'],
    ['4000000000009979', 'card_declined', 'stolen_card'],
    ['4000000000000069', 'expired_card', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error', 'processing_error'],
    ['4000000000000341', 'card_declined', 'generic_decline'],
  ])('%s is declined with %s / %s and the invoice stays open', async (number, code, declineCode) => {
    const { invoice, secret, subscription } = await startIncomplete();
    const response = await confirmCard(secret, number);
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({ type: 'card_error', code, decline_code: declineCode, message: expect.any(String), payment_intent: { status: 'requires_payment_method' } });
    expect(response.body.error.payment_intent.last_payment_error).toMatchObject({ code, decline_code: declineCode });
    expect((await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`)).body).toMatchObject({ status: 'open', attempt_count: 1 });
    expect((await stripeCall(sandbox.url, 'GET', `/v1/subscriptions/${subscription.id}`)).body.status).toBe('incomplete');
    await receiver.waitForEvent('invoice.payment_failed', invoice.id);
  });

  it('refuses a number that fails the Luhn check when the card is created', async () => {
    const response = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4242424242424241', exp_month: 12, exp_year: 2034, cvc: '123' }, key: STRIPE_PUBLISHABLE_KEY }, { key: null });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' });
  });

  it('refuses /pay with a card of no customer or of another customer (docs.stripe.com/api/invoices/pay: payment_method "must be the ID of a PaymentMethod belonging to the customer associated with the invoice")', async () => {
    const { invoice, customer: owner } = await startIncomplete();
    const fresh = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4242424242424242', exp_month: 1, exp_year: 2031, cvc: '123' }, key: STRIPE_PUBLISHABLE_KEY }, { key: null });
    expect(fresh.body.customer).toBeNull();
    const refused = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: fresh.body.id }, { idempotencyKey: `pay:${invoice.id}:${fresh.body.id}` });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: `The payment method supplied (${fresh.body.id}) does not belong to a Customer, but you supplied Customer ${owner.id}. Please attach the payment method to this Customer before using it with an Invoice.`,
      },
    });
    // Nothing changed: no attempt on the invoice, the card still belongs to nobody.
    expect((await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`)).body).toMatchObject({ status: 'open', attempt_count: 0 });
    expect((await stripeCall(sandbox.url, 'GET', `/v1/payment_methods/${fresh.body.id}`)).body.customer).toBeNull();
    // A card of another customer is refused too.
    const other = await customer('someone.else@example.com');
    expect((await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${fresh.body.id}/attach`, { customer: other.id })).status).toBe(200);
    const foreign = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: fresh.body.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({ type: 'invalid_request_error', param: 'payment_method' });
    expect(foreign.body.error.code).toBeUndefined();
  });

  it('attach declines a card Stripe declines (402, replayed for its key) but takes 0341, which fails only when charged (docs.stripe.com/testing)', async () => {
    const { customer: owner } = await startIncomplete();
    const card = async (number: string) =>
      (await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number, exp_month: 1, exp_year: 2031, cvc: '123' }, key: STRIPE_PUBLISHABLE_KEY }, { key: null })).body.id as string;
    const declined = await card('4000000000000002');
    const first = await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${declined}/attach`, { customer: owner.id }, { idempotencyKey: `attach:${declined}` });
    expect(first.status).toBe(402);
    expect(first.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    const again = await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${declined}/attach`, { customer: owner.id }, { idempotencyKey: `attach:${declined}` });
    expect(again.status).toBe(402);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await stripeCall(sandbox.url, 'GET', `/v1/payment_methods/${declined}`)).body.customer).toBeNull();
    const chargeFails = await card('4000000000000341');
    expect((await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${chargeFails}/attach`, { customer: owner.id })).body).toMatchObject({ id: chargeFails, customer: owner.id });
  });

  it('after a decline, a new card attached to the customer pays the same invoice through /v1/invoices/{id}/pay', async () => {
    const { invoice, secret, subscription, customer: owner } = await startIncomplete();
    expect((await confirmCard(secret, '4000000000000002')).status).toBe(402);
    const pm = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '5555555555554444', exp_month: 1, exp_year: 2031, cvc: '123' }, key: STRIPE_PUBLISHABLE_KEY }, { key: null });
    expect(pm.body).toMatchObject({ id: expect.stringMatching(/^pm_/), card: { brand: 'mastercard', last4: '4444' } });
    expect((await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${pm.body.id}/attach`, { customer: owner.id })).status).toBe(200);
    const paid = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: pm.body.id });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: invoice.id, status: 'paid', amount_paid: 12000 });
    expect((await stripeCall(sandbox.url, 'GET', `/v1/subscriptions/${subscription.id}`)).body).toMatchObject({ status: 'active', default_payment_method: pm.body.id });
    const again = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: pm.body.id });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invoice_already_paid');
  });

  it('a declined /pay answers 402 card_error and leaves the invoice open', async () => {
    const { invoice } = await startIncomplete();
    const pm = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4000000000000341', exp_month: 1, exp_year: 2031 } });
    expect((await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${pm.body.id}/attach`, { customer: invoice.customer })).status).toBe(200);
    const response = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: pm.body.id, off_session: 'true' });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`)).body.status).toBe('open');
  });
});

describe('Stripe: 3-D Secure', () => {
  const challenge = async (url: string, outcome: 'complete' | 'fail') => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Complete authentication');
    expect(html).toContain('Fail authentication');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] as string;
    const secret = /name="client_secret" value="([^"]+)"/.exec(html)?.[1] as string;
    return fetch(new URL(action, url), { method: 'POST', body: new URLSearchParams({ client_secret: secret, outcome }), redirect: 'manual' });
  };

  it('4000 0025 0000 3155: the challenge completes, the payment succeeds and the browser returns with the parameters', async () => {
    const { secret, subscription, invoice } = await startIncomplete();
    const confirmed = await confirmCard(secret, '4000002500003155');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: RETURN_URL } } });
    const answer = await challenge(confirmed.body.next_action.redirect_to_url.url, 'complete');
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/pay/return');
    expect(location.searchParams.get('enrollment')).toBe('enr-1');
    expect(location.searchParams.get('payment_intent')).toBe(confirmed.body.id);
    expect(location.searchParams.get('payment_intent_client_secret')).toBe(secret);
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await stripeCall(sandbox.url, 'GET', `/v1/subscriptions/${subscription.id}`)).body.status).toBe('active');
    expect((await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`)).body.status).toBe('paid');
    await receiver.waitForEvent('invoice.payment_action_required', invoice.id);
  });

  it('a failed challenge returns redirect_status=failed and the intent needs a new card', async () => {
    const { secret, invoice } = await startIncomplete();
    const confirmed = await confirmCard(secret, '4000002760003184');
    const answer = await challenge(confirmed.body.next_action.redirect_to_url.url, 'fail');
    const location = new URL(answer.headers.get('location') as string);
    expect(location.searchParams.get('redirect_status')).toBe('failed');
    const pi = await stripeCall(sandbox.url, 'GET', `/v1/payment_intents/${confirmed.body.id}`);
    expect(pi.body).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
    expect((await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`)).body.status).toBe('open');
    // The same invoice then takes another card.
    expect((await confirmCard(secret, '4242424242424242')).body.status).toBe('succeeded');
  });

  it('3DS2 (3220) on the same flow, and a challenge link with a wrong secret is refused', async () => {
    const { secret } = await startIncomplete();
    const confirmed = await confirmCard(secret, '4000000000003220');
    expect(confirmed.body.status).toBe('requires_action');
    const wrong = await fetch(`${sandbox.url}/stripe/3ds/${confirmed.body.id}?client_secret=nope`);
    expect(wrong.status).toBe(404);
  });

  it('/pay with the 3DS2 card answers invoice_payment_intent_requires_action without the intent; the invoice payment holds it (docs.stripe.com/error-codes/invoice-payment-intent-requires-action)', async () => {
    const { invoice, customer: owner } = await startIncomplete();
    const pm = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4000000000003220', exp_month: 1, exp_year: 2031 } });
    expect((await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${pm.body.id}/attach`, { customer: owner.id })).status).toBe(200);
    const response = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: pm.body.id });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invoice_payment_intent_requires_action' });
    expect(response.body.error.payment_intent).toBeUndefined();
    const payments = await stripeCall(sandbox.url, 'GET', '/v1/invoice_payments', { invoice: invoice.id, expand: ['data.payment.payment_intent'] });
    expect(payments.body.data[0].payment.payment_intent).toMatchObject({ status: 'requires_action', client_secret: expect.stringMatching(/_secret_/) });
  });

  it('/pay with an always-3DS card answers 402 authentication_required with the intent waiting for action', async () => {
    const { invoice } = await startIncomplete();
    const pm = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4000002760003184', exp_month: 1, exp_year: 2031 } });
    expect((await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${pm.body.id}/attach`, { customer: invoice.customer })).status).toBe(200);
    const response = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: pm.body.id, off_session: 'true' });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({ type: 'card_error', code: 'authentication_required', payment_intent: { status: 'requires_action', client_secret: expect.stringMatching(/_secret_/) } });
    await receiver.waitForEvent('invoice.payment_action_required', invoice.id);
    // handleNextAction: the challenge without a return_url tells the opener and shows the outcome.
    const page = await challenge(response.body.error.payment_intent.next_action.redirect_to_url.url, 'complete');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('stripe-3ds-result');
    expect((await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`)).body.status).toBe('paid');
  });
});

describe('Stripe: idempotency keys', () => {
  it('replays the stored answer for the same key and params, refuses other params', async () => {
    const cus = await customer();
    const first = await subscribe(cus.id, '120_annual', 'enr-1:120_annual');
    const second = await subscribe(cus.id, '120_annual', 'enr-1:120_annual');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const other = await subscribe(cus.id, '70_biannual', 'enr-1:120_annual');
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ type: 'idempotency_error', message: expect.stringContaining('same parameters') });
    const list = await stripeCall(sandbox.url, 'GET', '/v1/subscriptions', { customer: cus.id, status: 'all' });
    expect(list.body.data).toHaveLength(1);
    const event = await receiver.waitForEvent('customer.subscription.created');
    expect(event.event.request.idempotency_key).toBe('enr-1:120_annual');
  });

  it('a declined /pay is replayed for its key, not charged again (docs.stripe.com/api/idempotent_requests: "Retries with the same key return the saved response"; Idempotent-Replayed: true, docs.stripe.com/error-low-level)', async () => {
    const { invoice, customer: owner } = await startIncomplete();
    const pm = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4000000000000341', exp_month: 1, exp_year: 2031 } });
    expect((await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${pm.body.id}/attach`, { customer: owner.id })).status).toBe(200);
    const key = `pay:${invoice.id}:${pm.body.id}`;
    const first = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: pm.body.id }, { idempotencyKey: key });
    expect(first.status).toBe(402);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: pm.body.id }, { idempotencyKey: key });
    expect(again.status).toBe(402);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // One attempt on the invoice: the replay charged nothing.
    expect((await stripeCall(sandbox.url, 'GET', `/v1/invoices/${invoice.id}`)).body).toMatchObject({ status: 'open', attempt_count: 1 });
    // The same key with another card is refused, not a new attempt: a second card needs its own key.
    const other = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4242424242424242', exp_month: 1, exp_year: 2031 } });
    await stripeCall(sandbox.url, 'POST', `/v1/payment_methods/${other.body.id}/attach`, { customer: owner.id });
    const reused = await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: other.body.id }, { idempotencyKey: key });
    expect(reused.status).toBe(400);
    expect(reused.body.error.type).toBe('idempotency_error');
    expect((await stripeCall(sandbox.url, 'POST', `/v1/invoices/${invoice.id}/pay`, { payment_method: other.body.id }, { idempotencyKey: `pay:${invoice.id}:${other.body.id}` })).body.status).toBe('paid');
  });

  it('twenty concurrent creates with one key make one subscription', async () => {
    const cus = await customer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(cus.id, '500_concierge_annual', 'enr-2:500_concierge_annual')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    const list = await stripeCall(sandbox.url, 'GET', '/v1/subscriptions', { customer: cus.id, status: 'all' });
    expect(list.body.data).toHaveLength(1);
    const invoices = await stripeCall(sandbox.url, 'GET', '/v1/invoices', { customer: cus.id });
    expect(invoices.body.data).toHaveLength(1);
  });

  it('a key used on another endpoint is refused', async () => {
    await stripeCall(sandbox.url, 'POST', '/v1/customers', { email: 'a@example.com' }, { idempotencyKey: 'shared-key' });
    const response = await stripeCall(sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4242424242424242', exp_month: 1, exp_year: 2031 } }, { idempotencyKey: 'shared-key' });
    expect(response.status).toBe(400);
    expect(response.body.error.type).toBe('idempotency_error');
  });
});

describe('Stripe: webhooks', () => {
  it('retries a delivery answered 503 and lists the event with each attempt', async () => {
    receiver.answers = [503];
    const cus = await customer();
    const created = await subscribe(cus.id);
    await receiver.waitForEvent('customer.subscription.created', created.body.id);
    let events: any[] = [];
    for (let i = 0; i < 40; i += 1) {
      events = (await (await fetch(`${sandbox.url}/_sandbox/stripe/events?object_id=${created.body.id}`)).json()).events;
      if (events[0]?.status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(events[0]).toMatchObject({ type: 'customer.subscription.created', status: 'delivered', attempts: 2 });
    expect(events[0].deliveries.map((d: any) => d.status)).toEqual([503, 200]);
  });
});

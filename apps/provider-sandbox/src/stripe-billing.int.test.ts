/**
 * The Stripe look-alike over time and outside the API: the billing portal page (cancel at period
 * end, renew, update card), renewals on the sandbox clock (paid, failed → past_due, canceled at
 * period end, incomplete_expired), trials confirmed with a SetupIntent, Stripe.js served, and the
 * reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { STRIPE_PUBLISHABLE_KEY } from './stripe/constants.ts';
import { startStripeWebhookReceiver, startTestSandbox, stripeCall, verifyStripeSignature, type StripeWebhookReceiver, type TestSandbox } from './testing.ts';

let sandbox: TestSandbox;
let receiver: StripeWebhookReceiver;

beforeAll(async () => {
  receiver = await startStripeWebhookReceiver();
  // No endpoint at start: the test sets it the way a developer would.
  sandbox = await startTestSandbox({ stripeWebhookUrl: null, stripeWebhookRetryDelaysMs: [50], stripeWebhookTimeoutMs: 1000 });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

beforeEach(async () => {
  await sandbox.sandbox.reset();
  const set = await fetch(`${sandbox.url}/_sandbox/stripe/webhook-endpoint`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: receiver.url }),
  });
  expect(set.status).toBe(200);
  receiver.received.length = 0;
  receiver.answers = [];
});

const advance = async (days: number) => {
  const response = await fetch(`${sandbox.url}/_sandbox/stripe/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { now: number; renewed: string[]; pastDue: string[]; canceled: string[]; expired: string[] };
};

/** An active member: customer, subscription, first invoice paid with `number`. */
const activeMember = async (tier = '120_annual', number = '4242424242424242') => {
  const customer = await stripeCall(sandbox.url, 'POST', '/v1/customers', { email: 'member@example.com', name: 'Pat Member' });
  const price = (await stripeCall(sandbox.url, 'GET', '/v1/prices', { lookup_keys: [tier] })).body.data[0].id;
  const sub = await stripeCall(sandbox.url, 'POST', '/v1/subscriptions', {
    customer: customer.body.id,
    items: [{ price }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  });
  const secret = sub.body.latest_invoice.confirmation_secret.client_secret as string;
  const confirmed = await stripeCall(
    sandbox.url,
    'POST',
    `/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`,
    { client_secret: secret, payment_method_data: { type: 'card', card: { number, exp_month: '12', exp_year: '2034', cvc: '123' } }, key: STRIPE_PUBLISHABLE_KEY },
    { key: null },
  );
  expect(confirmed.body.status).toBe('succeeded');
  return { customerId: customer.body.id as string, subscriptionId: sub.body.id as string, firstInvoice: sub.body.latest_invoice.id as string };
};

const portalSession = async (customerId: string) => {
  const response = await stripeCall(sandbox.url, 'POST', '/v1/billing_portal/sessions', { customer: customerId, return_url: 'http://localhost:3000/billing/return' });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ object: 'billing_portal.session', id: expect.stringMatching(/^bps_/), customer: customerId, return_url: 'http://localhost:3000/billing/return' });
  return response.body.url as string;
};

const portalPost = async (url: string, fields: Record<string, string>) => {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  expect(response.status).toBe(303);
  const page = await fetch(new URL(response.headers.get('location') as string, url));
  return page.text();
};

const subscription = async (id: string) => (await stripeCall(sandbox.url, 'GET', `/v1/subscriptions/${id}`, { expand: ['latest_invoice'] })).body;

describe('Stripe: billing portal', () => {
  it('lists the plan, cancels at period end and renews, each with a signed customer.subscription.updated', async () => {
    const { customerId, subscriptionId } = await activeMember();
    const url = await portalSession(customerId);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Annual Membership');
    expect(html).toContain('Cancel at period end');
    expect(html).toContain('Update card');
    expect(html).toContain('href="http://localhost:3000/billing/return">Return to portal</a>');
    expect(html).toContain('VISA ending in 4242');

    const canceled = await portalPost(url, { action: 'cancel', subscription: subscriptionId });
    expect(canceled).toContain('Renew');
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: expect.any(Number) });
    const event = await receiver.waitForEvent('customer.subscription.updated', (e) => e.data.object.id === subscriptionId && e.data.object.cancel_at_period_end === true);
    expect(verifyStripeSignature(event.raw, event.signature)).toBe(true);
    expect(event.event.data).toMatchObject({ object: { cancel_at_period_end: true }, previous_attributes: { cancel_at_period_end: false } });

    const renewed = await portalPost(url, { action: 'renew', subscription: subscriptionId });
    expect(renewed).toContain('Cancel at period end');
    expect((await subscription(subscriptionId)).cancel_at_period_end).toBe(false);
  });

  it('refuses an unknown session link and a declined card', async () => {
    expect((await fetch(`${sandbox.url}/stripe/billing/p/session/nope`)).status).toBe(404);
    const { customerId } = await activeMember();
    const url = await portalSession(customerId);
    const page = await portalPost(url, { action: 'update_card', number: '4000000000000002', exp: '12/34', cvc: '123' });
    expect(page).toContain('Your card was declined.');
  });
});

describe('Stripe: renewals on the clock', () => {
  it('a year on, the annual plan renews: a new invoice paid off session and a new period', async () => {
    const { subscriptionId, firstInvoice } = await activeMember();
    const before = await subscription(subscriptionId);
    const report = await advance(366);
    expect(report.renewed).toEqual([subscriptionId]);
    const after = await subscription(subscriptionId);
    expect(after.status).toBe('active');
    expect(after.latest_invoice.id).not.toBe(firstInvoice);
    expect(after.latest_invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 12000 });
    expect(after.items.data[0].current_period_start).toBe(before.items.data[0].current_period_end);
    expect(after.latest_invoice.lines.data[0].period.start).toBe(before.items.data[0].current_period_end);
    const paid = await receiver.waitForEvent('invoice.paid', after.latest_invoice.id);
    expect(verifyStripeSignature(paid.raw, paid.signature)).toBe(true);
    expect(paid.event.request).toEqual({ id: null, idempotency_key: null });
  });

  it('a card that fails every charge (0341, set in the portal) makes the renewal fail: past_due and invoice.payment_failed', async () => {
    const { customerId, subscriptionId } = await activeMember('70_biannual');
    const url = await portalSession(customerId);
    const page = await portalPost(url, { action: 'update_card', number: '4000000000000341', exp: '12/34', cvc: '123' });
    expect(page).toContain('Your card has been updated.');
    expect(page).toContain('ending in 0341');
    await receiver.waitForEvent('setup_intent.succeeded');
    const report = await advance(200);
    expect(report.pastDue).toEqual([subscriptionId]);
    const after = await subscription(subscriptionId);
    expect(after.status).toBe('past_due');
    expect(after.latest_invoice).toMatchObject({ status: 'open', attempt_count: 1, billing_reason: 'subscription_cycle' });
    await receiver.waitForEvent('invoice.payment_failed', after.latest_invoice.id);
    const pastDue = await receiver.waitForEvent('customer.subscription.updated', (e) => e.data.object.id === subscriptionId && e.data.object.status === 'past_due');
    expect(pastDue.event.data.previous_attributes).toMatchObject({ status: 'active' });

    // A good card in the portal pays the past-due invoice and the member is active again.
    await portalPost(url, { action: 'update_card', number: '4242424242424242', exp: '12/34', cvc: '123' });
    const healed = await subscription(subscriptionId);
    expect(healed.status).toBe('active');
    expect(healed.latest_invoice.status).toBe('paid');
  });

  it('a subscription set to cancel at period end is canceled then (customer.subscription.deleted)', async () => {
    const { subscriptionId } = await activeMember('300_concierge_biannual');
    await stripeCall(sandbox.url, 'POST', `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });
    const report = await advance(190);
    expect(report.canceled).toEqual([subscriptionId]);
    const after = await subscription(subscriptionId);
    expect(after).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    await receiver.waitForEvent('customer.subscription.deleted', subscriptionId);
    const listed = await stripeCall(sandbox.url, 'GET', '/v1/subscriptions', { customer: after.customer });
    expect(listed.body.data).toEqual([]);
    const all = await stripeCall(sandbox.url, 'GET', '/v1/subscriptions', { customer: after.customer, status: 'all' });
    expect(all.body.data).toHaveLength(1);
  });

  it('an incomplete subscription expires after 23 hours; DELETE cancels at once', async () => {
    const customer = await stripeCall(sandbox.url, 'POST', '/v1/customers', { email: 'late@example.com' });
    const price = (await stripeCall(sandbox.url, 'GET', '/v1/prices', { lookup_keys: ['120_annual'] })).body.data[0].id;
    const make = () =>
      stripeCall(sandbox.url, 'POST', '/v1/subscriptions', { customer: customer.body.id, items: [{ price }], payment_behavior: 'default_incomplete' });
    const late = await make();
    const report = await advance(1);
    expect(report.expired).toEqual([late.body.id]);
    expect((await subscription(late.body.id)).status).toBe('incomplete_expired');
    expect((await subscription(late.body.id)).latest_invoice.status).toBe('void');
    const other = await make();
    const deleted = await stripeCall(sandbox.url, 'DELETE', `/v1/subscriptions/${other.body.id}`);
    expect(deleted.body).toMatchObject({ status: 'canceled', canceled_at: expect.any(Number) });
    await receiver.waitForEvent('customer.subscription.deleted', other.body.id);
  });
});

describe('Stripe: setup intents, Stripe.js, reset', () => {
  it('a trial collects the card with pending_setup_intent; confirming it saves the card on the subscription', async () => {
    const customer = await stripeCall(sandbox.url, 'POST', '/v1/customers', { email: 'trial@example.com' });
    const price = (await stripeCall(sandbox.url, 'GET', '/v1/prices', { lookup_keys: ['120_annual'] })).body.data[0].id;
    const sub = await stripeCall(sandbox.url, 'POST', '/v1/subscriptions', {
      customer: customer.body.id,
      items: [{ price }],
      trial_period_days: '7',
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    });
    expect(sub.body).toMatchObject({ status: 'trialing', pending_setup_intent: { object: 'setup_intent', status: 'requires_payment_method' }, latest_invoice: { amount_due: 0, status: 'paid', confirmation_secret: null } });
    const seti = sub.body.pending_setup_intent;
    const confirmed = await stripeCall(
      sandbox.url,
      'POST',
      `/v1/setup_intents/${seti.id}/confirm`,
      { client_secret: seti.client_secret, payment_method_data: { type: 'card', card: { number: '4000002500003155', exp_month: '12', exp_year: '2034' } }, return_url: 'http://localhost:3000/pay/return', key: STRIPE_PUBLISHABLE_KEY },
      { key: null },
    );
    expect(confirmed.body.status).toBe('requires_action');
    const page = await fetch(confirmed.body.next_action.redirect_to_url.url);
    const secret = /name="client_secret" value="([^"]+)"/.exec(await page.text())?.[1] as string;
    const answer = await fetch(new URL(`/stripe/3ds/${seti.id}`, sandbox.url), { method: 'POST', body: new URLSearchParams({ client_secret: secret, outcome: 'complete' }), redirect: 'manual' });
    const location = new URL(answer.headers.get('location') as string);
    expect(Object.fromEntries(location.searchParams)).toEqual({ setup_intent: seti.id, setup_intent_client_secret: seti.client_secret, redirect_status: 'succeeded' });
    const retrieved = await stripeCall(sandbox.url, 'GET', `/v1/setup_intents/${seti.id}`, { client_secret: seti.client_secret }, { key: STRIPE_PUBLISHABLE_KEY });
    expect(retrieved.body).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) });
    expect((await subscription(sub.body.id)).default_payment_method).toBe(retrieved.body.payment_method);
    expect((await subscription(sub.body.id)).pending_setup_intent).toBeNull();
    await receiver.waitForEvent('setup_intent.succeeded', seti.id);
    // After the trial, the saved 3155 card is charged off session without a challenge.
    expect((await advance(8)).renewed).toEqual([sub.body.id]);
  });

  it('serves Stripe.js with open CORS when it is there', async () => {
    const response = await fetch(`${sandbox.url}/stripe/v3/`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toContain('javascript');
    expect([200, 404]).toContain(response.status);
  });

  it('answers the browser’s CORS preflight on the API', async () => {
    const response = await fetch(`${sandbox.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('the reset empties Stripe’s state and clock but keeps the catalog', async () => {
    const { customerId } = await activeMember();
    await advance(3);
    await sandbox.sandbox.reset();
    expect((await stripeCall(sandbox.url, 'GET', `/v1/customers/${customerId}`)).status).toBe(404);
    expect((await stripeCall(sandbox.url, 'GET', '/v1/prices')).body.data).toHaveLength(4);
    const clock = (await (await fetch(`${sandbox.url}/_sandbox/stripe/clock`)).json()) as { now: number };
    expect(Math.abs(clock.now - Date.now() / 1000)).toBeLessThan(60);
    const info = (await (await fetch(`${sandbox.url}/_sandbox/stripe`)).json()) as { webhookEndpoint: string | null; events: string };
    expect(info.webhookEndpoint).toBeNull();
    const events = (await (await fetch(`${sandbox.url}/_sandbox/stripe/events`)).json()) as { events: unknown[] };
    expect(events.events).toEqual([]);
  });
});

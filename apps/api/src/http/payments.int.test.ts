/**
 * Payments over HTTP: our API, the provider sandbox as Stripe (and athenahealth, SignWell), the
 * worker, a real PostgreSQL (spec enrollment-and-payment §4 'Payment flow'; issue 6).
 *
 * The browser's Stripe.js calls are made here the way Stripe.js makes them: the publishable key,
 * POST /v1/payment_methods with the card, then confirm the intent with its client secret.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { RECONCILE_PAYMENTS } from '@portal/worker';
import { backendToken, call } from '../../../provider-sandbox/src/testing.ts';
import { jsonCall, signedEnrollment, signedInForEnrollment, type PortalBrowser } from '../../../../tools/src/testing/enrollment-flow.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  // startTestPortal points the sandbox's Stripe webhooks at this API.
  portal = await startTestPortal({ worker: { reconcileGraceMs: 0 }, env: { STRIPE_TIMEOUT_MS: '1500' } });
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const PUBLISHABLE = 'pk_test_portal_sandbox';
const SECRET = 'sk_test_portal_sandbox';
const WEBHOOK_SECRET = 'whsec_portal_sandbox';

const setWebhookEndpoint = async (url: string | null) => {
  const response = await fetch(`${portal.sandbox.url}/_sandbox/stripe/webhook-endpoint`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  expect(response.status).toBeLessThan(300);
};

const stripe = async (key: string, method: string, path: string, form?: Record<string, string>) => {
  const response = await fetch(`${portal.sandbox.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

/** What Stripe.js does with a card for a payment intent's client secret. */
const confirmWithCard = async (clientSecret: string, number: string) => {
  const method = await stripe(PUBLISHABLE, 'POST', '/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2030',
    'card[cvc]': '123',
  });
  expect(method.status).toBe(200);
  const intentId = clientSecret.split('_secret_')[0]!;
  const confirmed = await stripe(PUBLISHABLE, 'POST', `/v1/payment_intents/${intentId}/confirm`, {
    client_secret: clientSecret,
    payment_method: method.body.id,
    return_url: `${portal.url}/pay/return`,
  });
  return { paymentMethodId: method.body.id as string, confirmed };
};

const enrollmentRow = (id: string) => portal.db.knex('enrollments').where({ id }).first();

const paidUp = async (patientId: number) => {
  const token = await backendToken(portal.sandbox.url);
  const fields = await call(portal.sandbox.url, token, 'GET', `/v1/29391/patients/${patientId}/customfields`);
  return (fields.body as Array<{ customfieldid: string | number; optionid: string | number | null }>).find((field) => String(field.customfieldid) === '21')?.optionid;
};

const waitFor = async <T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('paying for a membership', () => {
  let margaret: PortalBrowser;
  let enrollmentId = '';

  beforeAll(async () => {
    margaret = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
    enrollmentId = await signedEnrollment(portal.url, margaret, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
  }, 30_000);

  it('twenty concurrent create-subscription calls make one subscription and answer the same client secret', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${enrollmentId}/create-subscription`)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.subscriptionId)).size).toBe(1);
    expect(answers[0]!.body).toMatchObject({ intentType: 'payment', clientSecret: expect.stringContaining('_secret_'), invoiceId: expect.stringMatching(/^in_/) });
    const row = await enrollmentRow(enrollmentId);
    expect(row).toMatchObject({ status: 'payment_pending', stripeSubscriptionId: answers[0]!.body.subscriptionId });
    const listed = await stripe(SECRET, 'GET', `/v1/subscriptions?customer=${row.stripeCustomerId}&status=all`);
    expect(listed.body.data).toHaveLength(1);
  }, 30_000);

  it('refuses to record a payment Stripe has not taken', async () => {
    const early = await jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${enrollmentId}/payment`, {});
    expect(early).toMatchObject({ status: 402, body: { message: 'Payment failed - Please try again' } });
    expect((await enrollmentRow(enrollmentId)).status).toBe('payment_pending');
  });

  it('a declined card leaves the invoice open; a second card pays the same invoice', async () => {
    const setup = (await jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${enrollmentId}/create-subscription`)).body;
    const declined = await confirmWithCard(setup.clientSecret, '4000000000000002');
    expect(declined.confirmed.status).toBe(402);
    expect(declined.confirmed.body.error).toMatchObject({ type: 'card_error', decline_code: 'generic_decline' });

    const good = await confirmWithCard(setup.clientSecret, '4242424242424242');
    expect(good.confirmed.body).toMatchObject({ status: 'succeeded' });
    const recorded = await jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${enrollmentId}/payment`, {});
    expect(recorded).toMatchObject({ status: 200, body: { success: true, status: 'active', receiptUrl: expect.any(String) } });

    const row = await enrollmentRow(enrollmentId);
    expect(row).toMatchObject({ status: 'active', stripePaymentId: setup.invoiceId });
    expect(row.membershipEndDate.getTime() - row.membershipStartDate.getTime()).toBeGreaterThan(364 * 86_400_000);
    expect(String(await paidUp(PATIENT_IDS.margaret))).toBe('2101');

    const complete = await jsonCall(margaret, portal.url, 'GET', `/api/enrollments/${enrollmentId}/complete`);
    expect(complete.body.invoiceNumber).toBe(`INV-${enrollmentId.slice(-8)}`);
    // Recording again changes nothing.
    expect((await jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${enrollmentId}/payment`, {})).body.status).toBe('active');
  }, 30_000);

  it('the billing portal opens for the member, and customer-check says a customer exists', async () => {
    expect((await jsonCall(margaret, portal.url, 'GET', '/api/stripe/customer-check')).body).toEqual({ hasCustomer: true });
    const session = await jsonCall(margaret, portal.url, 'POST', '/api/stripe/portal-session', {});
    expect(session).toMatchObject({ status: 200, body: { success: true, portalUrl: expect.stringContaining(portal.sandbox.url) } });
  });
});

describe('a second enrollment for a paying member', () => {
  let olivia: PortalBrowser;
  let first = '';
  let second = '';
  beforeAll(async () => {
    olivia = await signedInForEnrollment(portal.url, PATIENT_IDS.olivia);
    // Two enrollments started before either was paid (two tabs): both reach the payment step.
    first = await signedEnrollment(portal.url, olivia, PATIENT_IDS.olivia, '120_annual', 'Olivia Hart');
    second = await signedEnrollment(portal.url, olivia, PATIENT_IDS.olivia, '70_biannual', 'Olivia Hart');
    const setup = (await jsonCall(olivia, portal.url, 'POST', `/api/enrollments/${first}/create-subscription`)).body;
    await confirmWithCard(setup.clientSecret, '4242424242424242');
    expect((await jsonCall(olivia, portal.url, 'POST', `/api/enrollments/${first}/payment`, {})).body.status).toBe('active');
  }, 45_000);

  it("answers 'Existing Active Subscription' and creates nothing", async () => {
    const conflict = await jsonCall(olivia, portal.url, 'POST', `/api/enrollments/${second}/create-subscription`);
    expect(conflict).toMatchObject({ status: 409, body: { error: 'Existing Active Subscription', message: expect.stringContaining('No new subscription was created') } });
    const customer = (await enrollmentRow(first)).stripeCustomerId;
    expect((await stripe(SECRET, 'GET', `/v1/subscriptions?customer=${customer}&status=all`)).body.data).toHaveLength(1);
  });

  it('offers to reactivate a membership set to cancel, and reactivation turns auto-renewal back on', async () => {
    const subscriptionId = (await enrollmentRow(first)).stripeSubscriptionId;
    await stripe(SECRET, 'POST', `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });
    const offer = await jsonCall(olivia, portal.url, 'POST', `/api/enrollments/${second}/create-subscription`);
    expect(offer).toMatchObject({ status: 200, body: { requiresConfirmation: true, subscriptionData: { renewalDate: expect.any(String) } } });
    const reactivated = await jsonCall(olivia, portal.url, 'POST', `/api/enrollments/${second}/reactivate-subscription`, { confirmed: true });
    expect(reactivated.status).toBe(200);
    expect((await stripe(SECRET, 'GET', `/v1/subscriptions/${subscriptionId}`)).body.cancel_at_period_end).toBe(false);
  });
});

describe('a payment Stripe took but we never recorded', () => {
  it('is made active by the webhook, once', async () => {
    const jordan = await signedInForEnrollment(portal.url, PATIENT_IDS.jordan);
    const id = await signedEnrollment(portal.url, jordan, PATIENT_IDS.jordan, '70_biannual', 'Jordan Reyes');
    const setup = (await jsonCall(jordan, portal.url, 'POST', `/api/enrollments/${id}/create-subscription`)).body;
    // The browser (or our server) dies here: the card is charged, /payment is never called.
    await confirmWithCard(setup.clientSecret, '4242424242424242');
    const row = await waitFor(() => enrollmentRow(id), (value) => value.status === 'active');
    expect(row.status).toBe('active');
    const events = await portal.db.knex('card_events').where({ type: 'invoice.paid' });
    expect(events.length).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('is made active by the reconciler when no webhook arrives', async () => {
    await setWebhookEndpoint(null);
    try {
      const carol = await signedInForEnrollment(portal.url, PATIENT_IDS.carol);
      const id = await signedEnrollment(portal.url, carol, PATIENT_IDS.carol, '120_annual', 'Carol Bennett');
      const setup = (await jsonCall(carol, portal.url, 'POST', `/api/enrollments/${id}/create-subscription`)).body;
      await confirmWithCard(setup.clientSecret, '4242424242424242');
      expect((await enrollmentRow(id)).status).toBe('payment_pending');
      await portal.db.knex.raw(`select graphile_worker.add_job(?)`, [RECONCILE_PAYMENTS]);
      const row = await waitFor(() => enrollmentRow(id), (value) => value.status === 'active');
      expect(row.status).toBe('active');
    } finally {
      await setWebhookEndpoint(`${portal.url}/api/stripe/webhook`);
    }
  }, 30_000);
});

describe("our server loses Stripe's answer after the charge", () => {
  it('answers 503, charges once, and the webhook makes the enrollment active', async () => {
    const carol = await signedInForEnrollment(portal.url, PATIENT_IDS.carol, PATIENT_IDS.harold);
    const id = await signedEnrollment(portal.url, carol, PATIENT_IDS.harold, '70_biannual', 'Carol Bennett');
    const setup = (await jsonCall(carol, portal.url, 'POST', `/api/enrollments/${id}/create-subscription`)).body;
    const method = await stripe(PUBLISHABLE, 'POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
    });
    // Stripe charges the card, then every answer to us is lost (our server "dies" waiting).
    await fetch(`${portal.sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'POST ^/v1/invoices/[^/]+/pay$', timeoutRate: 1, timeoutAfterWrite: true }),
    });
    try {
      const lost = await jsonCall(carol, portal.url, 'POST', '/api/stripe/pay-invoice', { invoiceId: setup.invoiceId, subscriptionId: setup.subscriptionId, paymentMethodId: method.body.id });
      expect(lost).toMatchObject({ status: 503, body: { error: 'Payment service unavailable' } });
    } finally {
      await fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    }
    const row = await waitFor(() => enrollmentRow(id), (value) => value.status === 'active');
    expect(row.status).toBe('active');
    const payments = await stripe(SECRET, 'GET', `/v1/invoice_payments?invoice=${setup.invoiceId}`);
    expect(payments.body.data.filter((payment: { status: string }) => payment.status === 'paid')).toHaveLength(1);
  }, 45_000);
});

describe('the webhook endpoint', () => {
  const sign = (body: string, at = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  const post = (body: string, signature?: string) =>
    fetch(`${portal.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
      body,
    });

  it('refuses a bad signature, a stale timestamp, an altered body and no signature, and changes nothing', async () => {
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', created: 1, data: { object: { id: 'sub_x', object: 'subscription' } } });
    expect((await post(body, sign(body, undefined, 'whsec_wrong'))).status).toBe(400);
    expect((await post(body, sign(body, Math.floor(Date.now() / 1000) - 301))).status).toBe(400);
    expect((await post(body.replace('sub_x', 'sub_y'), sign(body))).status).toBe(400);
    expect((await post(body)).status).toBe(400);
    expect(await portal.db.knex('card_events').where({ id: 'evt_forged' }).first()).toBeUndefined();
  });

  it('gives the same final state whatever the order and repetition of the events', async () => {
    const events = (await (await fetch(`${portal.sandbox.url}/_sandbox/stripe/events`)).json()) as { events: Array<{ id: string; event: unknown }> };
    const bodies = events.events.map((event) => (typeof event.event === 'string' ? event.event : JSON.stringify(event.event)));
    expect(bodies.length).toBeGreaterThan(3);
    const before = await portal.db.knex('enrollments').orderBy('id').select('id', 'status', 'membershipStartDate', 'membershipEndDate', 'stripePaymentId');
    expect(before.filter((row: { status: string }) => row.status === 'active').length).toBeGreaterThanOrEqual(3);
    // Forget every recorded payment, as if none of it had reached us: the events alone must rebuild it.
    await portal.db.knex('enrollments').where({ status: 'active' }).update({ status: 'payment_pending', membershipStartDate: null, membershipEndDate: null, stripePaymentId: null });
    await portal.db.knex('card_events').delete();
    const replay = bodies.flatMap((body, index) => Array.from({ length: 1 + (index % 5) }, () => body));
    for (let i = replay.length - 1; i > 0; i -= 1) {
      const j = (i * 7919) % (i + 1);
      [replay[i], replay[j]] = [replay[j]!, replay[i]!];
    }
    for (const body of replay) expect((await post(body, sign(body))).status).toBe(200);
    const after = await portal.db.knex('enrollments').orderBy('id').select('id', 'status', 'membershipStartDate', 'membershipEndDate', 'stripePaymentId');
    expect(after).toEqual(before);
  }, 60_000);
});

describe('after the first payment', () => {
  let paul: PortalBrowser;
  let id = '';
  let subscriptionId = '';
  let customerId = '';

  beforeAll(async () => {
    // Paul's record says 'Paid Up' from an earlier membership; clear it so he may enroll again.
    const token = await backendToken(portal.sandbox.url);
    await call(portal.sandbox.url, token, 'PUT', `/v1/29391/patients/${PATIENT_IDS.paul}/customfields`, {
      departmentid: '1',
      customfields: JSON.stringify([{ customfieldid: '21', optionid: '2102' }]),
    });
    paul = await signedInForEnrollment(portal.url, PATIENT_IDS.paul);
    // Provider-login users may have Stripe's mail go to another address.
    await jsonCall(paul, portal.url, 'POST', '/api/auth/update-session', { billingEmail: 'paul.billing@example.com' });
    id = await signedEnrollment(portal.url, paul, PATIENT_IDS.paul, '120_annual', 'Paul Whitaker');
    const setup = (await jsonCall(paul, portal.url, 'POST', `/api/enrollments/${id}/create-subscription`)).body;
    await confirmWithCard(setup.clientSecret, '4242424242424242');
    expect((await jsonCall(paul, portal.url, 'POST', `/api/enrollments/${id}/payment`, {})).body.status).toBe('active');
    ({ stripeSubscriptionId: subscriptionId, stripeCustomerId: customerId } = await enrollmentRow(id));
  }, 45_000);

  it('bills the billing email the member chose', async () => {
    const customer = await stripe(SECRET, 'GET', `/v1/customers/${customerId}`);
    expect(customer.body.email).toBe('paul.billing@example.com');
    expect((await enrollmentRow(id)).billingEmail).toBe('paul.billing@example.com');
  });

  it('a renewal that fails marks the member past due and emails a link to the billing portal, once', async () => {
    // The card on file is replaced by one whose every charge fails, then the year runs out.
    const failing = await stripe(PUBLISHABLE, 'POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4000000000000341',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
    });
    await stripe(SECRET, 'POST', `/v1/payment_methods/${failing.body.id}/attach`, { customer: customerId });
    expect((await stripe(SECRET, 'POST', `/v1/subscriptions/${subscriptionId}`, { default_payment_method: failing.body.id })).status).toBe(200);
    const advanced = await fetch(`${portal.sandbox.url}/_sandbox/stripe/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days: 366 }) });
    expect(advanced.status).toBe(200);

    const row = await waitFor(() => enrollmentRow(id), (value) => value.status === 'past_due');
    expect(row.status).toBe('past_due');
    const mail = await waitFor(
      async () => (await (await fetch(`${portal.sandbox.url}/inbox/api/messages?to=paul.billing@example.com`)).json()) as Array<{ subject: string; text: string }>,
      (messages) => messages.length > 0,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your membership payment did not go through');
    expect(mail[0]!.text).toContain(`${portal.sandbox.url}/stripe/billing/`);
  }, 30_000);

  it('a deleted subscription ends the membership and clears Paid Up in the chart', async () => {
    expect((await stripe(SECRET, 'DELETE', `/v1/subscriptions/${subscriptionId}`)).status).toBe(200);
    const row = await waitFor(() => enrollmentRow(id), (value) => value.status === 'cancelled');
    expect(row.status).toBe('cancelled');
    expect(String(await paidUp(PATIENT_IDS.paul))).toBe('2102');
  }, 30_000);
});

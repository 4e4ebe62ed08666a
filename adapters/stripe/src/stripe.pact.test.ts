/**
 * Consumer contract of the Stripe adapter with Stripe (API version 2025-08-27.basil): one
 * interaction per call it makes. The provider sandbox (apps/provider-sandbox) verifies
 * contracts/pacts/member-portal-api-stripe.json; it serves Stripe's paths at its root (`/v1/...`).
 *
 * Stripe bodies are form-encoded, and a form body in a pact is compared as it was recorded (no
 * matchers): so the ids the adapter sends — customer, price, subscription, invoice, payment
 * method — are fixed here, and each provider state's params name the ids the sandbox's state
 * handler must create its objects with. The cards attached are Stripe's own test ids
 * (`pm_card_visa`, `pm_card_chargeDeclined`); the cards an invoice is paid with are the customer's,
 * made by the provider state with the ids named here (`pm_pact_visa`, `pm_pact_charge_fails`), since
 * Stripe pays an invoice only with a card of its customer. Ids the adapter only reads back are
 * matched by their prefix. Responses state only what the adapter reads.
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3, type PactV4 } from '@pact-foundation/pact';
import { consumerPact } from '../../../tools/src/testing/consumer-pact.ts';
import { StripeCards } from './stripe-cards.adapter.ts';

const { eachLike, integer, like, regex } = MatchersV3;

// No usage metrics from the Pact core: these tests run offline.
process.env['PACT_DO_NOT_TRACK'] = 'true';

const CONSUMER = 'member-portal-api';
const PROVIDER = 'stripe';

const SECRET_KEY = 'sk_test_portal_sandbox';
const API_VERSION = '2025-08-27.basil';
const EMAIL = 'pact.member@example.com';
const UNKNOWN_EMAIL = 'pact.nobody@example.com';
const CUSTOMER_ID = 'cus_pact_member';
const PRICE_ID = 'price_pact_120_annual';
const TIER = '120_annual';
const ACTIVE_SUBSCRIPTION_ID = 'sub_pact_active';
const CANCELLING_SUBSCRIPTION_ID = 'sub_pact_cancelling';
const UNKNOWN_SUBSCRIPTION_ID = 'sub_pact_missing';
const OPEN_INVOICE_ID = 'in_pact_open';
const RETURN_URL = 'https://portal.example/billing/return';
const PAID_TIERS = ['120_annual', '70_biannual', '300_concierge_biannual', '500_concierge_annual'];
const UNIX = 1_767_225_600;

const auth = { Authorization: regex('^Bearer sk_test_\\S+$', `Bearer ${SECRET_KEY}`), 'Stripe-Version': API_VERSION };
const form = { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' };
const keyed = (example: string) => ({ ...form, 'Idempotency-Key': regex('^\\S{1,255}$', example) });
/**
 * A form body given as a flat object (`{'items[0][price]': 'price_…'}`), values plain or matchers:
 * the Pact core turns it into the form-encoded body and its matching rules.
 * (pact-js's `body()` takes only bytes and matches them as a binary file, so this goes one step
 * lower, to the interaction's `withRequestBody`.)
 */
const formBody = <B extends { body(contentType: string, body: Buffer): B }>(builder: B, fields: Record<string, unknown>): B => {
  const interaction = (builder as unknown as { interaction: { withRequestBody(body: string, contentType: string): void } }).interaction;
  interaction.withRequestBody(JSON.stringify(fields), 'application/x-www-form-urlencoded');
  return builder;
};

type ProviderState = Parameters<ReturnType<PactV4['addInteraction']>['given']>;

/** The provider states, with the ids the sandbox must create (see the file's comment). */
const states = {
  key: ['the secret key is valid', { secretKey: SECRET_KEY }],
  customer: ['a customer exists', { customerId: CUSTOMER_ID, email: EMAIL, name: 'Pact Member', metadata: { athenaPatientId: '4242' } }],
  noCustomer: ['no customer has the email', { email: UNKNOWN_EMAIL }],
  prices: ['each paid tier has an active price whose lookup_key is the tier code', { lookupKeys: PAID_TIERS, priceIds: { [TIER]: PRICE_ID } }],
  customerAndPrice: ['a customer exists and the tier has an active price', { customerId: CUSTOMER_ID, email: EMAIL, lookupKey: TIER, priceId: PRICE_ID, unitAmount: 12000 }],
  active: ['an active subscription exists', { subscriptionId: ACTIVE_SUBSCRIPTION_ID, customerId: CUSTOMER_ID, lookupKey: TIER, priceId: PRICE_ID }],
  cancelling: ['an active subscription set to cancel at period end exists', { subscriptionId: CANCELLING_SUBSCRIPTION_ID, customerId: CUSTOMER_ID, lookupKey: TIER, priceId: PRICE_ID }],
  noSubscription: ['no subscription has the id', { subscriptionId: UNKNOWN_SUBSCRIPTION_ID }],
  openInvoice: [
    'an incomplete subscription with an open invoice exists',
    { invoiceId: OPEN_INVOICE_ID, subscriptionId: 'sub_pact_incomplete', customerId: CUSTOMER_ID, lookupKey: TIER, priceId: PRICE_ID, amountDue: 12000 },
  ],
  openInvoiceAndCard: [
    'an open invoice exists and its customer has a card',
    { invoiceId: OPEN_INVOICE_ID, subscriptionId: 'sub_pact_incomplete', customerId: CUSTOMER_ID, lookupKey: TIER, priceId: PRICE_ID, amountDue: 12000, paymentMethodId: 'pm_pact_visa', cardNumber: '4242424242424242' },
  ],
  openInvoiceAndFailingCard: [
    'an open invoice exists and its customer has a card',
    { invoiceId: OPEN_INVOICE_ID, subscriptionId: 'sub_pact_incomplete', customerId: CUSTOMER_ID, lookupKey: TIER, priceId: PRICE_ID, amountDue: 12000, paymentMethodId: 'pm_pact_charge_fails', cardNumber: '4000000000000341' },
  ],
} satisfies Record<string, ProviderState>;

const pact = consumerPact(CONSUMER, PROVIDER);

const adapter = (mockUrl: string, pinPrice = false): StripeCards =>
  new StripeCards({ secretKey: SECRET_KEY, webhookSecret: 'whsec_portal_sandbox', apiBase: mockUrl, retries: 0, ...(pinPrice ? { priceIds: { [TIER]: PRICE_ID } } : {}) });

const customerBody = { id: like(CUSTOMER_ID), object: 'customer', email: EMAIL, name: like('Pact Member'), metadata: like({ athenaPatientId: '4242' }) };

const subscriptionBody = (id: string, status: string, cancelAtPeriodEnd: boolean) => ({
  id,
  object: 'subscription',
  customer: CUSTOMER_ID,
  status,
  cancel_at_period_end: cancelAtPeriodEnd,
  metadata: like({}),
  items: { data: eachLike({ price: { id: PRICE_ID, lookup_key: TIER }, current_period_start: integer(UNIX), current_period_end: integer(UNIX + 365 * 86_400) }) },
  latest_invoice: regex('^in_\\w+$', 'in_pact_latest'),
});

const invoiceBody = (status: string, amountPaid: number) => ({
  id: OPEN_INVOICE_ID,
  object: 'invoice',
  customer: CUSTOMER_ID,
  status,
  parent: { subscription_details: { subscription: 'sub_pact_incomplete' } },
  amount_due: integer(12000),
  amount_paid: amountPaid === 0 ? 0 : integer(amountPaid),
  status_transitions: { paid_at: status === 'paid' ? integer(UNIX + 60) : null },
  lines: { data: eachLike({ period: { start: integer(UNIX), end: integer(UNIX + 365 * 86_400) } }) },
});

describe('Stripe contract: customers', () => {
  it('finds a customer by email', async () => {
    await pact
      .addInteraction()
      .given(...states.customer)
      .uponReceiving('a request for the customers with an email')
      .withRequest('GET', '/v1/customers', (builder) => builder.query({ email: EMAIL, limit: '10' }).headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody({ object: 'list', data: eachLike(customerBody), has_more: like(false) }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).findCustomerByEmail(EMAIL)).resolves.toEqual({ id: CUSTOMER_ID, email: EMAIL, name: 'Pact Member', metadata: { athenaPatientId: '4242' } });
      });
  });

  it('finds no customer for an unknown email', async () => {
    await pact
      .addInteraction()
      .given(...states.noCustomer)
      .uponReceiving('a request for the customers with an email nobody has')
      .withRequest('GET', '/v1/customers', (builder) => builder.query({ email: UNKNOWN_EMAIL, limit: '10' }).headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody({ object: 'list', data: [], has_more: false }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).findCustomerByEmail(UNKNOWN_EMAIL)).resolves.toBeNull();
      });
  });

  it('creates a customer with an idempotency key', async () => {
    await pact
      .addInteraction()
      .given(...states.key)
      .uponReceiving('a request to create a customer')
      .withRequest('POST', '/v1/customers', (builder) =>
        formBody(builder.headers(keyed('customer:enr-pact')), { email: EMAIL, name: 'Pact Member', 'metadata[athenaPatientId]': '4242' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ id: regex('^cus_\\w+$', 'cus_pact_new'), object: 'customer', email: EMAIL, name: 'Pact Member', metadata: { athenaPatientId: '4242' } }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).createCustomer({ email: EMAIL, name: 'Pact Member', metadata: { athenaPatientId: '4242' } }, 'customer:enr-pact')).resolves.toEqual({
          id: 'cus_pact_new',
          email: EMAIL,
          name: 'Pact Member',
          metadata: { athenaPatientId: '4242' },
        });
      });
  });
});

describe('Stripe contract: prices and subscriptions', () => {
  it('looks the tier prices up by lookup key', async () => {
    const query: Record<string, string> = { active: 'true', limit: '100' };
    PAID_TIERS.forEach((tier, index) => {
      query[`lookup_keys[${index}]`] = tier;
    });
    await pact
      .addInteraction()
      .given(...states.prices)
      .uponReceiving('a request for the active prices of the paid tiers by lookup key')
      .withRequest('GET', '/v1/prices', (builder) => builder.query(query).headers(auth))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ object: 'list', data: eachLike({ id: PRICE_ID, object: 'price', lookup_key: TIER, active: true }), has_more: like(false) }),
      )
      .executeTest(async (mock) => {
        // The lookup createSubscription makes before it creates.
        await expect(adapter(mock.url).priceId(TIER)).resolves.toBe(PRICE_ID);
      });
  });

  it('creates a default_incomplete subscription with the client secrets expanded', async () => {
    await pact
      .addInteraction()
      .given(...states.customerAndPrice)
      .uponReceiving('a request to create a default_incomplete subscription for the tier price')
      .withRequest('POST', '/v1/subscriptions', (builder) =>
        formBody(builder.headers(keyed('subscription:enr-pact:120_annual')), {
          customer: CUSTOMER_ID,
          'items[0][price]': PRICE_ID,
          payment_behavior: 'default_incomplete',
          'payment_settings[save_default_payment_method]': 'on_subscription',
          'metadata[enrollmentId]': 'enr-pact',
          'expand[0]': 'latest_invoice.confirmation_secret',
          'expand[1]': 'pending_setup_intent',
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...subscriptionBody('sub_pact_new', 'incomplete', false),
          id: regex('^sub_\\w+$', 'sub_pact_new'),
          metadata: { enrollmentId: 'enr-pact' },
          latest_invoice: {
            id: regex('^in_\\w+$', 'in_pact_first'),
            object: 'invoice',
            customer: CUSTOMER_ID,
            status: 'open',
            amount_due: 12000,
            amount_paid: 0,
            confirmation_secret: { client_secret: regex('^pi_\\w+_secret_\\w+$', 'pi_pact_secret_abc'), type: 'payment_intent' },
          },
          pending_setup_intent: null,
        }),
      )
      .executeTest(async (mock) => {
        const setup = await adapter(mock.url, true).createSubscription({ customerId: CUSTOMER_ID, tier: TIER, metadata: { enrollmentId: 'enr-pact' } }, 'subscription:enr-pact:120_annual');
        expect(setup).toMatchObject({
          subscription: { id: 'sub_pact_new', customerId: CUSTOMER_ID, status: 'incomplete', tier: TIER, latestInvoiceId: 'in_pact_first' },
          clientSecret: 'pi_pact_secret_abc',
          intentType: 'payment',
          invoiceId: 'in_pact_first',
        });
      });
  });

  it('gets a subscription', async () => {
    await pact
      .addInteraction()
      .given(...states.active)
      .uponReceiving('a request for an active subscription')
      .withRequest('GET', `/v1/subscriptions/${ACTIVE_SUBSCRIPTION_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(subscriptionBody(ACTIVE_SUBSCRIPTION_ID, 'active', false)))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).getSubscription(ACTIVE_SUBSCRIPTION_ID)).resolves.toMatchObject({
          id: ACTIVE_SUBSCRIPTION_ID,
          customerId: CUSTOMER_ID,
          status: 'active',
          tier: TIER,
          cancelAtPeriodEnd: false,
          currentPeriodStart: new Date(UNIX * 1000),
          latestInvoiceId: 'in_pact_latest',
        });
      });
  });

  it('answers 404 for an unknown subscription', async () => {
    await pact
      .addInteraction()
      .given(...states.noSubscription)
      .uponReceiving('a request for a subscription that does not exist')
      .withRequest('GET', `/v1/subscriptions/${UNKNOWN_SUBSCRIPTION_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(404, (builder) => builder.jsonBody({ error: { type: 'invalid_request_error', code: 'resource_missing', message: like('No such subscription') } }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).getSubscription(UNKNOWN_SUBSCRIPTION_ID)).resolves.toBeNull();
      });
  });

  it("lists the customer's subscriptions, whatever their status", async () => {
    await pact
      .addInteraction()
      .given(...states.active)
      .uponReceiving("a request for every subscription of a customer")
      .withRequest('GET', '/v1/subscriptions', (builder) => builder.query({ customer: CUSTOMER_ID, status: 'all', limit: '100' }).headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody({ object: 'list', data: eachLike(subscriptionBody(ACTIVE_SUBSCRIPTION_ID, 'active', false)), has_more: false }))
      .executeTest(async (mock) => {
        const subscriptions = await adapter(mock.url).listSubscriptions(CUSTOMER_ID);
        expect(subscriptions.map((s) => [s.id, s.status])).toEqual([[ACTIVE_SUBSCRIPTION_ID, 'active']]);
      });
  });

  it('reactivates a subscription set to cancel', async () => {
    await pact
      .addInteraction()
      .given(...states.cancelling)
      .uponReceiving('a request to stop a subscription cancelling at period end')
      .withRequest('POST', `/v1/subscriptions/${CANCELLING_SUBSCRIPTION_ID}`, (builder) =>
        formBody(builder.headers(keyed('reactivate:enr-pact')), { cancel_at_period_end: 'false' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(subscriptionBody(CANCELLING_SUBSCRIPTION_ID, 'active', false)))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).reactivateSubscription(CANCELLING_SUBSCRIPTION_ID, 'reactivate:enr-pact')).resolves.toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      });
  });
});

describe('Stripe contract: invoices', () => {
  it('gets an invoice', async () => {
    await pact
      .addInteraction()
      .given(...states.openInvoice)
      .uponReceiving('a request for an open invoice')
      .withRequest('GET', `/v1/invoices/${OPEN_INVOICE_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(invoiceBody('open', 0)))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).getInvoice(OPEN_INVOICE_ID)).resolves.toMatchObject({
          id: OPEN_INVOICE_ID,
          customerId: CUSTOMER_ID,
          status: 'open',
          subscriptionId: 'sub_pact_incomplete',
          amountDueCents: 12000,
          amountPaidCents: 0,
          paidAt: null,
        });
      });
  });

  it("attaches the browser's card to the invoice's customer (Stripe pays an invoice only with its customer's card)", async () => {
    await pact
      .addInteraction()
      .given(...states.openInvoice)
      .uponReceiving('a request to attach pm_card_visa to the customer')
      .withRequest('POST', '/v1/payment_methods/pm_card_visa/attach', (builder) =>
        formBody(builder.headers(keyed(`attach:${CUSTOMER_ID}:pm_card_visa`)), { customer: CUSTOMER_ID }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ id: regex('^pm_\\w+$', 'pm_1PactVisa'), object: 'payment_method', customer: CUSTOMER_ID }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).attachCard('pm_card_visa', CUSTOMER_ID, `attach:${CUSTOMER_ID}:pm_card_visa`)).resolves.toEqual({ kind: 'attached', paymentMethodId: 'pm_1PactVisa' });
      });
  });

  it('is refused with 402 when Stripe declines the card it attaches', async () => {
    await pact
      .addInteraction()
      .given(...states.openInvoice)
      .uponReceiving('a request to attach pm_card_chargeDeclined to the customer')
      .withRequest('POST', '/v1/payment_methods/pm_card_chargeDeclined/attach', (builder) =>
        formBody(builder.headers(keyed(`attach:${CUSTOMER_ID}:pm_card_chargeDeclined`)), { customer: CUSTOMER_ID }),
      )
      .willRespondWith(402, (builder) =>
        builder.jsonBody({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: like('Your card was declined.') } }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).attachCard('pm_card_chargeDeclined', CUSTOMER_ID, `attach:${CUSTOMER_ID}:pm_card_chargeDeclined`)).resolves.toEqual({
          kind: 'declined',
          message: 'Your card was declined.',
          code: 'card_declined',
          declineCode: 'generic_decline',
        });
      });
  });

  it("pays an invoice with a good card of its customer", async () => {
    await pact
      .addInteraction()
      .given(...states.openInvoiceAndCard)
      .uponReceiving("a request to pay an open invoice with its customer's card")
      .withRequest('POST', `/v1/invoices/${OPEN_INVOICE_ID}/pay`, (builder) =>
        formBody(builder.headers(keyed('pay:in_pact_open:pm_pact_visa')), { payment_method: 'pm_pact_visa' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(invoiceBody('paid', 12000)))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).payInvoice(OPEN_INVOICE_ID, 'pm_pact_visa', 'pay:in_pact_open:pm_pact_visa')).resolves.toMatchObject({
          kind: 'paid',
          invoice: { id: OPEN_INVOICE_ID, status: 'paid', amountPaidCents: 12000 },
        });
      });
  });

  it('is refused with 402 when the card of its customer is declined', async () => {
    await pact
      .addInteraction()
      .given(...states.openInvoiceAndFailingCard)
      .uponReceiving("a request to pay an open invoice with its customer's card that fails every charge")
      .withRequest('POST', `/v1/invoices/${OPEN_INVOICE_ID}/pay`, (builder) =>
        formBody(builder.headers(keyed('pay:in_pact_open:pm_pact_charge_fails')), { payment_method: 'pm_pact_charge_fails' }),
      )
      .willRespondWith(402, (builder) =>
        builder.jsonBody({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: like('Your card was declined.') } }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).payInvoice(OPEN_INVOICE_ID, 'pm_pact_charge_fails', 'pay:in_pact_open:pm_pact_charge_fails')).resolves.toEqual({
          kind: 'declined',
          message: 'Your card was declined.',
          code: 'card_declined',
          declineCode: 'generic_decline',
        });
      });
  });
});

describe('Stripe contract: billing portal', () => {
  it('creates a billing portal session', async () => {
    await pact
      .addInteraction()
      .given(...states.customer)
      .uponReceiving('a request to create a billing portal session')
      .withRequest('POST', '/v1/billing_portal/sessions', (builder) =>
        formBody(builder.headers(form), { customer: CUSTOMER_ID, return_url: RETURN_URL }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ id: regex('^bps_\\w+$', 'bps_pact'), object: 'billing_portal.session', url: regex('^https?://\\S+$', 'https://billing.stripe.com/p/session/test_pact') }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).createPortalSession(CUSTOMER_ID, RETURN_URL)).resolves.toEqual({ url: 'https://billing.stripe.com/p/session/test_pact' });
      });
  });
});

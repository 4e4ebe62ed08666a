/**
 * Provider verification: the running sandbox answers every interaction of the Stripe adapter's
 * consumer contract, contracts/pacts/member-portal-api-stripe.json (written by
 * adapters/stripe/src/stripe.pact.test.ts: run that test first to regenerate it).
 *
 * The contract fixes the ids the adapter sends (form bodies are compared as recorded), so each
 * provider state names the ids its objects must have. The states build those objects with the
 * sandbox's own Stripe functions (customers, the tier's price, subscriptions created
 * `default_incomplete` with their first invoice, that invoice paid with `pm_card_visa`, the
 * cancel-at-period-end update), in one transaction of a Stripe engine on the sandbox's database,
 * so they have the shapes and the history the API would give them. Every state resets the
 * sandbox first: each interaction has one state, and the interactions change what they touch.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { VerifierOptions } from '@pact-foundation/pact';
import { createTestDatabase, type TestDatabase } from '../../../tools/src/testing/test-database.ts';
import { startSandbox, type RunningSandbox } from './index.ts';
import { type StateParams, type StateValues, providerStatesIn, stateRecorder, stateText, verifySandboxAgainst } from './pact-verification.ts';
import { createDb } from './store/db.ts';
import { createPaymentMethod } from './stripe/card-payment-methods.ts';
import { createCatalogPrice } from './stripe/catalog.ts';
import { createCustomer } from './stripe/customers.ts';
import { payInvoice } from './stripe/invoices.ts';
import { attachFromApi } from './stripe/payment-methods.ts';
import { createSubscription, updateSubscription } from './stripe/subscriptions.ts';
import { STRIPE_CATALOG, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, type CatalogTier } from './stripe/constants.ts';
import { createStripeEngine, type StripeEngine } from './stripe/engine.ts';
import { encodeForm } from './stripe/form.ts';
import type { StripeObject, Tx } from './stripe/store.ts';
import { stripeCall } from './testing.ts';

// No usage metrics from the Pact core: this test runs offline.
process.env['PACT_DO_NOT_TRACK'] = 'true';

const PACT_FILE = fileURLToPath(new URL('../../../contracts/pacts/member-portal-api-stripe.json', import.meta.url));
const SCHEMA = 'provider_sandbox';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
type RequestFilter = NonNullable<VerifierOptions['requestFilter']>;
type Params = StateParams;

let db: TestDatabase | undefined;
let sandbox: RunningSandbox | undefined;
let engine: StripeEngine | undefined;

const running = (): RunningSandbox => {
  if (sandbox === undefined) throw new Error('the sandbox is not running');
  return sandbox;
};

// ---- provider-state parameters -----------------------------------------------------------------

const text = stateText;

const whole = (params: Params | undefined, name: string): number => {
  const value = params?.[name];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`provider state parameter '${name}' must be a whole number`);
  return value;
};

const texts = (params: Params | undefined, name: string): string[] => {
  const value = params?.[name];
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
    throw new Error(`provider state parameter '${name}' must be a list of strings`);
  }
  return value as string[];
};

const record = (params: Params | undefined, name: string): Record<string, string> => {
  const value = params?.[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.values(value).every((item) => typeof item === 'string')) {
    throw new Error(`provider state parameter '${name}' must be an object of strings`);
  }
  return value as Record<string, string>;
};

// ---- the sandbox's Stripe, inside and out -------------------------------------------------------

/** Runs `work` as one Stripe write of the sandbox (its transaction and lock), as a request would. */
const inStripe = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
  if (engine === undefined) throw new Error('the Stripe engine is not set up');
  let result: T | undefined;
  const answer = await engine.write(running().url, { id: null, idempotency_key: null }, async (tx) => {
    result = await work(tx);
    return { status: 200, body: null };
  });
  if (answer.status !== 200) throw new Error(`the Stripe setup answered ${answer.status}`);
  return result as T;
};

/** A call to the sandbox's Stripe API that must answer `expected`. */
const api = async (method: string, path: string, params: Record<string, unknown> = {}, expected = 200): Promise<Record<string, unknown>> => {
  const response = await stripeCall(running().url, method, path, params);
  if (response.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
};

const tierOf = (lookupKey: string): CatalogTier => {
  const tier = STRIPE_CATALOG.find((candidate) => candidate.lookupKey === lookupKey);
  if (tier === undefined) throw new Error(`the sandbox sells no tier '${lookupKey}'`);
  return tier;
};

/** The tier's price with the contract's id (it takes over the tier's lookup key). */
const tierPrice = (tx: Tx, lookupKey: string, priceId: string, unitAmount?: number): Promise<StripeObject> =>
  createCatalogPrice(tx, { ...tierOf(lookupKey), priceId, ...(unitAmount === undefined ? {} : { unitAmount }) });

/** A subscription as the adapter creates it (default_incomplete, card saved on the subscription). */
const incompleteSubscription = async (tx: Tx, params: Params | undefined, invoiceId?: string): Promise<StripeObject> => {
  const customerId = text(params, 'customerId');
  await tierPrice(tx, text(params, 'lookupKey'), text(params, 'priceId'));
  await createCustomer(tx, {}, customerId);
  return createSubscription(
    tx,
    {
      customer: customerId,
      items: [{ price: text(params, 'priceId') }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
    },
    { subscription: text(params, 'subscriptionId'), ...(invoiceId === undefined ? {} : { invoice: invoiceId }) },
  );
};

/** The subscription's first invoice paid with Stripe's test Visa: the subscription is active. */
const activeSubscription = async (tx: Tx, params: Params | undefined): Promise<StripeObject> => {
  const created = await incompleteSubscription(tx, params);
  // As Stripe wants it: the card is the customer's before it pays the invoice.
  const attached = await attachFromApi(tx, 'pm_card_visa', { customer: String(created['customer']) });
  if (attached.status !== 200) throw new Error(`attaching the card: ${attached.status} ${JSON.stringify(attached.body)}`);
  const paid = await payInvoice(tx, String(created['latest_invoice']), { payment_method: (attached.body as StripeObject).id });
  if (paid.status !== 200) throw new Error(`paying the first invoice: ${paid.status} ${JSON.stringify(paid.body)}`);
  return created;
};

const requireSubscription = async (id: string, fields: Record<string, unknown>): Promise<void> => {
  const subscription = await api('GET', `/v1/subscriptions/${id}`);
  for (const [key, value] of Object.entries(fields)) {
    if (subscription[key] !== value) throw new Error(`subscription ${id}: ${key} is ${JSON.stringify(subscription[key])}, not ${JSON.stringify(value)}`);
  }
};

const reset = (): Promise<void> => running().reset();

// ---- provider states -----------------------------------------------------------------------

const { state, failures: stateFailures } = stateRecorder();

const stateHandlers: StateHandlers = {
  'the secret key is valid': state('key', async (params) => {
    await reset();
    if (text(params, 'secretKey') !== STRIPE_SECRET_KEY) throw new Error(`the sandbox's secret key is ${STRIPE_SECRET_KEY}`);
    await api('GET', '/v1/customers', { limit: '1' });
    return {};
  }),

  'a customer exists': state('customer', async (params) => {
    await reset();
    const customerId = text(params, 'customerId');
    await inStripe((tx) => createCustomer(tx, { email: text(params, 'email'), name: text(params, 'name'), metadata: record(params, 'metadata') }, customerId));
    const customer = await api('GET', `/v1/customers/${customerId}`);
    if (customer['email'] !== text(params, 'email')) throw new Error(`customer ${customerId} has email ${String(customer['email'])}`);
    return {};
  }),

  'no customer has the email': state('no customer', async (params) => {
    await reset();
    const list = await api('GET', '/v1/customers', { email: text(params, 'email') });
    if ((list['data'] as unknown[]).length !== 0) throw new Error(`a customer has the email ${text(params, 'email')}`);
    return {};
  }),

  'each paid tier has an active price whose lookup_key is the tier code': state('prices', async (params) => {
    await reset();
    const lookupKeys = texts(params, 'lookupKeys');
    const priceIds = record(params, 'priceIds');
    await inStripe(async (tx) => {
      for (const [lookupKey, priceId] of Object.entries(priceIds)) await tierPrice(tx, lookupKey, priceId);
    });
    const list = await api('GET', '/v1/prices', { active: 'true', lookup_keys: lookupKeys, limit: '100' });
    const prices = list['data'] as { id: string; lookup_key: string | null }[];
    for (const lookupKey of lookupKeys) {
      const withKey = prices.filter((price) => price.lookup_key === lookupKey);
      if (withKey.length !== 1) throw new Error(`${withKey.length} active prices have the lookup key ${lookupKey}`);
      const expected = priceIds[lookupKey];
      if (expected !== undefined && withKey[0]?.id !== expected) throw new Error(`the price of ${lookupKey} is ${withKey[0]?.id}, not ${expected}`);
    }
    return {};
  }),

  'a customer exists and the tier has an active price': state('customer and price', async (params) => {
    await reset();
    const priceId = text(params, 'priceId');
    await inStripe(async (tx) => {
      await tierPrice(tx, text(params, 'lookupKey'), priceId, whole(params, 'unitAmount'));
      await createCustomer(tx, { email: text(params, 'email') }, text(params, 'customerId'));
    });
    const price = await api('GET', `/v1/prices/${priceId}`);
    if (price['lookup_key'] !== text(params, 'lookupKey') || price['active'] !== true) throw new Error(`price ${priceId} is not the tier's active price`);
    return {};
  }),

  'an active subscription exists': state('active', async (params) => {
    await reset();
    await inStripe((tx) => activeSubscription(tx, params));
    await requireSubscription(text(params, 'subscriptionId'), { status: 'active', cancel_at_period_end: false, customer: text(params, 'customerId') });
    return {};
  }),

  'an active subscription set to cancel at period end exists': state('cancelling', async (params) => {
    await reset();
    await inStripe(async (tx) => {
      const subscription = await activeSubscription(tx, params);
      await updateSubscription(tx, subscription.id, { cancel_at_period_end: 'true' });
    });
    await requireSubscription(text(params, 'subscriptionId'), { status: 'active', cancel_at_period_end: true, customer: text(params, 'customerId') });
    return {};
  }),

  'no subscription has the id': state('no subscription', async (params) => {
    await reset();
    await api('GET', `/v1/subscriptions/${text(params, 'subscriptionId')}`, {}, 404);
    return {};
  }),

  'an incomplete subscription with an open invoice exists': state('open invoice', async (params) => {
    await reset();
    const invoiceId = text(params, 'invoiceId');
    await inStripe((tx) => incompleteSubscription(tx, params, invoiceId));
    await requireSubscription(text(params, 'subscriptionId'), { status: 'incomplete', latest_invoice: invoiceId });
    const invoice = await api('GET', `/v1/invoices/${invoiceId}`);
    if (invoice['status'] !== 'open' || invoice['amount_due'] !== whole(params, 'amountDue')) {
      throw new Error(`invoice ${invoiceId} is ${String(invoice['status'])} for ${String(invoice['amount_due'])}`);
    }
    return {};
  }),

  'an open invoice exists and its customer has a card': state('open invoice and card', async (params) => {
    await reset();
    const invoiceId = text(params, 'invoiceId');
    const paymentMethodId = text(params, 'paymentMethodId');
    await inStripe(async (tx) => {
      await incompleteSubscription(tx, params, invoiceId);
      const card = await createPaymentMethod(tx, { type: 'card', card: { number: text(params, 'cardNumber'), exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 2), cvc: '123' } }, paymentMethodId);
      const attached = await attachFromApi(tx, card.id, { customer: text(params, 'customerId') });
      if (attached.status !== 200) throw new Error(`attaching ${paymentMethodId}: ${attached.status} ${JSON.stringify(attached.body)}`);
    });
    const card = await api('GET', `/v1/payment_methods/${paymentMethodId}`);
    if (card['customer'] !== text(params, 'customerId')) throw new Error(`card ${paymentMethodId} belongs to ${String(card['customer'])}`);
    const invoice = await api('GET', `/v1/invoices/${invoiceId}`);
    if (invoice['status'] !== 'open') throw new Error(`invoice ${invoiceId} is ${String(invoice['status'])}`);
    return {};
  }),
};

// ---- pact-js#884 -------------------------------------------------------------------------------

/**
 * The verifier's proxy parses form bodies (qs: `items[0][price]` becomes nested) and would forward
 * them as JSON with the old Content-Length: send them form-encoded again, in Stripe's bracket
 * notation (every Stripe body is a form).
 */
const requestFilter: RequestFilter = (req, _res, next) => {
  const contentType = req.headers['content-type'] ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType) && req.body !== null && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) {
    const encoded = Buffer.from(encodeForm(req.body as Record<string, unknown>), 'utf8');
    req.body = encoded;
    req.headers['content-length'] = String(encoded.length);
  }
  next();
};

// ---- the test --------------------------------------------------------------------------------

beforeAll(async () => {
  db = await createTestDatabase();
  // No webhook endpoint: the interactions' events are only logged.
  sandbox = await startSandbox({ databaseUrl: db.url, port: 0, smtpPort: 0, schema: SCHEMA, stripeWebhookUrl: null });
  engine = createStripeEngine({
    db: createDb(db.knex, SCHEMA),
    now: () => new Date(),
    webhookUrl: null,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    retryDelaysMs: [],
  });
}, 30_000);

afterAll(async () => {
  engine?.webhooks.stop();
  await sandbox?.close();
  await db?.drop();
});

describe('the provider sandbox against the Stripe consumer contract', () => {
  it('has a state handler for every provider state in the contract', () => {
    expect(existsSync(PACT_FILE)).toBe(true);
    expect(providerStatesIn(PACT_FILE).filter((name) => !(name in stateHandlers))).toEqual([]);
  });

  it('satisfies every interaction', async () => {
    await verifySandboxAgainst({ provider: 'stripe', url: running().url, pactFile: PACT_FILE, stateHandlers, requestFilter });
    expect(stateFailures).toEqual([]);
  }, 60_000);
});

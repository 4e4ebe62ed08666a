/**
 * The Cards port over the `stripe` SDK (API version 2025-08-27.basil). Against Stripe, or against
 * the provider sandbox, which speaks the same wire at its root: only host/port/protocol and the
 * keys differ (stripeConfigFromEnv).
 *
 * - Every answer we rely on is decoded with io-ts (stripe.codecs.ts); the SDK's own types are
 *   not trusted for the fields we read.
 * - Reads, and creates that carry an idempotency key, are retried by the SDK (`maxNetworkRetries`
 *   per request) on connection errors, 409, 429 and 5xx; a POST without a key is never retried.
 * - Failures: connection, timeout, 5xx, 429 and a refused key (401) → CardsUnavailableError; other
 *   4xx → CardsRejectedError; a card decline on /pay → a `declined` result. Messages name the
 *   method, the path template, the status and Stripe's error type/code/param — never ids, emails
 *   or Stripe's message, which may echo them.
 *
 * The port speaks the domain's words; the mapping from Stripe's objects lives here:
 * - billing customer ← Customer (`email` is an exact, case-sensitive filter on the list);
 * - subscription ← Subscription: its tier is the price's `lookup_key`; basil keeps the period on
 *   the item (`items.data[0].current_period_start/_end`), not on the subscription; its status is
 *   Stripe's, mapped one to one (SUBSCRIPTION_STATUS below);
 * - membership invoice ← Invoice: basil names its subscription at
 *   `parent.subscription_details.subscription`; paid at `status_transitions.paid_at`; its period
 *   is its first line's `period`; status mapped one to one (INVOICE_STATUS below);
 * - a payment the bank must confirm (`requires_action`) ← a PaymentIntent in `requires_action`:
 *   the browser confirms with Stripe.js (`handleNextAction` / `confirmCardPayment`);
 * - the browser's client secret ← `latest_invoice.confirmation_secret` (payment) or
 *   `pending_setup_intent` (setup), both expanded on create;
 * - manual payment ← `collection_method=send_invoice` with `days_until_due`;
 * - notices ← webhook events signed with `Stripe-Signature` (stripe-webhook.ts).
 */
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import Stripe from 'stripe';
import { describeDecodeErrors, type ProviderObserver } from '@portal/http-support';
import {
  CardsRejectedError,
  CardsUnavailableError,
  INVOICE_DAYS_UNTIL_DUE,
  PAID_TIER_CODES,
  isTierCode,
  type BillingCustomer,
  type CardEvent,
  type MembershipInvoice,
  type AttachCardResult,
  type BillingSubscription,
  type BillingSubscriptionStatus,
  type MembershipInvoiceStatus,
  type Cards,
  type NewBillingCustomer,
  type PayInvoiceResult,
  type SubscriptionCollection,
  type SubscriptionSetup,
  type TierCode,
  type WebhookRejection,
} from '@portal/core';
import {
  StripeCharge,
  StripeCustomer,
  StripeInvoice,
  StripeInvoicePayment,
  StripeList,
  StripePaymentIntent,
  StripePaymentMethod,
  StripePortalSession,
  StripePrice,
  StripeSubscription,
  refId,
} from './stripe.codecs.ts';
import { DEFAULT_STRIPE_TIMEOUT_MS, STRIPE_API_BASE, STRIPE_API_VERSION, sdkEndpoint } from './stripe.config.ts';
import { verifyStripeWebhook } from './stripe-webhook.ts';

export interface StripeCardsConfig {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Origin of the REST API; default https://api.stripe.com. The sandbox: http://127.0.0.1:4010. */
  readonly apiBase?: string;
  /** Per attempt, default 15 000 ms. */
  readonly timeoutMs?: number;
  /** Extra attempts for reads and keyed creates, default 2 (the SDK waits 0.5 s, 1 s, … between). */
  readonly retries?: number;
  /** Price ids known in advance (no lookup for these tiers): pinned prices, contract tests. */
  readonly priceIds?: Readonly<Partial<Record<TierCode, string>>>;
  /** How long a looked-up price id is remembered, default 10 minutes. */
  readonly priceCacheMs?: number;
  /** The SDK's HTTP client; tests pass `Stripe.createFetchHttpClient(fakeFetch)`. */
  readonly httpClient?: Stripe.HttpClient;
  /** Clock of the price cache (ms); Date.now by default. */
  readonly nowMs?: () => number;
  /** Hears every call (its path template, status, duration; the SDK's retries inside): metrics. */
  readonly onCall?: ProviderObserver;
}

export const DEFAULT_STRIPE_RETRIES = 2;
export const DEFAULT_PRICE_CACHE_MS = 10 * 60_000;

/** Stripe answered 2xx with a shape we cannot read (travels as the cause of CardsUnavailableError). */
export class StripeDecodeError extends Error {
  override readonly name = 'StripeDecodeError';
}

interface Call {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Template such as `/v1/invoices/{id}/pay`, for messages. */
  readonly path: string;
}

const SUBSCRIPTION_EXPANDS = ['latest_invoice.confirmation_secret', 'pending_setup_intent'];

export class StripeCards implements Cards {
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #retries: number;
  readonly #priceCacheMs: number;
  readonly #nowMs: () => number;
  readonly #prices = new Map<TierCode, { readonly id: string; readonly until: number }>();
  readonly #pinnedPrices: Readonly<Partial<Record<TierCode, string>>>;
  readonly #onCall: ProviderObserver | undefined;
  #pricesLoading: Promise<void> | null = null;

  constructor(config: StripeCardsConfig) {
    const endpoint = sdkEndpoint(config.apiBase ?? STRIPE_API_BASE);
    this.#stripe = new Stripe(config.secretKey, {
      // The SDK's own version (decision 0052): its types describe what the pinned version answers.
      apiVersion: STRIPE_API_VERSION,
      host: endpoint.host,
      port: endpoint.port,
      protocol: endpoint.protocol,
      timeout: config.timeoutMs ?? DEFAULT_STRIPE_TIMEOUT_MS,
      // No retries unless a call asks for them (reads and keyed creates).
      maxNetworkRetries: 0,
      telemetry: false,
      appInfo: { name: 'member-portal' },
      ...(config.httpClient === undefined ? {} : { httpClient: config.httpClient }),
    });
    this.#webhookSecret = config.webhookSecret;
    this.#retries = Math.max(0, config.retries ?? DEFAULT_STRIPE_RETRIES);
    this.#priceCacheMs = config.priceCacheMs ?? DEFAULT_PRICE_CACHE_MS;
    this.#nowMs = config.nowMs ?? Date.now;
    this.#pinnedPrices = config.priceIds ?? {};
    this.#onCall = config.onCall;
  }

  /** The SDK client, for what the port does not cover (tools, tests). */
  get sdk(): Stripe {
    return this.#stripe;
  }

  /** GET /v1/customers?email=: Stripe's email filter is exact (case-sensitive). */
  async findCustomerByEmail(email: string): Promise<BillingCustomer | null> {
    const call: Call = { method: 'GET', path: '/v1/customers' };
    // The list (not search): search is eventually consistent, a customer just created may be missing.
    const list = await this.#run(call, StripeList(StripeCustomer), () => this.#stripe.customers.list({ email, limit: 10 }, this.#read()));
    const found = list.data.find((customer) => customer.deleted !== true);
    return found === undefined ? null : toCustomer(found);
  }

  async getCustomer(customerId: string): Promise<BillingCustomer | null> {
    const call: Call = { method: 'GET', path: '/v1/customers/{id}' };
    const customer = await this.#run(call, StripeCustomer, () => this.#stripe.customers.retrieve(customerId, {}, this.#read()), notFound);
    return customer === null || customer.deleted === true ? null : toCustomer(customer);
  }

  async createCustomer(customer: NewBillingCustomer, idempotencyKey: string): Promise<BillingCustomer> {
    const call: Call = { method: 'POST', path: '/v1/customers' };
    const created = await this.#run(call, StripeCustomer, () =>
      this.#stripe.customers.create(
        {
          email: customer.email,
          name: customer.name,
          metadata: { ...customer.metadata },
          ...(customer.address
            ? {
                address: {
                  line1: customer.address.line1,
                  ...(customer.address.line2 ? { line2: customer.address.line2 } : {}),
                  city: customer.address.city,
                  state: customer.address.state,
                  postal_code: customer.address.postalCode,
                  country: 'US',
                },
              }
            : {}),
        },
        this.#keyed(idempotencyKey),
      ),
    );
    return toCustomer(created);
  }

  /** The customer's `email`: where Stripe sends receipts and invoice notices from now on. */
  async updateCustomerEmail(customerId: string, email: string, idempotencyKey: string): Promise<BillingCustomer> {
    const call: Call = { method: 'POST', path: '/v1/customers/{id}' };
    const updated = await this.#run(call, StripeCustomer, () => this.#stripe.customers.update(customerId, { email }, this.#keyed(idempotencyKey)));
    return toCustomer(updated);
  }

  async listSubscriptions(customerId: string): Promise<readonly BillingSubscription[]> {
    const call: Call = { method: 'GET', path: '/v1/subscriptions' };
    const subscriptions: BillingSubscription[] = [];
    let startingAfter: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const params: Stripe.SubscriptionListParams = { customer: customerId, status: 'all', limit: 100, ...(startingAfter === undefined ? {} : { starting_after: startingAfter }) };
      const list = await this.#run(call, StripeList(StripeSubscription), () => this.#stripe.subscriptions.list(params, this.#read()));
      subscriptions.push(...list.data.map(toSubscription));
      const last = list.data.at(-1);
      if (list.has_more !== true || last === undefined) break;
      startingAfter = last.id;
    }
    return subscriptions;
  }

  async getSubscription(subscriptionId: string): Promise<BillingSubscription | null> {
    const call: Call = { method: 'GET', path: '/v1/subscriptions/{id}' };
    const subscription = await this.#run(call, StripeSubscription, () => this.#stripe.subscriptions.retrieve(subscriptionId, {}, this.#read()), notFound);
    return subscription === null ? null : toSubscription(subscription);
  }

  /**
   * Card: `payment_behavior=default_incomplete`, `payment_settings.save_default_payment_method=on_subscription`,
   * expanding `latest_invoice.confirmation_secret` and `pending_setup_intent` for the browser's
   * client secret. Manual payment: `collection_method=send_invoice` with `days_until_due`.
   */
  async createSubscription(
    input: { readonly customerId: string; readonly tier: TierCode; readonly metadata: Readonly<Record<string, string>>; readonly collection?: SubscriptionCollection },
    idempotencyKey: string,
  ): Promise<SubscriptionSetup> {
    const price = await this.#priceFor(input.tier);
    const call: Call = { method: 'POST', path: '/v1/subscriptions' };
    const collection =
      input.collection === 'send_invoice'
        ? { collection_method: 'send_invoice' as const, days_until_due: INVOICE_DAYS_UNTIL_DUE }
        : { payment_behavior: 'default_incomplete' as const, payment_settings: { save_default_payment_method: 'on_subscription' as const } };
    const created = await this.#run(call, StripeSubscription, () =>
      this.#stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price }],
          ...collection,
          metadata: { ...input.metadata },
          expand: SUBSCRIPTION_EXPANDS,
        },
        this.#keyed(idempotencyKey),
      ),
    );
    const subscription = toSubscription(created);
    const invoice = typeof created.latest_invoice === 'object' && created.latest_invoice !== null ? created.latest_invoice : null;
    const paymentSecret = invoice?.confirmation_secret?.client_secret ?? null;
    const setup = created.pending_setup_intent;
    const setupSecret = typeof setup === 'object' && setup !== null ? (setup.client_secret ?? null) : null;
    if (paymentSecret !== null) return { subscription, clientSecret: paymentSecret, intentType: 'payment', invoiceId: subscription.latestInvoiceId };
    if (setupSecret !== null) return { subscription, clientSecret: setupSecret, intentType: 'setup', invoiceId: subscription.latestInvoiceId };
    return { subscription, clientSecret: null, intentType: null, invoiceId: subscription.latestInvoiceId };
  }

  /** `cancel_at_period_end=false`. */
  async reactivateSubscription(subscriptionId: string, idempotencyKey: string): Promise<BillingSubscription> {
    const call: Call = { method: 'POST', path: '/v1/subscriptions/{id}' };
    const updated = await this.#run(call, StripeSubscription, () =>
      this.#stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }, this.#keyed(idempotencyKey)),
    );
    return toSubscription(updated);
  }

  async getInvoice(invoiceId: string): Promise<MembershipInvoice | null> {
    const call: Call = { method: 'GET', path: '/v1/invoices/{id}' };
    const invoice = await this.#run(call, StripeInvoice, () => this.#stripe.invoices.retrieve(invoiceId, {}, this.#read()), notFound);
    return invoice === null ? null : toInvoice(invoice);
  }

  /**
   * POST /v1/payment_methods/{id}/attach: the card becomes the customer's, as Stripe wants before
   * it pays the customer's invoice with it (docs.stripe.com/api/invoices/pay, decision 0051). A card
   * declined on Stripe's check → `declined`. Answers the id Stripe gives back (a test id such as
   * `pm_card_visa` becomes a new PaymentMethod).
   */
  async attachCard(paymentMethodId: string, customerId: string, idempotencyKey: string): Promise<AttachCardResult> {
    const call: Call = { method: 'POST', path: '/v1/payment_methods/{id}/attach' };
    try {
      const attached = await this.#run(call, StripePaymentMethod, () => this.#stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, this.#keyed(idempotencyKey)), rethrowDeclines);
      return { kind: 'attached', paymentMethodId: attached.id };
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      return { kind: 'declined', message: error.message || 'Your card was declined.', code: error.code ?? null, declineCode: error.decline_code ?? null };
    }
  }

  /**
   * Pays the invoice with a card of its customer (attachCard first). The key must differ per attempt (e.g. include the payment
   * method): Stripe replays a declined answer for a key it has seen.
   */
  async payInvoice(invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<PayInvoiceResult> {
    const call: Call = { method: 'POST', path: '/v1/invoices/{id}/pay' };
    let paid: StripeInvoice;
    try {
      paid = await this.#run(call, StripeInvoice, () => this.#stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId }, this.#keyed(idempotencyKey)), rethrowCardErrors);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      // 3-D Secure comes as the card error authentication_required (with the payment intent, usually)
      // or as invoice_payment_intent_requires_action (without it): then the invoice's payment has it.
      const raw = StripePaymentIntent.decode(error.payment_intent);
      const intent = E.isRight(raw) ? raw.right : null;
      const needsAction = error.code === 'authentication_required' || error.code === INVOICE_REQUIRES_ACTION;
      const secret = intent?.status === 'requires_action' && intent.client_secret ? intent.client_secret : needsAction ? await this.#actionSecret(invoiceId) : null;
      if (secret !== null) return { kind: 'requires_action', clientSecret: secret, invoice: await this.#mustGetInvoice(invoiceId) };
      if (!(error instanceof Stripe.errors.StripeCardError)) throw mapError(call, error);
      return { kind: 'declined', message: error.message || 'Your card was declined.', code: error.code ?? null, declineCode: error.decline_code ?? null };
    }
    const invoice = toInvoice(paid);
    if (invoice.status === 'paid') return { kind: 'paid', invoice };
    // Not paid and no error: the payment waits for the person (3-D Secure) or failed quietly.
    const intent = await this.#latestIntent(invoiceId);
    if (intent?.status === 'requires_action' && intent.client_secret) return { kind: 'requires_action', clientSecret: intent.client_secret, invoice };
    const failure = intent?.last_payment_error;
    return {
      kind: 'declined',
      message: failure?.message ?? 'The payment was not completed.',
      code: failure?.code ?? null,
      declineCode: failure?.decline_code ?? null,
    };
  }

  /** invoice_payments (paid first) → payment_intent → latest_charge.receipt_url. */
  async receiptUrl(invoiceId: string): Promise<string | null> {
    const payments = await this.#invoicePayments(invoiceId);
    const ordered = [...payments.filter((payment) => payment.status === 'paid'), ...payments.filter((payment) => payment.status !== 'paid')];
    for (const payment of ordered) {
      const intent = payment.payment?.payment_intent;
      if (typeof intent !== 'object' || intent === null) continue;
      const charge = intent.latest_charge;
      if (charge === null || charge === undefined) continue;
      if (typeof charge === 'object') {
        if (charge.receipt_url) return charge.receipt_url;
        continue;
      }
      const call: Call = { method: 'GET', path: '/v1/charges/{id}' };
      const retrieved = await this.#run(call, StripeCharge, () => this.#stripe.charges.retrieve(charge, {}, this.#read()), notFound);
      if (retrieved?.receipt_url) return retrieved.receipt_url;
    }
    return null;
  }

  /** A Stripe billing portal session (POST /v1/billing_portal/sessions). */
  async createPortalSession(customerId: string, returnUrl: string): Promise<{ readonly url: string }> {
    const call: Call = { method: 'POST', path: '/v1/billing_portal/sessions' };
    // No idempotency key in the port: not retried (a session is cheap and short-lived anyway).
    const session = await this.#run(call, StripePortalSession, () => this.#stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, { maxNetworkRetries: 0 }));
    return { url: session.url };
  }

  /** The `Stripe-Signature` header (HMAC-SHA256 over the raw body, tolerance 300 s at `now`), by stripe-node. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): { readonly ok: true; readonly event: CardEvent } | { readonly ok: false; readonly reason: WebhookRejection } {
    return verifyStripeWebhook(rawBody, signatureHeader, this.#webhookSecret, now);
  }

  // ---- helpers ----

  #read(): Stripe.RequestOptions {
    return { maxNetworkRetries: this.#retries };
  }

  #keyed(idempotencyKey: string): Stripe.RequestOptions {
    if (idempotencyKey === '') throw new TypeError('stripe: an idempotency key cannot be empty');
    return { idempotencyKey: stripeIdempotencyKey(idempotencyKey), maxNetworkRetries: this.#retries };
  }

  /**
   * The price whose lookup_key is the tier code (CardsRejectedError 404 when there is none). All
   * paid tiers are fetched in one call and remembered for `priceCacheMs`.
   */
  async priceId(tier: TierCode): Promise<string> {
    return this.#priceFor(tier);
  }

  async #priceFor(tier: TierCode): Promise<string> {
    const pinned = this.#pinnedPrices[tier];
    if (pinned !== undefined) return pinned;
    const cached = this.#prices.get(tier);
    if (cached !== undefined && cached.until > this.#nowMs()) return cached.id;
    if (this.#pricesLoading === null) {
      this.#pricesLoading = this.#loadPrices(tier).finally(() => {
        this.#pricesLoading = null;
      });
    }
    await this.#pricesLoading;
    const loaded = this.#prices.get(tier);
    if (loaded === undefined) throw new CardsRejectedError(`stripe has no active price with lookup_key ${tier}`, 404, 'resource_missing');
    return loaded.id;
  }

  async #loadPrices(tier: TierCode): Promise<void> {
    const lookupKeys = [...new Set<string>([tier, ...PAID_TIER_CODES])];
    const call: Call = { method: 'GET', path: '/v1/prices' };
    const list = await this.#run(call, StripeList(StripePrice), () => this.#stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100 }, this.#read()));
    const until = this.#nowMs() + this.#priceCacheMs;
    for (const price of list.data) {
      if (price.active === false || !isTierCode(price.lookup_key)) continue;
      this.#prices.set(price.lookup_key, { id: price.id, until });
    }
  }

  async #invoicePayments(invoiceId: string): Promise<readonly t.TypeOf<typeof StripeInvoicePayment>[]> {
    const call: Call = { method: 'GET', path: '/v1/invoice_payments' };
    const list = await this.#run(call, StripeList(StripeInvoicePayment), () =>
      this.#stripe.invoicePayments.list({ invoice: invoiceId, expand: ['data.payment.payment_intent'] }, this.#read()),
    );
    return list.data;
  }

  /** The invoice's newest PaymentIntent (invoice_payments are newest first). */
  async #latestIntent(invoiceId: string): Promise<StripePaymentIntent | null> {
    for (const payment of await this.#invoicePayments(invoiceId)) {
      const intent = payment.payment?.payment_intent;
      if (typeof intent === 'object' && intent !== null) return intent;
    }
    return null;
  }

  async #actionSecret(invoiceId: string): Promise<string | null> {
    const intent = await this.#latestIntent(invoiceId);
    return intent?.status === 'requires_action' && intent.client_secret ? intent.client_secret : null;
  }

  async #mustGetInvoice(invoiceId: string): Promise<MembershipInvoice> {
    const invoice = await this.getInvoice(invoiceId);
    if (invoice === null) throw new CardsRejectedError('stripe GET /v1/invoices/{id} answered 404', 404, 'resource_missing');
    return invoice;
  }

  /** Runs one SDK call, maps its failure, decodes its answer. `onError` may answer instead (404 → null). */
  async #run<A, F = never>(call: Call, codec: t.Decoder<unknown, A>, send: () => Promise<unknown>, onError?: (error: Stripe.errors.StripeError) => { readonly value: F } | undefined): Promise<A | F> {
    let answer: unknown;
    const started = performance.now();
    const observe = (status: number | null, failure: 'timeout' | 'network' | 'error' | null): void =>
      this.#onCall?.({ provider: 'stripe', operation: `${call.method} ${call.path}`, status, failure, durationMs: Math.round(performance.now() - started) });
    try {
      answer = await send();
      observe((answer as { lastResponse?: { statusCode?: number } } | null)?.lastResponse?.statusCode ?? 200, null);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) observe(error.statusCode ?? null, error.statusCode === undefined ? (error instanceof Stripe.errors.StripeConnectionError ? 'network' : 'error') : null);
      else observe(null, 'error');
      if (error instanceof Stripe.errors.StripeError) {
        const handled = onError?.(error);
        if (handled !== undefined) return handled.value;
        throw mapError(call, error);
      }
      throw error;
    }
    const decoded = codec.decode(answer);
    if (E.isRight(decoded)) return decoded.right;
    const what = `answered with an unexpected shape at ${describeDecodeErrors(decoded.left)}`;
    throw new CardsUnavailableError(`stripe ${call.method} ${call.path} ${what}`, { cause: new StripeDecodeError(what) });
  }
}

/** Stripe takes idempotency keys of at most 255 characters. */
export const STRIPE_IDEMPOTENCY_KEY_MAX = 255;

/**
 * The key as sent to Stripe: unchanged when it fits; otherwise its head and the SHA-256 of the
 * whole key (the same key always gives the same result, different keys stay different), so a
 * key built from long parts (a billing email, a payment method id) never exceeds Stripe's limit.
 */
export const stripeIdempotencyKey = (key: string): string =>
  key.length <= STRIPE_IDEMPOTENCY_KEY_MAX ? key : `${key.slice(0, 160)}:sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}`;

const notFound = (error: Stripe.errors.StripeError): { readonly value: null } | undefined => (error.statusCode === 404 ? { value: null } : undefined);

/** Stripe's error code for an invoice payment that waits for 3-D Secure (not always a card error). */
const INVOICE_REQUIRES_ACTION = 'invoice_payment_intent_requires_action';

/** Lets a card error through untouched, for attachCard to read. */
const rethrowDeclines = (error: Stripe.errors.StripeError): undefined => {
  if (error instanceof Stripe.errors.StripeCardError) throw error;
  return undefined;
};

/** Lets card errors and the 3-D Secure answer through untouched, for payInvoice to read. */
const rethrowCardErrors = (error: Stripe.errors.StripeError): undefined => {
  if (error instanceof Stripe.errors.StripeCardError || error.code === INVOICE_REQUIRES_ACTION) throw error;
  return undefined;
};

function mapError(call: Call, error: Stripe.errors.StripeError): Error {
  const status = error.statusCode ?? null;
  const detail = [error.rawType ?? error.type, error.code, error.param === undefined ? undefined : `param ${error.param}`].filter((part) => part !== undefined && part !== '').join(', ');
  const where = `stripe ${call.method} ${call.path}`;
  if (error instanceof Stripe.errors.StripeConnectionError || status === null) {
    const timedOut = /timeout/i.test(error.message);
    return new CardsUnavailableError(`${where} ${timedOut ? 'timed out' : 'failed (network error)'}`, { cause: error });
  }
  if (status >= 500 || status === 429) return new CardsUnavailableError(`${where} answered ${status}${detail === '' ? '' : ` (${detail})`}`, { cause: error });
  if (status === 401) return new CardsUnavailableError(`${where} answered 401: the API key was refused`, { cause: error });
  return new CardsRejectedError(`${where} answered ${status}${detail === '' ? '' : ` (${detail})`}`, status, error.code ?? null, { cause: error });
}

function toCustomer(customer: StripeCustomer): BillingCustomer {
  return { id: customer.id, email: customer.email ?? null, name: customer.name ?? null, metadata: customer.metadata ?? {} };
}

const fromUnix = (seconds: number | null | undefined): Date | null => (seconds === null || seconds === undefined ? null : new Date(seconds * 1000));

/** Stripe's subscription statuses onto the port's (the same words: the browser shows them). */
const SUBSCRIPTION_STATUS: Readonly<Record<StripeSubscription['status'], BillingSubscriptionStatus>> = {
  incomplete: 'incomplete',
  incomplete_expired: 'incomplete_expired',
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  unpaid: 'unpaid',
  paused: 'paused',
};

/** Stripe's invoice statuses onto the port's. */
const INVOICE_STATUS: Readonly<Record<NonNullable<StripeInvoice['status']>, MembershipInvoiceStatus>> = {
  draft: 'draft',
  open: 'open',
  paid: 'paid',
  void: 'void',
  uncollectible: 'uncollectible',
};

/** basil: the period is the first item's `current_period_*`; the tier is its price's `lookup_key`. */
function toSubscription(subscription: StripeSubscription): BillingSubscription {
  const item = subscription.items.data[0];
  const lookupKey = item?.price?.lookup_key;
  return {
    id: subscription.id,
    customerId: refId(subscription.customer) ?? '',
    status: SUBSCRIPTION_STATUS[subscription.status],
    tier: isTierCode(lookupKey) ? lookupKey : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    currentPeriodStart: fromUnix(item?.current_period_start),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    latestInvoiceId: refId(subscription.latest_invoice),
    metadata: subscription.metadata ?? {},
  };
}

/** basil: the subscription at `parent.subscription_details.subscription`; paid at `status_transitions.paid_at`; the period is the first line's. */
function toInvoice(invoice: StripeInvoice): MembershipInvoice {
  const period = invoice.lines?.data[0]?.period;
  return {
    id: invoice.id,
    customerId: refId(invoice.customer) ?? '',
    status: INVOICE_STATUS[invoice.status ?? 'draft'],
    subscriptionId: refId(invoice.parent?.subscription_details?.subscription),
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    paidAt: fromUnix(invoice.status_transitions?.paid_at),
    periodStart: fromUnix(period?.start),
    periodEnd: fromUnix(period?.end),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}

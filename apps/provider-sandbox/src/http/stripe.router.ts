/**
 * Stripe's look-alike, the subset the portal uses (docs/design/stripe-wire.md): the REST API under
 * /v1 (form-encoded bodies with bracket nesting, `Authorization: Bearer sk_test_portal_sandbox`, a
 * few browser calls with the publishable key, `Idempotency-Key`, `Stripe-Version`, Stripe's error
 * shapes), the pages (3-D Secure challenge, billing portal, receipts, hosted invoices), the
 * look-alike Stripe.js at /stripe/v3/, and the test controls under /_sandbox/stripe.
 * athenahealth's /v1/{practiceid}/… routes are told apart by their numeric second segment.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { newPortalSession, portalUpdateCard } from '../stripe/billing-portal.ts';
import { createPaymentMethod } from '../stripe/card-payment-methods.ts';
import { createCustomer, parseCustomerQuery, updateCustomer } from '../stripe/customers.ts';
import { payInvoice } from '../stripe/invoices.ts';
import { mustLoad } from '../stripe/lookups.ts';
import { attachFromApi } from '../stripe/payment-methods.ts';
import { confirmPaymentIntent } from '../stripe/payments.ts';
import { confirmSetupIntent, finishAuthentication } from '../stripe/setup-intents.ts';
import { cancelSubscription, createSubscription, updateSubscription } from '../stripe/subscriptions.ts';
import { STRIPE_API_VERSION, STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY } from '../stripe/constants.ts';
import type { Answer, StripeEngine } from '../stripe/engine.ts';
import { invalidRequest, noSuchObject, StripeError, unauthorized } from '../stripe/errors.ts';
import { expandBody } from '../stripe/expand.ts';
import { arrayParam, integer, listObject, text } from '../stripe/objects.ts';
import { FormError, parseForm, type FormObject } from '../stripe/form.ts';
import { list, load, type StripeObject, type Tx } from '../stripe/store.ts';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { baseUrl } from './shapes.ts';
import { challengeDonePage, challengePage, day, messagePage, money, portalPage, receiptPage, stripePageCsp, type PortalSubscription } from './stripe-page.ts';

const RESOURCES = ['customers', 'subscriptions', 'invoices', 'invoice_payments', 'prices', 'products', 'payment_methods', 'payment_intents', 'setup_intents', 'charges', 'billing_portal', 'events'];
const API_PATH = new RegExp(`^/v1/(${RESOURCES.join('|')})(/|$)`);

export const isStripeApiPath = (path: string): boolean => API_PATH.test(path);
export const isStripePath = (path: string): boolean => isStripeApiPath(path) || path === '/stripe' || path.startsWith('/stripe/');

const STRIPE_JS = new URL('../stripe/assets/stripe.js', import.meta.url);
const BODY_LIMIT = 256 * 1024;

type KeyKind = 'secret' | 'publishable';

interface Call {
  readonly params: FormObject;
  readonly kind: KeyKind;
  readonly id: string;
  readonly path: Record<string, string>;
  readonly base: string;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
  readonly method: string;
  readonly pathname: string;
}

interface Route {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Stripe.js may call it with the publishable key. */
  readonly publishable: boolean;
  readonly handle: (tx: Tx, call: Call) => Promise<Answer>;
}

const ok = (body: unknown): Answer => ({ status: 200, body });

const route = (method: Route['method'], path: string, handle: Route['handle'], publishable = false): Route => {
  const names: string[] = [];
  const pattern = new RegExp(`^${path.replace(/:([a-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  })}$`);
  return { method, pattern, names, publishable, handle };
};

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

const masked = (key: string): string => (key.length <= 8 ? key : `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);

/** The key of the call: Bearer, Basic (`sk:`), or the `key` param Stripe.js sends. */
const keyOf = (ctx: Context, params: FormObject): KeyKind => {
  const header = ctx.get('Authorization');
  let key: string | null = null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (bearer) key = bearer[1] as string;
  else if (basic) key = Buffer.from(basic[1] as string, 'base64').toString('utf8').split(':')[0] ?? '';
  else if (typeof params['key'] === 'string') key = params['key'];
  if (key === null || key === '') {
    throw unauthorized(
      'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').',
    );
  }
  if (sameSecret(key, STRIPE_SECRET_KEY)) return 'secret';
  if (sameSecret(key, STRIPE_PUBLISHABLE_KEY)) return 'publishable';
  throw unauthorized(`Invalid API Key provided: ${masked(key)}`);
};

const readBody = async (ctx: Context): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw invalidRequest('The request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const paginate = (items: readonly StripeObject[], params: FormObject, url: string): Record<string, unknown> => {
  const limit = integer(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('Invalid integer: limit must be between 1 and 100.', 'limit');
  const after = text(params, 'starting_after');
  let start = 0;
  if (after !== null && after !== '') {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0) throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing');
    start = index + 1;
  }
  const page = items.slice(start, start + limit);
  return listObject(page, url, start + limit < items.length);
};

const retrieve = (kind: string) => async (tx: Tx, call: Call): Promise<Answer> => ok(await mustLoad(tx, call.id, kind));

const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'paused', 'ended', 'all'];

const ROUTES: readonly Route[] = [
  // Catalog
  route('GET', '/v1/prices', async (tx, call) => {
    const keys = arrayParam(call.params, 'lookup_keys').map(String);
    const product = text(call.params, 'product');
    const active = text(call.params, 'active');
    const prices = await list(tx, TABLES.stripePrices, (query) => {
      if (keys.length > 0) query.whereIn('lookup_key', keys);
      if (product !== null) query.where({ product });
    });
    return ok(paginate(prices.filter((price) => active === null || String(price['active']) === active), call.params, '/v1/prices'));
  }),
  route('GET', '/v1/prices/:id', retrieve('price')),
  route('GET', '/v1/products', async (tx, call) => ok(paginate(await list(tx, TABLES.stripeProducts, () => undefined), call.params, '/v1/products'))),
  route('GET', '/v1/products/:id', retrieve('product')),
  // Customers
  route('POST', '/v1/customers', async (tx, call) => ok(await createCustomer(tx, call.params))),
  route('GET', '/v1/customers', async (tx, call) => {
    const email = text(call.params, 'email');
    const customers = await list(tx, TABLES.stripeCustomers, (query) => {
      if (email !== null) query.where({ email: email.toLowerCase() });
    });
    // Stripe's list filter is case-sensitive.
    return ok(paginate(email === null ? customers : customers.filter((customer) => customer['email'] === email), call.params, '/v1/customers'));
  }),
  route('GET', '/v1/customers/search', async (tx, call) => {
    const query = text(call.params, 'query');
    if (query === null || query === '') throw invalidRequest('Missing required param: query.', 'query', 'parameter_missing');
    const clauses = parseCustomerQuery(query);
    const email = clauses.find((clause) => clause.field === 'email');
    const customers = await list(tx, TABLES.stripeCustomers, (builder) => {
      if (email !== undefined) builder.where({ email: email.value.toLowerCase() });
    });
    const matches = customers.filter((customer) =>
      clauses.every((clause) => {
        if (clause.field === 'metadata') return (customer['metadata'] as Record<string, string>)[clause.key ?? ''] === clause.value;
        return String(customer[clause.field] ?? '').toLowerCase() === clause.value.toLowerCase();
      }),
    );
    const limit = integer(call.params, 'limit') ?? 10;
    return ok({ object: 'search_result', data: matches.slice(0, limit), has_more: matches.length > limit, next_page: null, url: '/v1/customers/search' });
  }),
  route('GET', '/v1/customers/:id', retrieve('customer')),
  route('POST', '/v1/customers/:id', async (tx, call) => ok(await updateCustomer(tx, call.id, call.params))),
  route('GET', '/v1/customers/:id/payment_methods', async (tx, call) => {
    await mustLoad(tx, call.id, 'customer');
    return ok(paginate(await list(tx, TABLES.stripePaymentMethods, (query) => query.where({ customer: call.id })), call.params, `/v1/customers/${call.id}/payment_methods`));
  }),
  // Payment methods
  route('POST', '/v1/payment_methods', async (tx, call) => ok(await createPaymentMethod(tx, call.params)), true),
  route('GET', '/v1/payment_methods/:id', retrieve('payment_method')),
  route('POST', '/v1/payment_methods/:id/attach', async (tx, call) => attachFromApi(tx, call.id, call.params)),
  // Subscriptions
  route('POST', '/v1/subscriptions', async (tx, call) => ok(await createSubscription(tx, call.params))),
  route('GET', '/v1/subscriptions', async (tx, call) => {
    const customer = text(call.params, 'customer');
    const status = text(call.params, 'status');
    const price = text(call.params, 'price');
    if (status !== null && !SUBSCRIPTION_STATUSES.includes(status)) throw invalidRequest(`Invalid status: must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`, 'status');
    const subs = await list(tx, TABLES.stripeSubscriptions, (query) => {
      if (customer !== null) query.where({ customer });
      if (status === null) query.whereNot({ status: 'canceled' });
      else if (status === 'ended') query.whereIn('status', ['canceled', 'incomplete_expired']);
      else if (status !== 'all') query.where({ status });
    });
    const filtered = price === null ? subs : subs.filter((sub) => ((sub['items'] as { data: { price: { id: string } }[] }).data[0]?.price.id ?? '') === price);
    return ok(paginate(filtered, call.params, '/v1/subscriptions'));
  }),
  route('GET', '/v1/subscriptions/:id', retrieve('subscription')),
  route('POST', '/v1/subscriptions/:id', async (tx, call) => ok(await updateSubscription(tx, call.id, call.params))),
  route('DELETE', '/v1/subscriptions/:id', async (tx, call) => ok(await cancelSubscription(tx, call.id))),
  // Invoices
  route('GET', '/v1/invoices', async (tx, call) => {
    const customer = text(call.params, 'customer');
    const subscription = text(call.params, 'subscription');
    const status = text(call.params, 'status');
    const invoices = await list(tx, TABLES.stripeInvoices, (query) => {
      if (customer !== null) query.where({ customer });
      if (subscription !== null) query.where({ subscription });
      if (status !== null) query.where({ status });
    });
    return ok(paginate(invoices, call.params, '/v1/invoices'));
  }),
  route('GET', '/v1/invoices/:id', retrieve('invoice')),
  route('POST', '/v1/invoices/:id/pay', async (tx, call) => payInvoice(tx, call.id, call.params)),
  route('GET', '/v1/invoice_payments', async (tx, call) => {
    const invoice = text(call.params, 'invoice');
    if (invoice === null || invoice === '') throw invalidRequest('Missing required param: invoice.', 'invoice', 'parameter_missing');
    const payments = await list(tx, TABLES.stripeInvoicePayments, (query) => query.where({ invoice }));
    return ok(paginate(payments, call.params, '/v1/invoice_payments'));
  }),
  // Intents and charges
  route(
    'GET',
    '/v1/payment_intents/:id',
    async (tx, call) => {
      const intent = await mustLoad(tx, call.id, 'payment_intent', 'intent');
      if (call.kind === 'publishable' && text(call.params, 'client_secret') !== intent['client_secret']) throw noSuchObject('payment_intent', call.id, 'intent');
      return ok(intent);
    },
    true,
  ),
  route('POST', '/v1/payment_intents/:id/confirm', async (tx, call) => confirmPaymentIntent(tx, call.id, call.params, call.kind === 'publishable'), true),
  route(
    'GET',
    '/v1/setup_intents/:id',
    async (tx, call) => {
      const intent = await mustLoad(tx, call.id, 'setup_intent', 'intent');
      if (call.kind === 'publishable' && text(call.params, 'client_secret') !== intent['client_secret']) throw noSuchObject('setup_intent', call.id, 'intent');
      return ok(intent);
    },
    true,
  ),
  route('POST', '/v1/setup_intents/:id/confirm', async (tx, call) => confirmSetupIntent(tx, call.id, call.params, call.kind === 'publishable'), true),
  route('GET', '/v1/charges/:id', retrieve('charge')),
  // Billing portal
  route('POST', '/v1/billing_portal/sessions', async (tx, call) => ok(await newPortalSession(tx, call.params))),
  // Events
  route('GET', '/v1/events', async (tx, call) => {
    const type = text(call.params, 'type');
    const query = tx.db.table(TABLES.stripeEvents, tx.trx).orderBy('seq', 'desc').select('event');
    if (type !== null) query.where({ type });
    const events = ((await query) as { event: StripeObject }[]).map((row) => row.event);
    return ok(paginate(events, call.params, '/v1/events'));
  }),
  route('GET', '/v1/events/:id', async (tx, call) => {
    const row = (await tx.db.table(TABLES.stripeEvents, tx.trx).where({ id: call.id }).first('event')) as { event: unknown } | undefined;
    if (row === undefined) throw noSuchObject('event', call.id);
    return ok(row.event);
  }),
];

const CORS_HEADERS = 'authorization, content-type, stripe-version, idempotency-key, stripe-account, x-stripe-client-user-agent';

/** The whole API: answers every /v1/{stripe resource} request itself, in Stripe's shapes. */
export const stripeApi = (engine: StripeEngine) => async (ctx: Context, next: Next): Promise<void> => {
  if (!isStripeApiPath(ctx.path)) return next();
  const origin = ctx.get('Origin');
  ctx.set('Access-Control-Allow-Origin', origin === '' ? '*' : origin);
  ctx.vary('Origin');
  if (ctx.method === 'OPTIONS') {
    ctx.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    ctx.set('Access-Control-Allow-Headers', CORS_HEADERS);
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
    return;
  }
  const requestId = `req_${randomBytes(10).toString('hex')}`;
  ctx.set('Request-Id', requestId);
  ctx.set('Stripe-Version', ctx.get('Stripe-Version') || STRIPE_API_VERSION);
  ctx.set('Cache-Control', 'no-cache, no-store');
  try {
    const query = parseForm(ctx.querystring);
    const raw = ctx.method === 'GET' ? '' : await readBody(ctx);
    if (raw !== '' && !/^application\/x-www-form-urlencoded/i.test(ctx.get('Content-Type') || 'application/x-www-form-urlencoded')) {
      throw invalidRequest('Stripe takes form-encoded bodies (application/x-www-form-urlencoded).');
    }
    const params: FormObject = { ...query, ...parseForm(raw) };
    const kind = keyOf(ctx, params);
    delete params['key'];
    const matched = ROUTES.map((candidate) => ({ candidate, match: candidate.method === ctx.method ? candidate.pattern.exec(ctx.path) : null })).find((entry) => entry.match !== null);
    if (matched === undefined || matched.match === null) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${ctx.method}: ${ctx.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    }
    const { candidate, match } = matched;
    if (kind === 'publishable' && !candidate.publishable) {
      throw unauthorized('This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.');
    }
    const path: Record<string, string> = {};
    candidate.names.forEach((name, index) => {
      path[name] = decodeURIComponent(match[index + 1] as string);
    });
    const idempotencyKey = ctx.method === 'GET' ? null : ctx.get('Idempotency-Key') || null;
    if (idempotencyKey !== null && idempotencyKey.length > 255) throw invalidRequest('Idempotency keys may be at most 255 characters long.', 'Idempotency-Key');
    const call: Call = { params, kind, id: path['id'] ?? '', path, base: baseUrl(ctx), requestId, idempotencyKey, method: ctx.method, pathname: ctx.path };
    const expanded = async (tx: Tx, answer: Answer): Promise<Answer> =>
      answer.status < 300 ? { status: answer.status, body: await expandBody(tx, answer.body, params) } : answer;
    let answer: Answer & { replayed?: boolean };
    if (ctx.method === 'GET') {
      answer = await engine.read(call.base, async (tx) => expanded(tx, await candidate.handle(tx, call)));
    } else {
      answer = await engine.write(
        call.base,
        { id: requestId, idempotency_key: idempotencyKey },
        async (tx) => expanded(tx, await candidate.handle(tx, call)),
        idempotencyKey === null ? undefined : { key: idempotencyKey, method: ctx.method, path: ctx.path, params },
      );
      if (idempotencyKey !== null) ctx.set('Idempotency-Key', idempotencyKey);
      if (answer.replayed === true) ctx.set('Idempotent-Replayed', 'true');
    }
    ctx.status = answer.status;
    ctx.body = answer.body;
  } catch (error) {
    if (error instanceof StripeError) {
      ctx.status = error.status;
      // Stripe sends request_log_url only when it has a log page for the request (a string): never null.
      ctx.body = error.body;
      return;
    }
    if (error instanceof FormError) {
      ctx.status = 400;
      ctx.body = { error: { type: 'invalid_request_error', message: error.message } };
      return;
    }
    ctx.status = 500;
    ctx.body = { error: { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox; see its console.' } };
    console.error('provider-sandbox: Stripe error', error instanceof Error ? error.stack : String(error));
  }
};

// ---- pages ---------------------------------------------------------------------------------------

const html = (ctx: Context, status: number, nonce: string, body: string): void => {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', stripePageCsp(nonce));
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = body;
};

const formField = (ctx: Context, name: string): string => {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : '';
};

const rec = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

export const stripePagesRouter = (_sandbox: SandboxContext, engine: StripeEngine): Router => {
  const router = new Router();

  router.get(['/stripe/v3', '/stripe/v3/', '/stripe/v3/stripe.js'], (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.type = 'application/javascript; charset=utf-8';
    if (!existsSync(STRIPE_JS)) {
      ctx.status = 404;
      ctx.body = '/* The Stripe.js look-alike (src/stripe/assets/stripe.js) is not there yet. */\n';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = readFileSync(STRIPE_JS, 'utf8');
  });

  router.get('/stripe/3ds/:id', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const secret = typeof ctx.query['client_secret'] === 'string' ? ctx.query['client_secret'] : '';
    const intent = await engine.read(baseUrl(ctx), (tx) => load(tx, String(ctx.params['id'])));
    if (intent === null || intent['client_secret'] !== secret || !['payment_intent', 'setup_intent'].includes(intent.object)) {
      return html(ctx, 404, nonce, messagePage('Authentication link not valid', 'This authentication link is not valid.', nonce));
    }
    if (intent['status'] !== 'requires_action') {
      return html(ctx, 409, nonce, messagePage('Nothing to authenticate', `This ${intent.object === 'payment_intent' ? 'payment' : 'setup'} does not need authentication now (${String(intent['status'])}).`, nonce));
    }
    const pm = typeof intent['payment_method'] === 'string' ? await engine.read(baseUrl(ctx), (tx) => load(tx, String(intent['payment_method']))) : null;
    html(
      ctx,
      200,
      nonce,
      challengePage({
        intentId: intent.id,
        clientSecret: secret,
        amount: intent.object === 'payment_intent' ? money(intent['amount'], intent['currency']) : null,
        cardLast4: pm === null ? null : String(rec(pm['card'])['last4'] ?? ''),
        nonce,
      }),
    );
  });

  router.post('/stripe/3ds/:id', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const outcome = formField(ctx, 'outcome');
    if (outcome !== 'complete' && outcome !== 'fail') return html(ctx, 400, nonce, messagePage('Choose an answer', 'Choose Complete authentication or Fail authentication.', nonce));
    let result: { intent: StripeObject; returnUrl: string | null };
    try {
      let captured: { intent: StripeObject; returnUrl: string | null } | null = null;
      await engine.write(baseUrl(ctx), { id: null, idempotency_key: null }, async (tx) => {
        captured = await finishAuthentication(tx, String(ctx.params['id']), formField(ctx, 'client_secret'), outcome === 'complete');
        return { status: 200, body: null };
      });
      result = captured as unknown as { intent: StripeObject; returnUrl: string | null };
    } catch (error) {
      if (error instanceof StripeError) return html(ctx, 404, nonce, messagePage('Authentication link not valid', 'This authentication link is not valid.', nonce));
      throw error;
    }
    const { intent, returnUrl } = result;
    const succeeded = intent['status'] === 'succeeded';
    if (returnUrl !== null) {
      const target = new URL(returnUrl);
      const prefix = intent.object === 'payment_intent' ? 'payment_intent' : 'setup_intent';
      target.searchParams.set(prefix, intent.id);
      target.searchParams.set(`${prefix}_client_secret`, String(intent['client_secret']));
      target.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
      ctx.status = 303;
      ctx.redirect(target.toString());
      return;
    }
    html(ctx, 200, nonce, challengeDonePage({ intentId: intent.id, status: String(intent['status']), succeeded, nonce }));
  });

  const sessionByToken = async (base: string, token: string): Promise<StripeObject | null> =>
    engine.read(base, async (tx) => {
      const row = (await tx.db.table(TABLES.stripePortalSessions, tx.trx).where({ token }).first('object')) as { object: StripeObject } | undefined;
      return row?.object ?? null;
    });

  router.get('/stripe/billing/p/session/:token', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const base = baseUrl(ctx);
    const session = await sessionByToken(base, String(ctx.params['token']));
    if (session === null) return html(ctx, 404, nonce, messagePage('Session not found', 'This billing session link is not valid or has expired.', nonce));
    const view = await engine.read(base, async (tx) => {
      const customer = await load(tx, String(session['customer']));
      const subs = await list(tx, TABLES.stripeSubscriptions, (query) => query.where({ customer: session['customer'] }).whereIn('status', ['active', 'trialing', 'past_due', 'unpaid']));
      const rows: PortalSubscription[] = [];
      for (const sub of subs) {
        const item = (rec(sub['items'])['data'] as StripeObject[])[0] as StripeObject;
        const price = rec(item['price']);
        const product = await load(tx, String(price['product']));
        const recurring = rec(price['recurring']);
        const every = Number(recurring['interval_count']) === 1 ? String(recurring['interval']) : `${String(recurring['interval_count'])} ${String(recurring['interval'])}s`;
        rows.push({
          id: sub.id,
          name: String(product?.['name'] ?? price['lookup_key'] ?? 'Membership'),
          price: `${money(price['unit_amount'], price['currency'])} per ${every}`,
          status: sub['status'] === 'past_due' ? 'Past due' : sub['cancel_at_period_end'] === true ? 'Canceling' : 'Active',
          cancelAtPeriodEnd: sub['cancel_at_period_end'] === true,
          periodEnd: day(item['current_period_end']),
        });
      }
      const pmId = (subs[0]?.['default_payment_method'] as string | null | undefined) ?? (rec(customer?.['invoice_settings'])['default_payment_method'] as string | null | undefined) ?? null;
      const pm = pmId === null ? null : await load(tx, pmId);
      const card = pm === null ? null : `${String(rec(pm['card'])['brand'] ?? 'card').toUpperCase()} ending in ${String(rec(pm['card'])['last4'])}, expires ${String(rec(pm['card'])['exp_month'])}/${String(rec(pm['card'])['exp_year'])}`;
      return { email: (customer?.['email'] as string | null | undefined) ?? null, rows, card };
    });
    const notice = typeof ctx.query['notice'] === 'string' ? ctx.query['notice'] : null;
    const error = typeof ctx.query['error'] === 'string' ? ctx.query['error'] : null;
    html(
      ctx,
      200,
      nonce,
      portalPage({
        action: `/stripe/billing/p/session/${encodeURIComponent(String(ctx.params['token']))}`,
        customerEmail: view.email,
        subscriptions: view.rows,
        card: view.card,
        returnUrl: (session['return_url'] as string | null) ?? null,
        notice: notice === null ? null : notice.slice(0, 200),
        error: error === null ? null : error.slice(0, 200),
        nonce,
      }),
    );
  });

  router.post('/stripe/billing/p/session/:token', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const base = baseUrl(ctx);
    const token = String(ctx.params['token']);
    const session = await sessionByToken(base, token);
    if (session === null) return html(ctx, 404, nonce, messagePage('Session not found', 'This billing session link is not valid or has expired.', nonce));
    const customerId = String(session['customer']);
    const action = formField(ctx, 'action');
    const back = (key: 'notice' | 'error', message: string): void => {
      ctx.status = 303;
      ctx.redirect(`/stripe/billing/p/session/${encodeURIComponent(token)}?${key}=${encodeURIComponent(message)}`);
    };
    if (action === 'cancel' || action === 'renew') {
      const subId = formField(ctx, 'subscription');
      try {
        await engine.write(base, { id: null, idempotency_key: null }, async (tx) => {
          const sub = await mustLoad(tx, subId, 'subscription', 'subscription');
          if (sub['customer'] !== customerId) throw noSuchObject('subscription', subId);
          return ok(await updateSubscription(tx, subId, { cancel_at_period_end: action === 'cancel' ? 'true' : 'false' }));
        });
      } catch (error) {
        if (error instanceof StripeError) return back('error', String(error.body.error['message']));
        throw error;
      }
      return back('notice', action === 'cancel' ? 'Your plan will be canceled at the end of the billing period.' : 'Your plan has been renewed.');
    }
    if (action === 'update_card') {
      const [month = '', year = ''] = formField(ctx, 'exp').split('/').map((part) => part.trim());
      let outcome: { ok: true } | { ok: false; message: string } = { ok: true };
      await engine.write(base, { id: null, idempotency_key: null }, async (tx) => {
        outcome = await portalUpdateCard(tx, customerId, { number: formField(ctx, 'number'), exp_month: month, exp_year: year, cvc: formField(ctx, 'cvc') });
        return ok(null);
      });
      const result = outcome as { ok: true } | { ok: false; message: string };
      return result.ok ? back('notice', 'Your card has been updated.') : back('error', result.message);
    }
    back('error', 'Choose an action.');
  });

  router.get('/stripe/receipts/:id/:token', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const charge = await engine.read(baseUrl(ctx), async (tx) => {
      const row = (await tx.db.table(TABLES.stripeCharges, tx.trx).where({ id: String(ctx.params['id']), receipt_token: String(ctx.params['token']) }).first('object')) as
        | { object: StripeObject }
        | undefined;
      return row?.object ?? null;
    });
    if (charge === null) return html(ctx, 404, nonce, messagePage('Receipt not found', 'This receipt link is not valid.', nonce));
    const card = rec(rec(charge['payment_method_details'])['card']);
    html(
      ctx,
      200,
      nonce,
      receiptPage({
        title: 'Receipt from Member Portal Sandbox',
        rows: [
          ['Amount paid', money(charge['amount'], charge['currency'])],
          ['Date paid', day(charge['created'])],
          ['Payment method', `${String(card['brand'] ?? 'card').toUpperCase()} – ${String(card['last4'] ?? '')}`],
          ['Description', String(charge['description'] ?? '')],
          ['Charge', charge.id],
        ],
        nonce,
      }),
    );
  });

  router.get('/stripe/invoices/:id/:token', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const base = baseUrl(ctx);
    const invoice = await engine.read(base, (tx) => load(tx, String(ctx.params['id'])));
    const expected = invoice === null ? null : String(invoice['hosted_invoice_url'] ?? '').split('/').pop();
    if (invoice === null || invoice.object !== 'invoice' || expected !== String(ctx.params['token'])) {
      return html(ctx, 404, nonce, messagePage('Invoice not found', 'This invoice link is not valid.', nonce));
    }
    const line = ((rec(invoice['lines'])['data'] as StripeObject[] | undefined) ?? [])[0];
    html(
      ctx,
      200,
      nonce,
      receiptPage({
        title: `Invoice ${String(invoice['number'] ?? invoice.id)}`,
        rows: [
          ['Status', String(invoice['status'])],
          ['Amount due', money(invoice['amount_due'], invoice['currency'])],
          ['Amount paid', money(invoice['amount_paid'], invoice['currency'])],
          ['Description', String(line?.['description'] ?? '')],
          ['Period', line === undefined ? '' : `${day(rec(line['period'])['start'])} – ${day(rec(line['period'])['end'])}`],
          ['Paid on', day(rec(invoice['status_transitions'])['paid_at'])],
        ],
        nonce,
      }),
    );
  });

  return router;
};

// ---- test controls -------------------------------------------------------------------------------

export const stripeControlRouter = (sandbox: SandboxContext, engine: StripeEngine): Router => {
  const router = new Router({ prefix: '/_sandbox/stripe' });
  const { db } = sandbox;
  const bodyOf = (ctx: Context): Record<string, unknown> => rec(ctx.request.body);

  router.get('/', async (ctx) => {
    ctx.body = {
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      apiVersion: STRIPE_API_VERSION,
      webhookSecret: engine.webhooks.secret,
      webhookEndpoint: await engine.endpoint(),
      clock: await engine.clock(),
      script: '/stripe/v3/',
      events: '/_sandbox/stripe/events',
    };
  });

  router.get('/clock', async (ctx) => {
    const clock = await engine.clock();
    ctx.body = { now: clock, iso: new Date(clock * 1000).toISOString() };
  });

  router.post('/advance', async (ctx) => {
    const body = bodyOf(ctx);
    const seconds = Number(body['days'] ?? 0) * 86_400 + Number(body['hours'] ?? 0) * 3600 + Number(body['seconds'] ?? 0);
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 20 * 366 * 86_400) {
      ctx.status = 400;
      ctx.body = { error: 'Invalid request', detailedmessage: 'days, hours or seconds: a non-negative number (at most 20 years in all).' };
      return;
    }
    const { now, report } = await engine.advance(baseUrl(ctx), Math.round(seconds));
    ctx.body = { now, iso: new Date(now * 1000).toISOString(), ...report };
  });

  router.post('/webhook-endpoint', async (ctx) => {
    const url = bodyOf(ctx)['url'];
    if (url !== null && url !== '' && (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url))) {
      ctx.status = 400;
      ctx.body = { error: 'Invalid request', detailedmessage: 'url must be an http(s) URL, or null/empty for none.' };
      return;
    }
    await engine.setEndpoint(typeof url === 'string' && url !== '' ? url : null);
    ctx.body = { url: await engine.endpoint() };
  });

  router.get('/events', async (ctx) => {
    const query = db.table(TABLES.stripeEvents).orderBy('seq').select('seq', 'id', 'type', 'object_id', 'endpoint_url', 'status', 'attempts', 'last_status', 'last_error', 'created_at', 'delivered_at', 'event');
    if (typeof ctx.query['type'] === 'string') query.where({ type: ctx.query['type'] });
    if (typeof ctx.query['object_id'] === 'string') query.where({ object_id: ctx.query['object_id'] });
    const rows = (await query) as (Record<string, unknown> & { id: string; seq: string })[];
    const attempts = (await db
      .table(TABLES.stripeWebhookAttempts)
      .whereIn('event_id', rows.map((row) => row.id))
      .orderBy('id')
      .select('event_id', 'number', 'url', 'status', 'error', 'duration_ms', 'attempted_at')) as (Record<string, unknown> & { event_id: string })[];
    ctx.body = {
      events: rows.map(({ seq: _, ...row }) => ({
        ...row,
        deliveries: attempts.filter((attempt) => attempt.event_id === row.id).map(({ event_id: __, ...attempt }) => attempt),
      })),
    };
  });

  return router;
};

/**
 * Stripe's published schema for the pinned API version, as JSON Schema: generated from the
 * TypeScript declarations of the installed `stripe` SDK (`node_modules/stripe/types/*.d.ts`, which
 * Stripe generates from its OpenAPI spec for the version the SDK pins — 2025-08-27.basil for
 * stripe 18.5.0, the portal's pin, decision 0052) with ts-json-schema-generator. No copy of
 * Stripe's spec is kept in the repository.
 *
 * Closed objects: every interface becomes `additionalProperties: false` (an undocumented field
 * fails) unless the type has an index signature (metadata); every member the type does not mark
 * optional is required (a field Stripe always sends, if only as null, must be there).
 *
 * The generated schema is cached under `.tmp/stripe-schema/` by SDK and generator version (the
 * first generation takes a few seconds).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import type { RecordedAnswer } from './recording-fetch.ts';
import { fieldCount, type Schema } from './schema-kit.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The types the schema is generated for: the objects the Stripe adapter reads and the webhook
 * events it is sent, each by the SDK's own name.
 */
const ROOT_TYPES = {
  Customer: 'Stripe.Customer',
  CustomerOrDeleted: 'Stripe.Customer | Stripe.DeletedCustomer',
  CustomerList: 'Stripe.ApiList<Stripe.Customer>',
  PriceList: 'Stripe.ApiList<Stripe.Price>',
  Subscription: 'Stripe.Subscription',
  SubscriptionList: 'Stripe.ApiList<Stripe.Subscription>',
  Invoice: 'Stripe.Invoice',
  InvoicePaymentList: 'Stripe.ApiList<Stripe.InvoicePayment>',
  PaymentIntent: 'Stripe.PaymentIntent',
  SetupIntent: 'Stripe.SetupIntent',
  PaymentMethod: 'Stripe.PaymentMethod',
  Charge: 'Stripe.Charge',
  PortalSession: 'Stripe.BillingPortal.Session',
  CustomerSubscriptionCreatedEvent: 'Stripe.CustomerSubscriptionCreatedEvent',
  CustomerSubscriptionUpdatedEvent: 'Stripe.CustomerSubscriptionUpdatedEvent',
  CustomerSubscriptionDeletedEvent: 'Stripe.CustomerSubscriptionDeletedEvent',
  InvoicePaidEvent: 'Stripe.InvoicePaidEvent',
  InvoicePaymentSucceededEvent: 'Stripe.InvoicePaymentSucceededEvent',
  InvoicePaymentFailedEvent: 'Stripe.InvoicePaymentFailedEvent',
  InvoicePaymentActionRequiredEvent: 'Stripe.InvoicePaymentActionRequiredEvent',
  PaymentIntentSucceededEvent: 'Stripe.PaymentIntentSucceededEvent',
  PaymentIntentPaymentFailedEvent: 'Stripe.PaymentIntentPaymentFailedEvent',
  SetupIntentSucceededEvent: 'Stripe.SetupIntentSucceededEvent',
  SetupIntentSetupFailedEvent: 'Stripe.SetupIntentSetupFailedEvent',
} as const;

export type StripeRoot = keyof typeof ROOT_TYPES | 'Error';

/** The event type → the SDK's type of that event. */
export const STRIPE_EVENT_ROOTS: Readonly<Record<string, StripeRoot>> = {
  'customer.subscription.created': 'CustomerSubscriptionCreatedEvent',
  'customer.subscription.updated': 'CustomerSubscriptionUpdatedEvent',
  'customer.subscription.deleted': 'CustomerSubscriptionDeletedEvent',
  'invoice.paid': 'InvoicePaidEvent',
  'invoice.payment_succeeded': 'InvoicePaymentSucceededEvent',
  'invoice.payment_failed': 'InvoicePaymentFailedEvent',
  'invoice.payment_action_required': 'InvoicePaymentActionRequiredEvent',
  'payment_intent.succeeded': 'PaymentIntentSucceededEvent',
  'payment_intent.payment_failed': 'PaymentIntentPaymentFailedEvent',
  'setup_intent.succeeded': 'SetupIntentSucceededEvent',
  'setup_intent.setup_failed': 'SetupIntentSetupFailedEvent',
};

const packageVersion = (name: string): string => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

type Definitions = Record<string, Schema>;

const generate = async (): Promise<Definitions> => {
  const { createGenerator } = await import('ts-json-schema-generator');
  const folder = join(ROOT, '.tmp', 'stripe-schema');
  mkdirSync(folder, { recursive: true });
  // One source file per process: two test files may generate at once.
  const source = join(folder, `roots-${process.pid}.ts`);
  writeFileSync(source, `import type Stripe from 'stripe';\n${Object.entries(ROOT_TYPES).map(([name, type]) => `export type ${name} = ${type};`).join('\n')}\n`);
  const generator = createGenerator({
    path: source,
    tsconfig: join(ROOT, 'tsconfig.json'),
    type: '*',
    skipTypeCheck: true,
    additionalProperties: false,
    expose: 'all',
    topRef: true,
    jsDoc: 'none',
  });
  try {
    return (generator.createSchema('*').definitions ?? {}) as Definitions;
  } finally {
    rmSync(source, { force: true });
  }
};

let loaded: Promise<Definitions> | null = null;

/** The generated definitions (from the cache when the SDK and the generator are the same). */
export const stripeDefinitions = (): Promise<Definitions> => {
  loaded ??= (async () => {
    const key = createHash('sha256')
      .update(JSON.stringify({ stripe: packageVersion('stripe'), generator: packageVersion('ts-json-schema-generator'), roots: ROOT_TYPES }))
      .digest('hex')
      .slice(0, 16);
    const cache = join(ROOT, '.tmp', 'stripe-schema', `stripe-${packageVersion('stripe')}-${key}.json`);
    if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as Definitions;
    const definitions = await generate();
    // Written whole, then renamed: a reader in another process never sees half a file.
    const partial = `${cache}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(definitions));
    renameSync(partial, cache);
    return definitions;
  })();
  return loaded;
};

/**
 * Stripe's error object on the wire (`{error: …}`), written from Stripe's API reference
 * (docs.stripe.com/api/errors: type, code, decline_code, message, param, doc_url, request_log_url,
 * advice_code, network_advice_code, network_decline_code, charge, payment_intent, payment_method,
 * payment_method_type, setup_intent, source). The SDK's `StripeRawError` is its in-memory form,
 * not the wire's. Closed; only `type` is always there.
 */
const errorSchema = (): Schema => ({
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        type: { enum: ['api_error', 'card_error', 'idempotency_error', 'invalid_request_error'] },
        code: { type: 'string' },
        decline_code: { type: 'string' },
        message: { type: 'string' },
        param: { type: 'string' },
        doc_url: { type: 'string' },
        request_log_url: { type: 'string' },
        advice_code: { type: 'string' },
        network_advice_code: { type: 'string' },
        network_decline_code: { type: 'string' },
        charge: { type: 'string' },
        payment_intent: { $ref: '#/definitions/Stripe.PaymentIntent' },
        payment_method: { $ref: '#/definitions/Stripe.PaymentMethod' },
        payment_method_type: { type: 'string' },
        setup_intent: { $ref: '#/definitions/Stripe.SetupIntent' },
      },
      required: ['type'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
});

export interface StripeValidator {
  problems(root: StripeRoot, body: unknown): string[];
}

let validator: Promise<StripeValidator> | null = null;

export const stripeValidator = (): Promise<StripeValidator> => {
  validator ??= (async () => {
    const definitions = await stripeDefinitions();
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema({ $id: 'stripe', definitions: { ...definitions, Error: errorSchema() } });
    const compiled = new Map<StripeRoot, ValidateFunction>();
    return {
      problems(root, body) {
        let validate = compiled.get(root);
        if (validate === undefined) {
          validate = ajv.getSchema(`stripe#/definitions/${root}`);
          if (validate === undefined) throw new Error(`no Stripe schema for ${root}`);
          compiled.set(root, validate);
        }
        if (validate(body)) return [];
        // Unions (expandable fields: string | object) report every branch; keep the deepest.
        const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'anyOf' && error.keyword !== 'oneOf');
        const deepest = Math.max(...errors.map((error) => error.instancePath.split('/').length));
        return [
          ...new Set(
            errors
              .filter((error) => error.instancePath.split('/').length === deepest || error.keyword === 'additionalProperties' || error.keyword === 'required')
              .map((error) =>
                error.keyword === 'additionalProperties'
                  ? `${error.instancePath || '/'} has a field Stripe's schema does not allow: "${String((error.params as { additionalProperty?: string }).additionalProperty)}"`
                  : error.keyword === 'required'
                    ? `${error.instancePath || '/'} lacks "${String((error.params as { missingProperty?: string }).missingProperty)}", which Stripe always sends`
                    : `${error.instancePath || '/'} ${error.message ?? error.keyword}`,
              ),
          ),
        ];
      },
    };
  })();
  return validator;
};

/** The call an answer was for, by path template, and the schema of its 2xx answer. */
const STRIPE_CALLS: ReadonlyArray<{ readonly method: string; readonly path: RegExp; readonly name: string; readonly ok: StripeRoot }> = [
  { method: 'GET', path: /^\/v1\/customers$/, name: 'GET /v1/customers', ok: 'CustomerList' },
  { method: 'POST', path: /^\/v1\/customers$/, name: 'POST /v1/customers', ok: 'Customer' },
  { method: 'GET', path: /^\/v1\/customers\/[^/]+$/, name: 'GET /v1/customers/{id}', ok: 'CustomerOrDeleted' },
  { method: 'POST', path: /^\/v1\/customers\/[^/]+$/, name: 'POST /v1/customers/{id}', ok: 'Customer' },
  { method: 'GET', path: /^\/v1\/prices$/, name: 'GET /v1/prices', ok: 'PriceList' },
  { method: 'GET', path: /^\/v1\/subscriptions$/, name: 'GET /v1/subscriptions', ok: 'SubscriptionList' },
  { method: 'POST', path: /^\/v1\/subscriptions$/, name: 'POST /v1/subscriptions', ok: 'Subscription' },
  { method: 'GET', path: /^\/v1\/subscriptions\/[^/]+$/, name: 'GET /v1/subscriptions/{id}', ok: 'Subscription' },
  { method: 'POST', path: /^\/v1\/subscriptions\/[^/]+$/, name: 'POST /v1/subscriptions/{id}', ok: 'Subscription' },
  { method: 'GET', path: /^\/v1\/invoices\/[^/]+$/, name: 'GET /v1/invoices/{id}', ok: 'Invoice' },
  { method: 'POST', path: /^\/v1\/invoices\/[^/]+\/pay$/, name: 'POST /v1/invoices/{id}/pay', ok: 'Invoice' },
  { method: 'GET', path: /^\/v1\/invoice_payments$/, name: 'GET /v1/invoice_payments', ok: 'InvoicePaymentList' },
  { method: 'POST', path: /^\/v1\/payment_methods\/[^/]+\/attach$/, name: 'POST /v1/payment_methods/{id}/attach', ok: 'PaymentMethod' },
  { method: 'GET', path: /^\/v1\/charges\/[^/]+$/, name: 'GET /v1/charges/{id}', ok: 'Charge' },
  { method: 'POST', path: /^\/v1\/billing_portal\/sessions$/, name: 'POST /v1/billing_portal/sessions', ok: 'PortalSession' },
];

/** Every call the schema covers (the suite checks each was made). */
export const STRIPE_CALL_NAMES: readonly string[] = STRIPE_CALLS.map((call) => call.name);

export interface StripeCheck {
  /** e.g. `POST /v1/invoices/{id}/pay 402` */
  readonly call: string;
  readonly fields: number;
  readonly problems: readonly string[];
}

export const checkStripeAnswer = (schemas: StripeValidator, answer: RecordedAnswer): StripeCheck => {
  const known = STRIPE_CALLS.find((candidate) => candidate.method === answer.method && candidate.path.test(answer.path));
  const call = `${known?.name ?? `${answer.method} ${answer.path}`} ${answer.status}`;
  const fields = fieldCount(answer.body);
  if (known === undefined) return { call, fields, problems: ['a call no schema covers'] };
  if (answer.body === undefined) return { call, fields, problems: ['the answer is not JSON'] };
  return { call, fields, problems: schemas.problems(answer.status < 300 ? known.ok : 'Error', answer.body) };
};

/** A webhook event (as the sandbox sent it) against the SDK's type of that event. */
export const checkStripeEvent = (schemas: StripeValidator, event: { readonly type?: unknown }): StripeCheck => {
  const root = typeof event.type === 'string' ? STRIPE_EVENT_ROOTS[event.type] : undefined;
  const call = `event ${String(event.type)}`;
  if (root === undefined) return { call, fields: fieldCount(event), problems: ['an event type no schema covers'] };
  return { call, fields: fieldCount(event), problems: schemas.problems(root, event) };
};

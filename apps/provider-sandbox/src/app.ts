/**
 * The sandbox's Koa application: request id and one log line, errors, CORS for the browser-called
 * provider routes, faults, form/JSON bodies, bearer checks on the proprietary and FHIR routes and
 * the API key on SignWell's, then the routers — athenahealth, the Firebase Auth emulator subset,
 * Turnstile, SignWell, the inbox, the test controls. Creating it makes the schema and seeds it on first use.
 */
import { randomUUID } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { Knex } from 'knex';
import { requireBearer } from './http/bearer.ts';
import type { SandboxContext } from './http/context.ts';
import { controlRouter } from './http/control.router.ts';
import { cors } from './http/cors.ts';
import { AthenaError, errorMiddleware } from './http/errors.ts';
import { createFaultRegistry, type Fault, type MailFault } from './http/faults.ts';
import { fhirRouter } from './http/fhir.router.ts';
import { DEFAULT_SMS_PER_NUMBER_PER_HOUR, firebaseAuthEmulator, firebaseErrorBoundary, isFirebasePath } from './http/firebase.router.ts';
import { inboxRouter } from './http/inbox.router.ts';
import { oauthRouter } from './http/oauth.router.ts';
import { practiceRouter } from './http/practice.router.ts';
import { requireSignwellKey, signwellApiBoundary, signwellBodyParser } from './http/signwell-api-middleware.ts';
import { signwellRouter } from './http/signwell.router.ts';
import { isTurnstilePath, turnstileErrorBoundary, turnstileRouter } from './http/turnstile.router.ts';
import { stripeApi, stripeControlRouter, stripePagesRouter } from './http/stripe.router.ts';
import { STRIPE_WEBHOOK_RETRY_DELAYS_MS, STRIPE_WEBHOOK_SECRET } from './stripe/constants.ts';
import { createStripeEngine } from './stripe/engine.ts';
import { createInbox, type Inbox } from './inbox/store.ts';
import { createIdTokenSigner } from './oauth/id-tokens.ts';
import { PRACTICE_ID } from './seed/practice.ts';
import { SIGNWELL_WEBHOOK_RETRY_DELAYS_MS } from './seed/providers.ts';
import { createSignwellWebhooks } from './signwell/webhooks.ts';
import { slotHorizon } from './seed/slots.ts';
import { createDb } from './store/db.ts';
import { DEFAULT_SCHEMA, PROVIDER_TABLES, assertSchemaName, ensureSchema, lockSchema } from './store/schema.ts';
import { extendSlots, reseed } from './store/seed.ts';
import { formatIsoDay } from './time.ts';

export interface SandboxAppOptions {
  readonly knex: Knex;
  /** PostgreSQL schema of the sandbox's tables (default `provider_sandbox`). */
  readonly schema?: string;
  /** The sandbox clock (default: the system clock). */
  readonly now?: () => Date;
  /** Extra registered redirect URIs (default: SANDBOX_REDIRECT_URIS, comma-separated). */
  readonly redirectUris?: readonly string[];
  /** How long a `timeoutRate` fault holds a request before dropping it (default 30 s). */
  readonly faultHoldMs?: number;
  /** One line per request (method, path without query, status, ms); default: none. */
  readonly log?: (line: string) => void;
  /** Firebase phone sign-in: codes one number may be sent per hour (default 5; the 6th is TOO_MANY_ATTEMPTS_TRY_LATER). */
  readonly smsPerNumberPerHour?: number;
  /** SignWell webhooks: waits between delivery attempts (default 1 s, 5 s, 15 s; then the delivery fails). */
  readonly signwellWebhookRetryDelaysMs?: readonly number[];
  /** SignWell webhooks: how long one attempt may take (default 5000 ms). */
  readonly signwellWebhookTimeoutMs?: number;
  /** Stripe: where events go (default env STRIPE_WEBHOOK_URL; none when unset). */
  readonly stripeWebhookUrl?: string | null;
  /** Stripe: the endpoint's signing secret (default env STRIPE_WEBHOOK_SECRET or whsec_portal_sandbox). */
  readonly stripeWebhookSecret?: string;
  /** Stripe webhooks: waits between delivery attempts (default 1 s, 5 s, 15 s; then the event is marked failed). */
  readonly stripeWebhookRetryDelaysMs?: readonly number[];
  /** Stripe webhooks: how long one attempt may take (default 5000 ms). */
  readonly stripeWebhookTimeoutMs?: number;
}

export interface SandboxApp {
  readonly app: Koa;
  /** The inbox (caught emails, SMS codes); the SMTP catcher stores into it. */
  readonly inbox: Inbox;
  /** Reseeds the practice data for the sandbox clock's day, empties the inbox, Firebase accounts, Turnstile tokens and SignWell's documents, hooks and deliveries, and clears faults. */
  reset(): Promise<void>;
  /** Resolves when no SignWell or Stripe webhook delivery is in flight or waiting for a retry. */
  webhooksIdle(): Promise<void>;
  /** The faults in force. */
  faults(): readonly Fault[];
  /** The SMTP catcher's fault now (`{provider: 'mail', mode}`). */
  mailFault(): MailFault;
  /** Drops the requests held by timeout faults and stops webhook deliveries (call before closing the server). */
  releaseHeldRequests(): void;
}

const envRedirectUris = (): string[] =>
  (process.env.SANDBOX_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);

const requestIdOf = (incoming: string): string => (/^[\x21-\x7e]{1,200}$/.test(incoming) ? incoming : randomUUID());

export const createSandboxApp = async (options: SandboxAppOptions): Promise<SandboxApp> => {
  const schema = assertSchemaName(options.schema ?? DEFAULT_SCHEMA);
  const now = options.now ?? (() => new Date());
  const db = createDb(options.knex, schema);
  const faults = createFaultRegistry(options.faultHoldMs ?? 30_000);
  // A new signing key each start: clients take it from the JWKS, never from configuration.
  const idTokens = await createIdTokenSigner();
  const log = options.log;
  const inbox = createInbox(db, now);
  const signwell = createSignwellWebhooks({
    db,
    now,
    retryDelaysMs: options.signwellWebhookRetryDelaysMs ?? SIGNWELL_WEBHOOK_RETRY_DELAYS_MS,
    ...(options.signwellWebhookTimeoutMs === undefined ? {} : { timeoutMs: options.signwellWebhookTimeoutMs }),
  });

  const stripe = createStripeEngine({
    db,
    now,
    webhookUrl: options.stripeWebhookUrl === undefined ? process.env.STRIPE_WEBHOOK_URL || null : options.stripeWebhookUrl,
    webhookSecret: options.stripeWebhookSecret ?? (process.env.STRIPE_WEBHOOK_SECRET || STRIPE_WEBHOOK_SECRET),
    retryDelaysMs: options.stripeWebhookRetryDelaysMs ?? STRIPE_WEBHOOK_RETRY_DELAYS_MS,
    ...(options.stripeWebhookTimeoutMs === undefined ? {} : { timeoutMs: options.stripeWebhookTimeoutMs }),
  });

  await db.knex.transaction(async (trx) => {
    await lockSchema(trx, schema);
    const created = await ensureSchema(trx, schema);
    if (created) await reseed(trx, schema, now());
    else await extendSlots(trx, schema, now());
  });
  let slotsThrough = formatIsoDay(slotHorizon(now()));

  const sandbox: SandboxContext = {
    db,
    now,
    redirectUris: options.redirectUris ?? envRedirectUris(),
    faults,
    idTokens,
    inbox,
    signwell,
    reset: async () => {
      signwell.clear();
      stripe.webhooks.clear();
      await db.knex.transaction(async (trx) => {
        await lockSchema(trx, schema);
        await reseed(trx, schema, now());
        await trx.raw(`TRUNCATE ${PROVIDER_TABLES.map((table) => db.qualified(table)).join(', ')} RESTART IDENTITY`);
        await stripe.resetState(trx);
      });
      faults.clear();
      idTokens.forge(null);
      slotsThrough = formatIsoDay(slotHorizon(now()));
    },
    ensureSlots: async () => {
      const horizon = formatIsoDay(slotHorizon(now()));
      if (slotsThrough >= horizon) return;
      await db.knex.transaction(async (trx) => {
        await lockSchema(trx, schema);
        await extendSlots(trx, schema, now());
      });
      slotsThrough = horizon;
    },
  };

  const app = new Koa();
  app.silent = true;

  app.use(async (ctx, next) => {
    const started = performance.now();
    ctx.set('X-Request-Id', requestIdOf(ctx.get('X-Request-Id')));
    try {
      await next();
    } finally {
      // Method, path and status only: queries and bodies name patients.
      log?.(`${ctx.method} ${ctx.path} ${ctx.status} ${Math.round(performance.now() - started)}ms`);
    }
  });
  // Browsers call these from the portal's origin (a test page may read its code from the inbox API too).
  const providerPath = (path: string): boolean => isFirebasePath(path) || isTurnstilePath(path) || path.startsWith('/inbox/api/');
  app.use(errorMiddleware(isFirebasePath));
  app.use(cors(providerPath));
  app.use(faults.middleware());
  // Stripe's API answers itself (its own body parsing, keys, idempotency and error shapes).
  app.use(stripeApi(stripe));
  app.use(firebaseErrorBoundary());
  app.use(turnstileErrorBoundary());
  app.use(signwellApiBoundary());
  app.use(requireSignwellKey());
  app.use(signwellBodyParser());
  app.use(
    bodyParser({
      enableTypes: ['json', 'form'],
      jsonLimit: '1mb',
      // Signed PDFs arrive base64-encoded in a form field.
      formLimit: '30mb',
      encoding: 'utf-8',
    }),
  );

  const backendOnly = requireBearer(sandbox, ['backend']);
  const anyToken = requireBearer(sandbox, ['backend', 'patient']);
  app.use(async (ctx, next) => {
    if (ctx.path === '/v1' || ctx.path.startsWith('/v1/')) {
      return backendOnly(ctx, async () => {
        const practice = ctx.path.split('/')[2];
        if (practice !== PRACTICE_ID) {
          throw new AthenaError(403, { error: 'Invalid practice', detailedmessage: `This sandbox serves practice ${PRACTICE_ID} only.` });
        }
        await next();
      });
    }
    if ((ctx.path === '/fhir/r4' || ctx.path.startsWith('/fhir/r4/')) && !ctx.path.startsWith('/fhir/r4/.well-known/')) {
      return anyToken(ctx, next);
    }
    return next();
  });

  app.use(firebaseAuthEmulator(sandbox, { smsPerNumberPerHour: options.smsPerNumberPerHour ?? DEFAULT_SMS_PER_NUMBER_PER_HOUR }));

  for (const router of [
    oauthRouter(sandbox),
    practiceRouter(sandbox),
    fhirRouter(sandbox),
    controlRouter(sandbox),
    inboxRouter(sandbox),
    turnstileRouter(sandbox),
    signwellRouter(sandbox),
    stripePagesRouter(sandbox, stripe),
    stripeControlRouter(sandbox, stripe),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  app.use(async (ctx) => {
    if (ctx.path === '/' || ctx.path === '/health') {
      ctx.body = { status: 'ok', service: 'provider-sandbox', practiceid: PRACTICE_ID };
      return;
    }
    ctx.status = 404;
    ctx.body = { error: 'Not Found', detailedmessage: `The sandbox has no ${ctx.method} ${ctx.path}.` };
  });

  return {
    app,
    inbox,
    reset: sandbox.reset,
    faults: () => faults.list(),
    mailFault: () => faults.mail(),
    webhooksIdle: async () => {
      await Promise.all([signwell.idle(), stripe.webhooks.idle()]);
    },
    releaseHeldRequests: () => {
      faults.releaseAll();
      signwell.stop();
      stripe.webhooks.stop();
    },
  };
};

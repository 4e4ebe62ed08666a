/**
 * The provider sandbox: a local athenahealth for practice 29391, wire-compatible with
 * docs/design/athena-wire.md, and stand-ins for the other providers on the same port — the
 * Firebase Auth emulator's phone sign-in API, Cloudflare Turnstile (script and siteverify), SignWell
 * (REST API, signing page, embedded.js, webhooks), Stripe (docs/design/stripe-wire.md: the REST
 * subset, 3-D Secure, billing portal, signed webhooks, a clock) — plus an SMTP catcher on its own port and an
 * inbox page for the caught emails and SMS codes.
 * `startSandbox` listens; `createSandboxApp` gives the Koa app for supertest.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKnex } from '@portal/persistence';
import { createSandboxApp } from './app.ts';
import { startSmtpCatcher, type SmtpCatcher } from './inbox/smtp.ts';

export { createSandboxApp, type SandboxApp, type SandboxAppOptions } from './app.ts';
export type { Fault, FaultProvider, HeldRequest } from './http/faults.ts';
export { FAULT_PROVIDERS, PROVIDER_ROUTES } from './http/faults.ts';
export {
  AH_PRACTICE,
  APPOINTMENT_TYPES,
  BACKEND_CLIENT_ID,
  BACKEND_CLIENT_SECRET,
  DEPARTMENTS,
  PATIENT_APP_CLIENT_ID,
  PRACTICE_ID,
  PROVIDERS,
} from './seed/practice.ts';
export { PATIENT_IDS } from './seed/patients.ts';
export {
  FIREBASE_API_KEY,
  FIREBASE_PROJECT_ID,
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_SECRET,
  TURNSTILE_SITEKEY,
  TURNSTILE_TEST_SECRETS,
  TURNSTILE_TEST_SITEKEYS,
  TURNSTILE_TOKEN_SECONDS,
  SIGNWELL_API_KEY,
  SIGNWELL_API_PREFIX,
  SIGNWELL_WEBHOOK_RETRY_DELAYS_MS,
} from './seed/providers.ts';
export { DEFAULT_SCHEMA } from './store/schema.ts';
export {
  STRIPE_API_VERSION,
  STRIPE_CATALOG,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_RETRY_DELAYS_MS,
  STRIPE_WEBHOOK_SECRET,
} from './stripe/constants.ts';
export { stripeSignature } from './stripe/webhooks.ts';
export type { Inbox, InboxChannel, InboxMessage } from './inbox/store.ts';

export interface StartSandboxOptions {
  readonly databaseUrl: string;
  /** Default SANDBOX_PORT or 4010; 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** PostgreSQL schema of the sandbox's tables (default `provider_sandbox`). */
  readonly schema?: string;
  /** The sandbox clock (default: the system clock). */
  readonly now?: () => Date;
  /** Extra registered redirect URIs (default: SANDBOX_REDIRECT_URIS, comma-separated). */
  readonly redirectUris?: readonly string[];
  /** How long a `timeoutRate` fault holds a request (default 30 000 ms). */
  readonly faultHoldMs?: number;
  /** One line per request: method, path without query, status, duration. Default: silent. */
  readonly log?: (line: string) => void;
  /**
   * Port of the SMTP catcher (on `host`). Default SANDBOX_SMTP_PORT or 4025 — but when `port` is 0
   * and this is not given, a free port too, so sandboxes started side by side in tests never collide.
   */
  readonly smtpPort?: number;
  /** Firebase phone sign-in: codes one number may be sent per hour (default 5). */
  readonly smsPerNumberPerHour?: number;
  /** SignWell webhooks: waits between delivery attempts (default 1 s, 5 s, 15 s). */
  readonly signwellWebhookRetryDelaysMs?: readonly number[];
  /** SignWell webhooks: how long one attempt may take (default 5000 ms). */
  readonly signwellWebhookTimeoutMs?: number;
  /** Stripe: where events go (default env STRIPE_WEBHOOK_URL; POST /_sandbox/stripe/webhook-endpoint changes it). */
  readonly stripeWebhookUrl?: string | null;
  /** Stripe: the webhook signing secret (default env STRIPE_WEBHOOK_SECRET or whsec_portal_sandbox). */
  readonly stripeWebhookSecret?: string;
  /** Stripe webhooks: waits between delivery attempts (default 1 s, 5 s, 15 s). */
  readonly stripeWebhookRetryDelaysMs?: readonly number[];
  /** Stripe webhooks: how long one attempt may take (default 5000 ms). */
  readonly stripeWebhookTimeoutMs?: number;
}

export interface RunningSandbox {
  /**
   * The real base URL, e.g. http://127.0.0.1:4010: ATHENA_BASE_URL for the adapter, the Firebase
   * Auth emulator (`connectAuthEmulator(auth, url)`; FIREBASE_AUTH_EMULATOR_HOST is its host:port),
   * Turnstile (`${url}/turnstile/v0/api.js`, `${url}/turnstile/v0/siteverify`), SignWell
   * (`${url}/signwell/api/v1`, `${url}/signwell/assets/embedded.js`), Stripe (the SDK's
   * host/port/protocol, `${url}/stripe/v3/`), the inbox (`${url}/inbox`).
   */
  readonly url: string;
  /** The SMTP catcher, e.g. smtp://127.0.0.1:4025 (no TLS, no auth). */
  readonly smtpUrl: string;
  /** Stops the HTTP server and the SMTP catcher. */
  close(): Promise<void>;
  /** Same as POST /_sandbox/reset. */
  reset(): Promise<void>;
}

export class SandboxPortInUseError extends Error {
  override readonly name = 'SandboxPortInUseError';
}

export const startSandbox = async ({
  databaseUrl,
  port = Number(process.env.SANDBOX_PORT ?? 4010),
  host = '127.0.0.1',
  schema = 'provider_sandbox',
  now = () => new Date(),
  redirectUris,
  faultHoldMs,
  log,
  smtpPort = port === 0 ? 0 : Number(process.env.SANDBOX_SMTP_PORT ?? 4025),
  smsPerNumberPerHour,
  signwellWebhookRetryDelaysMs,
  signwellWebhookTimeoutMs,
  stripeWebhookUrl,
  stripeWebhookSecret,
  stripeWebhookRetryDelaysMs,
  stripeWebhookTimeoutMs,
}: StartSandboxOptions): Promise<RunningSandbox> => {
  const knex = createKnex({ url: databaseUrl, poolMax: 5 });
  let sandbox;
  try {
    sandbox = await createSandboxApp({
      knex,
      schema,
      now,
      ...(redirectUris === undefined ? {} : { redirectUris }),
      ...(faultHoldMs === undefined ? {} : { faultHoldMs }),
      ...(log === undefined ? {} : { log }),
      ...(smsPerNumberPerHour === undefined ? {} : { smsPerNumberPerHour }),
      ...(signwellWebhookRetryDelaysMs === undefined ? {} : { signwellWebhookRetryDelaysMs }),
      ...(signwellWebhookTimeoutMs === undefined ? {} : { signwellWebhookTimeoutMs }),
      ...(stripeWebhookUrl === undefined ? {} : { stripeWebhookUrl }),
      ...(stripeWebhookSecret === undefined ? {} : { stripeWebhookSecret }),
      ...(stripeWebhookRetryDelaysMs === undefined ? {} : { stripeWebhookRetryDelaysMs }),
      ...(stripeWebhookTimeoutMs === undefined ? {} : { stripeWebhookTimeoutMs }),
    });
  } catch (error) {
    await knex.destroy();
    throw error;
  }
  const server = http.createServer(sandbox.app.callback());
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new SandboxPortInUseError(`Port ${port} is already in use: is another provider sandbox running? Stop it or set SANDBOX_PORT.`)
            : error,
        ),
      );
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    await knex.destroy();
    throw error;
  }
  let smtp: SmtpCatcher;
  try {
    smtp = await startSmtpCatcher({ inbox: sandbox.inbox, host, port: smtpPort, fault: () => sandbox.mailFault(), ...(log === undefined ? {} : { log }) });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await knex.destroy();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new SandboxPortInUseError(`SMTP port ${smtpPort} is already in use: is another provider sandbox running? Stop it or set SANDBOX_SMTP_PORT.`)
      : error;
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  let closed = false;
  return {
    url: `http://${shownHost}:${address.port}`,
    smtpUrl: smtp.url,
    reset: () => sandbox.reset(),
    close: async () => {
      if (closed) return;
      closed = true;
      sandbox.releaseHeldRequests();
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
        smtp.close(),
      ]);
      await knex.destroy();
    },
  };
};

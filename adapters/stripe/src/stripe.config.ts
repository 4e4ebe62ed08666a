/**
 * Settings of the Stripe adapter. `stripeConfigFromEnv` reads them from the environment and falls
 * back to the provider sandbox (which speaks Stripe's REST API at its root, `/v1/...`) when no
 * Stripe secret key is configured. In sandbox mode only the SDK's host/port/protocol and the keys
 * differ: the same SDK calls go over the same wire.
 */
import { envText, envMilliseconds, providerSandboxUrl } from '@portal/http-support';

/**
 * The API version the portal pins: the one the installed `stripe` SDK (18.5.0) is generated for, so
 * its types describe the answers (decision 0052; a unit test holds the two equal).
 */
export const STRIPE_API_VERSION = '2025-08-27.basil' as const;
export const STRIPE_API_BASE = 'https://api.stripe.com';
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
/** The provider sandbox accepts these (and any other `sk_test_`/`pk_test_` key it was seeded with). */
export const SANDBOX_STRIPE_SECRET_KEY = 'sk_test_portal_sandbox';
export const SANDBOX_STRIPE_PUBLISHABLE_KEY = 'pk_test_portal_sandbox';
export const SANDBOX_STRIPE_WEBHOOK_SECRET = 'whsec_portal_sandbox';
export const DEFAULT_STRIPE_TIMEOUT_MS = 15_000;

export interface StripeEnvConfig {
  readonly secretKey: string;
  /** Public by design: handed to the browser by /api/config. */
  readonly publishableKey: string;
  /** The signing secret of our webhook endpoint (`whsec_…`). */
  readonly webhookSecret: string;
  /** Origin of the REST API, e.g. `https://api.stripe.com` (no path: the SDK adds `/v1/...`). */
  readonly apiBase: string;
  /** Stripe.js v3, or the sandbox's look-alike (for /api/config `scripts.stripeJs`). */
  readonly stripeJsUrl: string;
  /** Per attempt, ms. */
  readonly timeoutMs: number;
  /** True when STRIPE_SECRET_KEY is unset and the adapter talks to the local provider sandbox. */
  readonly sandbox: boolean;
}

/**
 * STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE (optional,
 * default api.stripe.com; e.g. stripe-mock), STRIPE_JS_URL (optional), STRIPE_TIMEOUT_MS (optional).
 * Without STRIPE_SECRET_KEY: the sandbox at PROVIDER_SANDBOX_URL (default
 * http://127.0.0.1:${SANDBOX_PORT ?? 4010}) with its fixed keys and its Stripe.js at `/stripe/v3/`.
 * With a secret key the publishable key and the webhook secret are required too.
 */
export function stripeConfigFromEnv(env: Readonly<Record<string, string | undefined>>): StripeEnvConfig {
  const secretKey = envText(env['STRIPE_SECRET_KEY']);
  const apiBase = envText(env['STRIPE_API_BASE']);
  const stripeJsUrl = envText(env['STRIPE_JS_URL']);
  const timeoutMs = envMilliseconds(env['STRIPE_TIMEOUT_MS'], 'STRIPE_TIMEOUT_MS') ?? DEFAULT_STRIPE_TIMEOUT_MS;
  if (secretKey === undefined) {
    if (apiBase !== undefined) throw new Error('STRIPE_API_BASE is set but STRIPE_SECRET_KEY is not');
    const sandbox = providerSandboxUrl(env);
    return {
      secretKey: SANDBOX_STRIPE_SECRET_KEY,
      publishableKey: envText(env['STRIPE_PUBLISHABLE_KEY']) ?? SANDBOX_STRIPE_PUBLISHABLE_KEY,
      webhookSecret: envText(env['STRIPE_WEBHOOK_SECRET']) ?? SANDBOX_STRIPE_WEBHOOK_SECRET,
      apiBase: origin(sandbox, 'PROVIDER_SANDBOX_URL'),
      stripeJsUrl: stripeJsUrl ?? `${sandbox}/stripe/v3/`,
      timeoutMs,
      sandbox: true,
    };
  }
  const publishableKey = envText(env['STRIPE_PUBLISHABLE_KEY']);
  const webhookSecret = envText(env['STRIPE_WEBHOOK_SECRET']);
  if (publishableKey === undefined) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY is not');
  if (webhookSecret === undefined) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not');
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    apiBase: origin(apiBase ?? STRIPE_API_BASE, 'STRIPE_API_BASE'),
    stripeJsUrl: stripeJsUrl ?? STRIPE_JS_URL,
    timeoutMs,
    sandbox: false,
  };
}

/** What the SDK's constructor takes for a base URL: `{protocol, host, port}`. */
export function sdkEndpoint(apiBase: string): { readonly protocol: 'http' | 'https'; readonly host: string; readonly port: number } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { protocol, host: url.hostname, port };
}

function origin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL`);
  if (url.pathname !== '/' && url.pathname !== '') throw new Error(`${name} must be an origin without a path (the Stripe API lives at /v1)`);
  return url.origin;
}

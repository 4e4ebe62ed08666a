/**
 * The API's settings, read once from the environment. Every provider setting is optional: when
 * unset, the adapter points at the provider sandbox — but only in sandbox mode: a production
 * start, or any real provider setting, needs every provider real (provider-mode.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configurePractice, parsePracticeConfig, type PracticeConfig } from '@portal/core';
import { signwellConfigFromEnv } from '@portal/signwell';
import { stripeConfigFromEnv } from '@portal/stripe';
import { resolveProviderMode, type ProviderMode } from './provider-mode.ts';

export interface RemoteOverride {
  readonly name: string;
  readonly url: string;
}

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  /** The origin users reach the portal at; used for redirects and cookies. */
  readonly publicOrigin: string;
  readonly databaseUrl: string;
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself, not a transaction pooler (which loses LISTEN); the
   * API's session-change feed listens on it (decision 0033). Defaults to databaseUrl.
   */
  readonly databaseDirectUrl: string;
  readonly logLevel: string;
  /** Audit rows' commits wait for the WAL's flush (AUDIT_SYNCHRONOUS_COMMIT=on); off by default (decision 0043). */
  readonly auditSynchronousCommit: boolean;
  /** Folder holding frontends/<name>/dist. */
  readonly frontendsDir: string;
  /** REMOTE_<NAME>_URL overrides of micro-frontend remoteEntry.js URLs. */
  readonly remoteOverrides: readonly RemoteOverride[];
  readonly stripePublishableKey: string;
  /** Whether the health record's patient login is offered (ATHENA_OAUTH_ENABLED=false hides it). */
  readonly oauthEnabled: boolean;
  /** Provider browser scripts; the provider sandbox serves look-alikes at its own URLs. */
  readonly scripts: { readonly stripeJs: string; readonly signwellEmbedJs: string; readonly turnstileApiJs: string };
  /** Stripe's API origin (Stripe.js calls it from the browser; its 3-D Secure pages are framed). */
  readonly stripeApiBase: string;
  /** The origin of the signing page that embedded.js frames (SignWell's app; the sandbox in sandbox mode). */
  readonly signwellAppUrl: string;
  readonly version: string;
  /** `sandbox`: every provider is the provider sandbox; `live`: every provider is real. Never mixed. */
  readonly providerMode: ProviderMode;
  /** Where the provider sandbox answers, for every provider whose credentials are unset. */
  readonly providerSandboxUrl: string;
  readonly mail: { readonly smtpUrl: string; readonly from: string };
  readonly firebase: {
    readonly projectId: string;
    readonly apiKey: string;
    readonly appId: string;
    /** host:port of the Auth emulator (the sandbox); sandbox mode only, null in live mode. */
    readonly emulatorHost: string | null;
  };
  readonly turnstile: { readonly enabled: boolean; readonly siteKey: string; readonly secret: string; readonly verifyUrl: string };
  /** TRUST_PROXY=true: client IP and protocol from X-Forwarded-* (behind a load balancer only). */
  readonly trustProxy: boolean;
  /** TRUSTED_ORIGINS: further origins (comma-separated) allowed to send state-changing calls. */
  readonly trustedOrigins: readonly string[];
  /** VERIFICATION_TOKEN_SECRET: keys code and guest hashes; null: a random one kept in the database. */
  readonly verificationSecret: string | null;
  /** TOKEN_SIGNING_KEYS: signed-token keys, current first (rotation); null: one derived from the verification secret. */
  readonly tokenSigningKeys: string | null;
  /** The practice configuration (PRACTICE_CONFIG_PATH, else config/practice.json): README 'Practice configuration'. */
  readonly practice: PracticeConfig;
  /** METRICS_HOST: where the Prometheus metrics port listens (default 127.0.0.1; never the public port). */
  readonly metricsHost: string;
  /** METRICS_PORT: a port (0 = any free one), 'off', or null (unset: the app's default, 9464 API / 9465 worker; off under NODE_ENV=test). */
  readonly metricsPort: number | 'off' | null;
}

/** METRICS_PORT as a setting: unset → null, `off` → 'off', else a port number that is not the public PORT. */
const readMetricsPort = (value: string | undefined, publicPort: number): number | 'off' | null => {
  const text = value?.trim();
  if (text === undefined || text === '') return null;
  if (text === 'off') return 'off';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`METRICS_PORT must be a port number or 'off', got '${text}'`);
  if (port !== 0 && port === publicPort) throw new Error('METRICS_PORT must differ from PORT: metrics are never served on the public port');
  return port;
};

const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The practice configuration file: PRACTICE_CONFIG_PATH (relative to the working directory) or the repository's config/practice.json. */
export const practiceConfigPath = (env: NodeJS.ProcessEnv): string =>
  env.PRACTICE_CONFIG_PATH ? path.resolve(env.PRACTICE_CONFIG_PATH) : path.join(repoRoot, 'config', 'practice.json');

/**
 * Reads and checks the practice configuration and installs it in core (location details for
 * emails and consent documents). A missing file, bad JSON or a bad key stops the start with every
 * problem named.
 */
export const readPracticeConfig = (env: NodeJS.ProcessEnv): PracticeConfig => {
  const file = practiceConfigPath(env);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The practice configuration ${file} could not be read: ${(error as Error).message}`, { cause: error });
  }
  const practice = parsePracticeConfig(json, file);
  configurePractice(practice);
  return practice;
};

export const readConfig = (env: NodeJS.ProcessEnv, databaseUrl: string, listeningPort?: number): AppConfig => {
  const port = listeningPort ?? Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const remoteOverrides = Object.entries(env)
    .filter(([key, value]) => /^REMOTE_[A-Z]+_URL$/.test(key) && value)
    .map(([key, value]) => ({ name: key.slice('REMOTE_'.length, -'_URL'.length).toLowerCase(), url: String(value) }));
  // Throws, naming every missing setting, for production on the sandbox or a mix of both.
  const providerMode = resolveProviderMode(env);
  const providerSandboxUrl = (env.PROVIDER_SANDBOX_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT ?? 4010}`).replace(/\/+$/, '');
  const realTurnstile = providerMode === 'live';
  const stripe = stripeConfigFromEnv({ ...env, PROVIDER_SANDBOX_URL: providerSandboxUrl });
  return {
    port,
    providerMode,
    providerSandboxUrl,
    mail: {
      smtpUrl: env.SMTP_URL ?? `smtp://127.0.0.1:${env.SANDBOX_SMTP_PORT ?? 4025}`,
      from: env.MAIL_FROM ?? 'MDRI Primary Care <no-reply@mdri-primarycare.example>',
    },
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID ?? 'demo-member-portal',
      apiKey: env.FIREBASE_API_KEY ?? 'sandbox-firebase-api-key',
      appId: env.FIREBASE_APP_ID ?? '1:000000000000:web:sandbox',
      // The emulator's unsigned tokens are trusted in sandbox mode only (live mode refuses the setting).
      emulatorHost: providerMode === 'sandbox' ? (env.FIREBASE_AUTH_EMULATOR_HOST ?? new URL(providerSandboxUrl).host) : null,
    },
    turnstile: {
      enabled: env.TURNSTILE_ENABLED !== 'false',
      siteKey: env.TURNSTILE_SITE_KEY ?? 'sandbox-turnstile-sitekey',
      secret: env.TURNSTILE_SECRET_KEY ?? 'sandbox-turnstile-secret',
      verifyUrl: env.TURNSTILE_VERIFY_URL ?? (realTurnstile ? 'https://challenges.cloudflare.com/turnstile/v0/siteverify' : `${providerSandboxUrl}/turnstile/v0/siteverify`),
    },
    host: env.HOST ?? '127.0.0.1',
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    databaseUrl,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || databaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    auditSynchronousCommit: env.AUDIT_SYNCHRONOUS_COMMIT === 'on',
    frontendsDir: env.FRONTENDS_DIR ?? path.join(repoRoot, 'frontends'),
    remoteOverrides,
    // Stripe's publishable key is public by design; the sandbox key works against the provider sandbox.
    stripePublishableKey: stripe.publishableKey,
    oauthEnabled: env.ATHENA_OAUTH_ENABLED !== 'false',
    scripts: {
      stripeJs: stripe.stripeJsUrl,
      // SignWell's embedded.js, or the sandbox's look-alike when no SignWell key is set.
      signwellEmbedJs: env.SIGNWELL_EMBED_JS_URL ?? signwellConfigFromEnv({ ...env, PROVIDER_SANDBOX_URL: providerSandboxUrl }).embeddedScriptUrl,
      turnstileApiJs:
        env.TURNSTILE_API_JS_URL ??
        (realTurnstile ? 'https://challenges.cloudflare.com/turnstile/v0/api.js' : `${providerSandboxUrl}/turnstile/v0/api.js`),
    },
    stripeApiBase: stripe.apiBase,
    signwellAppUrl: env.SIGNWELL_APP_URL ?? (env.SIGNWELL_API_KEY ? 'https://www.signwell.com/' : `${providerSandboxUrl}/signwell/`),
    version: env.npm_package_version ?? '0.1.0',
    trustProxy: env.TRUST_PROXY === 'true',
    trustedOrigins: commaList(env.TRUSTED_ORIGINS),
    verificationSecret: env.VERIFICATION_TOKEN_SECRET || null,
    tokenSigningKeys: env.TOKEN_SIGNING_KEYS?.trim() || null,
    practice: readPracticeConfig(env),
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    metricsPort: readMetricsPort(env.METRICS_PORT, port),
  };
};

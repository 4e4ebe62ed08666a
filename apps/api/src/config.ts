/**
 * The API's settings, read once from the environment. Every provider setting is optional: when
 * unset, the adapter points at the provider sandbox (arriving with the provider issues).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  readonly logLevel: string;
  /** Folder holding frontends/<name>/dist. */
  readonly frontendsDir: string;
  /** REMOTE_<NAME>_URL overrides of micro-frontend remoteEntry.js URLs. */
  readonly remoteOverrides: readonly RemoteOverride[];
  readonly stripePublishableKey: string;
  /** Whether the health record's patient login is offered (ATHENA_OAUTH_ENABLED=false hides it). */
  readonly oauthEnabled: boolean;
  /** Provider browser scripts; the provider sandbox serves look-alikes at its own URLs. */
  readonly scripts: { readonly stripeJs: string; readonly signwellEmbedJs: string; readonly turnstileApiJs: string };
  readonly version: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const readConfig = (env: NodeJS.ProcessEnv, databaseUrl: string, listeningPort?: number): AppConfig => {
  const port = listeningPort ?? Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const remoteOverrides = Object.entries(env)
    .filter(([key, value]) => /^REMOTE_[A-Z]+_URL$/.test(key) && value)
    .map(([key, value]) => ({ name: key.slice('REMOTE_'.length, -'_URL'.length).toLowerCase(), url: String(value) }));
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    databaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    frontendsDir: env.FRONTENDS_DIR ?? path.join(repoRoot, 'frontends'),
    remoteOverrides,
    // Stripe's publishable key is public by design; the sandbox key works against the provider sandbox.
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_portal_sandbox',
    oauthEnabled: env.ATHENA_OAUTH_ENABLED !== 'false',
    scripts: {
      stripeJs: env.STRIPE_JS_URL ?? 'https://js.stripe.com/v3/',
      signwellEmbedJs: env.SIGNWELL_EMBED_JS_URL ?? 'https://static.signwell.com/assets/embedded.js',
      turnstileApiJs: env.TURNSTILE_API_JS_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    },
    version: env.npm_package_version ?? '0.1.0',
  };
};

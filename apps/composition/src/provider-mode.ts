/**
 * Sandbox or live providers, decided once at start for the API and the worker, never mixed
 * (docs/decisions/0014-production-start-guard.md).
 *
 * - `sandbox`: every provider is the provider sandbox (its defaults, or settings pointing at it
 *   with its published credentials, as the tests do). Only outside production.
 * - `live`: every provider is real; each setting that is missing or still the sandbox's is named,
 *   all at once, and the process refuses to start.
 *
 * PROVIDERS=sandbox|live says which; unset, the mode is live as soon as NODE_ENV=production or any
 * real provider setting is present (a credential that is not the sandbox's, a provider URL that is
 * not the sandbox's), else sandbox.
 */
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_PATIENT_CLIENT_ID } from '@portal/athena';
import { SANDBOX_FIREBASE_API_KEY, isEmulatorProject } from '@portal/firebase';
import { SANDBOX_SIGNWELL_API_KEY } from '@portal/signwell';
import { SANDBOX_STRIPE_PUBLISHABLE_KEY, SANDBOX_STRIPE_SECRET_KEY, SANDBOX_STRIPE_WEBHOOK_SECRET } from '@portal/stripe';
import { SANDBOX_TURNSTILE_SECRET_KEY, SANDBOX_TURNSTILE_SITE_KEY, isTurnstileTestKey } from '@portal/turnstile';

export type ProviderMode = 'sandbox' | 'live';

/** The shortest VERIFICATION_TOKEN_SECRET accepted in live mode (it keys guest tokens and code hashes). */
export const MIN_TOKEN_SECRET_LENGTH = 32;

export class ProviderConfigError extends Error {
  override readonly name = 'ProviderConfigError';
  /** One entry per setting, each naming it. */
  readonly problems: readonly string[];
  constructor(summary: string, problems: readonly string[]) {
    super(`${summary}\n${problems.map((problem) => `  - ${problem}`).join('\n')}\nSee docs/decisions/0014-production-start-guard.md.`);
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const envText = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

/** Where the provider sandbox answers (as config.ts reads it). */
const providerSandboxUrl = (env: Env): string => envText(env['PROVIDER_SANDBOX_URL']) ?? `http://127.0.0.1:${envText(env['SANDBOX_PORT']) ?? 4010}`;

/** scheme://host:port, with the loopback names made one (localhost, 127.0.0.1 and [::1] are the same machine). */
const originOf = (value: string): string | null => {
  try {
    const url = new URL(value);
    const host = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? 'loopback' : url.hostname;
    return `${url.protocol}//${host}:${url.port}`;
  } catch {
    return null;
  }
};

/** Credentials the sandbox publishes (README, `GET /_sandbox`): they can never be a real provider's. */
const SANDBOX_VALUES: Readonly<Record<string, (value: string) => boolean>> = {
  ATHENA_CLIENT_ID: (value) => value === SANDBOX_CLIENT_ID,
  ATHENA_CLIENT_SECRET: (value) => value === SANDBOX_CLIENT_SECRET,
  ATHENA_PATIENT_CLIENT_ID: (value) => value === SANDBOX_PATIENT_CLIENT_ID,
  STRIPE_SECRET_KEY: (value) => value === SANDBOX_STRIPE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: (value) => value === SANDBOX_STRIPE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: (value) => value === SANDBOX_STRIPE_WEBHOOK_SECRET,
  SIGNWELL_API_KEY: (value) => value === SANDBOX_SIGNWELL_API_KEY,
  FIREBASE_PROJECT_ID: isEmulatorProject,
  FIREBASE_API_KEY: (value) => value === SANDBOX_FIREBASE_API_KEY,
  TURNSTILE_SITE_KEY: (value) => value === SANDBOX_TURNSTILE_SITE_KEY || isTurnstileTestKey(value),
  TURNSTILE_SECRET_KEY: (value) => value === SANDBOX_TURNSTILE_SECRET_KEY || isTurnstileTestKey(value),
};

/** Provider URLs: set to anything but the sandbox, they mean a real provider. */
const PROVIDER_URLS = ['ATHENA_BASE_URL', 'STRIPE_API_BASE', 'SIGNWELL_BASE_URL', 'TURNSTILE_VERIFY_URL'] as const;

/** Every live provider needs these (beside the URLs above, which default to the real providers). */
const REQUIRED_IN_LIVE = [
  'ATHENA_BASE_URL',
  'ATHENA_CLIENT_ID',
  'ATHENA_CLIENT_SECRET',
  'ATHENA_PATIENT_CLIENT_ID',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SIGNWELL_API_KEY',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_API_KEY',
  'FIREBASE_APP_ID',
  'TURNSTILE_SITE_KEY',
  'TURNSTILE_SECRET_KEY',
  'SMTP_URL',
  'MAIL_FROM',
] as const;

const pointsAtSandbox = (env: Env, name: string): boolean => {
  const value = envText(env[name]);
  return value !== undefined && originOf(value) === originOf(providerSandboxUrl(env));
};

/** The settings that say "a real provider": each as `NAME` with why. */
export const liveSignals = (env: Env): string[] => {
  const signals: string[] = [];
  if (envText(env['NODE_ENV']) === 'production') signals.push('NODE_ENV=production');
  for (const [name, isSandbox] of Object.entries(SANDBOX_VALUES)) {
    const value = envText(env[name]);
    if (value !== undefined && !isSandbox(value)) signals.push(`${name} is set`);
  }
  for (const name of PROVIDER_URLS) {
    if (envText(env[name]) !== undefined && !pointsAtSandbox(env, name)) signals.push(`${name} is set`);
  }
  // The sandbox's SMTP catcher speaks plain SMTP without AUTH: TLS or a user means a real server.
  const smtp = envText(env['SMTP_URL']);
  if (smtp !== undefined && (/^smtps:/i.test(smtp) || /^[a-z]+:\/\/[^/@]+@/i.test(smtp))) signals.push('SMTP_URL has credentials or TLS');
  return signals;
};

const problemsInLive = (env: Env): string[] => {
  const problems: string[] = [];
  for (const name of REQUIRED_IN_LIVE) {
    const value = envText(env[name]);
    if (value === undefined) problems.push(`${name} is not set`);
    else if (SANDBOX_VALUES[name]?.(value)) problems.push(`${name} is the provider sandbox's`);
  }
  for (const name of PROVIDER_URLS) {
    if (pointsAtSandbox(env, name)) problems.push(`${name} points at the provider sandbox`);
  }
  if (envText(env['FIREBASE_AUTH_EMULATOR_HOST']) !== undefined) {
    problems.push('FIREBASE_AUTH_EMULATOR_HOST is set: firebase-admin would accept unsigned tokens (unset it)');
  }
  if (envText(env['TURNSTILE_ENABLED'])?.toLowerCase() === 'false') {
    problems.push('TURNSTILE_ENABLED=false: the human check before email codes is required (unset it)');
  }
  const secret = envText(env['VERIFICATION_TOKEN_SECRET']);
  if (secret !== undefined && secret.length < MIN_TOKEN_SECRET_LENGTH) {
    problems.push(`VERIFICATION_TOKEN_SECRET is shorter than ${MIN_TOKEN_SECRET_LENGTH} characters (or unset it: a random one is kept in the database)`);
  }
  return problems;
};

/**
 * The provider mode of this environment; throws ProviderConfigError naming every setting that
 * stands in the way (production on the sandbox, a mix of real and sandbox providers, a live
 * setting missing).
 */
export const resolveProviderMode = (env: Env): ProviderMode => {
  const requested = envText(env['PROVIDERS'])?.toLowerCase();
  if (requested !== undefined && requested !== 'sandbox' && requested !== 'live') {
    throw new ProviderConfigError('Refusing to start: PROVIDERS must be sandbox or live.', [`PROVIDERS is '${env['PROVIDERS']}'`]);
  }
  const signals = liveSignals(env);
  if (requested === 'sandbox') {
    if (signals.length === 0) return 'sandbox';
    throw new ProviderConfigError(
      'Refusing to start: PROVIDERS=sandbox, but these settings are for real providers (sandbox and real providers are never mixed; unset them, or set every provider and PROVIDERS=live):',
      signals,
    );
  }
  if (requested === undefined && signals.length === 0) return 'sandbox';
  const problems = problemsInLive(env);
  if (problems.length === 0) return 'live';
  const why = requested === 'live' ? 'PROVIDERS=live' : signals.join(', ');
  throw new ProviderConfigError(
    `Refusing to start: live providers (${why}), but these settings are missing or still the provider sandbox's (a real provider never runs beside sandbox ones; for the sandbox, unset the real settings):`,
    problems,
  );
};

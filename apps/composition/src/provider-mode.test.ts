import { describe, expect, it } from '@jest/globals';
import { readConfig } from './config.ts';
import { ProviderConfigError, resolveProviderMode } from './provider-mode.ts';
import { LIVE_PROVIDER_ENV as LIVE } from './testing.ts';


const REQUIRED = [
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
];

const without = (env: Record<string, string>, name: string): Record<string, string> => {
  const { [name]: _removed, ...rest } = env;
  return rest;
};

const problems = (env: Record<string, string | undefined>): readonly string[] => {
  try {
    resolveProviderMode(env);
  } catch (error) {
    if (error instanceof ProviderConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('sandbox mode', () => {
  it('is the mode with no provider settings at all (npm start)', () => {
    expect(resolveProviderMode({})).toBe('sandbox');
    expect(readConfig({}, 'postgres://x').providerMode).toBe('sandbox');
  });

  it('is the mode when the settings point at the provider sandbox with its published credentials (the int tests)', () => {
    const env = {
      ATHENA_BASE_URL: 'http://127.0.0.1:41234',
      ATHENA_CLIENT_ID: 'portal-sandbox-client',
      ATHENA_CLIENT_SECRET: 'portal-sandbox-secret',
      ATHENA_PATIENT_CLIENT_ID: 'portal-patient-app',
      PROVIDER_SANDBOX_URL: 'http://127.0.0.1:41234',
      SMTP_URL: 'smtp://127.0.0.1:41235',
      NODE_ENV: 'test',
    };
    expect(resolveProviderMode(env)).toBe('sandbox');
    const config = readConfig(env, 'postgres://x');
    expect(config.firebase.emulatorHost).toBe('127.0.0.1:41234');
    expect(config.turnstile.verifyUrl).toBe('http://127.0.0.1:41234/turnstile/v0/siteverify');
  });

  it('takes localhost and 127.0.0.1 as the same sandbox, and Cloudflare’s dummy keys and demo- projects as sandbox values', () => {
    expect(
      resolveProviderMode({
        ATHENA_BASE_URL: 'http://localhost:4010',
        TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
        TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
        FIREBASE_PROJECT_ID: 'demo-other',
        STRIPE_SECRET_KEY: 'sk_test_portal_sandbox',
      }),
    ).toBe('sandbox');
  });

  it('PROVIDERS=sandbox with a real setting is a mix, refused, naming the real settings', () => {
    expect(problems({ PROVIDERS: 'sandbox', STRIPE_SECRET_KEY: 'sk_live_abc', FIREBASE_PROJECT_ID: 'mdri-portal' })).toEqual([
      'STRIPE_SECRET_KEY is set',
      'FIREBASE_PROJECT_ID is set',
    ]);
  });

  it('PROVIDERS=sandbox with NODE_ENV=production is refused', () => {
    expect(problems({ PROVIDERS: 'sandbox', NODE_ENV: 'production' })).toEqual(['NODE_ENV=production']);
  });

  it('PROVIDERS must be sandbox or live', () => {
    expect(() => resolveProviderMode({ PROVIDERS: 'mixed' })).toThrow(/PROVIDERS must be sandbox or live/);
  });
});

describe('live mode', () => {
  it('starts with every provider real, and the Auth emulator is off', () => {
    expect(resolveProviderMode(LIVE)).toBe('live');
    const config = readConfig(LIVE, 'postgres://x');
    expect(config.providerMode).toBe('live');
    expect(config.firebase.emulatorHost).toBeNull();
    expect(config.turnstile.verifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
  });

  it('NODE_ENV=production with every default is refused, naming every setting', () => {
    const env = { NODE_ENV: 'production' };
    expect(problems(env)).toEqual(REQUIRED.map((name) => `${name} is not set`));
    expect(() => readConfig(env, 'postgres://x')).toThrow(ProviderConfigError);
    try {
      readConfig(env, 'postgres://x');
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Refusing to start: live providers \(NODE_ENV=production\)/);
      for (const name of REQUIRED) expect(message).toContain(`${name} is not set`);
      expect(message).toContain('docs/decisions/0014-production-start-guard.md');
    }
  });

  it.each(REQUIRED)('names %s when it alone is missing', (name) => {
    expect(problems(without(LIVE, name))).toEqual([`${name} is not set`]);
  });

  it('any one real provider setting makes the mode live, so the others left on the sandbox are refused (no mixed mode)', () => {
    const found = problems({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect(found).toContain('ATHENA_BASE_URL is not set');
    expect(found).toContain('FIREBASE_PROJECT_ID is not set');
    expect(found).toContain('SMTP_URL is not set');
    expect(found).not.toContain('STRIPE_SECRET_KEY is not set');
    for (const signal of [
      { ATHENA_BASE_URL: 'https://api.preview.platform.athenahealth.com' },
      { ATHENA_CLIENT_ID: 'real-client' },
      { SIGNWELL_API_KEY: 'real' },
      { FIREBASE_PROJECT_ID: 'mdri-portal' },
      { TURNSTILE_SITE_KEY: '0x4AAAAAAAreal' },
      { TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret' },
      { SMTP_URL: 'smtps://smtp.example.org' },
      { SMTP_URL: 'smtp://user:pass@smtp.example.org:587' },
    ]) {
      expect(problems(signal).length).toBeGreaterThan(0);
    }
  });

  it('the sandbox’s published credentials and URLs are refused, each named', () => {
    const env = {
      ...LIVE,
      ATHENA_CLIENT_SECRET: 'portal-sandbox-secret',
      STRIPE_WEBHOOK_SECRET: 'whsec_portal_sandbox',
      SIGNWELL_API_KEY: 'sandbox-signwell-key',
      FIREBASE_PROJECT_ID: 'demo-member-portal',
      FIREBASE_API_KEY: 'sandbox-firebase-api-key',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:4010/turnstile/v0/siteverify',
    };
    expect(problems(env)).toEqual([
      "ATHENA_CLIENT_SECRET is the provider sandbox's",
      "STRIPE_WEBHOOK_SECRET is the provider sandbox's",
      "SIGNWELL_API_KEY is the provider sandbox's",
      "FIREBASE_PROJECT_ID is the provider sandbox's",
      "FIREBASE_API_KEY is the provider sandbox's",
      "TURNSTILE_SECRET_KEY is the provider sandbox's",
      'TURNSTILE_VERIFY_URL points at the provider sandbox',
    ]);
  });

  it('refuses the Auth emulator, a disabled human check and a short token secret', () => {
    expect(problems({ ...LIVE, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:4010', TURNSTILE_ENABLED: 'false', VERIFICATION_TOKEN_SECRET: 'short' })).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST is set: firebase-admin would accept unsigned tokens (unset it)',
      'TURNSTILE_ENABLED=false: the human check before email codes is required (unset it)',
      'VERIFICATION_TOKEN_SECRET is shorter than 32 characters (or unset it: a random one is kept in the database)',
    ]);
    expect(problems({ ...LIVE, VERIFICATION_TOKEN_SECRET: 'x'.repeat(32) })).toEqual([]);
  });

  it('PROVIDERS=live without NODE_ENV names what is missing', () => {
    const found = problems({ PROVIDERS: 'live' });
    expect(found).toHaveLength(REQUIRED.length);
  });
});

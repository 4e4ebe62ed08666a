import { describe, expect, it } from '@jest/globals';
import { SANDBOX_SIGNWELL_API_KEY, signwellConfigFromEnv } from './signwell.config.ts';

describe('signwellConfigFromEnv', () => {
  it('points at the provider sandbox with its key, in test mode, when no key is set', () => {
    expect(signwellConfigFromEnv({})).toEqual({
      baseUrl: 'http://127.0.0.1:4010/signwell/api/v1',
      apiKey: SANDBOX_SIGNWELL_API_KEY,
      testMode: true,
      embeddedScriptUrl: 'http://127.0.0.1:4010/signwell/assets/embedded.js',
      webhookId: null,
      timeoutMs: undefined,
      sandbox: true,
    });
    expect(SANDBOX_SIGNWELL_API_KEY).toBe('sandbox-signwell-key');
  });

  it('follows PROVIDER_SANDBOX_URL, else SANDBOX_PORT', () => {
    expect(signwellConfigFromEnv({ PROVIDER_SANDBOX_URL: 'http://sandbox.test:9000/' }).baseUrl).toBe('http://sandbox.test:9000/signwell/api/v1');
    expect(signwellConfigFromEnv({ SANDBOX_PORT: '4999' }).embeddedScriptUrl).toBe('http://127.0.0.1:4999/signwell/assets/embedded.js');
  });

  it("uses SignWell's API, script and live mode with a real key", () => {
    expect(signwellConfigFromEnv({ SIGNWELL_API_KEY: ' live-key ', SIGNWELL_WEBHOOK_ID: 'hook-1', SIGNWELL_TIMEOUT_MS: '5000' })).toEqual({
      baseUrl: 'https://www.signwell.com/api/v1',
      apiKey: 'live-key',
      testMode: false,
      embeddedScriptUrl: 'https://static.signwell.com/assets/embedded.js',
      webhookId: 'hook-1',
      timeoutMs: 5000,
      sandbox: false,
    });
  });

  it('takes SIGNWELL_BASE_URL and SIGNWELL_TEST_MODE', () => {
    const config = signwellConfigFromEnv({ SIGNWELL_API_KEY: 'k', SIGNWELL_BASE_URL: 'https://eu.example/api/v1/', SIGNWELL_TEST_MODE: 'true' });
    expect(config).toMatchObject({ baseUrl: 'https://eu.example/api/v1', testMode: true, sandbox: false });
  });

  it('refuses a base URL without a key and values it cannot read', () => {
    expect(() => signwellConfigFromEnv({ SIGNWELL_BASE_URL: 'https://www.signwell.com/api/v1' })).toThrow('SIGNWELL_API_KEY');
    expect(() => signwellConfigFromEnv({ SIGNWELL_TEST_MODE: 'maybe' })).toThrow('SIGNWELL_TEST_MODE');
    expect(() => signwellConfigFromEnv({ SIGNWELL_TIMEOUT_MS: '-1' })).toThrow('SIGNWELL_TIMEOUT_MS');
  });
});

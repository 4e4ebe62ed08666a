import { describe, expect, it } from '@jest/globals';
import { ConfigResponse, HealthResponse } from './config.codecs.ts';
import { expectOnlyError, expectValid } from './test-support.ts';

const config = {
  stripe: { publicKey: 'pk_test_123' },
  firebase: { enabled: true, apiKey: 'key', projectId: 'demo-portal', appId: 'app', appCheckSiteKey: '' },
  turnstile: { enabled: true, siteKey: '1x00000000000000000000AA' },
  oauth: { enabled: false },
  scripts: {
    stripeJs: 'https://js.stripe.com/basil/stripe.js',
    signwellEmbedJs: 'https://static.signwell.com/assets/embedded.js',
    turnstileApiJs: '/sandbox/turnstile/api.js',
  },
};

describe('GET /api/config', () => {
  it('decodes the production shape and a sandbox shape with the auth emulator', () => {
    expect(expectValid(ConfigResponse, config)).toEqual(config);
    const sandbox = { ...config, firebase: { ...config.firebase, authEmulatorUrl: 'http://127.0.0.1:9099' } };
    expect(expectValid(ConfigResponse, sandbox)).toEqual(sandbox);
  });

  it('a missing card public key is an error', () => {
    expectOnlyError(ConfigResponse, { ...config, stripe: { publicKey: '' } }, 'stripe.publicKey', 'Missing card provider public key');
  });

  it('script URLs must be http(s) or same-origin paths', () => {
    expectOnlyError(
      ConfigResponse,
      { ...config, scripts: { ...config.scripts, stripeJs: 'javascript:alert(1)' } },
      'scripts.stripeJs',
      'Stripe.js URL is invalid',
    );
    expectOnlyError(
      ConfigResponse,
      { ...config, scripts: { ...config.scripts, signwellEmbedJs: '//evil.example/x.js' } },
      'scripts.signwellEmbedJs',
      'SignWell embedded.js URL is invalid',
    );
  });

  it('names the missing nested field', () => {
    expectOnlyError(ConfigResponse, { ...config, oauth: {} }, 'oauth.enabled', 'oauth.enabled is invalid');
  });
});

describe('GET /api/health', () => {
  it('ok and degraded', () => {
    expectValid(HealthResponse, { status: 'ok', database: 'ok', version: '0.1.0' });
    expectValid(HealthResponse, { status: 'degraded', database: 'down', version: '0.1.0' });
  });

  it('refuses other statuses', () => {
    expectOnlyError(HealthResponse, { status: 'up', database: 'ok', version: '1' }, 'status', 'status is invalid');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { STRIPE_API_VERSION, sdkEndpoint, stripeConfigFromEnv } from './stripe.config.ts';

describe('the Stripe API version (decision 0052)', () => {
  it("the pin is the version the installed stripe SDK was generated for (Stripe.API_VERSION, cjs/apiVersion.js)", () => {
    expect(Stripe.API_VERSION).toBe(STRIPE_API_VERSION);
    // The file the SDK's generator writes ("File generated from our OpenAPI spec").
    const generated = readFileSync(new URL('../../../node_modules/stripe/cjs/apiVersion.js', import.meta.url), 'utf8');
    expect(/ApiVersion = '([^']+)'/.exec(generated)?.[1]).toBe(STRIPE_API_VERSION);
  });
});

describe('stripeConfigFromEnv', () => {
  it('points at the provider sandbox with its keys when no secret key is set', () => {
    expect(stripeConfigFromEnv({})).toEqual({
      secretKey: 'sk_test_portal_sandbox',
      publishableKey: 'pk_test_portal_sandbox',
      webhookSecret: 'whsec_portal_sandbox',
      apiBase: 'http://127.0.0.1:4010',
      stripeJsUrl: 'http://127.0.0.1:4010/stripe/v3/',
      timeoutMs: 15_000,
      sandbox: true,
    });
  });

  it('follows PROVIDER_SANDBOX_URL, else SANDBOX_PORT', () => {
    expect(stripeConfigFromEnv({ PROVIDER_SANDBOX_URL: 'http://sandbox.test:9000/' })).toMatchObject({ apiBase: 'http://sandbox.test:9000', stripeJsUrl: 'http://sandbox.test:9000/stripe/v3/' });
    expect(stripeConfigFromEnv({ SANDBOX_PORT: '4999' }).apiBase).toBe('http://127.0.0.1:4999');
  });

  it("uses Stripe's API and Stripe.js with a real key", () => {
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: ' sk_live_x ', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_TIMEOUT_MS: '20000' })).toEqual({
      secretKey: 'sk_live_x',
      publishableKey: 'pk_live_x',
      webhookSecret: 'whsec_x',
      apiBase: 'https://api.stripe.com',
      stripeJsUrl: 'https://js.stripe.com/v3/',
      timeoutMs: 20_000,
      sandbox: false,
    });
  });

  it('takes STRIPE_API_BASE (e.g. stripe-mock) with a key', () => {
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://localhost:12111' }).apiBase).toBe('http://localhost:12111');
  });

  it('refuses what it cannot use', () => {
    expect(() => stripeConfigFromEnv({ STRIPE_API_BASE: 'https://api.stripe.com' })).toThrow('STRIPE_SECRET_KEY');
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow('STRIPE_PUBLISHABLE_KEY');
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow('STRIPE_WEBHOOK_SECRET');
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh', STRIPE_API_BASE: 'https://x.test/v1' })).toThrow('origin');
    expect(() => stripeConfigFromEnv({ STRIPE_TIMEOUT_MS: '0' })).toThrow('STRIPE_TIMEOUT_MS');
  });
});

describe('sdkEndpoint', () => {
  it('splits an origin into what the SDK takes', () => {
    expect(sdkEndpoint('https://api.stripe.com')).toEqual({ protocol: 'https', host: 'api.stripe.com', port: 443 });
    expect(sdkEndpoint('http://127.0.0.1:4010')).toEqual({ protocol: 'http', host: '127.0.0.1', port: 4010 });
  });
});

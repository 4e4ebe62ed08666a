import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { STRIPE_API_VERSION as ADAPTER_PIN } from '@portal/stripe';
import { STRIPE_API_VERSION } from './constants.ts';

describe("the sandbox's Stripe API version (decision 0052)", () => {
  it('is the adapter pin and the version the installed stripe SDK is generated for', () => {
    expect(STRIPE_API_VERSION).toBe(ADAPTER_PIN);
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });
});

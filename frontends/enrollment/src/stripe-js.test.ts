import { describe, expect, it } from '@jest/globals';
import { adaptStripe } from './stripe-js.ts';
import type { RawStripe, StripeCardElement, StripeElements } from './stripe-js.ts';

const card: StripeCardElement = { mount: () => undefined, on: () => undefined };

const base = (calls: unknown[]): RawStripe => {
  const elements: StripeElements = { create: () => card };
  return {
    elements: () => {
      calls.push('elements');
      return elements;
    },
    retrieveSetupIntent: async () => ({}),
    retrievePaymentIntent: async () => ({}),
  };
};

describe('Stripe.js adapter', () => {
  it('uses the card element API when Stripe.js has it', async () => {
    const calls: unknown[] = [];
    const client = adaptStripe({
      ...base(calls),
      confirmCardPayment: async (secret, data) => {
        calls.push(['confirmCardPayment', secret, data?.return_url]);
        return { paymentIntent: { id: 'pi', status: 'succeeded' } };
      },
    });
    const result = await client.confirmCardPayment('pi_1_secret', { payment_method: { card }, return_url: 'https://p.example/pay/return' });
    expect(result.paymentIntent?.status).toBe('succeeded');
    expect(calls).toEqual([['confirmCardPayment', 'pi_1_secret', 'https://p.example/pay/return']]);
  });

  it('falls back to confirmPayment / confirmSetup with the shared elements, the return URL and redirect if_required', async () => {
    const calls: unknown[] = [];
    const raw = base(calls);
    const client = adaptStripe({
      ...raw,
      confirmPayment: async (params) => {
        calls.push(['confirmPayment', params.clientSecret, params.confirmParams.return_url, params.redirect, params.elements !== undefined]);
        return {};
      },
      confirmSetup: async (params) => {
        calls.push(['confirmSetup', params.clientSecret, params.elements !== undefined]);
        return {};
      },
    });
    const elements = client.elements();
    expect(client.elements()).toBe(elements);
    await client.confirmCardPayment('pi_1_secret', { payment_method: { card }, return_url: 'https://p.example/pay/return' });
    await client.confirmCardPayment('pi_2_secret', { return_url: 'https://p.example/pay/return' });
    await client.confirmCardSetup('seti_1_secret', { payment_method: { card }, return_url: 'https://p.example/pay/return' });
    expect(calls).toEqual([
      'elements',
      ['confirmPayment', 'pi_1_secret', 'https://p.example/pay/return', 'if_required', true],
      ['confirmPayment', 'pi_2_secret', 'https://p.example/pay/return', 'if_required', false],
      ['confirmSetup', 'seti_1_secret', true],
    ]);
  });

  it('answers an error for what the library lacks', async () => {
    const client = adaptStripe(base([]));
    expect((await client.createPaymentMethod({ type: 'card', card })).error?.message).toBe('createPaymentMethod is not available');
    expect((await client.handleNextAction({ clientSecret: 'seti_1' })).error).toBeDefined();
  });
});

describe('card element', () => {
  it('reuses the card element already in the group when a second cannot be created', async () => {
    const { cardElementOf } = await import('./stripe-js.ts');
    const fresh = { create: () => card };
    expect(cardElementOf(fresh)).toBe(card);
    const full = {
      create: (): StripeCardElement => {
        throw new Error('Can only create one Element of type card.');
      },
      getElement: () => card,
    };
    expect(cardElementOf(full)).toBe(card);
    expect(() => cardElementOf({ create: full.create })).toThrow('Can only create one Element of type card.');
  });
});

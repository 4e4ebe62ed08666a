import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { stripeSignatureHeader, verifyStripeWebhook } from './stripe-webhook.ts';

const SECRET = 'whsec_unit';
const T = 1_767_225_600;
const at = (seconds: number) => new Date(seconds * 1000);
const event = {
  id: 'evt_1',
  object: 'event',
  type: 'invoice.paid',
  api_version: '2025-08-27.basil',
  created: T,
  data: { object: { id: 'in_123', object: 'invoice', status: 'paid' } },
  request: { id: null, idempotency_key: null },
};
const raw = Buffer.from(JSON.stringify(event, null, 2));
const sdk = new Stripe('sk_test_unit');

describe('verifyStripeWebhook', () => {
  it('accepts a body signed by the SDK (its test header), and returns the event', () => {
    const header = sdk.webhooks.generateTestHeaderString({ payload: raw.toString('utf8'), secret: SECRET, timestamp: T });
    expect(header).toBe(stripeSignatureHeader(raw, T, SECRET));
    expect(verifyStripeWebhook(raw, header, SECRET, at(T + 10))).toEqual({
      ok: true,
      event: { id: 'evt_1', type: 'invoice.paid', created: at(T), subscriptionId: null, object: { id: 'in_123', object: 'invoice', status: 'paid' } },
    });
  });

  it('accepts what it signs, as the SDK does', () => {
    const header = stripeSignatureHeader(raw, T, SECRET);
    expect(() => sdk.webhooks.constructEvent(raw, header, SECRET, 300, undefined, (T + 1) * 1000)).not.toThrow();
  });

  it('accepts any of several v1 signatures (secret rolling) and ignores other schemes', () => {
    const good = stripeSignatureHeader(raw, T, SECRET).split(',')[1];
    const header = `t=${T},v0=abc,v1=${'0'.repeat(64)},${good}`;
    expect(verifyStripeWebhook(raw, header, SECRET, at(T)).ok).toBe(true);
  });

  it('refuses a missing or empty header', () => {
    expect(verifyStripeWebhook(raw, undefined, SECRET, at(T))).toEqual({ ok: false, reason: 'missing_signature' });
    expect(verifyStripeWebhook(raw, ' ', SECRET, at(T))).toEqual({ ok: false, reason: 'missing_signature' });
  });

  it('refuses another secret, an altered body, and a header without t or v1', () => {
    expect(verifyStripeWebhook(raw, stripeSignatureHeader(raw, T, 'whsec_other'), SECRET, at(T))).toEqual({ ok: false, reason: 'bad_signature' });
    const altered = Buffer.from(raw.toString('utf8').replace('"paid"', '"void"'));
    expect(verifyStripeWebhook(altered, stripeSignatureHeader(raw, T, SECRET), SECRET, at(T))).toEqual({ ok: false, reason: 'bad_signature' });
    const reformatted = Buffer.from(JSON.stringify(event));
    expect(verifyStripeWebhook(reformatted, stripeSignatureHeader(raw, T, SECRET), SECRET, at(T))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyStripeWebhook(raw, `v1=${'a'.repeat(64)}`, SECRET, at(T))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyStripeWebhook(raw, `t=${T}`, SECRET, at(T))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyStripeWebhook(raw, 'garbage', SECRET, at(T))).toEqual({ ok: false, reason: 'bad_signature' });
    // A signature with the timestamp moved is not the signature of the new timestamp.
    const moved = stripeSignatureHeader(raw, T, SECRET).replace(`t=${T}`, `t=${T + 400}`);
    expect(verifyStripeWebhook(raw, moved, SECRET, at(T + 400))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('allows 300 seconds either way, no more', () => {
    const header = stripeSignatureHeader(raw, T, SECRET);
    expect(verifyStripeWebhook(raw, header, SECRET, at(T + 300)).ok).toBe(true);
    expect(verifyStripeWebhook(raw, header, SECRET, at(T - 300)).ok).toBe(true);
    expect(verifyStripeWebhook(raw, header, SECRET, at(T + 301))).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(verifyStripeWebhook(raw, header, SECRET, at(T - 301))).toEqual({ ok: false, reason: 'stale_timestamp' });
  });

  it('refuses a signed body that is not an event', () => {
    for (const body of ['not json', '{"id":"evt_1"}', '{"id":"evt_1","type":"x","created":1,"data":{"object":{"object":"invoice"}}}']) {
      const bytes = Buffer.from(body);
      expect(verifyStripeWebhook(bytes, stripeSignatureHeader(bytes, T, SECRET), SECRET, at(T))).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

/**
 * Stripe webhook signatures, checked by stripe-node itself:
 * `Stripe.webhooks.constructEvent(raw, header, secret, 300, undefined, now)` (the clock injected through
 * its `receivedAt`), with the outcome a value instead of an exception. The SDK checks the signature
 * first, then the age; it refuses only timestamps too far in the past, so a timestamp more than the
 * tolerance in the future is refused here. Then the body's shape is checked.
 */
import Stripe from 'stripe';
import type { CardEvent, WebhookRejection } from '@portal/core';
import { StripeEventPayload } from './stripe.codecs.ts';

/** stripe-node's Webhook.DEFAULT_TOLERANCE. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The SDK's message for a signature that matches but is too old (pinned by the unit tests). */
const STALE_MESSAGE = 'Timestamp outside the tolerance zone';

export type WebhookVerification = { readonly ok: true; readonly event: CardEvent } | { readonly ok: false; readonly reason: WebhookRejection };

/** A `Stripe-Signature` header for `payload` at `timestamp` (unix seconds), made by the SDK: for tests. */
export function stripeSignatureHeader(payload: Buffer | string, timestamp: number, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: payload.toString(), timestamp, secret });
}

export function verifyStripeWebhook(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): WebhookVerification {
  if (secret === '') throw new TypeError('verifyStripeWebhook: the webhook secret is empty');
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing_signature' };
  let parsed: unknown = undefined; // stays undefined for a signed body that is not JSON: malformed
  try {
    parsed = Stripe.webhooks.constructEvent(rawBody, header, secret, toleranceSeconds, undefined, now.getTime()) as unknown;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      return { ok: false, reason: error.message === STALE_MESSAGE ? 'stale_timestamp' : 'bad_signature' };
    }
    if (!(error instanceof SyntaxError)) throw error;
  }
  // The signature matched, so the header has a `t` (the SDK reads the last one).
  const timestamp = Number(header.split(',').findLast((item) => item.startsWith('t='))?.slice(2));
  if (timestamp - Math.floor(now.getTime() / 1000) > toleranceSeconds) return { ok: false, reason: 'stale_timestamp' };
  if (!StripeEventPayload.is(parsed)) return { ok: false, reason: 'malformed' };
  const object = parsed.data.object;
  return { ok: true, event: { id: parsed.id, type: parsed.type, created: new Date(parsed.created * 1000), subscriptionId: subscriptionOfEvent(parsed.type, object), object } };
}

/** The subscription an event is about (basil: invoices name it under parent.subscription_details). */
export const subscriptionOfEvent = (type: string, object: Readonly<Record<string, unknown>>): string | null => {
  if (type.startsWith('customer.subscription.')) return typeof object.id === 'string' ? object.id : null;
  if (type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    const fromParent = parent?.subscription_details?.subscription;
    if (typeof fromParent === 'string') return fromParent;
    return typeof object.subscription === 'string' ? object.subscription : null;
  }
  return null;
};

/**
 * Stripe webhook signatures, as stripe-node's `webhooks.constructEvent(raw, header, secret, 300)`
 * checks them, with the clock injectable and the outcome a value instead of an exception:
 * `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]` is valid when some v1 equals
 * hex(HMAC-SHA256(secret, `${t}.${raw body}`)) (constant-time compare) and |now − t| ≤ 300 s.
 * The signature is checked first (as the SDK does), then the time, then the body's shape.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CardEvent, WebhookRejection } from '@portal/core';
import { StripeEventPayload } from './stripe.codecs.ts';

/** stripe-node's Webhook.DEFAULT_TOLERANCE. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookVerification = { readonly ok: true; readonly event: CardEvent } | { readonly ok: false; readonly reason: WebhookRejection };

/** hex(HMAC-SHA256(secret, `${timestamp}.${payload}`)): the v1 scheme. */
export function stripeSignature(payload: Buffer | string, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(payload).digest('hex');
}

/** A `Stripe-Signature` header for `payload` at `timestamp` (unix seconds): for tests and the sandbox. */
export function stripeSignatureHeader(payload: Buffer | string, timestamp: number, secret: string): string {
  return `t=${timestamp},v1=${stripeSignature(payload, timestamp, secret)}`;
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
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value.toLowerCase());
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0) return { ok: false, reason: 'bad_signature' };
  const expected = Buffer.from(stripeSignature(rawBody, timestamp, secret), 'utf8');
  let found = false;
  for (const signature of signatures) {
    const candidate = Buffer.from(signature, 'utf8');
    // Every candidate is compared (no early exit), in constant time when the lengths agree.
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) found = true;
  }
  if (!found) return { ok: false, reason: 'bad_signature' };
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale_timestamp' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!StripeEventPayload.is(parsed)) return { ok: false, reason: 'malformed' };
  return { ok: true, event: { id: parsed.id, type: parsed.type, created: new Date(parsed.created * 1000), object: parsed.data.object } };
}

/**
 * Stripe webhook deliveries: each logged event (`stripe_events`) is POSTed to the endpoint it was
 * logged for, with `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` over
 * the exact body sent. An attempt without a 2xx within the timeout is retried after each of the
 * retry delays, then the event is marked failed; each attempt is logged in
 * `stripe_webhook_attempts`. First attempts go out one at a time in the order the events
 * happened, and only after the transaction that logged them committed. Nothing here throws into a request.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { createDeliveryRuntime } from '../http/webhook-delivery.ts';
import { TABLES } from '../store/schema.ts';

export interface StripeWebhooks {
  /** Delivers the events (seqs from `stripe_events`) in order; call after the commit. */
  deliver(seqs: readonly string[]): void;
  /** Resolves when no delivery is in flight or waiting for a retry (for tests). */
  idle(): Promise<void>;
  /** Forgets pending retries (a reset). */
  clear(): void;
  /** Stops for good: cancels retries and in-flight deliveries. */
  stop(): void;
  /** The signing secret in use. */
  readonly secret: string;
}

export interface StripeWebhookOptions {
  readonly db: Db;
  readonly now: () => Date;
  readonly secret: string;
  readonly retryDelaysMs: readonly number[];
  /** Per attempt, default 5000. */
  readonly timeoutMs?: number;
}

/** `t=…,v1=…` for `body` at `timestamp` (Unix seconds). */
export const stripeSignature = (secret: string, timestamp: number, body: string): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;

interface EventRow {
  readonly seq: string;
  readonly id: string;
  readonly event: Record<string, unknown>;
  readonly endpoint_url: string | null;
}

export const createStripeWebhooks = (options: StripeWebhookOptions): StripeWebhooks => {
  const { db, now, secret } = options;
  const runtime = createDeliveryRuntime(options.timeoutMs ?? 5000);
  let chain: Promise<void> = Promise.resolve();

  const quietly = async (work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch {
      // The sandbox may be closing (its pool gone) or reset: the log is best effort.
    }
  };

  const attempt = async (row: EventRow, body: string, number: number, born: number): Promise<void> => {
    if (!runtime.alive(born) || row.endpoint_url === null) return;
    const url = row.endpoint_url;
    const started = performance.now();
    const outcome = await runtime.post(
      url,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) provider-sandbox',
        'Stripe-Signature': stripeSignature(secret, Math.floor(now().getTime() / 1000), body),
      },
      body,
    );
    if (!runtime.alive(born)) return;
    const retryIn = options.retryDelaysMs[number - 1];
    const lastError = outcome.delivered ? null : (outcome.error ?? `answered ${outcome.status}`);
    await quietly(() =>
      db.table(TABLES.stripeWebhookAttempts).insert({
        event_id: row.id,
        number,
        url,
        status: outcome.status,
        error: lastError,
        duration_ms: Math.round(performance.now() - started),
        attempted_at: now(),
      }),
    );
    await quietly(() =>
      db
        .table(TABLES.stripeEvents)
        .where({ seq: row.seq })
        .update({
          attempts: number,
          last_status: outcome.status,
          last_error: lastError,
          status: outcome.delivered ? 'delivered' : retryIn === undefined ? 'failed' : 'pending',
          ...(outcome.delivered ? { delivered_at: now() } : {}),
        }),
    );
    if (outcome.delivered || retryIn === undefined || !runtime.alive(born)) return;
    runtime.retry(retryIn, () => attempt(row, body, number + 1, born));
  };

  const first = async (seq: string, born: number): Promise<void> => {
    if (!runtime.alive(born)) return;
    const row = (await db.table(TABLES.stripeEvents).where({ seq }).first('seq', 'id', 'event', 'endpoint_url')) as EventRow | undefined;
    if (row === undefined) return;
    await attempt(row, JSON.stringify(row.event), 1, born);
  };

  return {
    secret,
    deliver: (seqs) => {
      if (runtime.isStopped()) return;
      const born = runtime.generation();
      for (const seq of seqs) {
        const next = chain.then(() => first(seq, born)).catch(() => undefined);
        chain = next;
        runtime.track(next);
      }
    },
    idle: runtime.idle,
    clear: runtime.clear,
    stop: runtime.stop,
  };
};

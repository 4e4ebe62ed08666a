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
  const timeoutMs = options.timeoutMs ?? 5000;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const controllers = new Set<AbortController>();
  const inFlight = new Set<Promise<void>>();
  let chain: Promise<void> = Promise.resolve();
  let generation = 0;
  let stopped = false;
  let waiters: (() => void)[] = [];

  const settleIfIdle = (): void => {
    if (inFlight.size > 0 || timers.size > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  const track = (work: Promise<void>): void => {
    const tracked = work.catch(() => undefined).finally(() => {
      inFlight.delete(tracked);
      settleIfIdle();
    });
    inFlight.add(tracked);
  };

  const quietly = async (work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch {
      // The sandbox may be closing (its pool gone) or reset: the log is best effort.
    }
  };

  const attempt = async (row: EventRow, body: string, number: number, born: number): Promise<void> => {
    if (stopped || born !== generation || row.endpoint_url === null) return;
    const url = row.endpoint_url;
    const controller = new AbortController();
    controllers.add(controller);
    const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) provider-sandbox',
          'Stripe-Signature': stripeSignature(secret, Math.floor(now().getTime() / 1000), body),
        },
        body,
        signal: controller.signal,
        redirect: 'manual',
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (failure) {
      error = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : failure instanceof Error ? failure.message : String(failure);
    } finally {
      clearTimeout(timer);
      controllers.delete(controller);
    }
    if (stopped || born !== generation) return;
    const delivered = status !== null && status >= 200 && status < 300;
    const retryIn = options.retryDelaysMs[number - 1];
    await quietly(() =>
      db.table(TABLES.stripeWebhookAttempts).insert({
        event_id: row.id,
        number,
        url,
        status,
        error: delivered ? null : (error ?? `answered ${status}`),
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
          last_status: status,
          last_error: delivered ? null : (error ?? `answered ${status}`),
          status: delivered ? 'delivered' : retryIn === undefined ? 'failed' : 'pending',
          ...(delivered ? { delivered_at: now() } : {}),
        }),
    );
    if (delivered || retryIn === undefined || stopped || born !== generation) return;
    const retry = setTimeout(() => {
      timers.delete(retry);
      track(attempt(row, body, number + 1, born));
    }, retryIn);
    timers.add(retry);
  };

  const first = async (seq: string, born: number): Promise<void> => {
    if (stopped || born !== generation) return;
    const row = (await db.table(TABLES.stripeEvents).where({ seq }).first('seq', 'id', 'event', 'endpoint_url')) as EventRow | undefined;
    if (row === undefined) return;
    await attempt(row, JSON.stringify(row.event), 1, born);
  };

  return {
    secret,
    deliver: (seqs) => {
      if (stopped) return;
      const born = generation;
      for (const seq of seqs) {
        const next = chain.then(() => first(seq, born)).catch(() => undefined);
        chain = next;
        track(next);
      }
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleIfIdle();
      }),
    clear: () => {
      generation += 1;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      settleIfIdle();
    },
    stop: () => {
      stopped = true;
      generation += 1;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of controllers) controller.abort(new Error('sandbox closing'));
      settleIfIdle();
    },
  };
};

/**
 * SignWell webhook deliveries: for each registered hook, POST `{event: {type, time, hash}, data:
 * {object: document}}` with hash = hex(HMAC-SHA256(hook id, "type@time")). A delivery that does
 * not get a 2xx within 5 s is tried again after each of the retry delays, then given up. Events of
 * one hook go out in the order they happened (first attempts are chained). Every delivery is
 * logged in `signwell_events`. Nothing here throws into the request that caused the event.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { TABLES } from '../store/schema.ts';
import { createDeliveryRuntime } from '../http/webhook-delivery.ts';

export interface SignwellWebhooks {
  /** Queues `type` for every hook; resolves once the deliveries are logged (not delivered). */
  fire(type: string, document: Readonly<Record<string, unknown>> & { readonly id: string }): Promise<void>;
  /** Resolves when no delivery is in flight or waiting for a retry (for tests). */
  idle(): Promise<void>;
  /** Forgets pending retries (a reset); deliveries in flight finish but log nothing more. */
  clear(): void;
  /** Stops for good: cancels retries and in-flight deliveries. */
  stop(): void;
}

export interface SignwellWebhookOptions {
  readonly db: Db;
  readonly now: () => Date;
  readonly retryDelaysMs: readonly number[];
  /** Per attempt, default 5000. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof globalThis.fetch;
}

interface HookRow {
  readonly id: string;
  readonly callback_url: string;
}

export const eventHash = (hookId: string, type: string, time: number): string =>
  createHmac('sha256', hookId).update(`${type}@${time}`, 'utf8').digest('hex');

export const createSignwellWebhooks = (options: SignwellWebhookOptions): SignwellWebhooks => {
  const { db, now } = options;
  const runtime = createDeliveryRuntime(options.timeoutMs ?? 5000, options.fetch);
  /** Per hook, the tail of its chain of first attempts. */
  const chains = new Map<string, Promise<void>>();
  let queue: Promise<void> = Promise.resolve();

  const log = async (eventId: string, values: Record<string, unknown>): Promise<void> => {
    try {
      await db.table(TABLES.signwellEvents).where({ id: eventId }).update(values);
    } catch {
      // The sandbox may be closing (its pool gone) or reset: the log is best effort.
    }
  };

  const attempt = async (eventId: string, hook: HookRow, body: string, number: number, born: number): Promise<void> => {
    if (!runtime.alive(born)) return;
    const outcome = await runtime.post(hook.callback_url, { 'Content-Type': 'application/json', 'User-Agent': 'SignWell-Webhooks (provider sandbox)' }, body);
    if (!runtime.alive(born)) return;
    const retryIn = options.retryDelaysMs[number - 1];
    await log(eventId, {
      attempts: number,
      last_status: outcome.status,
      last_error: outcome.delivered ? null : (outcome.error ?? `answered ${outcome.status}`),
      status: outcome.delivered ? 'delivered' : retryIn === undefined ? 'failed' : 'pending',
      ...(outcome.delivered ? { delivered_at: now() } : {}),
    });
    if (outcome.delivered || retryIn === undefined || !runtime.alive(born)) return;
    runtime.retry(retryIn, () => attempt(eventId, hook, body, number + 1, born));
  };

  const queueDeliveries = async (type: string, document: Readonly<Record<string, unknown>> & { readonly id: string }, time: number, born: number): Promise<void> => {
    if (!runtime.alive(born)) return;
    const hooks = (await db.table(TABLES.signwellHooks).orderBy('created_at').select('id', 'callback_url')) as HookRow[];
    for (const hook of hooks) {
      const hash = eventHash(hook.id, type, time);
      const body = JSON.stringify({ event: { type, time, hash }, data: { object: document } });
      const [row] = (await db
        .table(TABLES.signwellEvents)
        .insert({
          hook_id: hook.id,
          callback_url: hook.callback_url,
          document_id: document.id,
          type,
          time,
          hash,
          status: 'pending',
          attempts: 0,
          created_at: now(),
        })
        .returning('id')) as { id: string }[];
      const eventId = String(row?.id);
      const previous = chains.get(hook.id) ?? Promise.resolve();
      const next = previous.then(() => attempt(eventId, hook, body, 1, born)).catch(() => undefined);
      chains.set(hook.id, next);
      runtime.track(next);
      void next.finally(() => {
        if (chains.get(hook.id) === next) chains.delete(hook.id);
      });
    }
  };

  return {
    fire: (type, document) => {
      if (runtime.isStopped()) return Promise.resolve();
      const born = runtime.generation();
      const time = Math.floor(now().getTime() / 1000);
      // One fire at a time, in call order, so each hook's chain sees events as they happened.
      const run = queue.then(() => queueDeliveries(type, document, time, born));
      queue = run.catch(() => undefined);
      return run;
    },
    idle: runtime.idle,
    clear: runtime.clear,
    stop: runtime.stop,
  };
};

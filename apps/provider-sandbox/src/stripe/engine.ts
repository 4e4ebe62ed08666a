/**
 * The Stripe stand-in's transactions: every write runs in one PostgreSQL transaction under a lock
 * that serializes Stripe writes (so twenty concurrent duplicates cannot make two objects), honours
 * `Idempotency-Key` as Stripe does (same key and params → the stored answer again; other params or
 * another endpoint → 400 idempotency_error), and hands its events to the deliverer only after the
 * commit. Also the Stripe clock (the sandbox clock plus what tests advanced) and the webhook endpoint.
 */
import type { Knex } from 'knex';
import { runClock, type ClockReport } from './clock.ts';
import { StripeError } from './errors.ts';
import { canonical } from './form.ts';
import type { Tx } from './store.ts';
import { createStripeWebhooks, type StripeWebhooks } from './webhooks.ts';
import type { Db } from '../store/db.ts';
import { TABLES } from '../store/schema.ts';

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

export interface IdempotentRequest {
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly params: unknown;
}

export interface StripeEngine {
  readonly webhooks: StripeWebhooks;
  /** Reads (no lock). */
  read<T>(base: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** A write in one transaction; `idempotency` when the request carried a key. */
  write(
    base: string,
    request: { readonly id: string | null; readonly idempotency_key: string | null },
    work: (tx: Tx) => Promise<Answer>,
    idempotency?: IdempotentRequest,
  ): Promise<Answer & { readonly replayed: boolean }>;
  /** Moves the Stripe clock forward and runs what fell due. */
  advance(base: string, seconds: number): Promise<{ readonly now: number; readonly report: ClockReport }>;
  /** The Stripe clock, Unix seconds. */
  clock(): Promise<number>;
  endpoint(): Promise<string | null>;
  setEndpoint(url: string | null): Promise<void>;
  /** Part of the sandbox reset (inside its transaction): clock and endpoint back to their defaults. */
  resetState(trx: Knex.Transaction): Promise<void>;
}

export interface StripeEngineOptions {
  readonly db: Db;
  readonly now: () => Date;
  /** Default endpoint for events (env STRIPE_WEBHOOK_URL); POST /_sandbox/stripe/webhook-endpoint changes it. */
  readonly webhookUrl: string | null;
  readonly webhookSecret: string;
  readonly retryDelaysMs: readonly number[];
  readonly timeoutMs?: number;
}

const CLOCK_KEY = 'stripe_clock_offset_seconds';
const ENDPOINT_KEY = 'stripe_webhook_url';

export const createStripeEngine = (options: StripeEngineOptions): StripeEngine => {
  const { db, now } = options;
  const webhooks = createStripeWebhooks({
    db,
    now,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });

  const meta = async (trx: Knex | Knex.Transaction, key: string): Promise<string | null> => {
    const row = (await db.table(TABLES.meta, trx).where({ key }).first('value')) as { value: string } | undefined;
    return row?.value ?? null;
  };
  const setMeta = async (trx: Knex | Knex.Transaction, key: string, value: string): Promise<void> => {
    await db.table(TABLES.meta, trx).insert({ key, value }).onConflict('key').merge();
  };

  const clockIn = async (trx: Knex | Knex.Transaction): Promise<number> => Math.floor(now().getTime() / 1000) + Number((await meta(trx, CLOCK_KEY)) ?? '0');
  const endpointIn = async (trx: Knex | Knex.Transaction): Promise<string | null> => {
    const stored = await meta(trx, ENDPOINT_KEY);
    if (stored !== null) return stored === '' ? null : stored;
    return options.webhookUrl;
  };

  const makeTx = async (trx: Knex | Knex.Transaction, base: string, request: Tx['request']): Promise<Tx> => ({
    trx,
    db,
    now: await clockIn(trx),
    realNow: now,
    base,
    request,
    endpoint: await endpointIn(trx),
    events: [],
  });

  const lock = (trx: Knex.Transaction): Promise<unknown> => trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`portal-provider-sandbox:stripe:${db.schema}`]);

  const write: StripeEngine['write'] = async (base, request, work, idempotency) => {
    const outcome = await db.knex.transaction(async (trx) => {
      await lock(trx);
      if (idempotency !== undefined) {
        const stored = (await db.table(TABLES.stripeIdempotencyKeys, trx).where({ key: idempotency.key }).first()) as
          | { method: string; path: string; params: string; status: number; response: unknown }
          | undefined;
        if (stored !== undefined) {
          if (stored.method !== idempotency.method || stored.path !== idempotency.path) {
            throw new StripeError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${idempotency.method} ${idempotency.path}'). Try using a key other than '${idempotency.key}' if you meant to execute a different request.`,
            });
          }
          if (stored.params !== canonical(idempotency.params)) {
            throw new StripeError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotency.key}' if you meant to execute a different request.`,
            });
          }
          return { answer: { status: stored.status, body: stored.response }, replayed: true, events: [] as string[] };
        }
      }
      const tx = await makeTx(trx, base, request);
      const answer = await work(tx);
      if (idempotency !== undefined) {
        await db.table(TABLES.stripeIdempotencyKeys, trx).insert({
          key: idempotency.key,
          method: idempotency.method,
          path: idempotency.path,
          params: canonical(idempotency.params),
          status: answer.status,
          response: JSON.stringify(answer.body),
          request_id: request.id ?? '',
          created_at: now(),
        });
      }
      return { answer, replayed: false, events: tx.events };
    });
    // Only now, after the commit, may anyone hear of it.
    webhooks.deliver(outcome.events);
    return { ...outcome.answer, replayed: outcome.replayed };
  };

  return {
    webhooks,
    read: async (base, work) => work(await makeTx(db.knex, base, { id: null, idempotency_key: null })),
    write,
    advance: async (base, seconds) => {
      let report: ClockReport = { renewed: [], pastDue: [], canceled: [], expired: [] };
      let clock = 0;
      await write(base, { id: null, idempotency_key: null }, async (tx) => {
        const offset = Number((await meta(tx.trx, CLOCK_KEY)) ?? '0') + seconds;
        await setMeta(tx.trx, CLOCK_KEY, String(offset));
        const moved: Tx = { ...tx, now: tx.now + seconds, events: tx.events };
        report = await runClock(moved);
        clock = moved.now;
        return { status: 200, body: null };
      });
      return { now: clock, report };
    },
    clock: () => clockIn(db.knex),
    endpoint: () => endpointIn(db.knex),
    setEndpoint: async (url) => {
      await setMeta(db.knex, ENDPOINT_KEY, url ?? '');
    },
    resetState: async (trx) => {
      await db.table(TABLES.meta, trx).whereIn('key', [CLOCK_KEY, ENDPOINT_KEY]).delete();
    },
  };
};
